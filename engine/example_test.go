package engine_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

type Vec2 struct{ X, Y float64 }

var Position = world.DefineFields[Vec2]("Position")

// Falling is a scene whose one body falls at 10 pixels a second.
type Falling struct {
	scene.Base
	body world.Entity
}

func (s *Falling) OnEnter() error {
	s.body = s.World().Spawn(Position.With(Vec2{0, 0}))
	return s.World().AddSystem(world.System{Name: "fall", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		p, _ := Position.Get(ctx.World, s.body)
		p.Y += 10 * ctx.DT
		return nil
	}})
}

func ExampleHeadless() {
	s := &Falling{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	defer h.Close()
	if err := h.RunSteps(120); err != nil { // two simulated seconds at 60 Hz
		panic(err)
	}
	p, _ := Position.Get(s.World(), s.body)
	fmt.Printf("after %v: y = %.1f\n", h.Loop().Now(), p.Y)
	// Output:
	// after 2s: y = 20.0
}

// counter counts the loop's steps and frames.
type counter struct{ steps, frames int }

func (c *counter) FixedStep(*world.Context) bool { c.steps++; return true }
func (c *counter) Frame(*world.Context)          { c.frames++ }

func ExampleFixedLoop() {
	loop := engine.NewFixedLoop(50, 8) // 20 ms steps, at most 8 a frame
	var c counter
	for _, frame := range []time.Duration{10 * time.Millisecond, 30 * time.Millisecond, time.Second} {
		t := loop.Tick(frame, &c)
		fmt.Printf("%v frame: %d steps, alpha %.2f, %d dropped\n", frame, t.Steps, t.Alpha, t.Dropped)
	}
	// Output:
	// 10ms frame: 0 steps, alpha 0.50, 0 dropped
	// 30ms frame: 2 steps, alpha 0.00, 0 dropped
	// 1s frame: 8 steps, alpha 0.00, 42 dropped
}

// Jumper is a scene whose one system reads the jump action. The system
// declares its access: it reads the input and nothing else.
type Jumper struct{ scene.Base }

func (s *Jumper) OnEnter() error {
	return s.World().AddSystem(world.System{Name: "jump", Phase: world.Fixed,
		ReadsResources: []world.ResourceType{engine.InputResource},
		Run: func(ctx *world.Context) error {
			if engine.InputOf(ctx).JustPressed("jump") {
				fmt.Println("jump at step", ctx.Step)
			}
			return nil
		}})
}

func ExampleInputOf() {
	cfg := engine.Config{Input: engine.InputConfig{
		Actions: map[string][]string{"jump": {"Space", "GamepadA"}},
	}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: &Jumper{}}, engine.HeadlessOptions{Script: []engine.ScriptedInput{
		{Step: 3, Action: "jump", Down: true},
		{Step: 4, Action: "jump", Down: false},
		{Step: 8, Action: "jump", Down: true},
	}})
	if err != nil {
		panic(err)
	}
	defer h.Close()
	if err := h.RunSteps(10); err != nil {
		panic(err)
	}
	// Output:
	// jump at step 3
	// jump at step 8
}

// Flaky is a scene whose system fails at step 1 and whose next system
// runs all the same.
type Flaky struct{ scene.Base }

func (s *Flaky) OnEnter() error {
	w := s.World()
	return errors.Join(
		w.AddSystem(world.System{Name: "flaky", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			if ctx.Step == 1 {
				return errors.New("out of ammo")
			}
			return nil
		}}),
		w.AddSystem(world.System{Name: "next", Phase: world.Fixed, Run: func(ctx *world.Context) error {
			fmt.Println("next ran at step", ctx.Step)
			return nil
		}}),
	)
}

func ExampleEvents() {
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: &Flaky{}}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		switch ev.Kind {
		case engine.EventError:
			fmt.Printf("step %d: system %q (%v): %v\n", ev.Step, ev.System, ev.Phase, errors.Unwrap(ev.Err))
		case engine.EventScene:
			fmt.Println("scene:", ev.Change)
		}
	})
	if err := h.RunSteps(2); err != nil {
		panic(err)
	}
	if err := h.Close(); err != nil {
		panic(err)
	}
	// Output:
	// scene: replace <nil> -> *engine_test.Flaky
	// next ran at step 0
	// step 1: system "flaky" (fixed): out of ammo
	// next ran at step 1
	// scene: pop *engine_test.Flaky -> <nil>
}

// Scripted is a scene whose fixed system makes the scene requests of its
// script, each at its step.
type Scripted struct {
	scene.Base
	Name   string
	Script map[uint64]func(*scene.Manager)
}

func (s *Scripted) OnEnter() error {
	return s.World().AddSystem(world.System{Name: "script", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		if ask := s.Script[ctx.Step]; ask != nil {
			ask(s.Scenes())
		}
		return nil
	}})
}

func nameOf(s scene.Scene) string {
	if s == nil {
		return "-"
	}
	return s.(*Scripted).Name
}

func ExampleEngine_Scenes() {
	title := &Scripted{Name: "title"}
	menu := &Scripted{Name: "menu", Script: map[uint64]func(*scene.Manager){
		2: func(m *scene.Manager) { m.ReplaceAll(title) }, // "quit to title"
	}}
	level := &Scripted{Name: "level", Script: map[uint64]func(*scene.Manager){
		1: func(m *scene.Manager) { m.Push(&Scripted{Name: "pause"}); m.Push(menu) }, // made in order
	}}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: level}, engine.HeadlessOptions{})
	if err != nil {
		panic(err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventScene {
			fmt.Printf("step %d: %v %s -> %s\n", ev.Step, ev.Change.Kind, nameOf(ev.Change.From), nameOf(ev.Change.To))
		}
	})
	if err := h.RunSteps(4); err != nil {
		panic(err)
	}
	if err := h.Close(); err != nil {
		panic(err)
	}
	// Output:
	// step 0: replace - -> level
	// step 1: push level -> pause
	// step 1: push pause -> menu
	// step 2: pop menu -> pause
	// step 2: pop pause -> level
	// step 2: replace level -> title
	// step 4: pop title -> -
}

func ExampleLoadConfig() {
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args: []string{"-window.width", "800", "-loop.hz", "120"},
		Keys: []engine.Key{{Name: "game.lives", Default: 3, Min: 1, Max: 9, Usage: "lives at the start"}},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(cfg.Window.Width, cfg.Window.Height, cfg.Loop.Hz, cfg.Game["game.lives"])

	_, err = engine.LoadConfig(engine.LoadOptions{Args: []string{"-loop.max_steps", "0"}})
	fmt.Println(err)
	// Output:
	// 800 360 120 3
	// engine: config loop.max_steps from flag -loop.max_steps: out of range: 0 is not in [1, 1000]
}
