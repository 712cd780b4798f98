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
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"

	"github.com/tessera-engine/tessera/internal/pixelart"
	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

func main() {
	artfile.Main("directory to write tiles.png, tiles.tsx, actors.png and actors.yaml to", all)
}

// all draws every file.
func all() ([]artfile.File, error) {
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
	draw func(c *pixelart.Canvas)
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
func tileFiles() ([]artfile.File, error) {
	img := image.NewNRGBA(image.Rect(0, 0, TileSize*len(tiles), TileSize))
	id := map[string]int{}
	for i, t := range tiles {
		t.draw(pixelart.New(img, image.Rect(i*TileSize, 0, (i+1)*TileSize, TileSize)))
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
	return []artfile.File{{Name: "tiles.png", Data: b.Bytes()}, {Name: "tiles.tsx", Data: []byte(tsx.String())}}, nil
}

// rl copies a 64×64 cell of the RLTiles sheet at half size, moved up by
// lift pixels (a monster's hop).
func rl(col, row, lift int) func(c *pixelart.Canvas) {
	return pixelart.Copied(images.Spritesheet_png, col*64, row*64+lift*2, 2)
}

// pieces are the frames of actors.png, packed in this order.
var pieces = []pixelart.Piece{
	{Name: "hull-0", W: 34, H: 30, Draw: hull(0)},
	{Name: "hull-1", W: 34, H: 30, Draw: hull(1)},
	{Name: "turret", W: 40, H: 20, Draw: turret},
	{Name: "shell", W: 12, H: 6, Draw: shell},
	{Name: "repair", W: 20, H: 20, Draw: repair},
	{Name: "heart", W: 14, H: 13, Draw: heart},
	{Name: "heart-empty", W: 14, H: 13, Draw: heartEmpty},
	{Name: "ogre-0", W: 32, H: 32, Draw: rl(2, 8, 0)},
	{Name: "ogre-1", W: 32, H: 32, Draw: rl(2, 8, 2)},
	{Name: "demon-0", W: 32, H: 32, Draw: rl(13, 7, 0)},
	{Name: "demon-1", W: 32, H: 32, Draw: rl(13, 7, 2)},
	{Name: "wraith-0", W: 32, H: 32, Draw: rl(11, 7, 0)},
	{Name: "wraith-1", W: 32, H: 32, Draw: rl(11, 7, 2)},
	{Name: "boom-0", W: 64, H: 64, Draw: pixelart.Copied(images.Spritesheet_png, 512, 640, 1)},
	{Name: "boom-1", W: 64, H: 64, Draw: pixelart.Copied(images.Spritesheet_png, 576, 640, 1)},
	{Name: "boom-2", W: 64, H: 64, Draw: pixelart.Copied(images.Spritesheet_png, 640, 640, 1)},
	{Name: "puff", W: 30, H: 28, Draw: pixelart.Copied(images.Smoke_png, 0, 0, 12)},
	{Name: "nest", W: 48, H: 48, Draw: nest},
}

// clips are the animations actors.yaml gives, over the pieces.
var clips = []pixelart.Clip{
	{Name: "drive", Frames: []string{"hull-0", "hull-1"}, FPS: 10},
	{Name: "ogre", Frames: []string{"ogre-0", "ogre-1"}, FPS: 4},
	{Name: "demon", Frames: []string{"demon-0", "demon-1"}, FPS: 6},
	{Name: "wraith", Frames: []string{"wraith-0", "wraith-1"}, FPS: 3, Mode: "pingpong"},
	{Name: "boom", Frames: []string{"boom-0", "boom-1", "boom-2", "boom-2"}, FPS: 10, Mode: "once"},
}

// sheetWidth is the width actors.png's rows are packed into.
const sheetWidth = 256

// actorFiles draws actors.png and writes actors.yaml.
func actorFiles() ([]artfile.File, error) {
	img, _, atlas := pixelart.Sheet(sheetWidth, pieces, clips, "actors.png",
		"# Written by internal/genart (go generate in package game): do not edit.\n"+
			"# The tank, its shells and the HUD's heart, drawn in code; the monsters and\n"+
			"# the explosion from ebitengine's RLTiles sheet, the puff from its smoke.png.\n")
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return []artfile.File{{Name: "actors.png", Data: b.Bytes()}, {Name: "actors.yaml", Data: atlas}}, nil
}

// The palette.
var (
	grassGreen = pixelart.RGB(86, 140, 58)
	soil       = pixelart.RGB(128, 96, 62)
	stone      = pixelart.RGB(120, 116, 128)
	mortar     = pixelart.RGB(58, 54, 66)
	deep       = pixelart.RGB(38, 92, 160)
	plank      = pixelart.RGB(150, 104, 58)
	olive      = pixelart.RGB(92, 110, 52)
	oliveDark  = pixelart.RGB(56, 68, 30)
	tread      = pixelart.RGB(42, 40, 38)
	steel      = pixelart.RGB(70, 72, 78)
	brass      = pixelart.RGB(250, 210, 90)
	red        = pixelart.RGB(214, 48, 52)
	ink        = pixelart.RGB(28, 24, 22)
)

// grass is a tile of grass: blades of lighter and darker green, seeded.
func grass(seed uint32) func(c *pixelart.Canvas) {
	return func(c *pixelart.Canvas) {
		base := grassGreen
		if seed == 2 {
			base = pixelart.Shade(grassGreen, -0.07)
		}
		c.Rect(base, 0, 0, 32, 32, 0)
		c.Grain(0, 0, 32, 32, 0.10, seed, 1)
		for i := range 18 {
			x := int(pixelart.Noise(uint32(i), 1, seed) * 32)
			y := int(pixelart.Noise(uint32(i), 2, seed) * 31)
			k := 0.25
			if i%3 == 0 {
				k = -0.3
			}
			c.Blend(x, y, pixelart.Shade(base, k), 0.9)
			c.Blend(x, y+1, pixelart.Shade(base, k/2), 0.7)
		}
	}
}

// flowers is grass with the clover and a blue and a red bush of
// ebitengine's orthographic outdoor tiles on it, at their size.
func flowers(c *pixelart.Canvas) {
	grass(3)(c)
	for i, at := range [][2]int{{32, 192}, {48, 192}, {64, 192}} {
		x, y := []int{1, 15, 8}[i], []int{2, 6, 16}[i]
		pixelart.Copied(images.Tiles_png, at[0], at[1], 1)(c.Sub(x, y, 16, 16))
	}
}

// dirt is a tile of trodden earth with pebbles.
func dirt(c *pixelart.Canvas) {
	c.Rect(soil, 0, 0, 32, 32, 0)
	c.Grain(0, 0, 32, 32, 0.14, 7, 1)
	for i := range 6 {
		x := 3 + pixelart.Noise(uint32(i), 3, 9)*26
		y := 3 + pixelart.Noise(uint32(i), 4, 9)*26
		c.Ellipse(pixelart.Shade(soil, -0.35), x+0.6, y+0.8, 1.8, 1.3)
		c.Ellipse(pixelart.Shade(soil, 0.3), x, y, 1.6, 1.2)
	}
}

// wall is a tile of stone blocks: two courses, the blocks bevelled.
func wall(c *pixelart.Canvas) {
	c.Rect(mortar, 0, 0, 32, 32, 0)
	for row := range 2 {
		off := float64(row%2) * 8
		for col := -1; col < 3; col++ {
			x0 := off + float64(col)*16 + 1
			y0 := float64(row)*16 + 1
			c.Rect(pixelart.Shade(stone, 0.25), x0, y0, x0+14, y0+14, 1.5)
			c.Rect(pixelart.Shade(stone, -0.25), x0+1.5, y0+1.5, x0+14, y0+14, 1.5)
			c.Rect(stone, x0+1.5, y0+1.5, x0+12.5, y0+12.5, 1)
		}
	}
	c.Grain(0, 0, 32, 32, 0.12, 11, 1)
}

// water is a tile of water, its ripples moved by phase.
func water(phase int) func(c *pixelart.Canvas) {
	return func(c *pixelart.Canvas) {
		c.Rect(deep, 0, 0, 32, 32, 0)
		c.Grain(0, 0, 32, 32, 0.06, 13, 1)
		for i := range 5 {
			x := float64((i*13+phase*5)%28) + 2
			y := float64((i*7)%28) + 3
			c.Rect(pixelart.Shade(deep, 0.35), x, y, x+6, y+1.2, 0.6)
		}
	}
}

// crate is a wooden crate: a frame, planks and a cross brace.
func crate(c *pixelart.Canvas) {
	c.Rect(ink, 1, 1, 31, 31, 2)
	c.Rect(plank, 2, 2, 30, 30, 1.5)
	for y := 6.0; y < 29; y += 6 {
		c.Rect(pixelart.Shade(plank, -0.25), 4, y, 28, y+0.8, 0)
	}
	c.Shape(pixelart.Shade(plank, -0.35), func(x, y float64) float64 { return math.Abs(x-y)/math.Sqrt2 - 1.6 })
	c.Rect(pixelart.Shade(plank, 0.25), 2, 2, 30, 5, 1)
	c.Rect(pixelart.Shade(plank, 0.25), 2, 27, 30, 30, 1)
	c.Grain(2, 2, 30, 30, 0.12, 17, 1)
}

// hull is the tank's body seen from above, facing right: treads top and
// bottom (their links moved by frame), an olive deck with hatches.
func hull(frame int) func(c *pixelart.Canvas) {
	return func(c *pixelart.Canvas) {
		for _, y := range []float64{0, 23} {
			c.Rect(ink, 0, y, 34, y+7, 2)
			c.Rect(tread, 1, y+1, 33, y+6, 1.5)
			for x := 2 + 3*frame; x < 33; x += 6 {
				c.Rect(pixelart.Shade(tread, 0.4), float64(x), y+1.5, float64(x)+2, y+5.5, 0.5)
			}
		}
		c.Rect(ink, 2, 4, 32, 26, 3)
		c.Rect(olive, 3, 5, 31, 25, 2.5)
		c.Rect(pixelart.Shade(olive, 0.2), 3, 5, 31, 8, 2)
		c.Rect(oliveDark, 3, 22, 31, 25, 2)
		c.Rect(oliveDark, 26, 8, 30, 22, 1)
		c.Grain(3, 5, 31, 25, 0.08, 19, 1)
	}
}

// turret is the tank's turret from above, its barrel pointing right: the
// picture's origin (0.3, 0.5) is the turret's pivot.
func turret(c *pixelart.Canvas) {
	c.Rect(ink, 12, 7, 40, 13, 1)
	c.Rect(steel, 13, 8, 39, 12, 0.8)
	c.Rect(pixelart.Shade(steel, 0.3), 13, 8, 39, 9.5, 0.5)
	c.Rect(ink, 34, 6, 40, 14, 1)
	c.Rect(steel, 35, 7, 39, 13, 0.8)
	c.Ellipse(ink, 12, 10, 10, 9.5)
	c.Ellipse(pixelart.Shade(olive, 0.1), 12, 10, 9, 8.5)
	c.Ellipse(pixelart.Shade(olive, 0.35), 10.5, 8, 5, 4)
	c.Ellipse(oliveDark, 9, 11, 3, 3)
}

// shell is a glowing shell flying right.
func shell(c *pixelart.Canvas) {
	c.Ellipse(color.NRGBA{255, 160, 40, 120}, 5, 3, 5, 3)
	c.Ellipse(brass, 7, 3, 4, 2)
	c.Ellipse(pixelart.RGB(255, 250, 220), 8, 3, 2, 1)
}

// repair is a repair kit: a red box with a white cross.
func repair(c *pixelart.Canvas) {
	c.Rect(ink, 1, 2, 19, 19, 3)
	c.Rect(red, 2, 3, 18, 18, 2.5)
	c.Rect(pixelart.Shade(red, 0.3), 2, 3, 18, 6, 2)
	c.Rect(pixelart.RGB(250, 246, 240), 8.5, 6, 11.5, 16, 0.5)
	c.Rect(pixelart.RGB(250, 246, 240), 5, 9.5, 15, 12.5, 0.5)
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
func heart(c *pixelart.Canvas) {
	c.Shape(ink, func(x, y float64) float64 { return heartSD(x, y) - 0.8 })
	c.Shape(red, heartSD)
	c.Ellipse(pixelart.Shade(red, 0.5), 4.5, 4.5, 1.6, 1.2)
}

// heartEmpty is a heart lost.
func heartEmpty(c *pixelart.Canvas) {
	c.Shape(ink, func(x, y float64) float64 { return heartSD(x, y) - 0.8 })
	c.Shape(pixelart.RGB(70, 60, 64), heartSD)
}

// nest is a monsters' lair: a dark pit ringed with stones.
func nest(c *pixelart.Canvas) {
	c.Ellipse(color.NRGBA{20, 14, 10, 90}, 24, 26, 23, 20)
	for i := range 10 {
		a := float64(i) / 10 * 2 * math.Pi
		c.Ellipse(pixelart.Shade(stone, -0.3), 24+math.Cos(a)*18, 24+math.Sin(a)*16+1, 4.5, 3.8)
		c.Ellipse(pixelart.Shade(stone, 0.1), 24+math.Cos(a)*18, 24+math.Sin(a)*16, 4, 3.3)
	}
	c.Ellipse(pixelart.RGB(30, 18, 24), 24, 24, 13, 11)
	c.Ellipse(pixelart.RGB(90, 20, 40), 24, 26, 7, 5)
	c.Grain(6, 6, 42, 42, 0.08, 23, 1)
}
