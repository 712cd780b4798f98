package assets_test

// The examples in this file are the Go snippets of docs/ASSETS.md,
// verbatim: internal/readmecheck fails when a snippet and its example
// differ.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

func Example_loader() {
	l := assets.New(os.DirFS("testdata")) // while developing; a shipped game passes its embed.FS
	hero, err := l.Image("hero.png")
	if err != nil {
		panic(err)
	}
	sheet, err := l.Atlas("hero.yaml") // names hero.png: the same cached image
	if err != nil {
		panic(err)
	}
	tiles, err := l.Grid("tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1})
	if err != nil {
		panic(err)
	}
	jump, err := l.Sound("jump.wav")
	if err != nil {
		panic(err)
	}
	font, err := l.Font("ui.ttf")
	if err != nil {
		panic(err)
	}
	fmt.Println(hero.Bounds(), sheet.Image() == hero, sheet.Len(), tiles.Len())
	fmt.Println(jump.Info().Duration, font.Format())
	// Output:
	// (0,0)-(48,16) true 3 8
	// 100ms TrueType
}

func Example_atlas() {
	l := assets.New(os.DirFS("testdata"))
	hero, err := l.Atlas("hero.yaml")
	if err != nil {
		panic(err)
	}
	jump, _ := hero.Lookup("jump") // look names up once, then draw by number
	fmt.Println(hero.Frame(jump), hero.Frame(0), hero.Name(0))

	tiles, err := l.Atlas("tiles.yaml") // grid: {w: 8, h: 8, margin: 1, spacing: 1, count: 6, names: [grass, water, sand]}
	if err != nil {
		panic(err)
	}
	water, _ := tiles.Lookup("water")
	fmt.Println(tiles.Len(), tiles.Frame(water), tiles.Frame(5))
	// Output:
	// (32,0)-(48,16) (0,0)-(16,16) idle-0
	// 6 (10,1)-(18,9) (10,10)-(18,18)
}

func Example_clips() {
	l := assets.New(os.DirFS("testdata"))
	hero, err := l.Atlas("hero.yaml")
	if err != nil {
		panic(err)
	}
	fmt.Println(hero.Clips())
	idle, _ := hero.Clip("idle") // look clips up once, as frames
	fmt.Println(idle.Frames, idle.FPS, idle.Mode, idle.Duration())
	for _, t := range []time.Duration{0, 300 * time.Millisecond, 600 * time.Millisecond} {
		frame, _ := idle.FrameAt(t) // a frame number, for hero.Frame
		fmt.Print(hero.Name(frame), " ")
	}
	jump, _ := hero.Clip("jump")
	_, ended := jump.FrameAt(time.Second)
	fmt.Println(jump.Mode, ended)

	tiles, err := l.Atlas("tiles.yaml") // clips: waves: {frames: [water, 4, 5], fps: 2, mode: pingpong}
	if err != nil {
		panic(err)
	}
	waves, _ := tiles.Clip("waves")
	fmt.Println(waves.Frames, waves.Mode, waves.Duration())
	// Output:
	// [idle jump]
	// [0 1] 4 loop 500ms
	// idle-0 idle-1 idle-0 once true
	// [1 4 5] pingpong 2s
}

func Example_data() {
	type Player struct{ Speed, Jump float64 }
	type Tuning struct {
		Player  Player
		Gravity float64
		Enemies []string
		Lives   int `yaml:"lives"` // not in the file: keeps its default
	}
	l := assets.New(os.DirFS("testdata"))
	tuning := Tuning{Lives: 3}
	if err := l.Decode("tuning.yaml", &tuning); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", tuning)
	// Output: {Player:{Speed:90 Jump:210} Gravity:600 Enemies:[goblin orc] Lives:3}
}

func Example_batch() {
	l := assets.New(os.DirFS("testdata"))
	b := l.Batch().
		Add(assets.KindAtlas, "hero.yaml", "tiles.yaml").
		Add(assets.KindSound, "jump.wav", "theme.ogg").
		Add(assets.KindData, "tuning.yaml", "levels.yaml")
	ctx, cancel := context.WithCancel(context.Background()) // cancel() stops the batch
	defer cancel()
	results, err := b.Load(ctx, func(done, total int) {
		// a loading screen moves its bar; this runs on Load's goroutine
	})
	for _, r := range results {
		fmt.Printf("%-5v %-11s %T\n", r.Kind, r.Path, r.Asset)
	}
	fmt.Println(err)
	// Output:
	// atlas hero.yaml   *assets.Atlas
	// atlas tiles.yaml  *assets.Atlas
	// sound jump.wav    *assets.Sound
	// sound theme.ogg   *assets.Sound
	// data  tuning.yaml *assets.Data
	// data  levels.yaml <nil>
	// levels.yaml: file does not exist
}

func Example_hotReload() {
	type Tuning struct{ Speed float64 }
	dir, _ := os.MkdirTemp("", "assets")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "tuning.yaml")
	os.WriteFile(file, []byte("speed: 90\n"), 0o644)

	l := assets.New(os.DirFS(dir))
	data, err := l.Data("tuning.yaml")
	if err != nil {
		panic(err)
	}
	var tuning Tuning
	if err := data.Bind(&tuning); err != nil { // decoded now and after every reload
		panic(err)
	}
	watch := l.Watch(0) // a game passes 500 * time.Millisecond or so
	for step := range 3 {
		if step == 1 { // a designer saves a change, then a mistake
			os.WriteFile(file, []byte("speed: 120\n"), 0o644)
		} else if step == 2 {
			os.WriteFile(file, []byte("speed: fast\n"), 0o644)
		}
		if r, ok := watch.Poll(); ok { // between steps, never during one
			fmt.Println("reload:", r.Paths, r.Err)
		}
		fmt.Println("step", step, "speed", tuning.Speed, "generation", data.Generation())
	}
	// Output:
	// step 0 speed 90 generation 1
	// reload: [tuning.yaml] <nil>
	// step 1 speed 120 generation 2
	// reload: [] tuning.yaml:1:8: cannot decode the string "fast" into float64
	// step 2 speed 120 generation 2
}

func Example_errors() {
	files := fstest.MapFS{
		"hero.png": {Data: pngFile(48, 16)},
		"hero.yaml": {Data: []byte(`image: hero.png
frames:
  idle: {x: 0, y: 0, w: 16, h: 16}
  run-0: {x: 48, y: 0, w: 16, h: 16}
  run-1: {x: 16, y: 0, w: 16, h: 16, pivot: 8}
`)},
	}
	_, err := assets.New(files).Atlas("hero.yaml")
	fmt.Println(err)
	for _, e := range assets.Errors(err) {
		fmt.Println(e.Line, e.Col, errors.Is(e, assets.ErrBounds), errors.Is(e, assets.ErrUnknownField))
	}
	// Output:
	// hero.yaml:4:3: frame "run-0" (48,0)-(64,16) is outside the image hero.png (0,0)-(48,16)
	// hero.yaml:5:38: frame "run-1": unknown key "pivot" (keys: x, y, w, h)
	// 4 3 true false
	// 5 38 false true
}
