package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

type rvEScene struct {
	scene.Base
	name string
	env  *rvEnv
}

type rvEnv struct {
	t       *testing.T
	rng     *rand.Rand
	h       *engine.Headless
	scenes  []*rvEScene
	enters  map[scene.Scene]int
	exits   map[scene.Scene]int
	model   []scene.Scene
	budget  int
	log     []string
	errSeen map[error]int // EventError count per error value
	changeE []error       // leaves of Change.Err reported
	apply   bool          // callbacks may call Scenes().Apply()
}

func (s *rvEScene) String() string { return s.name }
func (s *rvEScene) OnEnter() error {
	s.env.enters[s]++
	s.env.act(s.name+".enter", true)
	if s.env.rng.IntN(8) == 0 {
		return errors.New("enter failed " + s.name)
	}
	return nil
}
func (s *rvEScene) OnExit() {
	s.env.exits[s]++
	s.env.act(s.name+".exit", true)
}
func (s *rvEScene) FixedUpdate(float64) { s.env.act(s.name+".fixed", false) }

func (v *rvEnv) act(where string, lifecycle bool) {
	for range v.rng.IntN(3) {
		if v.budget <= 0 {
			return
		}
		v.budget--
		m := v.h.Scenes()
		switch v.rng.IntN(10) {
		case 0, 1:
			t := v.scenes[v.rng.IntN(len(v.scenes))]
			v.log = append(v.log, "  "+where+": Push "+t.name)
			m.Push(t)
		case 2:
			t := v.scenes[v.rng.IntN(len(v.scenes))]
			v.log = append(v.log, "  "+where+": Replace "+t.name)
			m.Replace(t)
		case 3:
			v.log = append(v.log, "  "+where+": Pop")
			m.Pop()
		case 4:
			if v.rng.IntN(4) == 0 {
				v.log = append(v.log, "  "+where+": engine Close")
				v.h.Close()
			}
		case 5:
			v.log = append(v.log, "  "+where+": manager Close")
			m.Close()
		case 6:
			if lifecycle {
				v.log = append(v.log, "  "+where+": panic")
				panic("panic in " + where)
			}
		case 7:
			if v.apply && lifecycle {
				v.log = append(v.log, "  "+where+": Apply")
				m.Apply()
			}
		}
	}
}

func rvEName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*rvEScene).name
}

func (v *rvEnv) top() scene.Scene {
	if len(v.model) == 0 {
		return nil
	}
	return v.model[len(v.model)-1]
}

func (v *rvEnv) onEvent(ev engine.Event) {
	switch ev.Kind {
	case engine.EventError:
		v.errSeen[ev.Err]++
	case engine.EventScene:
		c := ev.Change
		v.log = append(v.log, fmt.Sprintf("EventScene %v %s -> %s", c.Kind, rvEName(c.From), rvEName(c.To)))
		if c.From != v.top() {
			v.t.Errorf("EventScene %v %s->%s: From is not the replayed top", c.Kind, rvEName(c.From), rvEName(c.To))
		}
		switch c.Kind {
		case scene.Pushed:
			v.model = append(v.model, c.To)
		case scene.Replaced:
			if len(v.model) > 0 {
				v.model = v.model[:len(v.model)-1]
			}
			v.model = append(v.model, c.To)
		case scene.Popped:
			if len(v.model) > 0 {
				v.model = v.model[:len(v.model)-1]
			}
		}
		var ls []error
		var walk func(error)
		walk = func(err error) {
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				for _, e := range j.Unwrap() {
					walk(e)
				}
			} else if err != nil {
				ls = append(ls, err)
			}
		}
		walk(c.Err)
		v.changeE = append(v.changeE, ls...)
		if v.budget > 0 && v.rng.IntN(15) == 0 {
			v.budget--
			v.log = append(v.log, "  subscriber: engine Close")
			v.h.Close()
		}
	}
}

func (v *rvEnv) check(op string) bool {
	got := slices.Collect(v.h.Scenes().All())
	ok := true
	if !slices.Equal(got, v.model) {
		v.t.Errorf("after %s: stack %v, replayed EventScene %v", op, got, v.model)
		ok = false
	}
	for _, s := range v.scenes {
		on := 0
		if slices.Contains(got, scene.Scene(s)) {
			on = 1
		}
		if d := v.enters[s] - v.exits[s]; d != on {
			v.t.Errorf("after %s: %s entered %d exited %d, on stack %v", op, s.name, v.enters[s], v.exits[s], on == 1)
			ok = false
		}
	}
	for _, e := range v.changeE {
		if n := v.errSeen[e]; n != 1 {
			v.t.Errorf("after %s: change error %v sent as EventError %d times", op, e, n)
			ok = false
		}
	}
	return ok
}

func runEngineModel(t *testing.T, seed uint64, apply bool) bool {
	v := &rvEnv{t: t, rng: rand.New(rand.NewPCG(seed, 99)), enters: map[scene.Scene]int{}, exits: map[scene.Scene]int{}, errSeen: map[error]int{}, apply: apply}
	for i := range 5 {
		v.scenes = append(v.scenes, &rvEScene{name: string(rune('a' + i)), env: v})
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: v.scenes[0]}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v.h = h
	h.Events().Subscribe(v.onEvent)
	fail := func(op string) bool {
		if !v.check(op) || t.Failed() {
			t.Logf("seed %d log:\n%s", seed, strings.Join(v.log, "\n"))
			return true
		}
		return false
	}
	for step := 0; step < 30 && !h.Done(); step++ {
		v.budget = 10
		op := fmt.Sprintf("step %d", step)
		v.log = append(v.log, "== "+op)
		h.RunSteps(1)
		if fail(op) {
			return false
		}
	}
	v.budget = 10
	v.log = append(v.log, "== final Close")
	h.Close()
	if fail("final Close") {
		return false
	}
	if h.Scenes().Len() != 0 {
		t.Errorf("seed %d: %d scenes left after the engine's Close\nlog:\n%s", seed, h.Scenes().Len(), strings.Join(v.log, "\n"))
		return false
	}
	return true
}

// The engine under random scene changes and closes (no Apply from
// callbacks): EventScene replays the stack, enters and exits balance, each
// change error is sent once.
func TestSceneEngineRandom(t *testing.T) {
	for seed := range uint64(3000) {
		if !runEngineModel(t, seed, false) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

// Same, with scenes' OnEnter/OnExit also calling Scenes().Apply().
func TestSceneEngineRandomWithApply(t *testing.T) {
	for seed := range uint64(3000) {
		if !runEngineModel(t, seed, true) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

// The engine's Close at the end of a run (window runtime, `defer
// h.Close()`) with a scene whose OnExit queues a change and applies it:
// nothing enters during the Close, and subscribers can rebuild the stack
// from the scene events.
func TestSceneEngineCloseOnExitApply(t *testing.T) {
	a, b, c := &exitHookScene{}, &exitHookScene{}, &exitHookScene{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: a}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[scene.Scene]string{a: "a", b: "b", c: "c", nil: "nil"}
	var stack []scene.Scene
	var log []string
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind != engine.EventScene {
			return
		}
		ch := ev.Change
		log = append(log, fmt.Sprintf("%v %s->%s", ch.Kind, names[ch.From], names[ch.To]))
		var top scene.Scene
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if ch.From != top {
			t.Errorf("EventScene %v %s->%s: From is not the top the events built", ch.Kind, names[ch.From], names[ch.To])
		}
		switch ch.Kind {
		case scene.Pushed:
			stack = append(stack, ch.To)
		case scene.Replaced:
			stack = append(stack[:max(len(stack)-1, 0)], ch.To)
		case scene.Popped:
			stack = stack[:len(stack)-1]
		}
	})
	h.RunSteps(1)
	h.Scenes().Push(b)
	h.RunSteps(1)
	b.onExit = func() {
		b.Scenes().Push(c)
		b.Scenes().Apply()
	}
	h.Close()
	t.Logf("EventScene: %q", log)
	if len(stack) != 0 || h.Scenes().Len() != 0 {
		t.Errorf("after Close: events built %d scenes, manager has %d", len(stack), h.Scenes().Len())
	}
}

type rvQuitScene struct {
	scene.Base
	name          string
	fixed         func()
	onExit        func()
	enters, exits int
}

func (s *rvQuitScene) OnEnter() error { s.enters++; return nil }
func (s *rvQuitScene) OnExit() {
	s.exits++
	if f := s.onExit; f != nil {
		s.onExit = nil
		f()
	}
}
func (s *rvQuitScene) FixedUpdate(float64) {
	if f := s.fixed; f != nil {
		s.fixed = nil
		f()
	}
}

// Engine.Close from a step (a "quit" system, FixedUpdate, or an
// EventScene subscriber) whose leaving scene's OnExit queues a change (a
// level pushing its game-over screen): the change is never made, so no
// scene is left entered in a closed engine.
func TestSceneEngineAppliesAfterClose(t *testing.T) {
	level, over := &rvQuitScene{name: "level"}, &rvQuitScene{name: "over"}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: level}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	level.onExit = func() { level.Scenes().Push(over) }
	level.fixed = func() { h.Close() } // quit
	h.RunSteps(3)
	h.Close()
	if !h.Done() {
		t.Fatal("not done after Close")
	}
	if over.enters != over.exits || h.Scenes().Len() != 0 {
		t.Errorf("after the engine closed: over entered %d, exited %d; %d scenes on the stack", over.enters, over.exits, h.Scenes().Len())
	}
}
