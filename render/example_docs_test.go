package render_test

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Level is a scene that says what to draw with components and nothing
// else: the engine's window runtime draws its world.
type Level struct{ scene.Base }

func (s *Level) OnEnter() error {
	w := s.World()
	hero := world.Spawn3(w,
		geom.Position, geom.Vec2{X: 160, Y: 90},
		drawable.Sprite, drawable.Picture{Region: drawable.Frame("hero.yaml", "idle"), Origin: geom.Vec2{X: 0.5, Y: 1}},
		drawable.Animation, drawable.Play("hero.yaml", "walk"))
	geom.Velocity.Add(w, hero, geom.Vec2{X: 30})
	world.Spawn1(w, drawable.Camera, camera.Camera{Follow: hero, Bounds: geom.Rect(0, 0, 2000, 180)})
	score := world.Spawn2(w,
		geom.Position, geom.Vec2{X: 4, Y: 4},
		drawable.Text, drawable.Label{Text: "score 0", Size: 8})
	drawable.Screen.Add(w, score) // a HUD: in screen pixels, over the camera's view
	return w.AddSystem(systems.Motion())
}

// Example_level runs the Level scene in a window: a game's whole main. It
// is compiled, not run: it would open a window.
func Example_level() {
	engine.Main(engine.Game{
		Config: engine.Config{Window: engine.WindowConfig{Title: "Level", Width: 320, Height: 180, Zoom: 3}},
		Assets: os.DirFS("assets"), // or an embed.FS
		First:  &Level{},
	})
}

// docFiles are the files the documentation's examples load: a sprite
// sheet of four frames with two clips, and the Go font.
var docFiles = fstest.MapFS{
	"hero.png": {Data: sheetPNG()},
	"hero.yaml": {Data: []byte(`image: hero.png
grid: {w: 8, h: 8, names: [idle, walk-1, walk-2, walk-3]}
clips:
  walk: {frames: [walk-1, walk-2, walk-3], fps: 20}
  wave: {frames: [idle, walk-1], fps: 20, mode: once}
`)},
	"go.ttf": {Data: goregular.TTF},
}

// Example_sprites draws sprites from an atlas, as the window runtime
// does: placed by their origin, flipped, turned, scaled, tinted, layered,
// and one hidden. Four sprites of one image are one draw call.
func Example_sprites() {
	w := world.New()
	sprite := func(x, y float64, p drawable.Picture) world.Entity {
		return world.Spawn2(w, geom.Position, geom.Vec2{X: x, Y: y}, drawable.Sprite, p)
	}
	sprite(10, 10, drawable.Picture{Region: drawable.Frame("hero.yaml", "idle")}) // top-left corner at (10, 10)
	sprite(30, 10, drawable.Picture{Region: drawable.Frame("hero.yaml", "walk-1"), Origin: geom.Vec2{X: 0.5, Y: 1}, Flip: drawable.FlipX})
	sprite(50, 10, drawable.Picture{Region: drawable.Frame("hero.yaml", "walk-2"), Scale: geom.Vec2{X: 2, Y: 2}, Rotation: 0.5})
	sprite(70, 10, drawable.Picture{
		Region: drawable.Image("hero.png"),                  // the whole sheet
		Tint:   color.NRGBA{R: 255, G: 255, B: 255, A: 128}, // half transparent
		Order:  drawable.Order{Layer: 1},                    // over layer 0
	})
	ghost := sprite(90, 10, drawable.Picture{Region: drawable.Frame("hero.yaml", "idle")})
	drawable.Hidden.Add(w, ghost)
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: 80, Y: 45}}) // world units are the 160×90 screen's pixels

	cache := render.NewCache(assets.New(docFiles)) // one per game
	r := render.New(cache, render.Options{})       // one per scene
	r.Draw(ebiten.NewImage(160, 90), w, 1)
	fmt.Printf("%+v %v\n", r.Stats(), cache.TakeErrors())
	// Output: {Items:4 Drawn:4 Culled:0 DrawCalls:1} []
}

// Example_hierarchy draws a child sprite on a turned and scaled parent:
// the renderer turns and scales each sprite by its entity's world pose
// (geom.WorldTransform), which systems.Transforms computes for children,
// on top of the sprite's own Rotation and Scale.
func Example_hierarchy() {
	w := world.New()
	if err := w.AddSystem(systems.Transforms()); err != nil {
		panic(err)
	}
	hull := world.Spawn3(w,
		geom.Position, geom.Vec2{X: 80, Y: 45},
		drawable.Sprite, drawable.Picture{Region: drawable.Frame("hero.yaml", "idle"), Origin: geom.Vec2{X: 0.5, Y: 0.5}},
		geom.WorldTransform, geom.Pose{Rotation: math.Pi / 2, Scale: geom.Vec2{X: 2, Y: 2}}) // a quarter turn, twice the size
	gun := w.Spawn(world.ChildOf.With(hull),
		systems.LocalTransform.With(systems.Transform{Offset: geom.Vec2{X: 6}}), // 6 units ahead of the hull, in its frame
		drawable.Sprite.With(drawable.Picture{Region: drawable.Frame("hero.yaml", "walk-1"), Origin: geom.Vec2{Y: 0.5}, Rotation: -math.Pi / 2}))
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: 80, Y: 45}})
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		panic(err)
	}
	pose := geom.WorldTransform.Require(w, gun)
	fmt.Printf("gun at %v, turned %.2f, scaled %v\n", *geom.Position.Require(w, gun), pose.Rotation, pose.Scale)

	r := render.New(render.NewCache(assets.New(docFiles)), render.Options{})
	r.Draw(ebiten.NewImage(160, 90), w, 1) // the gun: 16×16, turned by π/2 - π/2, pointing right
	fmt.Printf("%+v\n", r.Stats())
	// Output:
	// gun at {80 57}, turned 1.57, scaled {2 2}
	// {Items:2 Drawn:2 Culled:0 DrawCalls:1}
}

// Walker shows a walking hero, then waves once.
type Walker struct {
	scene.Base
	hero  world.Entity
	steps int
}

func (s *Walker) OnEnter() error {
	w := s.World()
	s.hero = world.Spawn3(w,
		geom.Position, geom.Vec2{},
		drawable.Sprite, drawable.Picture{},
		drawable.Animation, drawable.Play("hero.yaml", "walk")) // 20 frames a second: one every 3 steps
	return w.AddSystem(world.System{Name: "wave", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		fmt.Print(drawable.Sprite.Require(ctx.World, s.hero).Region.Frame, " ")
		for _, end := range drawable.AnimationEnds(ctx.World) { // this step's
			fmt.Printf("(%s ended) ", end.Clip)
		}
		if s.steps++; s.steps == 6 {
			drawable.Animation.Require(ctx.World, s.hero).Play("wave")
		}
		return nil
	}})
}

// Example_animation plays a clip of the sheet's walking frames, looped,
// then one played once, whose end systems hear of in the step it ends.
// The engine plays animations before each fixed step's systems, with or
// without a window.
func Example_animation() {
	run, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &Walker{}, Assets: docFiles}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	if err := run.RunSteps(12); err != nil {
		panic(err)
	}
	fmt.Println()
	// Output: walk-1 walk-1 walk-2 walk-2 walk-2 walk-3 idle idle walk-1 walk-1 walk-1 walk-1 (wave ended)
}

// Example_shapesAndText draws a figure of each kind and a label.
func Example_shapesAndText() {
	w := world.New()
	at := func(x, y float64) world.Entity { return world.Spawn1(w, geom.Position, geom.Vec2{X: x, Y: y}) }
	red := color.NRGBA{R: 255, A: 255}
	drawable.Shape.Add(w, at(10, 10), drawable.Rect(20, 10, red))
	drawable.Shape.Add(w, at(50, 15), drawable.Circle(6, red).Outline(1))
	drawable.Shape.Add(w, at(70, 10), drawable.Line(geom.Vec2{X: 20, Y: 10}, 2, red))
	drawable.Shape.Add(w, at(100, 10), drawable.Polygon(red, geom.Vec2{}, geom.Vec2{X: 10}, geom.Vec2{X: 5, Y: 8}))
	drawable.Text.Add(w, at(80, 60), drawable.Label{
		Text:  "Shapes and text, wrapped to 100 units",
		Font:  assets.PathOf("go.ttf"), // the zero Path is the built-in Go Regular
		Size:  12,
		Align: drawable.AlignCenter,
		Width: 100,
	})
	world.Spawn1(w, drawable.Camera, camera.Camera{Position: geom.Vec2{X: 80, Y: 45}})

	r := render.New(render.NewCache(assets.New(docFiles)), render.Options{})
	r.Draw(ebiten.NewImage(160, 90), w, 1)
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
			geom.Teleport(ctx.World, player) // drawn where it is until the next step
		}
		return nil
	}}
}

// Duel is a split-screen scene: a camera follows each player, and a
// minimap shows the whole level over them.
type Duel struct {
	scene.Base
	left, right, minimap world.Entity
}

func (s *Duel) OnEnter() error {
	w := s.World()
	one := world.Spawn1(w, geom.Position, geom.Vec2{X: 100, Y: 100})
	two := world.Spawn1(w, geom.Position, geom.Vec2{X: 900, Y: 500})
	level := geom.Rect(0, 0, 1000, 600)
	s.left = world.Spawn1(w, drawable.Camera, camera.Camera{Viewport: geom.Rect(0, 0, 160, 180), Follow: one, Bounds: level})
	s.right = world.Spawn1(w, drawable.Camera, camera.Camera{Viewport: geom.Rect(160, 0, 320, 180), Follow: two, Bounds: level})
	s.minimap = world.Spawn1(w, drawable.Camera, camera.Camera{
		Position:   geom.Vec2{X: 500, Y: 300},
		Viewport:   geom.Rect(250, 130, 316, 176),
		Zoom:       0.066,
		Background: color.NRGBA{A: 255},
		Depth:      1, // drawn after (over) depth 0
	})
	return nil
}

// Example_splitScreen runs the Duel scene a step, headless: the cameras
// are entities, which the engine moves after each fixed step, and
// CameraAt finds the one under the mouse.
func Example_splitScreen() {
	duel := &Duel{}
	cfg := engine.Config{Window: engine.WindowConfig{Width: 320, Height: 180}}
	run, err := engine.NewHeadless(cfg, engine.Game{First: duel}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	if err := run.RunSteps(1); err != nil {
		panic(err)
	}
	w := duel.World()
	mouse := geom.Vec2{X: 200, Y: 40}
	if e, cam, ok := drawable.CameraAt(w, mouse); ok {
		fmt.Println("mouse over the right half:", e == duel.right, "at world", cam.ScreenToWorld(mouse))
	}
	e, _, _ := drawable.CameraAt(w, geom.Vec2{X: 300, Y: 170})
	fmt.Println("corner is the minimap:", e == duel.minimap)
	// Output:
	// mouse over the right half: true at world {860 450}
	// corner is the minimap: true
}

// Example_errors checks the pictures a scene's data names, as a prefab
// library given the game's loader does when it loads, and shows that
// the renderer reports what it cannot draw once.
func Example_errors() {
	l := assets.New(docFiles)
	for _, r := range []drawable.Region{
		drawable.Frame("hero.yaml", "walk-1"),
		drawable.Frame("hero.yaml", "walk1"),
		drawable.Image("hero.jpg"),
	} {
		err := r.CheckAssets(l)
		fmt.Printf("%v: %v\n", r, errors.Is(err, drawable.ErrRegion))
	}

	w := world.New()
	for x := range 3 {
		world.Spawn2(w, geom.Position, geom.Vec2{X: float64(x)}, drawable.Sprite, drawable.Picture{Region: drawable.Frame("hero.yaml", "walk1")})
	}
	cache := render.NewCache(l)
	r := render.New(cache, render.Options{})
	for range 2 {
		r.Draw(ebiten.NewImage(16, 16), w, 1)
	}
	fmt.Println(cache.TakeErrors())
	// Output:
	// hero.yaml#walk-1: false
	// hero.yaml#walk1: true
	// hero.jpg: true
	// [render: sprite: atlas hero.yaml has no frame "walk1"]
}
