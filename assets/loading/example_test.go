package loading_test

import (
	"fmt"
	"image/color"
	"os"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/assets/loading"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Title is the scene after loading; its assets are in the loader's cache.
type Title struct {
	scene.Base
	Assets *assets.Loader
}

func (t *Title) OnEnter() error {
	hero, err := t.Assets.Atlas("hero.yaml") // from the cache: no file is read
	if err != nil {
		return err
	}
	fmt.Println("title: hero has", hero.Len(), "frames")
	return nil
}

func ExampleScene() {
	l := assets.New(os.DirFS("../testdata")) // a game's embed.FS
	batch := l.Batch().
		Add(assets.KindAtlas, "hero.yaml", "tiles.yaml").
		Add(assets.KindSound, "jump.wav").
		Add(assets.KindFont, "ui.ttf")
	first := loading.New(batch, &Title{Assets: l})
	first.Bar = loading.Bar{X: 60, Y: 86, W: 200} // centred on a 320x180 screen

	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: first}, engine.HeadlessOptions{}) // window.Run in a game
	if err != nil {
		panic(err)
	}
	defer h.Close()
	if err := h.RunUntil(func() bool { _, ok := h.Scenes().Top().(*Title); return ok }); err != nil {
		panic(err)
	}
	done, total := first.Progress()
	fmt.Println("loaded", done, "of", total, "err:", first.Err())
	// Output:
	// title: hero has 3 frames
	// loaded 4 of 4 err: <nil>
}

func ExampleBar() {
	l := assets.New(os.DirFS("../testdata"))
	s := loading.New(l.Batch().Add(assets.KindImage, "hero.png"), nil)
	s.Bar = loading.Bar{X: 8, Y: 8, W: 100, H: 4, Fill: color.RGBA{0x40, 0xc0, 0x40, 0xff}} // Back and Fail: DefaultBar's

	m := scene.NewManager() // what the engine does, by hand
	m.Replace(s)
	m.Apply()
	w := s.World()
	for e, f := range world.Query1(w, drawable.Shape) { // the background, then the fill over it
		p, _ := geom.Position.Get(w, e)
		fmt.Println(*p, f.Size, f.Color, "z", f.Z, "on the screen:", w.Has(e, drawable.Screen))
	}
	m.Close()
	m.Apply()
	// Output:
	// {8 8} {100 4} {48 48 48 255} z 0 on the screen: true
	// {8 8} {0 4} {64 192 64 255} z 1 on the screen: true
}
