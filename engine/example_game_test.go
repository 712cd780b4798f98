package engine_test

import (
	"fmt"
	"testing/fstest"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Level loads its tuning through the engine's loader when it is entered,
// and asks for a sound when its timer rings.
type Level struct {
	scene.Base
	Tuning struct{ Ring int } // steps between rings, from levels/tuning.yaml
}

func (l *Level) OnEnter() error {
	if err := engine.AssetsOf(l.World()).Decode("levels/tuning.yaml", &l.Tuning); err != nil {
		return err
	}
	return l.World().AddSystem(world.System{Name: "bell", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if ctx.Step > 0 && ctx.Step%uint64(l.Tuning.Ring) == 0 {
			engine.PlaySound(ctx.World, "sounds/bell.wav")
		}
		return nil
	}})
}

// ExampleGame runs a game of one scene and its files headless: the scene
// finds the files through [engine.AssetsOf], and the sounds it asks for
// are listed, with the step that asked, for a test to check. In a window
// the same requests are played.
func ExampleGame() {
	files := fstest.MapFS{ // a game's embed.FS
		"levels/tuning.yaml": {Data: []byte("ring: 25\n")},
		"sounds/bell.wav":    {Data: nil}, // loaded only by a window's mixer
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &Level{}, Assets: files}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	defer h.Close()
	if err := h.RunSteps(60); err != nil {
		panic(err)
	}
	for _, s := range h.Sounds() {
		fmt.Println(s)
	}
	// Output:
	// effect sounds/bell.wav at step 25
	// effect sounds/bell.wav at step 50
}
