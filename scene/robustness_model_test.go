package scene_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// ---- randomized model test -------------------------------------------------

type onChangePanic struct{ n int }

type rscene struct {
	scene.Base
	name string
	h    *rharness
}

func (s *rscene) String() string { return s.name }
func (s *rscene) OnEnter() error {
	s.h.enters[s]++
	s.h.act(s, "enter")
	if s.h.rng.IntN(10) == 0 {
		return errors.New("enter failed " + s.name)
	}
	return nil
}
func (s *rscene) OnExit() {
	s.h.exits[s]++
	s.h.act(s, "exit")
}

type collector struct {
	leaves []error
}

type rharness struct {
	t       *testing.T
	rng     *rand.Rand
	m       *scene.Manager
	scenes  []*rscene
	enters  map[scene.Scene]int
	exits   map[scene.Scene]int
	model   []scene.Scene
	budget  int
	log     []string
	cols    []*collector
	changes int
	// allowAPI: let callbacks call Apply/Close (false isolates other areas)
	noApplyInCallbacks bool
	applyInOnChange    bool
}

func leaves(err error, fn func(error)) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			leaves(e, fn)
		}
		return
	}
	if err != nil {
		fn(err)
	}
}

func (h *rharness) name(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*rscene).name
}

func (h *rharness) top() scene.Scene {
	if len(h.model) == 0 {
		return nil
	}
	return h.model[len(h.model)-1]
}

// call wraps every Apply/Close (top-level or nested) with an error collector.
func (h *rharness) call(what string, fn func() error) (err error) {
	c := &collector{}
	h.cols = append(h.cols, c)
	ok := false
	defer func() {
		h.cols = h.cols[:len(h.cols)-1]
		if !ok {
			return // panicking: errors lost with it
		}
		var got []error
		leaves(err, func(e error) {
			var se *scene.Error
			if errors.As(e, &se) {
				got = append(got, e)
			}
		})
		want := c.leaves
		if !sameMultiset(got, want) {
			h.t.Errorf("%s returned scene errors %v, want exactly those reported to OnChange during it %v\nlog:\n%s", what, got, want, strings.Join(h.log, "\n"))
		}
	}()
	err = fn()
	ok = true
	return err
}

func sameMultiset(a, b []error) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
outer:
	for _, x := range a {
		for i, y := range b {
			if !used[i] && x == y {
				used[i] = true
				continue outer
			}
		}
		return false
	}
	return true
}

func (h *rharness) act(s *rscene, where string) {
	n := h.rng.IntN(3)
	for range n {
		if h.budget <= 0 {
			return
		}
		h.budget--
		switch k := h.rng.IntN(9); k {
		case 0, 1:
			t := h.scenes[h.rng.IntN(len(h.scenes))]
			h.log = append(h.log, fmt.Sprintf("  %s.%s: Push %s", s.name, where, t.name))
			h.m.Push(t)
		case 2:
			t := h.scenes[h.rng.IntN(len(h.scenes))]
			h.log = append(h.log, fmt.Sprintf("  %s.%s: Replace %s", s.name, where, t.name))
			h.m.Replace(t)
		case 3:
			h.log = append(h.log, fmt.Sprintf("  %s.%s: Pop", s.name, where))
			h.m.Pop()
		case 4:
			h.log = append(h.log, fmt.Sprintf("  %s.%s: Close", s.name, where))
			h.call(s.name+"."+where+" Close", h.m.Close)
		case 5:
			if h.noApplyInCallbacks {
				continue
			}
			h.log = append(h.log, fmt.Sprintf("  %s.%s: Apply", s.name, where))
			h.call(s.name+"."+where+" Apply", h.m.Apply)
		case 6:
			h.log = append(h.log, fmt.Sprintf("  %s.%s: panic", s.name, where))
			panic("scene panic in " + s.name + "." + where)
		}
	}
}

func (h *rharness) onChange(c scene.Change) {
	h.changes++
	h.log = append(h.log, fmt.Sprintf("OnChange %v %s -> %s (stack %s)", c.Kind, h.name(c.From), h.name(c.To), h.stackString()))
	// replay
	if c.From != h.top() {
		h.t.Errorf("change %v %s->%s: From is not the replayed top %s", c.Kind, h.name(c.From), h.name(c.To), h.modelString())
	}
	switch c.Kind {
	case scene.Pushed:
		h.model = append(h.model, c.To)
	case scene.Replaced:
		if len(h.model) > 0 {
			h.model = h.model[:len(h.model)-1]
		}
		h.model = append(h.model, c.To)
	case scene.Popped:
		if len(h.model) > 0 {
			h.model = h.model[:len(h.model)-1]
		}
		if c.To != h.top() {
			h.t.Errorf("change %v %s->%s: To is not the replayed top after it %s", c.Kind, h.name(c.From), h.name(c.To), h.modelString())
		}
	default:
		h.t.Errorf("change of kind %v", c.Kind)
	}
	col := h.cols[len(h.cols)-1]
	leaves(c.Err, func(e error) { col.leaves = append(col.leaves, e) })
	if h.budget <= 0 {
		return
	}
	switch k := h.rng.IntN(12); k {
	case 0:
		h.budget--
		h.log = append(h.log, "  OnChange: Close")
		h.call("OnChange Close", h.m.Close)
	case 1:
		h.budget--
		h.log = append(h.log, "  OnChange: panic")
		panic(onChangePanic{h.changes})
	case 2:
		h.budget--
		t := h.scenes[h.rng.IntN(len(h.scenes))]
		h.log = append(h.log, "  OnChange: Push "+t.name)
		h.m.Push(t)
	case 3:
		if h.noApplyInCallbacks && !h.applyInOnChange {
			return
		}
		h.budget--
		h.log = append(h.log, "  OnChange: Apply")
		h.call("OnChange Apply", h.m.Apply)
	}
}

func (h *rharness) stackString() string {
	var n []string
	for s := range h.m.All() {
		n = append(n, h.name(s))
	}
	return "[" + strings.Join(n, " ") + "]"
}
func (h *rharness) modelString() string {
	var n []string
	for _, s := range h.model {
		n = append(n, h.name(s))
	}
	return "[" + strings.Join(n, " ") + "]"
}

func (h *rharness) check(op string) bool {
	var got []scene.Scene
	for s := range h.m.All() {
		got = append(got, s)
	}
	ok := true
	if !slices.Equal(got, h.model) {
		h.t.Errorf("after %s: manager stack %s, replayed OnChange %s", op, h.stackString(), h.modelString())
		ok = false
	}
	for _, s := range h.scenes {
		on := 0
		if slices.Contains(got, scene.Scene(s)) {
			on = 1
		}
		if d := h.enters[s] - h.exits[s]; d != on {
			h.t.Errorf("after %s: %s entered %d exited %d times, on stack: %v", op, s.name, h.enters[s], h.exits[s], on == 1)
			ok = false
		}
	}
	return ok
}

func runModel(t *testing.T, seed uint64, noApply bool, applyInOnChange ...bool) bool {
	h := &rharness{t: t, rng: rand.New(rand.NewPCG(seed, 7)), enters: map[scene.Scene]int{}, exits: map[scene.Scene]int{}, noApplyInCallbacks: noApply}
	h.applyInOnChange = len(applyInOnChange) > 0 && applyInOnChange[0]
	h.m = scene.NewManager()
	h.m.OnChange = h.onChange
	for i := range 6 {
		h.scenes = append(h.scenes, &rscene{name: string(rune('a' + i)), h: h})
	}
	for step := range 25 {
		h.budget = 12
		var op string
		// queue a little from the outside
		for range h.rng.IntN(3) {
			switch h.rng.IntN(3) {
			case 0:
				h.m.Push(h.scenes[h.rng.IntN(len(h.scenes))])
			case 1:
				h.m.Replace(h.scenes[h.rng.IntN(len(h.scenes))])
			case 2:
				h.m.Pop()
			}
		}
		if h.rng.IntN(6) == 0 {
			op = fmt.Sprintf("step %d Close", step)
		} else {
			op = fmt.Sprintf("step %d Apply", step)
		}
		h.log = append(h.log, "== "+op+" stack "+h.stackString())
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(onChangePanic); !ok {
						t.Errorf("%s: panic escaped that is not OnChange's: %v\nlog:\n%s", op, r, strings.Join(h.log, "\n"))
					}
				}
			}()
			if strings.HasSuffix(op, "Close") {
				h.call(op, h.m.Close)
			} else {
				h.call(op, h.m.Apply)
			}
		}()
		if !h.check(op) {
			t.Logf("seed %d log:\n%s", seed, strings.Join(h.log, "\n"))
			return false
		}
		if t.Failed() {
			t.Logf("seed %d log:\n%s", seed, strings.Join(h.log, "\n"))
			return false
		}
	}
	return true
}

// Full model: callbacks may also call Apply (during Close, too).
func TestManagerModel(t *testing.T) {
	for seed := range uint64(3000) {
		if !runModel(t, seed, false) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

// Same model without Apply calls from OnEnter/OnExit (OnChange may still
// call Apply).
func TestManagerModelApplyOnlyInOnChange(t *testing.T) {
	for seed := range uint64(20000) {
		if !runModel(t, seed, true, true) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

// Same model without Apply calls from callbacks: isolates the rest.
func TestManagerModelNoNestedApply(t *testing.T) {
	for seed := range uint64(20000) {
		if !runModel(t, seed, true) {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

// ---- deterministic repros ---------------------------------------------------

type rvScene struct {
	scene.Base
	name            string
	onEnter, onExit func()
	enters, exits   int
}

func (s *rvScene) String() string { return s.name }
func (s *rvScene) OnEnter() error {
	s.enters++
	if f := s.onEnter; f != nil {
		s.onEnter = nil
		f()
	}
	return nil
}
func (s *rvScene) OnExit() {
	s.exits++
	if f := s.onExit; f != nil {
		s.onExit = nil
		f()
	}
}

func rvName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*rvScene).name
}

func replayStrict(t *testing.T, start []scene.Scene, changes []scene.Change, m *scene.Manager) {
	t.Helper()
	stack := slices.Clone(start)
	top := func() scene.Scene {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1]
	}
	var log []string
	for _, c := range changes {
		log = append(log, fmt.Sprintf("%v %s->%s", c.Kind, rvName(c.From), rvName(c.To)))
		if c.From != top() {
			t.Errorf("%v %s->%s: From is not the replayed top", c.Kind, rvName(c.From), rvName(c.To))
		}
		switch c.Kind {
		case scene.Pushed:
			stack = append(stack, c.To)
		case scene.Replaced:
			stack = append(stack[:len(stack)-1], c.To)
		case scene.Popped:
			stack = stack[:len(stack)-1]
			if c.To != top() {
				t.Errorf("%v %s->%s: To is not the replayed top after it", c.Kind, rvName(c.From), rvName(c.To))
			}
		}
	}
	got := slices.Collect(m.All())
	if !slices.Equal(got, stack) {
		t.Errorf("replayed stack %v, manager's %v", stack, got)
	}
	t.Logf("changes: %q", log)
}

// An Apply from an OnExit during a top-level Close (the engine's
// end-of-run Close) does nothing, as inside an Apply: the queued Push
// waits, and replaying OnChange gives the stack. (It used to make the push
// in the middle of the pop, reported before the pop.)
func TestManagerApplyInOnExitDuringTopLevelClose(t *testing.T) {
	m := scene.NewManager()
	var changes []scene.Change
	m.OnChange = func(c scene.Change) { changes = append(changes, c) }
	a, b, c := &rvScene{name: "a"}, &rvScene{name: "b"}, &rvScene{name: "c"}
	m.Push(a)
	m.Push(b)
	m.Apply()
	changes = nil
	b.onExit = func() {
		m.Push(c)
		m.Apply() // inside Apply this does nothing; inside Close it runs
	}
	m.Close()
	replayStrict(t, []scene.Scene{a, b}, changes, m)
	if c.enters != 0 {
		t.Errorf("c entered %d times during Close; a Push queued in OnExit during Close should wait for the next Apply", c.enters)
	}
}

// Close + Replace + Apply in an OnExit during a Close: the Replace queued
// after Close stays queued, not turned into a pop by the closing in
// progress.
func TestManagerNestedApplyConsumesClosing(t *testing.T) {
	m := scene.NewManager()
	var changes []scene.Change
	m.OnChange = func(c scene.Change) { changes = append(changes, c) }
	a, b, c := &rvScene{name: "a"}, &rvScene{name: "b"}, &rvScene{name: "c"}
	m.Push(a)
	m.Push(b)
	m.Apply()
	changes = nil
	b.onExit = func() {
		m.Close()
		m.Replace(c) // queued after Close: should wait for the next Apply
		m.Apply()
	}
	m.Close()
	replayStrict(t, []scene.Scene{a, b}, changes, m)
	if c.enters == 0 && !m.Pending() {
		t.Errorf("Replace(c) queued after Close was dropped: c never entered and nothing is pending")
	}
}

// An OnChange that pushes a menu and applies it when the last scene pops
// ("never an empty screen") does not keep Close going: its Apply does
// nothing during Close. (Close used to pop for ever.)
func TestManagerCloseNeverEndsWithOnChangeApply(t *testing.T) {
	m := scene.NewManager()
	pops := 0
	m.OnChange = func(c scene.Change) {
		if c.Kind == scene.Popped && c.To == nil {
			pops++
			if pops < 1000 {
				m.Push(&rvScene{name: "menu"})
				m.Apply()
			}
		}
	}
	m.Push(&rvScene{name: "a"})
	m.Apply()
	m.Close()
	if pops > 1 {
		t.Errorf("Close made %d last pops: an Apply from OnChange during Close refills the stack it empties", pops)
	}
}

// maxChanges: an OnEnter that keeps pushing stops at 64 with an error, the
// stack replays, and a Close afterwards leaves it all.
func TestManagerMaxChangesReplays(t *testing.T) {
	m := scene.NewManager()
	var changes []scene.Change
	m.OnChange = func(c scene.Change) { changes = append(changes, c) }
	var mk func(i int) *rvScene
	mk = func(i int) *rvScene {
		s := &rvScene{name: fmt.Sprint("s", i)}
		s.onEnter = func() { m.Push(mk(i + 1)) }
		return s
	}
	m.Push(mk(0))
	if err := m.Apply(); err == nil {
		t.Error("no maxChanges error")
	}
	if m.Pending() {
		t.Error("queue not dropped after maxChanges")
	}
	replayStrict(t, nil, changes, m)
	changes = changes[:0]
	start := slices.Collect(m.All())
	m.Close()
	replayStrict(t, start, changes, m)
	if m.Len() != 0 {
		t.Errorf("%d left", m.Len())
	}
}
