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
	"github.com/tessera-engine/tessera/world"
)

// The engine's randomized model test: scenes whose systems, FixedUpdate,
// OnEnter and OnExit, and an event subscriber, ask for random scene
// changes, close the manager or the engine, call Apply and panic. What
// the events tell must be what happened: replaying the scene events
// rebuilds the stack; each change's failures come as error events just
// before its scene event, each once; enters and exits balance; the input
// is the top scene's, and no left scene's; no step runs once the engine is closed, and a
// Close between frames returns exactly the failures it reported.

type mEScene struct {
	scene.Base
	name          string
	v             *mEnv
	enters, exits int
}

func (s *mEScene) String() string { return s.name }

func (s *mEScene) OnEnter() error {
	s.enters++
	s.v.act(s.name+".OnEnter", true)
	if s.v.rng.IntN(8) == 0 {
		return errors.New("enter failed: " + s.name)
	}
	return s.World().AddSystem(world.System{Name: "act", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		s.v.stepRan(ctx.Step)
		s.v.act(s.name+".system", false)
		return nil
	}})
}

func (s *mEScene) OnExit() {
	s.exits++
	s.v.act(s.name+".OnExit", true)
}

func (s *mEScene) FixedUpdate(float64) { s.v.act(s.name+".FixedUpdate", false) }

type mEnv struct {
	t        *testing.T
	rng      *rand.Rand
	h        *engine.Headless
	scenes   []*mEScene
	model    []scene.Scene // the stack the scene events tell
	budget   int
	log      []string
	errs     []error       // error events since the last scene event
	sent     map[error]int // error events per error value
	changed  []error       // the failures of the changes reported
	all      []error       // every error event, for the final Close
	lastStep int64         // the last step a system ran in, or -1
	closing  bool          // a Close was asked for
	endedAt  int64         // the last step that may run once closing
}

func (v *mEnv) logf(format string, args ...any) { v.log = append(v.log, fmt.Sprintf(format, args...)) }

func (v *mEnv) stepRan(step uint64) {
	if v.closing && int64(step) > v.endedAt {
		v.t.Errorf("step %d ran after the engine closed in step %d", step, v.endedAt)
	}
	v.lastStep = int64(step)
}

// closed notes that a Close was asked for: no step may run after the
// one in progress, if any.
func (v *mEnv) closed() {
	if !v.closing {
		v.closing, v.endedAt = true, v.lastStep
	}
}

// act asks for up to two random things; lifecycle callbacks may also
// panic and Apply.
func (v *mEnv) act(where string, lifecycle bool) {
	for range v.rng.IntN(3) {
		if v.budget <= 0 {
			return
		}
		v.budget--
		m := v.h.Scenes()
		t := v.scenes[v.rng.IntN(len(v.scenes))]
		switch v.rng.IntN(16) {
		case 0, 1, 2, 3:
			v.logf("  %s: Push %s", where, t.name)
			m.Push(t)
		case 4, 5, 6:
			v.logf("  %s: Replace %s", where, t.name)
			m.Replace(t)
		case 7:
			v.logf("  %s: Pop", where)
			m.Pop()
		case 8:
			if v.rng.IntN(3) == 0 {
				v.logf("  %s: PopAll", where)
				m.PopAll()
			}
		case 13:
			v.logf("  %s: ReplaceAll %s", where, t.name)
			m.ReplaceAll(t)
		case 9:
			if v.rng.IntN(5) == 0 {
				v.logf("  %s: engine Close", where)
				v.closed()
				if err := v.h.Close(); err != nil {
					v.t.Errorf("%s: Engine.Close() inside the loop = %v, want nil", where, err)
				}
			}
		case 10:
			if v.rng.IntN(5) == 0 {
				v.logf("  %s: manager Close", where)
				v.closed()
				m.Close()
			}
		case 11:
			if lifecycle {
				v.logf("  %s: panic", where)
				panic("panic in " + where)
			}
		case 12:
			if lifecycle {
				v.logf("  %s: Apply", where)
				if err := m.Apply(); err != nil {
					v.t.Errorf("%s: a nested Apply returned %v", where, err)
				}
			}
		}
	}
}

func mEName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*mEScene).name
}

func (v *mEnv) onEvent(ev engine.Event) {
	switch ev.Kind {
	case engine.EventError:
		v.errs = append(v.errs, ev.Err)
		v.all = append(v.all, ev.Err)
		v.sent[ev.Err]++
	case engine.EventScene:
		c := ev.Change
		v.logf("EventScene %v %s -> %s", c.Kind, mEName(c.From), mEName(c.To))
		var top scene.Scene
		if n := len(v.model); n > 0 {
			top = v.model[n-1]
		}
		if c.From != top {
			v.t.Errorf("EventScene %v %s->%s: From is not the replayed top", c.Kind, mEName(c.From), mEName(c.To))
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
		default:
			v.t.Errorf("EventScene of kind %v", c.Kind)
		}
		var leaves []error
		eachErr(c.Err, func(e error) { leaves = append(leaves, e) })
		if n := len(v.errs); n < len(leaves) || !slices.Equal(v.errs[n-len(leaves):], leaves) {
			v.t.Errorf("EventScene %v: its failures %v are not the error events just before it %v", c, leaves, v.errs)
		}
		v.changed = append(v.changed, leaves...)
		v.errs = v.errs[:0]
		if v.budget > 0 && v.rng.IntN(10) == 0 {
			v.act("subscriber", false)
		}
	}
}

func eachErr(err error, fn func(error)) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			eachErr(e, fn)
		}
		return
	}
	if err != nil {
		fn(err)
	}
}

func (v *mEnv) check(op string) bool {
	got := slices.Collect(v.h.Scenes().All())
	ok := true
	fail := func(format string, args ...any) {
		v.t.Errorf("after %s: "+format, append([]any{op}, args...)...)
		ok = false
	}
	if !slices.Equal(got, v.model) {
		fail("stack %v, the scene events tell %v", got, v.model)
	}
	for _, s := range v.scenes {
		on := slices.Contains(got, scene.Scene(s))
		if d := s.enters - s.exits; d != map[bool]int{false: 0, true: 1}[on] || (s.Scenes() != nil) != on {
			fail("%s entered %d, left %d, Scenes() set %v; on the stack %v", s.name, s.enters, s.exits, s.Scenes() != nil, on)
		}
		in := engine.InputOf(&world.Context{World: s.World(), Phase: world.Fixed}) != nil
		if top := v.h.Scenes().Top() == scene.Scene(s); top && !in || !on && in {
			fail("%s has the engine's input: %v; it is the top scene: %v, on the stack: %v", s.name, in, top, on)
		}
	}
	for _, e := range v.changed {
		if n := v.sent[e]; n != 1 {
			fail("change failure %v sent as an error event %d times", e, n)
		}
	}
	return ok
}

func runEngineModel(t *testing.T, seed uint64) bool {
	v := &mEnv{t: t, rng: rand.New(rand.NewPCG(seed, 99)), sent: map[error]int{}, lastStep: -1}
	for i := range 5 {
		v.scenes = append(v.scenes, &mEScene{name: string(rune('a' + i)), v: v})
	}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: v.scenes[0]}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v.h = h
	h.Events().Subscribe(v.onEvent)
	if runEngineModelHook != nil {
		runEngineModelHook(v)
	}
	fail := func(op string) bool {
		if !v.check(op) || t.Failed() {
			t.Logf("seed %d log:\n%s", seed, strings.Join(v.log, "\n"))
			return true
		}
		return false
	}
	for step := 0; step < 40 && !h.Done(); step++ {
		v.budget = 10
		op := fmt.Sprintf("step %d", step)
		v.logf("== %s", op)
		h.RunSteps(1)
		if fail(op) {
			return false
		}
	}
	v.budget = 10
	v.logf("== final Close")
	v.all = v.all[:0]
	v.closed()
	err = h.Close()
	var returned []error
	eachErr(err, func(e error) { returned = append(returned, e) })
	if !slices.Equal(returned, v.all) {
		t.Errorf("seed %d: the final Close returned %v, want the failures it reported %v", seed, returned, v.all)
	}
	if fail("final Close") {
		return false
	}
	if h.Scenes().Len() != 0 || !h.Done() {
		t.Errorf("seed %d: %d scenes left after the engine's Close, done %v\nlog:\n%s", seed, h.Scenes().Len(), h.Done(), strings.Join(v.log, "\n"))
		return false
	}
	return true
}

// TestEngineSceneModel runs the engine under random scene changes and
// closes, asked for from everywhere a game can ask.
func TestEngineSceneModel(t *testing.T) {
	seeds := uint64(3000)
	if testing.Short() {
		seeds = 300
	}
	for seed := range seeds {
		if !runEngineModel(t, seed) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

var runEngineModelHook func(*mEnv)
