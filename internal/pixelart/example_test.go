package pixelart_test

import (
	"fmt"
	"image"
	"strings"

	"github.com/tessera-engine/tessera/internal/pixelart"
)

// A sheet of two pieces, a wall and a gem: Pack lays them out a pixel
// apart, and each draws on a canvas of its own rectangle. The figures are
// the pixels' alpha: the gem's corners are antialiased.
func Example() {
	sizes := []image.Point{{4, 3}, {3, 3}}
	rs, size := pixelart.Pack(8, sizes)
	sheet := image.NewNRGBA(image.Rectangle{Max: size})
	stone := pixelart.RGB(120, 116, 128)

	wall := pixelart.New(sheet, rs[0])
	wall.Rect(stone, 0, 0, 4, 3, 0)
	wall.Rect(pixelart.Shade(stone, 0.25), 0, 0, 4, 1, 0)

	gem := pixelart.New(sheet, rs[1])
	gem.Ellipse(pixelart.RGB(60, 190, 210), 1.5, 1.5, 1.5, 1.5)

	fmt.Println("pieces at", rs, "on a sheet", size)
	for y := range size.Y {
		var row []string
		for x := range size.X {
			row = append(row, fmt.Sprintf("%3d", sheet.NRGBAAt(x, y).A))
		}
		fmt.Println(strings.Join(row, " "))
	}
	// Output:
	// pieces at [(0,0)-(4,3) (5,0)-(8,3)] on a sheet (8,3)
	// 255 255 255 255   0 128 255 128
	// 255 255 255 255   0 255 255 255
	// 255 255 255 255   0 128 255 128
}
