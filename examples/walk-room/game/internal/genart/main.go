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
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"
)

func main() {
	out := flag.String("o", ".", "directory to write room.png, room.yaml and room.tsx to")
	flag.Parse()
	files, err := sheet()
	for _, f := range files {
		if err == nil {
			err = os.WriteFile(filepath.Join(*out, f.name), f.data, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genart:", err)
		os.Exit(1)
	}
}

// piece is one frame of the sheet: its name, size and how to draw it,
// and what its tile in room.tsx says.
type piece struct {
	name string
	w, h int
	draw func(c *canvas)
	// class is the prefab a tile object of the piece spawns; "" for
	// tiles only drawn (floors, walls) or whose objects say which.
	class string
	// solid makes the piece's tile collide, tagged solid, wherever a tile
	// layer shows it.
	solid bool
}

// clip is an animation of frames of the sheet, as the atlas file writes
// it; the tileset animates the tile of its first frame with it.
type clip struct {
	name   string
	frames []string
	fps    int
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
	{"wizard", 64, 64, copied(images.Spritesheet_png, 832, 576, 1), "", false},
	{"warrior", 64, 64, copied(images.Spritesheet_png, 0, 640, 1), "", false},
	{"bush-clover", 16, 16, copied(images.Tiles_png, 32, 192, 1), "plant", false},
	{"bush-blue", 16, 16, copied(images.Tiles_png, 48, 192, 1), "plant-blue", false},
	{"bush-red", 16, 16, copied(images.Tiles_png, 64, 192, 1), "plant-red", false},
	{"cobbles", 128, 128, copied(images.Tile_png, 0, 0, 2), "", false},
}

var clips = []clip{
	{"spin", []string{"coin-0", "coin-1", "coin-2", "coin-3"}, 8},
	{"glint", []string{"gem-0", "gem-0", "gem-0", "gem-1"}, 4},
}

// file is one file genart writes.
type file struct {
	name string
	data []byte
}

// sheetWidth is the width the pieces are packed into, in rows.
const sheetWidth = 512

// sheet packs and draws the pieces and returns the PNG, the atlas file
// and the tileset.
func sheet() ([]file, error) {
	type placed struct {
		piece
		r image.Rectangle
	}
	var all []placed
	x, y, row := 0, 0, 0
	for _, p := range pieces {
		if x+p.w > sheetWidth {
			x, y, row = 0, y+row+1, 0
		}
		all = append(all, placed{p, image.Rect(x, y, x+p.w, y+p.h)})
		x += p.w + 1 // a pixel apart, so filtering never bleeds
		row = max(row, p.h)
	}
	img := image.NewNRGBA(image.Rect(0, 0, sheetWidth, y+row))
	var yaml strings.Builder
	yaml.WriteString("# Written by internal/genart (go generate in package game): do not edit.\n")
	yaml.WriteString("# walk-room's furniture, walls, floors, doors and items, drawn in code, and\n")
	yaml.WriteString("# the people, plants and cobbles taken from ebitengine's example pictures.\n")
	yaml.WriteString("image: room.png\nframes:\n")
	for _, p := range all {
		p.draw(&canvas{img: img, r: p.r})
		fmt.Fprintf(&yaml, "  %s: {x: %d, y: %d, w: %d, h: %d}\n", p.name, p.r.Min.X, p.r.Min.Y, p.r.Dx(), p.r.Dy())
	}
	yaml.WriteString("clips:\n")
	for _, c := range clips {
		fmt.Fprintf(&yaml, "  %s: {frames: [%s], fps: %d}\n", c.name, strings.Join(c.frames, ", "), c.fps)
	}
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
	for i, p := range all {
		fmt.Fprintf(&tsx, ` <tile id="%d"`, i)
		if p.class != "" {
			fmt.Fprintf(&tsx, ` class="%s"`, p.class)
		}
		fmt.Fprintf(&tsx, ` x="%d" y="%d" width="%d" height="%d">`+"\n", p.r.Min.X, p.r.Min.Y, p.r.Dx(), p.r.Dy())
		if p.solid {
			tsx.WriteString("  <properties>\n")
			tsx.WriteString(`   <property name="collides" type="bool" value="true"/>` + "\n")
			tsx.WriteString(`   <property name="tags" value="solid"/>` + "\n")
			tsx.WriteString("  </properties>\n")
		}
		fmt.Fprintf(&tsx, `  <image source="room.png" width="%d" height="%d"/>`+"\n", img.Bounds().Dx(), img.Bounds().Dy())
		for _, c := range clips {
			if c.frames[0] != p.name {
				continue
			}
			tsx.WriteString("  <animation>\n")
			for _, f := range c.frames {
				fmt.Fprintf(&tsx, `   <frame tileid="%d" duration="%d"/>`+"\n", id[f], 1000/c.fps)
			}
			tsx.WriteString("  </animation>\n")
		}
		tsx.WriteString(" </tile>\n")
	}
	tsx.WriteString("</tileset>\n")
	return []file{{"room.png", b.Bytes()}, {"room.yaml", []byte(yaml.String())}, {"room.tsx", []byte(tsx.String())}}, nil
}

// copied returns a piece's drawing that copies the piece's size from the
// PNG data src at (x, y), each pixel the mean of a scale×scale block of
// src (scale 1 copies).
func copied(src []byte, x, y, scale int) func(c *canvas) {
	return func(c *canvas) {
		img, err := png.Decode(bytes.NewReader(src))
		if err != nil {
			panic(fmt.Sprintf("genart: ebitengine's picture does not decode: %v", err)) // the module's embedded bytes
		}
		n := float64(scale * scale)
		for py := range c.h() {
			for px := range c.w() {
				var r, g, b, a float64
				for j := range scale {
					for i := range scale {
						p := color.NRGBAModel.Convert(img.At(x+px*scale+i, y+py*scale+j)).(color.NRGBA)
						k := float64(p.A)
						r, g, b, a = r+float64(p.R)*k, g+float64(p.G)*k, b+float64(p.B)*k, a+k
					}
				}
				if a == 0 {
					continue
				}
				c.img.SetNRGBA(c.r.Min.X+px, c.r.Min.Y+py, color.NRGBA{
					R: uint8(math.Round(r / a)), G: uint8(math.Round(g / a)), B: uint8(math.Round(b / a)), A: uint8(math.Round(a / n)),
				})
			}
		}
	}
}

// canvas draws into one piece's rectangle of the sheet, in the piece's
// own coordinates.
type canvas struct {
	img *image.NRGBA
	r   image.Rectangle
}

func (c *canvas) w() int { return c.r.Dx() }
func (c *canvas) h() int { return c.r.Dy() }

// blend lays colour col over the pixel (x, y) with coverage k in [0, 1].
func (c *canvas) blend(x, y int, col color.NRGBA, k float64) {
	if x < 0 || y < 0 || x >= c.w() || y >= c.h() || k <= 0 {
		return
	}
	k *= float64(col.A) / 255
	px := c.img.NRGBAAt(c.r.Min.X+x, c.r.Min.Y+y)
	a := float64(px.A) / 255
	outA := k + a*(1-k)
	if outA == 0 {
		return
	}
	mix := func(s, d uint8) uint8 {
		return uint8(math.Round((float64(s)*k + float64(d)*a*(1-k)) / outA))
	}
	c.img.SetNRGBA(c.r.Min.X+x, c.r.Min.Y+y, color.NRGBA{mix(col.R, px.R), mix(col.G, px.G), mix(col.B, px.B), uint8(math.Round(outA * 255))})
}

// shape fills the points whose signed distance sd is negative, with
// antialiased edges (4×4 samples a pixel).
func (c *canvas) shape(col color.NRGBA, sd func(x, y float64) float64) {
	for y := range c.h() {
		for x := range c.w() {
			in := 0
			for i := range 4 {
				for j := range 4 {
					if sd(float64(x)+(float64(i)+0.5)/4, float64(y)+(float64(j)+0.5)/4) <= 0 {
						in++
					}
				}
			}
			c.blend(x, y, col, float64(in)/16)
		}
	}
}

// rect fills the rectangle from (x0, y0) to (x1, y1) with rounded corners
// of radius r.
func (c *canvas) rect(col color.NRGBA, x0, y0, x1, y1, r float64) {
	c.shape(col, func(x, y float64) float64 { return roundBox(x, y, x0, y0, x1, y1, r) })
}

// ellipse fills the ellipse centred on (cx, cy) with radii rx, ry.
func (c *canvas) ellipse(col color.NRGBA, cx, cy, rx, ry float64) {
	c.shape(col, func(x, y float64) float64 {
		dx, dy := (x-cx)/rx, (y-cy)/ry
		return (math.Hypot(dx, dy) - 1) * min(rx, ry)
	})
}

// grain darkens or lightens every pixel of the rectangle a little, by a
// hash of its place, so flat colours read as a material.
func (c *canvas) grain(x0, y0, x1, y1 int, amount float64, seed uint32, stretch int) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			n := noise(uint32(x/max(stretch, 1)), uint32(y), seed)*2 - 1
			col := color.NRGBA{A: uint8(math.Abs(n) * amount * 255)}
			if n > 0 {
				col.R, col.G, col.B = 255, 255, 255
			}
			c.blend(x, y, col, 1)
		}
	}
}

// roundBox is the signed distance from (x, y) to a box with rounded
// corners.
func roundBox(x, y, x0, y0, x1, y1, r float64) float64 {
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-r, (y1-y0)/2-r
	dx, dy := math.Abs(x-cx)-hx, math.Abs(y-cy)-hy
	out := math.Hypot(max(dx, 0), max(dy, 0))
	return out + min(max(dx, dy), 0) - r
}

// noise is a hash of (x, y, seed) in [0, 1).
func noise(x, y, seed uint32) float64 {
	h := x*374761393 + y*668265263 + seed*2246822519
	h = (h ^ h>>13) * 1274126177
	h ^= h >> 16
	return float64(h&0xffffff) / (1 << 24)
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

// shade returns col lightened (k > 0) or darkened (k < 0) by k.
func shade(col color.NRGBA, k float64) color.NRGBA {
	f := func(v uint8) uint8 {
		if k >= 0 {
			return uint8(math.Round(float64(v) + (255-float64(v))*k))
		}
		return uint8(math.Round(float64(v) * (1 + k)))
	}
	return color.NRGBA{f(col.R), f(col.G), f(col.B), col.A}
}

// The palette.
var (
	outline  = rgb(38, 26, 20)
	woodDark = rgb(94, 60, 36)
	wood     = rgb(140, 94, 56)
	woodPale = rgb(176, 126, 80)
	stone    = rgb(86, 82, 96)
	mortar   = rgb(44, 41, 52)
	gold     = rgb(240, 196, 60)
	goldDark = rgb(168, 116, 30)
)

// plankTop draws a wooden top: an outline, planks running along its
// length, a lit front edge.
func plankTop(c *canvas, base color.NRGBA, seed uint32) {
	w, h := float64(c.w()), float64(c.h())
	c.rect(outline, 0, 0, w, h, 4)
	c.rect(shade(base, -0.25), 1, 1, w-1, h-1, 3)
	c.rect(base, 1, 1, w-1, h-3, 3)
	planks := max(2, c.h()/12)
	for i := 1; i < planks; i++ {
		y := 1 + i*(c.h()-4)/planks
		for x := 3; x < c.w()-3; x++ {
			c.blend(x, y, shade(base, -0.35), 0.8)
		}
	}
	c.grain(2, 2, c.w()-2, c.h()-3, 0.12, seed, 6)
	for x := 4; x < c.w()-4; x++ {
		c.blend(x, 2, shade(base, 0.3), 0.7)
	}
}

func table(c *canvas) { plankTop(c, wood, 1) }

func desk(c *canvas) {
	plankTop(c, woodPale, 2)
	// A sheet of paper, a closed book and an ink pot.
	c.rect(rgb(236, 230, 212), 14, 10, 40, 40, 1)
	for y := 16; y < 36; y += 4 {
		for x := 17; x < 37; x++ {
			c.blend(x, y, rgb(120, 120, 150), 0.5)
		}
	}
	c.rect(outline, 78, 12, 108, 34, 2)
	c.rect(rgb(46, 92, 140), 79, 13, 107, 33, 2)
	c.rect(rgb(220, 200, 120), 80, 13, 83, 33, 0)
	c.ellipse(outline, 62, 40, 5, 5)
	c.ellipse(rgb(30, 30, 60), 62, 40, 4, 4)
	c.ellipse(rgb(120, 140, 220), 61, 39, 1.5, 1.5)
}

func chair(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	c.rect(outline, 0, 0, w, h, 3)
	c.rect(wood, 1, 1, w-1, h-1, 3)
	c.rect(woodDark, 1, 1, w-1, 6, 2) // the backrest
	c.rect(shade(wood, 0.15), 4, 8, w-4, h-4, 2)
	c.grain(2, 7, c.w()-2, c.h()-2, 0.1, 3, 4)
}

func sofa(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	blue := rgb(84, 104, 162)
	c.rect(outline, 0, 0, w, h, 8)
	c.rect(shade(blue, -0.3), 1, 1, w-1, h-1, 7) // back and arms
	c.rect(shade(blue, -0.1), 1, 1, w-1, 13, 7)
	for i := range 3 {
		x0 := 12 + float64(i)*(w-24)/3
		c.rect(shade(blue, -0.35), x0, 13, x0+(w-24)/3, h-3, 4)
		c.rect(blue, x0+1, 14, x0+(w-24)/3-1, h-5, 4)
		c.rect(shade(blue, 0.15), x0+4, 16, x0+(w-24)/3-4, 20, 2)
	}
	c.grain(2, 2, c.w()-2, c.h()-2, 0.06, 4, 1)
}

func bookshelf(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	c.rect(outline, 0, 0, w, h, 2)
	c.rect(woodDark, 1, 1, w-1, h-1, 2)
	colors := []color.NRGBA{rgb(150, 48, 48), rgb(52, 96, 148), rgb(70, 130, 70), rgb(190, 150, 60), rgb(110, 70, 130), rgb(200, 200, 190)}
	x := 4
	for i := 0; x < c.w()-6; i++ {
		bw := 3 + int(noise(uint32(i), 1, 5)*4)
		top := 4 + int(noise(uint32(i), 2, 5)*6)
		col := colors[int(noise(uint32(i), 3, 5)*float64(len(colors)))]
		c.rect(shade(col, -0.4), float64(x), float64(top), float64(min(x+bw, c.w()-4)), h-4, 0)
		c.rect(col, float64(x), float64(top), float64(min(x+bw, c.w()-4))-1, h-5, 0)
		c.rect(shade(col, 0.4), float64(x), float64(top+2), float64(min(x+bw, c.w()-4))-1, float64(top+3), 0)
		x += bw + int(noise(uint32(i), 4, 5)*1.6)
	}
	c.rect(shade(woodDark, 0.2), 1, h-4, w-1, h-1, 1)
}

func bed(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	c.rect(outline, 0, 0, w, h, 5)
	c.rect(wood, 1, 1, w-1, h-1, 5)
	c.rect(woodDark, 1, 1, w-1, 10, 4) // the headboard
	c.rect(rgb(230, 226, 214), 5, 10, w-5, h-6, 3)
	for _, x := range []float64{8, w/2 + 2} { // two pillows
		c.rect(rgb(200, 196, 186), x, 14, x+w/2-10, 38, 6)
		c.rect(rgb(250, 248, 240), x+1, 15, x+w/2-11, 36, 6)
	}
	red := rgb(168, 62, 72)
	c.rect(shade(red, -0.3), 4, 46, w-4, h-5, 3)
	c.rect(red, 4, 46, w-4, h-7, 3)
	c.rect(rgb(236, 222, 214), 4, 46, w-4, 54, 2) // the sheet folded over
	for y := 66; y < c.h()-12; y += 14 {
		c.rect(shade(red, 0.2), 6, float64(y), w-6, float64(y+3), 1)
	}
	c.grain(5, 46, c.w()-5, c.h()-6, 0.07, 6, 1)
}

func rug(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	red, deep := rgb(140, 44, 54), rgb(96, 28, 40)
	for x := 0; x < c.w(); x += 3 { // the fringe
		c.rect(rgb(222, 200, 150), float64(x), 0, float64(x+1), h, 0)
	}
	c.rect(deep, 6, 2, w-6, h-2, 2)
	c.rect(gold, 10, 6, w-10, h-6, 2)
	c.rect(red, 13, 9, w-13, h-9, 1)
	c.rect(deep, 20, 16, w-20, h-16, 1)
	c.rect(red, 22, 18, w-22, h-18, 1)
	cx, cy := w/2, h/2
	c.shape(gold, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 34 })
	c.shape(deep, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 30 })
	c.shape(red, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 22 })
	c.shape(gold, func(x, y float64) float64 { return math.Abs(x-cx)/2.2 + math.Abs(y-cy) - 8 })
	for _, p := range [][2]float64{{34, 30}, {w - 34, 30}, {34, h - 30}, {w - 34, h - 30}} {
		c.shape(gold, func(x, y float64) float64 { return math.Abs(x-p[0]) + math.Abs(y-p[1]) - 6 })
	}
	c.grain(6, 2, c.w()-6, c.h()-2, 0.08, 7, 1)
}

func boards(c *canvas) {
	for i := range 4 { // four planks, their ends staggered
		y0 := i * 8
		base := shade(woodPale, -0.1*noise(uint32(i), 0, 8))
		c.rect(base, 0, float64(y0), 32, float64(y0+8), 0)
		c.grain(0, y0, 32, y0+7, 0.12, uint32(9+i), 5)
		for x := range 32 {
			c.blend(x, y0+7, woodDark, 0.9)
		}
		end := (i*13 + 7) % 32
		for y := y0; y < y0+7; y++ {
			c.blend(end, y, woodDark, 0.8)
		}
	}
}

func wall(c *canvas) {
	c.rect(mortar, 0, 0, 16, 16, 0)
	for row := range 4 { // bricks 8×4, every other row offset
		y := row * 4
		off := (row % 2) * 4
		for x := -off; x < 16; x += 8 {
			b := shade(stone, 0.12*(noise(uint32(x+16), uint32(row), 10)-0.5))
			c.rect(b, float64(x+1), float64(y+1), float64(x+8), float64(y+4), 0)
			c.rect(shade(b, 0.2), float64(x+1), float64(y+1), float64(x+8), float64(y+2), 0)
		}
	}
	c.grain(0, 0, 16, 16, 0.1, 11, 1)
}

func door(c *canvas) {
	w, h := float64(c.w()), float64(c.h())
	c.rect(outline, 0, 0, w, h, 1)
	c.rect(woodDark, 1, 1, w-1, h-1, 1)
	for i := range 3 {
		x0 := 2 + float64(i)*4
		c.rect(wood, x0, 2, x0+3, h-2, 0)
	}
	c.grain(2, 2, c.w()-2, c.h()-2, 0.12, 12, 1)
	c.rect(outline, 1, 8, w-1, 10, 0)
	c.rect(outline, 1, h-10, w-1, h-8, 0)
	c.ellipse(gold, w-4.5, h/2, 1.6, 1.6)
}

// coin returns the drawing of a coin turned so that its width is k of
// its height.
func coin(k float64) func(*canvas) {
	return func(c *canvas) {
		rx := max(5*k, 0.8)
		c.ellipse(outline, 6, 6, rx+1, 6)
		c.ellipse(goldDark, 6, 6, rx, 5)
		c.ellipse(gold, 6-0.4*k, 5.6, max(rx-1, 0.5), 4.2)
		if k > 0.5 {
			c.ellipse(rgb(255, 246, 190), 4.6, 4, 1.2*k, 1.4)
		}
	}
}

// gem returns the drawing of a gem; glint adds a sparkle.
func gem(glint bool) func(*canvas) {
	return func(c *canvas) {
		diamond := func(r float64) func(x, y float64) float64 {
			return func(x, y float64) float64 { return math.Abs(x-7)*1.1 + math.Abs(y-7.5) - r }
		}
		c.shape(rgb(20, 60, 80), diamond(6.5))
		c.shape(rgb(60, 190, 210), diamond(5.3))
		c.shape(rgb(140, 240, 250), func(x, y float64) float64 { return math.Max(diamond(5.3)(x, y), x-7) })
		c.shape(rgb(230, 255, 255), diamond(1.6))
		if glint {
			for i := -4; i <= 4; i++ {
				a := 1 - math.Abs(float64(i))/5
				c.blend(4+i, 4, rgb(255, 255, 255), a)
				c.blend(4, 4+i, rgb(255, 255, 255), a)
			}
		}
	}
}
