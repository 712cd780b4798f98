package loading_test

import (
	"context"
	"fmt"

	"github.com/tessera-engine/tessera/assets/loading"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

type HP struct{ Now, Max int }

var HPC = world.DefineComponent[HP]("HP")

// Play is the scene a saved game continues in: it puts the prepared save
// in place in its world when entered.
type Play struct {
	scene.Base
	Save *save.Prepared
}

func (p *Play) OnEnter() error {
	info, err := p.Save.Commit(p.World())
	fmt.Println("play: step", info.Clock.Step, "with", p.World().Len(), "entities")
	return err
}

// ExampleScene_save shows a saved game loading: the scene's Task prepares
// the save off the game loop, reporting the load's progress to the bar,
// and the next scene commits it.
func ExampleScene_save() {
	lib := prefab.NewLibrary(prefab.Component(HPC))
	if err := lib.LoadBytes("monsters.yaml", []byte("slime:\n  components:\n    HP: {now: 3, max: 3}\n")); err != nil {
		panic(err)
	}
	codec, err := save.New(lib, save.Component(HPC))
	if err != nil {
		panic(err)
	}
	saved := world.New() // the game that was saved: 5000 slimes, one hurt
	for range 5000 {
		lib.Spawn(saved, "slime", nil)
	}
	HPC.Require(saved, saved.Entities()[7]).Now = 1
	data, err := codec.Save(saved, save.SaveOptions{Format: save.Compact, Clock: save.Clock{Step: 900}})
	if err != nil {
		panic(err)
	}

	play := &Play{}
	first := &loading.Scene{Next: play}
	first.Task = func(ctx context.Context, progress func(done, total int)) error {
		p, err := codec.Prepare(ctx, data, save.LoadOptions{Slice: 500, Progress: func(p save.Progress) {
			progress(int(p.Fraction*1000), 1000) // the bar shows the fraction
		}})
		play.Save = p // read by Play.OnEnter, after the scene has seen the task end
		return err
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: first}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	defer h.Close()
	if err := h.RunUntil(func() bool { return h.Scenes().Top() == play }); err != nil {
		panic(err)
	}
	done, total := first.Progress()
	fmt.Println("loaded", done, "of", total, "err:", first.Err(), "same world:", play.World().Hash() == saved.Hash())
	// Output:
	// play: step 900 with 5000 entities
	// loaded 1000 of 1000 err: <nil> same world: true
}
