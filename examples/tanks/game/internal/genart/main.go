// Command genart draws the tanks example's pictures: the arena's tiles
// (tiles.png, a grid of 32×32 tiles, with its Tiled tileset tiles.tsx,
// which says which tiles collide and animates the water) and the actors'
// sheet (actors.png, with its atlas file actors.yaml: the tank's hull and
// turret, the shell, the repair kit, the heart of the HUD, drawn here;
// the monsters and the explosion copied from the RLTiles sheet
// ebitengine's module ships, and the smoke puff from its smoke.png; the
// flowers from its orthographic outdoor tiles). It is run by go generate
// in package game, whose assets/sprites directory holds the results. The
// same program always writes the same bytes; its test checks that the
// files are current.
//
//	go run ./internal/genart -o assets/sprites
//
// A tile's id in tiles.tsx is its place in tiles: the maps name tiles by
// id, so new tiles go at the end.
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
	out := flag.String("o", ".", "directory to write tiles.png, tiles.tsx, actors.png and actors.yaml to")
	flag.Parse()
	files, err := all()
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

// file is one file genart writes.
type file struct {
	name string
	data []byte
}

// all draws every file.
func all() ([]file, error) {
	t, err := tileFiles()
	if err != nil {
		return nil, err
	}
	a, err := actorFiles()
	if err != nil {
		return nil, err
	}
	return append(t, a...), nil
}

// tile is one tile of tiles.png: how to draw it and what its tile in
// tiles.tsx says.
type tile struct {
	name string
	draw func(c *canvas)
	// tags are the collision tags of a tile that collides wherever a tile
	// layer shows it; "" for tiles only drawn.
	tags string
	// anim names the tiles the tile's animation shows, at fps a second.
	anim []string
	fps  int
}

// TileSize is the side of a tile of the arena, in pixels.
const TileSize = 32

// tiles are the arena's tiles, in id order.
var tiles = []tile{
	{name: "grass", draw: grass(1)},
	{name: "grass-flowers", draw: flowers},
	{name: "dirt", draw: dirt},
	{name: "wall", draw: wall, tags: "solid"},
	{name: "water-0", draw: water(0), tags: "water", anim: []string{"water-0", "water-1"}, fps: 2},
	{name: "water-1", draw: water(1)},
	{name: "crate", draw: crate, tags: "solid"},
	{name: "grass-dark", draw: grass(2)},
}

// tileFiles draws tiles.png and writes tiles.tsx.
func tileFiles() ([]file, error) {
	img := image.NewNRGBA(image.Rect(0, 0, TileSize*len(tiles), TileSize))
	id := map[string]int{}
	for i, t := range tiles {
		t.draw(&canvas{img: img, r: image.Rect(i*TileSize, 0, (i+1)*TileSize, TileSize)})
		id[t.name] = i
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	var tsx strings.Builder
	tsx.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	tsx.WriteString("<!-- Written by internal/genart (go generate in package game): do not edit. -->\n")
	fmt.Fprintf(&tsx, `<tileset version="1.10" tiledversion="1.10.2" name="tiles" tilewidth="%d" tileheight="%d" tilecount="%d" columns="%d">`+"\n",
		TileSize, TileSize, len(tiles), len(tiles))
	fmt.Fprintf(&tsx, ` <image source="tiles.png" width="%d" height="%d"/>`+"\n", img.Bounds().Dx(), img.Bounds().Dy())
	for i, t := range tiles {
		if t.tags == "" && t.anim == nil {
			continue
		}
		fmt.Fprintf(&tsx, " <tile id=\"%d\">\n", i)
		if t.tags != "" {
			tsx.WriteString("  <properties>\n")
			tsx.WriteString(`   <property name="collides" type="bool" value="true"/>` + "\n")
			fmt.Fprintf(&tsx, `   <property name="tags" value="%s"/>`+"\n", t.tags)
			tsx.WriteString("  </properties>\n")
		}
		if t.anim != nil {
			tsx.WriteString("  <animation>\n")
			for _, f := range t.anim {
				fmt.Fprintf(&tsx, `   <frame tileid="%d" duration="%d"/>`+"\n", id[f], 1000/t.fps)
			}
			tsx.WriteString("  </animation>\n")
		}
		tsx.WriteString(" </tile>\n")
	}
	tsx.WriteString("</tileset>\n")
	return []file{{"tiles.png", b.Bytes()}, {"tiles.tsx", []byte(tsx.String())}}, nil
}

// piece is one frame of actors.png.
type piece struct {
	name string
	w, h int
	draw func(c *canvas)
}

// clip is an animation of frames of actors.png, as the atlas file writes
// it.
type clip struct {
	name   string
	frames []string
	fps    int
	mode   string // "" loops
}

// rl copies a 64×64 cell of the RLTiles sheet at half size, moved up by
// lift pixels (a monster's hop).
func rl(col, row, lift int) func(c *canvas) {
	return copied(images.Spritesheet_png, col*64, row*64, 2, lift)
}

// pieces are the frames of actors.png, packed in this order.
var pieces = []piece{
	{"hull-0", 34, 30, hull(0)},
	{"hull-1", 34, 30, hull(1)},
	{"turret", 40, 20, turret},
	{"shell", 12, 6, shell},
	{"repair", 20, 20, repair},
	{"heart", 14, 13, heart},
	{"heart-empty", 14, 13, heartEmpty},
	{"ogre-0", 32, 32, rl(2, 8, 0)},
	{"ogre-1", 32, 32, rl(2, 8, 2)},
	{"demon-0", 32, 32, rl(13, 7, 0)},
	{"demon-1", 32, 32, rl(13, 7, 2)},
	{"wraith-0", 32, 32, rl(11, 7, 0)},
	{"wraith-1", 32, 32, rl(11, 7, 2)},
	{"boom-0", 64, 64, copied(images.Spritesheet_png, 512, 640, 1, 0)},
	{"boom-1", 64, 64, copied(images.Spritesheet_png, 576, 640, 1, 0)},
	{"boom-2", 64, 64, copied(images.Spritesheet_png, 640, 640, 1, 0)},
	{"puff", 30, 28, copied(images.Smoke_png, 0, 0, 12, 0)},
	{"nest", 48, 48, nest},
}

var clips = []clip{
	{"drive", []string{"hull-0", "hull-1"}, 10, ""},
	{"ogre", []string{"ogre-0", "ogre-1"}, 4, ""},
	{"demon", []string{"demon-0", "demon-1"}, 6, ""},
	{"wraith", []string{"wraith-0", "wraith-1"}, 3, "pingpong"},
	{"boom", []string{"boom-0", "boom-1", "boom-2", "boom-2"}, 10, "once"},
}

// sheetWidth is the width actors.png's rows are packed into.
const sheetWidth = 256

// actorFiles draws actors.png and writes actors.yaml.
func actorFiles() ([]file, error) {
	type placed struct {
		piece
		r image.Rectangle
	}
	var ps []placed
	x, y, row := 0, 0, 0
	for _, p := range pieces {
		if x+p.w > sheetWidth {
			x, y, row = 0, y+row+1, 0
		}
		ps = append(ps, placed{p, image.Rect(x, y, x+p.w, y+p.h)})
		x += p.w + 1 // a pixel apart, so filtering never bleeds
		row = max(row, p.h)
	}
	img := image.NewNRGBA(image.Rect(0, 0, sheetWidth, y+row))
	var yaml strings.Builder
	yaml.WriteString("# Written by internal/genart (go generate in package game): do not edit.\n")
	yaml.WriteString("# The tank, its shells and the HUD's heart, drawn in code; the monsters and\n")
	yaml.WriteString("# the explosion from ebitengine's RLTiles sheet, the puff from its smoke.png.\n")
	yaml.WriteString("image: actors.png\nframes:\n")
	for _, p := range ps {
		p.draw(&canvas{img: img, r: p.r})
		fmt.Fprintf(&yaml, "  %s: {x: %d, y: %d, w: %d, h: %d}\n", p.name, p.r.Min.X, p.r.Min.Y, p.r.Dx(), p.r.Dy())
	}
	yaml.WriteString("clips:\n")
	for _, c := range clips {
		mode := ""
		if c.mode != "" {
			mode = ", mode: " + c.mode
		}
		fmt.Fprintf(&yaml, "  %s: {frames: [%s], fps: %d%s}\n", c.name, strings.Join(c.frames, ", "), c.fps, mode)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return []file{{"actors.png", b.Bytes()}, {"actors.yaml", []byte(yaml.String())}}, nil
}

// copied returns a drawing that copies the piece's size from the PNG data
// src at (x, y), each pixel the mean of a scale×scale block of src, lift
// pixels higher than it is in src.
func copied(src []byte, x, y, scale, lift int) func(c *canvas) {
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
						p := color.NRGBAModel.Convert(img.At(x+px*scale+i, y+(py+lift)*scale+j)).(color.NRGBA)
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

// canvas draws into one piece's rectangle of a sheet, in the piece's own
// coordinates.
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
	mix := func(s, d uint8) uint8 { return uint8(math.Round((float64(s)*k + float64(d)*a*(1-k)) / outA)) }
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

// rect fills the box from (x0, y0) to (x1, y1) with corners of radius r.
func (c *canvas) rect(col color.NRGBA, x0, y0, x1, y1, r float64) {
	c.shape(col, func(x, y float64) float64 { return roundBox(x, y, x0, y0, x1, y1, r) })
}

// ellipse fills the ellipse centred on (cx, cy) with radii rx, ry.
func (c *canvas) ellipse(col color.NRGBA, cx, cy, rx, ry float64) {
	c.shape(col, func(x, y float64) float64 {
		return (math.Hypot((x-cx)/rx, (y-cy)/ry) - 1) * min(rx, ry)
	})
}

// grain lightens or darkens each pixel of the box a little, by a hash of
// its place, so flat colours read as a material.
func (c *canvas) grain(x0, y0, x1, y1 int, amount float64, seed uint32) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			n := noise(uint32(x), uint32(y), seed)*2 - 1
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
	return math.Hypot(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0) - r
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
	grassGreen = rgb(86, 140, 58)
	soil       = rgb(128, 96, 62)
	stone      = rgb(120, 116, 128)
	mortar     = rgb(58, 54, 66)
	deep       = rgb(38, 92, 160)
	plank      = rgb(150, 104, 58)
	olive      = rgb(92, 110, 52)
	oliveDark  = rgb(56, 68, 30)
	tread      = rgb(42, 40, 38)
	steel      = rgb(70, 72, 78)
	brass      = rgb(250, 210, 90)
	red        = rgb(214, 48, 52)
	ink        = rgb(28, 24, 22)
)

// grass is a tile of grass: blades of lighter and darker green, seeded.
func grass(seed uint32) func(c *canvas) {
	return func(c *canvas) {
		base := grassGreen
		if seed == 2 {
			base = shade(grassGreen, -0.07)
		}
		c.rect(base, 0, 0, 32, 32, 0)
		c.grain(0, 0, 32, 32, 0.10, seed)
		for i := range 18 {
			x := int(noise(uint32(i), 1, seed) * 32)
			y := int(noise(uint32(i), 2, seed) * 31)
			k := 0.25
			if i%3 == 0 {
				k = -0.3
			}
			c.blend(x, y, shade(base, k), 0.9)
			c.blend(x, y+1, shade(base, k/2), 0.7)
		}
	}
}

// flowers is grass with the clover and a blue and a red bush of
// ebitengine's orthographic outdoor tiles on it, at their size.
func flowers(c *canvas) {
	grass(3)(c)
	for i, at := range [][2]int{{32, 192}, {48, 192}, {64, 192}} {
		x, y := []int{1, 15, 8}[i], []int{2, 6, 16}[i]
		sub := &canvas{img: c.img, r: image.Rect(c.r.Min.X+x, c.r.Min.Y+y, c.r.Min.X+x+16, c.r.Min.Y+y+16)}
		copied(images.Tiles_png, at[0], at[1], 1, 0)(sub)
	}
}

// dirt is a tile of trodden earth with pebbles.
func dirt(c *canvas) {
	c.rect(soil, 0, 0, 32, 32, 0)
	c.grain(0, 0, 32, 32, 0.14, 7)
	for i := range 6 {
		x := 3 + noise(uint32(i), 3, 9)*26
		y := 3 + noise(uint32(i), 4, 9)*26
		c.ellipse(shade(soil, -0.35), x+0.6, y+0.8, 1.8, 1.3)
		c.ellipse(shade(soil, 0.3), x, y, 1.6, 1.2)
	}
}

// wall is a tile of stone blocks: two courses, the blocks bevelled.
func wall(c *canvas) {
	c.rect(mortar, 0, 0, 32, 32, 0)
	for row := range 2 {
		off := float64(row%2) * 8
		for col := -1; col < 3; col++ {
			x0 := off + float64(col)*16 + 1
			y0 := float64(row)*16 + 1
			c.rect(shade(stone, 0.25), x0, y0, x0+14, y0+14, 1.5)
			c.rect(shade(stone, -0.25), x0+1.5, y0+1.5, x0+14, y0+14, 1.5)
			c.rect(stone, x0+1.5, y0+1.5, x0+12.5, y0+12.5, 1)
		}
	}
	c.grain(0, 0, 32, 32, 0.12, 11)
}

// water is a tile of water, its ripples moved by phase.
func water(phase int) func(c *canvas) {
	return func(c *canvas) {
		c.rect(deep, 0, 0, 32, 32, 0)
		c.grain(0, 0, 32, 32, 0.06, 13)
		for i := range 5 {
			x := float64((i*13+phase*5)%28) + 2
			y := float64((i*7)%28) + 3
			c.rect(shade(deep, 0.35), x, y, x+6, y+1.2, 0.6)
		}
	}
}

// crate is a wooden crate: a frame, planks and a cross brace.
func crate(c *canvas) {
	c.rect(ink, 1, 1, 31, 31, 2)
	c.rect(plank, 2, 2, 30, 30, 1.5)
	for y := 6.0; y < 29; y += 6 {
		c.rect(shade(plank, -0.25), 4, y, 28, y+0.8, 0)
	}
	c.shape(shade(plank, -0.35), func(x, y float64) float64 { return math.Abs(x-y)/math.Sqrt2 - 1.6 })
	c.rect(shade(plank, 0.25), 2, 2, 30, 5, 1)
	c.rect(shade(plank, 0.25), 2, 27, 30, 30, 1)
	c.grain(2, 2, 30, 30, 0.12, 17)
}

// hull is the tank's body seen from above, facing right: treads top and
// bottom (their links moved by frame), an olive deck with hatches.
func hull(frame int) func(c *canvas) {
	return func(c *canvas) {
		for _, y := range []float64{0, 23} {
			c.rect(ink, 0, y, 34, y+7, 2)
			c.rect(tread, 1, y+1, 33, y+6, 1.5)
			for x := 2 + 3*frame; x < 33; x += 6 {
				c.rect(shade(tread, 0.4), float64(x), y+1.5, float64(x)+2, y+5.5, 0.5)
			}
		}
		c.rect(ink, 2, 4, 32, 26, 3)
		c.rect(olive, 3, 5, 31, 25, 2.5)
		c.rect(shade(olive, 0.2), 3, 5, 31, 8, 2)
		c.rect(oliveDark, 3, 22, 31, 25, 2)
		c.rect(oliveDark, 26, 8, 30, 22, 1)
		c.grain(3, 5, 31, 25, 0.08, 19)
	}
}

// turret is the tank's turret from above, its barrel pointing right: the
// picture's origin (0.3, 0.5) is the turret's pivot.
func turret(c *canvas) {
	c.rect(ink, 12, 7, 40, 13, 1)
	c.rect(steel, 13, 8, 39, 12, 0.8)
	c.rect(shade(steel, 0.3), 13, 8, 39, 9.5, 0.5)
	c.rect(ink, 34, 6, 40, 14, 1)
	c.rect(steel, 35, 7, 39, 13, 0.8)
	c.ellipse(ink, 12, 10, 10, 9.5)
	c.ellipse(shade(olive, 0.1), 12, 10, 9, 8.5)
	c.ellipse(shade(olive, 0.35), 10.5, 8, 5, 4)
	c.ellipse(oliveDark, 9, 11, 3, 3)
}

// shell is a glowing shell flying right.
func shell(c *canvas) {
	c.ellipse(color.NRGBA{255, 160, 40, 120}, 5, 3, 5, 3)
	c.ellipse(brass, 7, 3, 4, 2)
	c.ellipse(rgb(255, 250, 220), 8, 3, 2, 1)
}

// repair is a repair kit: a red box with a white cross.
func repair(c *canvas) {
	c.rect(ink, 1, 2, 19, 19, 3)
	c.rect(red, 2, 3, 18, 18, 2.5)
	c.rect(shade(red, 0.3), 2, 3, 18, 6, 2)
	c.rect(rgb(250, 246, 240), 8.5, 6, 11.5, 16, 0.5)
	c.rect(rgb(250, 246, 240), 5, 9.5, 15, 12.5, 0.5)
}

// heartSD is the signed distance to a heart 14×13 pixels: two circles
// over a square stood on its corner.
func heartSD(x, y float64) float64 {
	x, y = math.Abs(x-7), y-6.5
	lobe := math.Hypot(x-3.1, y+1.6) - 3.6
	point := (x + math.Abs(y-1.1) - 5) / math.Sqrt2
	return min(lobe, point)
}

// heart is a full heart of the HUD.
func heart(c *canvas) {
	c.shape(ink, func(x, y float64) float64 { return heartSD(x, y) - 0.8 })
	c.shape(red, heartSD)
	c.ellipse(shade(red, 0.5), 4.5, 4.5, 1.6, 1.2)
}

// heartEmpty is a heart lost.
func heartEmpty(c *canvas) {
	c.shape(ink, func(x, y float64) float64 { return heartSD(x, y) - 0.8 })
	c.shape(rgb(70, 60, 64), heartSD)
}

// nest is a monsters' lair: a dark pit ringed with stones.
func nest(c *canvas) {
	c.ellipse(color.NRGBA{20, 14, 10, 90}, 24, 26, 23, 20)
	for i := range 10 {
		a := float64(i) / 10 * 2 * math.Pi
		c.ellipse(shade(stone, -0.3), 24+math.Cos(a)*18, 24+math.Sin(a)*16+1, 4.5, 3.8)
		c.ellipse(shade(stone, 0.1), 24+math.Cos(a)*18, 24+math.Sin(a)*16, 4, 3.3)
	}
	c.ellipse(rgb(30, 18, 24), 24, 24, 13, 11)
	c.ellipse(rgb(90, 20, 40), 24, 26, 7, 5)
	c.grain(6, 6, 42, 42, 0.08, 23)
}
