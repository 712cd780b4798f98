// Command genart draws walk-room's furniture, walls, floors, doors and
// items into one sprite sheet, room.png, beside the pictures it takes from
// the ones ebitengine's module ships (the wizard and the warrior from the
// RLTiles set, the plants from the orthographic outdoor tiles, the hall's
// cobbles from tile.png, at half size), and writes the sheet's atlas file,
// room.yaml (the frames by name and the items' clips), which prefabs name,
// and its Tiled tileset, room.tsx (the same frames as tiles, their classes
// naming the prefabs a tile object of them spawns, the walls' collision
// properties, the items' animations), which the rooms' maps use. It is
// run by go generate in package game, whose assets/sprites directory holds
// the results. The same program always writes the same bytes; its test
// checks the files are current.
//
//	go run ./internal/genart -o assets/sprites
//
// A tile's id in room.tsx is its piece's place in pieces: the maps name
// tiles by id, so new pieces go at the end.
package main

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"

	"github.com/tessera-engine/tessera/internal/pixelart"
	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

func main() { artfile.Main("directory to write room.png, room.yaml and room.tsx to", sheet) }

// piece is one frame of the sheet: its name, size and how to draw it,
// and what its tile in room.tsx says.
type piece struct {
	name string
	w, h int
	draw func(c *pixelart.Canvas)
	// class is the prefab a tile object of the piece spawns; "" for
	// tiles only drawn (floors, walls) or whose objects say which.
	class string
	// solid makes the piece's tile collide, tagged solid, wherever a tile
	// layer shows it.
	solid bool
}

// pieces are the frames, in the order they are packed, which is their
// tiles' ids.
var pieces = []piece{
	{"rug", 200, 120, rug, "", false},
	{"bed", 96, 150, bed, "bed", false},
	{"sofa", 160, 44, sofa, "sofa", false},
	{"bookshelf", 160, 28, bookshelf, "bookshelf", false},
	{"desk", 128, 56, desk, "desk", false},
	{"table", 96, 48, table, "table", false},
	{"boards", 32, 32, boards, "", false},
	{"wall", 16, 16, wall, "", true},
	{"door", 16, 40, door, "", false},
	{"chair", 20, 20, chair, "chair", false},
	{"coin-0", 12, 12, coin(1), "coin", false},
	{"coin-1", 12, 12, coin(0.65), "", false},
	{"coin-2", 12, 12, coin(0.25), "", false},
	{"coin-3", 12, 12, coin(0.65), "", false},
	{"gem-0", 14, 14, gem(false), "gem", false},
	{"gem-1", 14, 14, gem(true), "", false},
	{"wizard", 64, 64, pixelart.Copied(images.Spritesheet_png, 832, 576, 1), "", false},
	{"warrior", 64, 64, pixelart.Copied(images.Spritesheet_png, 0, 640, 1), "", false},
	{"bush-clover", 16, 16, pixelart.Copied(images.Tiles_png, 32, 192, 1), "plant", false},
	{"bush-blue", 16, 16, pixelart.Copied(images.Tiles_png, 48, 192, 1), "plant-blue", false},
	{"bush-red", 16, 16, pixelart.Copied(images.Tiles_png, 64, 192, 1), "plant-red", false},
	{"cobbles", 128, 128, pixelart.Copied(images.Tile_png, 0, 0, 2), "", false},
}

// clips are the items' animations: room.yaml gives them as clips, and
// the tileset animates the tile of each one's first frame with it.
var clips = []pixelart.Clip{
	{Name: "spin", Frames: []string{"coin-0", "coin-1", "coin-2", "coin-3"}, FPS: 8},
	{Name: "glint", Frames: []string{"gem-0", "gem-0", "gem-0", "gem-1"}, FPS: 4},
}

// sheetWidth is the width the pieces are packed into, in rows.
const sheetWidth = 512

// sheet packs and draws the pieces and returns the PNG, the atlas file
// and the tileset.
func sheet() ([]artfile.File, error) {
	drawn := make([]pixelart.Piece, len(pieces))
	for i, p := range pieces {
		drawn[i] = pixelart.Piece{Name: p.name, W: p.w, H: p.h, Draw: p.draw}
	}
	img, rs, atlas := pixelart.Sheet(sheetWidth, drawn, clips, "room.png",
		"# Written by internal/genart (go generate in package game): do not edit.\n"+
			"# walk-room's furniture, walls, floors, doors and items, drawn in code, and\n"+
			"# the people, plants and cobbles taken from ebitengine's example pictures.\n")
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}

	// The tileset: a collection of tiles cut from room.png (Tiled 1.9 and
	// later), each as big as its piece.
	id := make(map[string]int, len(pieces))
	maxW, maxH := 0, 0
	for i, p := range pieces {
		id[p.name] = i
		maxW, maxH = max(maxW, p.w), max(maxH, p.h)
	}
	var tsx strings.Builder
	tsx.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	tsx.WriteString("<!-- Written by internal/genart (go generate in package game): do not edit. -->\n")
	fmt.Fprintf(&tsx, `<tileset version="1.10" tiledversion="1.10.2" name="room" tilewidth="%d" tileheight="%d" tilecount="%d" columns="0">`+"\n", maxW, maxH, len(pieces))
	tsx.WriteString(` <grid orientation="orthogonal" width="1" height="1"/>` + "\n")
	for i, p := range pieces {
		r := rs[i]
		fmt.Fprintf(&tsx, ` <tile id="%d"`, i)
		if p.class != "" {
			fmt.Fprintf(&tsx, ` class="%s"`, p.class)
		}
		fmt.Fprintf(&tsx, ` x="%d" y="%d" width="%d" height="%d">`+"\n", r.Min.X, r.Min.Y, r.Dx(), r.Dy())
		if p.solid {
			tsx.WriteString("  <properties>\n")
			tsx.WriteString(`   <property name="collides" type="bool" value="true"/>` + "\n")
			tsx.WriteString(`   <property name="tags" value="solid"/>` + "\n")
			tsx.WriteString("  </properties>\n")
		}
		fmt.Fprintf(&tsx, `  <image source="room.png" width="%d" height="%d"/>`+"\n", img.Bounds().Dx(), img.Bounds().Dy())
		for _, c := range clips {
			if c.Frames[0] != p.name {
				continue
			}
			tsx.WriteString("  <animation>\n")
			for _, f := range c.Frames {
				fmt.Fprintf(&tsx, `   <frame tileid="%d" duration="%d"/>`+"\n", id[f], 1000/c.FPS)
			}
			tsx.WriteString("  </animation>\n")
		}
		tsx.WriteString(" </tile>\n")
	}
	tsx.WriteString("</tileset>\n")
	return []artfile.File{{Name: "room.png", Data: b.Bytes()}, {Name: "room.yaml", Data: atlas},
		{Name: "room.tsx", Data: []byte(tsx.String())}}, nil
}

// The palette.
var (
	outline  = pixelart.RGB(38, 26, 20)
	woodDark = pixelart.RGB(94, 60, 36)
	wood     = pixelart.RGB(140, 94, 56)
	woodPale = pixelart.RGB(176, 126, 80)
	stone    = pixelart.RGB(86, 82, 96)
	mortar   = pixelart.RGB(44, 41, 52)
	gold     = pixelart.RGB(240, 196, 60)
	goldDark = pixelart.RGB(168, 116, 30)
)

// plankTop draws a wooden top: an outline, planks running along its
// length, a lit front edge.
func plankTop(c *pixelart.Canvas, base color.NRGBA, seed uint32) {
	w, h := float64(c.W()), float64(c.H())
	c.Rect(outline, 0, 0, w, h, 4)
	c.Rect(pixelart.Shade(base, -0.25), 1, 1, w-1, h-1, 3)
	c.Rect(base, 1, 1, w-1, h-3, 3)
	planks := max(2, c.H()/12)
	for i := 1; i < planks; i++ {
		y := 1 + i*(c.H()-4)/planks
		for x := 3; x < c.W()-3; x++ {
			c.Blend(x, y, pixelart.Shade(base, -0.35), 0.8)
		}
	}
	c.Grain(2, 2, c.W()-2, c.H()-3, 0.12, seed, 6)
	for x := 4; x < c.W()-4; x++ {
		c.Blend(x, 2, pixelart.Shade(base, 0.3), 0.7)
	}
}

func table(c *pixelart.Canvas) { plankTop(c, wood, 1) }

func desk(c *pixelart.Canvas) {
	plankTop(c, woodPale, 2)
	// A sheet of paper, a closed book and an ink pot.
	c.Rect(pixelart.RGB(236, 230, 212), 14, 10, 40, 40, 1)
	for y := 16; y < 36; y += 4 {
		for x := 17; x < 37; x++ {
			c.Blend(x, y, pixelart.RGB(120, 120, 150), 0.5)
		}
	}
	c.Rect(outline, 78, 12, 108, 34, 2)
	c.Rect(pixelart.RGB(46, 92, 140), 79, 13, 107, 33, 2)
	c.Rect(pixelart.RGB(220, 200, 120), 80, 13, 83, 33, 0)
	c.Ellipse(outline, 62, 40, 5, 5)
	c.Ellipse(pixelart.RGB(30, 30, 60), 62, 40, 4, 4)
	c.Ellipse(pixelart.RGB(120, 140, 220), 61, 39, 1.5, 1.5)
}

func chair(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	c.Rect(outline, 0, 0, w, h, 3)
	c.Rect(wood, 1, 1, w-1, h-1, 3)
	c.Rect(woodDark, 1, 1, w-1, 6, 2) // the backrest
	c.Rect(pixelart.Shade(wood, 0.15), 4, 8, w-4, h-4, 2)
	c.Grain(2, 7, c.W()-2, c.H()-2, 0.1, 3, 4)
}

func sofa(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	blue := pixelart.RGB(84, 104, 162)
	c.Rect(outline, 0, 0, w, h, 8)
	c.Rect(pixelart.Shade(blue, -0.3), 1, 1, w-1, h-1, 7) // back and arms
	c.Rect(pixelart.Shade(blue, -0.1), 1, 1, w-1, 13, 7)
	for i := range 3 {
		x0 := 12 + float64(i)*(w-24)/3
		c.Rect(pixelart.Shade(blue, -0.35), x0, 13, x0+(w-24)/3, h-3, 4)
		c.Rect(blue, x0+1, 14, x0+(w-24)/3-1, h-5, 4)
		c.Rect(pixelart.Shade(blue, 0.15), x0+4, 16, x0+(w-24)/3-4, 20, 2)
	}
	c.Grain(2, 2, c.W()-2, c.H()-2, 0.06, 4, 1)
}

func bookshelf(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	c.Rect(outline, 0, 0, w, h, 2)
	c.Rect(woodDark, 1, 1, w-1, h-1, 2)
	colors := []color.NRGBA{pixelart.RGB(150, 48, 48), pixelart.RGB(52, 96, 148), pixelart.RGB(70, 130, 70), pixelart.RGB(190, 150, 60), pixelart.RGB(110, 70, 130), pixelart.RGB(200, 200, 190)}
	x := 4
	for i := 0; x < c.W()-6; i++ {
		bw := 3 + int(pixelart.Noise(uint32(i), 1, 5)*4)
		top := 4 + int(pixelart.Noise(uint32(i), 2, 5)*6)
		col := colors[int(pixelart.Noise(uint32(i), 3, 5)*float64(len(colors)))]
		c.Rect(pixelart.Shade(col, -0.4), float64(x), float64(top), float64(min(x+bw, c.W()-4)), h-4, 0)
		c.Rect(col, float64(x), float64(top), float64(min(x+bw, c.W()-4))-1, h-5, 0)
		c.Rect(pixelart.Shade(col, 0.4), float64(x), float64(top+2), float64(min(x+bw, c.W()-4))-1, float64(top+3), 0)
		x += bw + int(pixelart.Noise(uint32(i), 4, 5)*1.6)
	}
	c.Rect(pixelart.Shade(woodDark, 0.2), 1, h-4, w-1, h-1, 1)
}

func bed(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	c.Rect(outline, 0, 0, w, h, 5)
	c.Rect(wood, 1, 1, w-1, h-1, 5)
	c.Rect(woodDark, 1, 1, w-1, 10, 4) // the headboard
	c.Rect(pixelart.RGB(230, 226, 214), 5, 10, w-5, h-6, 3)
	for _, x := range []float64{8, w/2 + 2} { // two pillows
		c.Rect(pixelart.RGB(200, 196, 186), x, 14, x+w/2-10, 38, 6)
		c.Rect(pixelart.RGB(250, 248, 240), x+1, 15, x+w/2-11, 36, 6)
	}
	red := pixelart.RGB(168, 62, 72)
	c.Rect(pixelart.Shade(red, -0.3), 4, 46, w-4, h-5, 3)
	c.Rect(red, 4, 46, w-4, h-7, 3)
	c.Rect(pixelart.RGB(236, 222, 214), 4, 46, w-4, 54, 2) // the sheet folded over
	for y := 66; y < c.H()-12; y += 14 {
		c.Rect(pixelart.Shade(red, 0.2), 6, float64(y), w-6, float64(y+3), 1)
	}
	c.Grain(5, 46, c.W()-5, c.H()-6, 0.07, 6, 1)
}

func rug(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	red, deep := pixelart.RGB(140, 44, 54), pixelart.RGB(96, 28, 40)
	for x := 0; x < c.W(); x += 3 { // the fringe
		c.Rect(pixelart.RGB(222, 200, 150), float64(x), 0, float64(x+1), h, 0)
	}
	c.Rect(deep, 6, 2, w-6, h-2, 2)
	c.Rect(gold, 10, 6, w-10, h-6, 2)
	c.Rect(red, 13, 9, w-13, h-9, 1)
	c.Rect(deep, 20, 16, w-20, h-16, 1)
	c.Rect(red, 22, 18, w-22, h-18, 1)
	cx, cy := w/2, h/2
	c.Shape(gold, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 34 })
	c.Shape(deep, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 30 })
	c.Shape(red, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 22 })
	c.Shape(gold, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 8 })
	for _, p := range [][2]float64{{34, 30}, {w - 34, 30}, {34, h - 30}, {w - 34, h - 30}} {
		c.Shape(gold, func(x, y float64) float64 { return math.Abs(x-p[0]) + math.Abs(y-p[1]) - 6 })
	}
	c.Grain(6, 2, c.W()-6, c.H()-2, 0.08, 7, 1)
}

func boards(c *pixelart.Canvas) {
	for i := range 4 { // four planks, their ends staggered
		y0 := i * 8
		base := pixelart.Shade(woodPale, -0.1*pixelart.Noise(uint32(i), 0, 8))
		c.Rect(base, 0, float64(y0), 32, float64(y0+8), 0)
		c.Grain(0, y0, 32, y0+7, 0.12, uint32(9+i), 5)
		for x := range 32 {
			c.Blend(x, y0+7, woodDark, 0.9)
		}
		end := (i*13 + 7) % 32
		for y := y0; y < y0+7; y++ {
			c.Blend(end, y, woodDark, 0.8)
		}
	}
}

func wall(c *pixelart.Canvas) {
	c.Rect(mortar, 0, 0, 16, 16, 0)
	for row := range 4 { // bricks 8×4, every other row offset
		y := row * 4
		off := (row % 2) * 4
		for x := -off; x < 16; x += 8 {
			b := pixelart.Shade(stone, 0.12*(pixelart.Noise(uint32(x+16), uint32(row), 10)-0.5))
			c.Rect(b, float64(x+1), float64(y+1), float64(x+8), float64(y+4), 0)
			c.Rect(pixelart.Shade(b, 0.2), float64(x+1), float64(y+1), float64(x+8), float64(y+2), 0)
		}
	}
	c.Grain(0, 0, 16, 16, 0.1, 11, 1)
}

func door(c *pixelart.Canvas) {
	w, h := float64(c.W()), float64(c.H())
	c.Rect(outline, 0, 0, w, h, 1)
	c.Rect(woodDark, 1, 1, w-1, h-1, 1)
	for i := range 3 {
		x0 := 2 + float64(i)*4
		c.Rect(wood, x0, 2, x0+3, h-2, 0)
	}
	c.Grain(2, 2, c.W()-2, c.H()-2, 0.12, 12, 1)
	c.Rect(outline, 1, 8, w-1, 10, 0)
	c.Rect(outline, 1, h-10, w-1, h-8, 0)
	c.Ellipse(gold, w-4.5, h/2, 1.6, 1.6)
}

// coin returns the drawing of a coin turned so that its width is k of
// its height.
func coin(k float64) func(*pixelart.Canvas) {
	return func(c *pixelart.Canvas) {
		rx := max(5*k, 0.8)
		c.Ellipse(outline, 6, 6, rx+1, 6)
		c.Ellipse(goldDark, 6, 6, rx, 5)
		c.Ellipse(gold, 6-0.4*k, 5.6, max(rx-1, 0.5), 4.2)
		if k > 0.5 {
			c.Ellipse(pixelart.RGB(255, 246, 190), 4.6, 4, 1.2*k, 1.4)
		}
	}
}

// gem returns the drawing of a gem; glint adds a sparkle.
func gem(glint bool) func(*pixelart.Canvas) {
	return func(c *pixelart.Canvas) {
		diamond := func(r float64) func(x, y float64) float64 {
			return func(x, y float64) float64 { return math.Abs(x-7)*1.1 + math.Abs(y-7.5) - r }
		}
		c.Shape(pixelart.RGB(20, 60, 80), diamond(6.5))
		c.Shape(pixelart.RGB(60, 190, 210), diamond(5.3))
		c.Shape(pixelart.RGB(140, 240, 250), func(x, y float64) float64 { return math.Max(diamond(5.3)(x, y), x-7) })
		c.Shape(pixelart.RGB(230, 255, 255), diamond(1.6))
		if glint {
			for i := -4; i <= 4; i++ {
				a := 1 - math.Abs(float64(i))/5
				c.Blend(4+i, 4, pixelart.RGB(255, 255, 255), a)
				c.Blend(4, 4+i, pixelart.RGB(255, 255, 255), a)
			}
		}
	}
}
