package assets_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

func ExampleNew() {
	l := assets.New(os.DirFS("testdata")) // a shipped game passes its embed.FS
	hero, err := l.Image("hero.png")
	if err != nil {
		panic(err)
	}
	again, _ := l.Image("./sprites/../hero.png") // the same cleaned path: from the cache
	fmt.Println(hero.Path(), hero.Bounds(), again == hero)
	// Output: hero.png (0,0)-(48,16) true
}

func ExampleLoader() {
	l := assets.New(os.DirFS("testdata"))
	l.Image("hero.png")
	l.Grid("tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1})
	l.Data("tuning.yaml")
	for _, r := range l.Loaded() {
		fmt.Println(r)
	}
	// Output:
	// image hero.png
	// image tiles.png
	// atlas tiles.png (grid 8x8)
	// data tuning.yaml
}

func ExampleKind() {
	fmt.Println(assets.KindImage, assets.KindAtlas, assets.KindFont, assets.KindSound, assets.KindData)
	// Output: image atlas font sound data
}

func ExampleRequest() {
	r := assets.Request{Kind: assets.KindAtlas, Path: "tiles.png", Grid: &assets.Grid{W: 8, H: 8}}
	fmt.Println(r)
	// Output: atlas tiles.png (grid 8x8)
}

func ExampleImage() {
	l := assets.New(os.DirFS("testdata"))
	hero, err := l.Image("hero.png")
	if err != nil {
		panic(err)
	}
	img := hero.Image() // an image.Image; package render makes an ebitengine image of it
	fmt.Printf("%T %v, generation %d\n", img, img.Bounds(), hero.Generation())
	// Output: *image.RGBA (0,0)-(48,16), generation 1
}

func ExampleAtlas() {
	l := assets.New(os.DirFS("testdata"))
	hero, err := l.Atlas("hero.yaml") // image: hero.png, frames: idle-0, idle-1, jump
	if err != nil {
		panic(err)
	}
	i, ok := hero.Lookup("jump")
	fmt.Println(hero.Len(), "frames of", hero.Image().Path())
	fmt.Println("jump is frame", i, ok, hero.Frame(i))
	for i := range hero.Len() {
		fmt.Println(i, hero.Name(i), hero.Frame(i))
	}
	// Output:
	// 3 frames of hero.png
	// jump is frame 2 true (32,0)-(48,16)
	// 0 idle-0 (0,0)-(16,16)
	// 1 idle-1 (16,0)-(32,16)
	// 2 jump (32,0)-(48,16)
}

func ExampleAtlas_Clip() {
	l := assets.New(os.DirFS("testdata"))
	hero, err := l.Atlas("hero.yaml") // clips: idle: {frames: [idle-0, idle-1], fps: 4}, jump: ...
	if err != nil {
		panic(err)
	}
	idle, ok := hero.Clip("idle")
	fmt.Println(idle.Name, ok, idle.Frames, idle.FPS, idle.Mode)
	_, ok = hero.Clip("run")
	fmt.Println(ok, hero.Clips())
	// Output:
	// idle true [0 1] 4 loop
	// false [idle jump]
}

func ExampleClip_FrameAt() {
	c := assets.Clip{Frames: []int{7, 8, 9}, FPS: 10, Mode: assets.ClipPingPong}
	for t := time.Duration(0); t < 600*time.Millisecond; t += 100 * time.Millisecond {
		frame, _ := c.FrameAt(t)
		fmt.Print(frame, " ")
	}
	fmt.Println()
	// Output: 7 8 9 8 7 8
}

func ExampleGrid() {
	l := assets.New(os.DirFS("testdata"))
	tiles, err := l.Grid("tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1, Count: 6, Names: []string{"grass", "water"}})
	if err != nil {
		panic(err)
	}
	water, _ := tiles.Lookup("water")
	fmt.Println(tiles.Len(), "tiles; water:", tiles.Frame(water), "last:", tiles.Frame(tiles.Len()-1))
	// Output: 6 tiles; water: (10,1)-(18,9) last: (10,10)-(18,18)
}

func ExampleFont() {
	l := assets.New(os.DirFS("testdata"))
	f, err := l.Font("ui.ttf")
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Format(), f.Faces(), len(f.Bytes()), "bytes") // render makes text/v2 faces of the bytes
	// Output: TrueType 1 340 bytes
}

func ExampleFontFormat() {
	fmt.Println(assets.FontTrueType, assets.FontOpenType, assets.FontCollection)
	// Output: TrueType OpenType collection
}

func ExampleSound() {
	l := assets.New(os.DirFS("testdata"))
	for _, name := range []string{"jump.wav", "theme.ogg"} {
		s, err := l.Sound(name)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %+v\n", s.Path(), s.Info())
	}
	// Output:
	// jump.wav: {Format:WAV Channels:1 SampleRate:8000 BitsPerSample:16 Duration:100ms}
	// theme.ogg: {Format:Ogg Vorbis Channels:1 SampleRate:44100 BitsPerSample:0 Duration:0s}
}

func ExampleSoundFormat() {
	fmt.Println(assets.SoundWAV, "and", assets.SoundVorbis)
	// Output: WAV and Ogg Vorbis
}

func ExampleSoundInfo() {
	l := assets.New(os.DirFS("testdata"))
	s, _ := l.Sound("jump.wav")
	info := s.Info()
	fmt.Println(info.Format, info.Channels, "channel,", info.SampleRate, "Hz,", info.BitsPerSample, "bits,", info.Duration)
	// Output: WAV 1 channel, 8000 Hz, 16 bits, 100ms
}

func ExampleData() {
	type Tuning struct {
		Player struct {
			Speed, Jump float64
		}
		Gravity float64
		Enemies []string
		Debug   bool `yaml:"debug"`
	}
	l := assets.New(os.DirFS("testdata"))
	d, err := l.Data("tuning.yaml")
	if err != nil {
		panic(err)
	}
	tuning := Tuning{Debug: true} // a default: the file does not set debug
	if err := d.Decode(&tuning); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", tuning)
	// Output: {Player:{Speed:90 Jump:210} Gravity:600 Enemies:[goblin orc] Debug:true}
}

func ExampleData_Bind() {
	type Tuning struct{ Speed float64 }
	files := fstest.MapFS{"tuning.yaml": {Data: []byte("speed: 90\n")}}
	l := assets.New(files)
	d, _ := l.Data("tuning.yaml")
	var tuning Tuning
	if err := d.Bind(&tuning); err != nil {
		panic(err)
	}
	fmt.Println(tuning.Speed)

	files["tuning.yaml"] = &fstest.MapFile{Data: []byte("speed: 120\n")} // a designer saves a change

	r := l.Reload() // between steps
	fmt.Println(r.Paths, tuning.Speed, d.Generation())
	// Output:
	// 90
	// [tuning.yaml] 120 2
}

func ExampleBatch() {
	l := assets.New(os.DirFS("testdata"))
	b := l.Batch().
		Add(assets.KindImage, "hero.png", "tiles.png").
		Add(assets.KindAtlas, "hero.yaml").
		Add(assets.KindSound, "jump.wav")
	b.Workers = 1 // one at a time: progress in request order
	var steps []string
	results, err := b.Load(context.Background(), func(done, total int) {
		steps = append(steps, fmt.Sprintf("%d/%d", done, total)) // a loading scene moves its bar
	})
	fmt.Println(steps)
	if err != nil {
		panic(err)
	}
	for _, r := range results {
		fmt.Printf("%v: %T\n", r.Request, r.Asset)
	}
	// Output:
	// [0/4 1/4 2/4 3/4 4/4]
	// image hero.png: *assets.Image
	// image tiles.png: *assets.Image
	// atlas hero.yaml: *assets.Atlas
	// sound jump.wav: *assets.Sound
}

func ExampleResult() {
	l := assets.New(os.DirFS("testdata"))
	results, err := l.Batch().Add(assets.KindImage, "hero.png", "villain.png").Load(context.Background(), nil)
	for _, r := range results {
		fmt.Println(r.Path, r.Asset != nil, r.Err)
	}
	fmt.Println(errors.Is(err, assets.ErrNotFound))
	// Output:
	// hero.png true <nil>
	// villain.png false villain.png: file does not exist
	// true
}

func ExampleReload() {
	files := fstest.MapFS{"hero.png": {Data: pngFile(16, 16)}}
	l := assets.New(files)
	hero, _ := l.Image("hero.png")

	files["hero.png"] = &fstest.MapFile{Data: pngFile(32, 16)}
	r := l.Reload()
	fmt.Println(r.Paths, r.Err, hero.Bounds(), hero.Generation()) // the same handle, new pixels

	files["hero.png"] = &fstest.MapFile{Data: []byte("not a PNG any more")}
	r = l.Reload()
	fmt.Println(r.Paths, r.Err, hero.Bounds()) // the old image stays
	// Output:
	// [hero.png] <nil> (0,0)-(32,16) 2
	// [] hero.png: not a PNG file (the loader decodes PNG only) (0,0)-(32,16)
}

func ExampleWatcher() {
	dir, _ := os.MkdirTemp("", "assets")
	defer os.RemoveAll(dir)
	os.WriteFile(dir+"/speed.yaml", []byte("90\n"), 0o644)

	l := assets.New(os.DirFS(dir))
	d, _ := l.Data("speed.yaml")
	var speed int
	d.Bind(&speed)
	watch := l.Watch(0) // a game passes 500 * time.Millisecond or so
	for step := range 3 {
		if step == 1 {
			os.WriteFile(dir+"/speed.yaml", []byte("120\n"), 0o644)
		}
		if r, ok := watch.Poll(); ok { // between steps, never during one
			fmt.Println("reloaded", r.Paths)
		}
		fmt.Println("step", step, "speed", speed)
	}
	// Output:
	// step 0 speed 90
	// reloaded [speed.yaml]
	// step 1 speed 120
	// step 2 speed 120
}

func ExampleLoadError() {
	type Tuning struct{ Speed, Gravity float64 }
	files := fstest.MapFS{"tuning.yaml": {Data: []byte("speed: 90\nsped: 12\ngravity: strong\n")}}
	var tuning Tuning
	err := assets.New(files).Decode("tuning.yaml", &tuning)
	for _, e := range assets.Errors(err) {
		fmt.Printf("%s line %d col %d: %v (unknown field: %v)\n", e.Path, e.Line, e.Col, e, errors.Is(e, assets.ErrUnknownField))
	}
	// Output:
	// tuning.yaml line 2 col 1: tuning.yaml:2:1: unknown field "sped" in assets_test.Tuning (unknown field: true)
	// tuning.yaml line 3 col 10: tuning.yaml:3:10: cannot decode the string "strong" into float64 (unknown field: false)
}
