package render_test

import (
	"fmt"
	"image/color"
	"log"
	"os"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/window"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Level is a scene that draws its world with a renderer it keeps for
// good: the images, clips and cameras added to it last across visits.
type Level struct {
	scene.Base
	Assets *assets.Loader
	r      *render.Renderer
	hero   render.Sheet
	run    render.Clip
}

func (s *Level) OnEnter() error {
	if s.r == nil {
		r, err := render.New(render.Options{OverlayKey: "F3"})
		if err != nil {
			return err
		}
		sheet, err := s.Assets.Atlas("hero.yaml")
		if err != nil {
			return err
		}
		s.r, s.hero = r, r.AddAtlas(sheet)
		s.run = r.AddClip(8, render.Loop, s.hero.Frames(0, s.hero.Len())...)
	}
	w := s.World()
	if err := s.r.Install(w); err != nil { // first: its snapshot starts each step
		return err
	}
	hero := world.Spawn3(w,
		geom.Position, geom.Vec2{X: 160, Y: 90},
		render.Sprite, render.Picture{Region: s.hero.Frame(0), Origin: geom.Vec2{X: 0.5, Y: 1}},
		render.Animation, render.Playback{Clip: s.run})
	geom.Velocity.Add(w, hero, geom.Vec2{X: 30})
	s.r.Camera().Follow = hero
	return w.AddSystem(systems.Motion())
}

// Draw is found by engine/window, which calls it every frame.
func (s *Level) Draw(screen *ebiten.Image) { s.r.Draw(screen) }

// Example_level runs the Level scene in a window: what a game's main
// does. It is compiled, not run: it would open a window.
func Example_level() {
	l := assets.New(os.DirFS("assets"))
	cfg := engine.Config{Window: engine.WindowConfig{Title: "Level", Width: 320, Height: 180, Zoom: 3}}
	if err := window.Run(cfg, &Level{Assets: l}); err != nil {
		log.Fatal(err)
	}
}

// docFiles are the files the documentation's examples load: a sprite
// sheet of four frames and the Go font.
var docFiles = fstest.MapFS{
	"hero.png":  {Data: sheetPNG()},
	"hero.yaml": {Data: []byte("image: hero.png\ngrid: {w: 8, h: 8, names: [idle, walk-1, walk-2, walk-3]}\n")},
	"go.ttf":    {Data: goregular.TTF},
}

// Example_sprites draws sprites from an atlas: placed by their origin,
// flipped, turned, scaled, tinted, layered, and one hidden.
func Example_sprites() {
	l := assets.New(docFiles) // a game's embed.FS or os.DirFS("assets")
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		panic(err)
	}
	r, err := render.New(render.Options{})
	if err != nil {
		panic(err)
	}
	sheet := r.AddAtlas(atlas) // uploaded once; reloads update it
	idle, _ := sheet.Lookup("idle")

	r.Camera().Position = geom.Vec2{X: 80, Y: 45} // world units are the 160×90 screen's pixels
	w := world.New()
	if err := r.Install(w); err != nil {
		panic(err)
	}
	sprite := func(x, y float64, p render.Picture) world.Entity {
		return world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, render.Sprite, p)
	}
	sprite(10, 10, render.Picture{Region: idle}) // top-left corner at (10, 10)
	sprite(30, 10, render.Picture{Region: sheet.Frame(1), Origin: geom.Vec2{X: 0.5, Y: 1}, Flip: render.FlipX})
	sprite(50, 10, render.Picture{Region: sheet.Frame(2), Scale: geom.Vec2{X: 2, Y: 2}, Rotation: 0.5})
	sprite(70, 10, render.Picture{
		Region: sheet.Frame(3),
		Tint:   color.NRGBA{R: 255, G: 255, B: 255, A: 128}, // half transparent
		Order:  render.Order{Layer: 1},                      // over layer 0
	})
	ghost := sprite(90, 10, render.Picture{Region: idle})
	render.Hidden.Add(w, ghost)

	screen := ebiten.NewImage(160, 90) // the scene's Draw gets the screen
	r.Draw(screen)
	fmt.Printf("%+v\n", r.Stats())
	// Output: {Items:4 Drawn:4 Culled:0 DrawCalls:1}
}

// Example_animation plays a clip of the sheet's walking frames, looped,
// and one played once, whose end the renderer reports.
func Example_animation() {
	l := assets.New(docFiles)
	atlas, err := l.Atlas("hero.yaml")
	if err != nil {
		panic(err)
	}
	r, err := render.New(render.Options{})
	if err != nil {
		panic(err)
	}
	sheet := r.AddAtlas(atlas)
	walk := r.AddClip(20, render.Loop, sheet.Frames(1, 4)...) // 20 frames a second: one every 3 steps
	wave := r.AddClip(20, render.Once, sheet.Frames(0, 2)...)

	w := world.New()
	if err := r.Install(w); err != nil {
		panic(err)
	}
	e := world.Spawn3(w, geom.Position, geom.Vec2{}, render.Sprite, render.Picture{}, render.Animation, render.Playback{Clip: walk})
	for step := range 12 {
		if step == 6 {
			render.Animation.Require(w, e).Play(wave)
		}
		if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
			panic(err)
		}
		fmt.Print(atlas.Name(int(render.Sprite.Require(w, e).Region-sheet.Frame(0))), " ")
		if len(r.Ended()) > 0 { // systems after render.animate read this in the same step
			fmt.Print("(ended) ")
		}
	}
	fmt.Println()
	// Output: walk-1 walk-1 walk-2 walk-2 walk-2 walk-3 idle idle walk-1 walk-1 walk-1 walk-1 (ended)
}

// Example_shapesAndText draws a figure of each kind and a label.
func Example_shapesAndText() {
	l := assets.New(docFiles)
	font, err := l.Font("go.ttf")
	if err != nil {
		panic(err)
	}
	r, err := render.New(render.Options{})
	if err != nil {
		panic(err)
	}
	face, err := r.Face(font, 12) // text/v2 face; parsed once per renderer
	if err != nil {
		panic(err)
	}
	r.Camera().Position = geom.Vec2{X: 80, Y: 45}
	w := world.New()
	if err := r.Install(w); err != nil {
		panic(err)
	}
	at := func(x, y float64) world.Entity { return world.Spawn1(w, geom.Position, geom.Vec2{X: x, Y: y}) }
	red := color.NRGBA{R: 255, A: 255}
	render.Shape.Add(w, at(10, 10), render.Rect(20, 10, red))
	render.Shape.Add(w, at(50, 15), render.Circle(6, red).Outline(1))
	render.Shape.Add(w, at(70, 10), render.Line(geom.Vec2{X: 20, Y: 10}, 2, red))
	render.Shape.Add(w, at(100, 10), render.Polygon(red, geom.Vec2{}, geom.Vec2{X: 10}, geom.Vec2{X: 5, Y: 8}))
	render.Text.Add(w, at(80, 60), render.Label{
		Text:  "Shapes and text, wrapped to 100 units",
		Face:  face,
		Align: text.AlignCenter,
		Width: 100,
	})
	r.Draw(ebiten.NewImage(160, 90))
	fmt.Printf("%+v\n", r.Stats())
	// Output: {Items:5 Drawn:5 Culled:0 DrawCalls:2}
}

// Respawn is a fixed system that puts a fallen player back at the start:
// a jump the player must not be drawn sliding across.
func Respawn(player world.Entity) world.System {
	return world.System{Name: "respawn", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		p := geom.Position.Require(ctx.World, player)
		if p.Y > 1000 {
			*p = geom.Vec2{X: 40, Y: 0}
			render.Teleport(ctx.World, player) // drawn where it is until the next step
		}
		return nil
	}}
}

// Example_splitScreen splits the screen between two cameras, each
// following a player, and adds a minimap over them; CameraAt finds the
// camera under the mouse.
func Example_splitScreen() {
	r, err := render.New(render.Options{})
	if err != nil {
		panic(err)
	}
	w := world.New()
	if err := r.Install(w); err != nil {
		panic(err)
	}
	one := world.Spawn1(w, geom.Position, geom.Vec2{X: 100, Y: 100})
	two := world.Spawn1(w, geom.Position, geom.Vec2{X: 900, Y: 500})
	level := geom.Rect(0, 0, 1000, 600)

	left := r.Camera() // the renderer's first camera
	left.Viewport, left.Follow, left.Bounds = geom.Rect(0, 0, 160, 180), one, level
	right := &camera.Camera{Viewport: geom.Rect(160, 0, 320, 180), Follow: two, Bounds: level}
	minimap := &camera.Camera{
		Viewport:   geom.Rect(250, 130, 316, 176),
		Zoom:       0.066,
		Background: color.NRGBA{A: 255},
	}
	minimap.CenterOn(geom.Vec2{X: 500, Y: 300})
	r.AddCamera(right)
	r.AddCamera(minimap) // drawn last: over the right half

	r.Draw(ebiten.NewImage(320, 180))
	mouse := geom.Vec2{X: 200, Y: 40}
	if cam, ok := r.CameraAt(mouse); ok {
		fmt.Println("mouse over the right half:", cam == right, "at world", cam.ScreenToWorld(mouse))
	}
	cam, _ := r.CameraAt(geom.Vec2{X: 300, Y: 170})
	fmt.Println("corner is the minimap:", cam == minimap)
	// Output:
	// mouse over the right half: true at world {860 450}
	// corner is the minimap: true
}

// Example_overlay shows the debug overlay from the start and times a
// system of the game's own in it; F3, from the game's configuration,
// shows and hides it.
func Example_overlay() {
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Keys: []engine.Key{{Name: "debug.overlay_key", Default: "F3", Usage: "key that shows the debug overlay"}},
	})
	if err != nil {
		panic(err)
	}
	r, err := render.New(render.Options{OverlayKey: cfg.Game["debug.overlay_key"].(string), ShowOverlay: true})
	if err != nil {
		panic(err)
	}
	w := world.New()
	if err := r.Install(w); err != nil {
		panic(err)
	}
	if err := w.AddSystem(systems.Motion()); err != nil {
		panic(err)
	}
	fmt.Println(r.Overlay().Visible(), w.SystemNames(world.Fixed))
	// Output: true [render.snapshot render.animate systems.motion]
}
