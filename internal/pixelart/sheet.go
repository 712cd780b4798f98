package pixelart

import (
	"fmt"
	"image"
	"strings"
)

// Piece is one frame of a sprite sheet: its name in the atlas file, its
// size and what draws it.
type Piece struct {
	Name string
	W, H int
	Draw func(c *Canvas)
}

// Clip is an animation over a sheet's frames, as the atlas file writes
// it. Mode is the clip's play mode ("once"); "" loops.
type Clip struct {
	Name   string
	Frames []string
	FPS    int
	Mode   string
}

// Sheet packs pieces in rows width pixels wide ([Pack]), draws each in its
// place, and returns the picture, each piece's rectangle in pieces' order,
// and the atlas file that names picture (the file name the picture is
// saved as) with the pieces as frames and clips as clips, after header,
// written as it is (comment lines, each starting with "# "). The same
// arguments always give the same bytes.
func Sheet(width int, pieces []Piece, clips []Clip, picture, header string) (*image.NRGBA, []image.Rectangle, []byte) {
	sizes := make([]image.Point, len(pieces))
	for i, p := range pieces {
		sizes[i] = image.Pt(p.W, p.H)
	}
	rs, size := Pack(width, sizes)
	img := image.NewNRGBA(image.Rectangle{Max: size})
	var atlas strings.Builder
	atlas.WriteString(header)
	fmt.Fprintf(&atlas, "image: %s\nframes:\n", picture)
	for i, p := range pieces {
		r := rs[i]
		p.Draw(New(img, r))
		fmt.Fprintf(&atlas, "  %s: {x: %d, y: %d, w: %d, h: %d}\n", p.Name, r.Min.X, r.Min.Y, r.Dx(), r.Dy())
	}
	atlas.WriteString("clips:\n")
	for _, c := range clips {
		mode := ""
		if c.Mode != "" {
			mode = ", mode: " + c.Mode
		}
		fmt.Fprintf(&atlas, "  %s: {frames: [%s], fps: %d%s}\n", c.Name, strings.Join(c.Frames, ", "), c.FPS, mode)
	}
	return img, rs, []byte(atlas.String())
}
