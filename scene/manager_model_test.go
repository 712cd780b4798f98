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

// The randomized model test: a manager driven by random requests, from
// the outside and from inside its scenes' OnEnter and OnExit and its
// OnChange observer (which also fail, panic and call Apply and Close), is
// checked against a simple model of the queue, change by change. The
// fuzz target (fuzz_test.go) drives the same harness from a byte string.

// chooser makes the harness's choices.
type chooser interface {
	intn(n int) int
	done() bool // no more choices worth making
}

type rngChooser struct{ r *rand.Rand }

func (c rngChooser) intn(n int) int { return c.r.IntN(n) }
func (c rngChooser) done() bool     { return false }

// byteChooser takes its choices from a fuzzer's bytes; once they run out
// every choice is 0, which makes callbacks do nothing.
type byteChooser struct {
	b []byte
	i int
}

func (c *byteChooser) intn(n int) int {
	if c.i >= len(c.b) {
		return 0
	}
	v := int(c.b[c.i]) % n
	c.i++
	return v
}

func (c *byteChooser) done() bool { return c.i >= len(c.b) }

// mscene is a scene of the model test.
type mscene struct {
	scene.Base
	name          string
	h             *harness
	enters, exits int
}

func (s *mscene) String() string { return s.name }

func (s *mscene) OnEnter() error {
	h := s.h
	s.enters++
	if h.m.Top() != scene.Scene(s) || s.Scenes() != h.m || s.World().Len() != 0 {
		h.fail("%s.OnEnter: top %s, Scenes() is the manager %v, %d entities; want itself on top, the manager, none",
			s.name, mname(h.m.Top()), s.Scenes() == h.m, s.World().Len())
	}
	s.World().Spawn() // leaving must clear it
	h.log("  %s.OnEnter", s.name)
	h.act(s.name + ".OnEnter")
	switch h.c.intn(10) {
	case 1:
		h.failures = append(h.failures, failure{s.name, "OnEnter"})
		h.log("  %s.OnEnter: fails", s.name)
		return errors.New("enter failed: " + s.name)
	case 2:
		h.failures = append(h.failures, failure{s.name, "OnEnter"})
		h.log("  %s.OnEnter: panics", s.name)
		panic("enter panicked: " + s.name)
	}
	return nil
}

func (s *mscene) OnExit() {
	h := s.h
	s.exits++
	if slices.Contains(slices.Collect(h.m.All()), scene.Scene(s)) || s.Scenes() != h.m {
		h.fail("%s.OnExit: still on the stack %s, or Scenes() is not the manager", s.name, h.stackString())
	}
	h.log("  %s.OnExit", s.name)
	h.act(s.name + ".OnExit")
	if h.c.intn(10) == 1 {
		h.failures = append(h.failures, failure{s.name, "OnExit"})
		h.log("  %s.OnExit: panics", s.name)
		panic(fmt.Errorf("exit panicked: %s", s.name))
	}
}

// failure is a callback's failure the harness expects in a change's Err.
type failure struct{ scene, op string }

// mreq is a request in the model's queue.
type mreq struct {
	op string // "replace", "push", "pop", "popall", "replaceall", "close"
	s  *mscene
}

// model is what the manager should do: its stack, its queue, whether it
// is closed, and the state of the drain in progress.
type model struct {
	stack   []*mscene
	queue   []mreq
	closed  bool
	made    int   // requests made in this drain, Close aside
	cur     *mreq // a request of several changes in progress
	stopped bool  // this drain gave up on a runaway and stopped
}

// want is a change the model expects.
type want struct {
	kind     scene.ChangeKind
	from, to *mscene
	why      error // for a refusal: ErrActive or ErrRunaway
}

func (m *model) top() *mscene {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1]
}

func (m *model) on(s *mscene) bool { return slices.Contains(m.stack, s) }

func (m *model) pop() want {
	from := m.top()
	m.stack = m.stack[:len(m.stack)-1]
	return want{kind: scene.Popped, from: from, to: m.top()}
}

func (m *model) replace(s *mscene) want {
	from := m.top()
	if s != from && m.on(s) {
		return want{kind: scene.Refused, from: from, to: s, why: scene.ErrActive}
	}
	if from != nil {
		m.stack = m.stack[:len(m.stack)-1]
	}
	m.stack = append(m.stack, s)
	return want{kind: scene.Replaced, from: from, to: s}
}

// next makes the model's next change and returns it, or false if the
// drain makes no more.
func (m *model) next() (want, bool) {
	for {
		if r := m.cur; r != nil {
			switch {
			case r.op != "replaceall" && len(m.stack) > 0:
				return m.pop(), true
			case r.op == "replaceall" && len(m.stack) > 1:
				return m.pop(), true
			case r.op == "replaceall":
				m.cur = nil
				return m.replace(r.s), true
			}
			m.cur = nil
		}
		if m.stopped || len(m.queue) == 0 {
			return want{}, false
		}
		r := m.queue[0]
		if r.op != "close" {
			if m.made == scene.MaxRequests {
				keep := m.closed
				m.queue = nil
				if keep {
					m.queue = []mreq{{op: "close"}}
				} else {
					m.stopped = true
				}
				return want{kind: scene.Refused, from: m.top(), why: scene.ErrRunaway}, true
			}
			m.made++
		}
		m.queue = m.queue[1:]
		switch r.op {
		case "push":
			if m.on(r.s) {
				return want{kind: scene.Refused, from: m.top(), to: r.s, why: scene.ErrActive}, true
			}
			from := m.top()
			m.stack = append(m.stack, r.s)
			return want{kind: scene.Pushed, from: from, to: r.s}, true
		case "replace":
			return m.replace(r.s), true
		case "pop":
			if len(m.stack) > 0 {
				return m.pop(), true
			}
		case "popall", "close", "replaceall":
			m.cur = &r
		}
	}
}

// harness runs a manager and its model side by side.
type harness struct {
	t        testing.TB
	c        chooser
	m        *scene.Manager
	model    model
	scenes   []*mscene
	budget   int // requests callbacks may still make in this step
	failures []failure
	errs     []error // the failures the changes reported, for Apply's error
	panics   int     // OnChange panics in this Apply
	lines    []string
	failed   bool
	noClose  bool // never ask for Close, for longer runs
}

func newHarness(t testing.TB, c chooser) *harness {
	h := &harness{t: t, c: c, m: scene.NewManager()}
	h.m.OnChange = h.onChange
	for i := range 6 {
		h.scenes = append(h.scenes, &mscene{name: string(rune('a' + i)), h: h})
	}
	return h
}

func (h *harness) log(format string, args ...any) {
	h.lines = append(h.lines, fmt.Sprintf(format, args...))
}

func (h *harness) fail(format string, args ...any) {
	if !h.failed {
		h.t.Errorf(format+"\nlog:\n%s", append(args, strings.Join(h.lines, "\n"))...)
	}
	h.failed = true
}

func mname(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*mscene).name
}

func (h *harness) stackString() string {
	var n []string
	for s := range h.m.All() {
		n = append(n, mname(s))
	}
	return "[" + strings.Join(n, " ") + "]"
}

// ask makes one request of the manager, and of the model.
func (h *harness) ask(where string) {
	s := h.scenes[h.c.intn(len(h.scenes))]
	var r mreq
	switch k := h.c.intn(24); {
	case k < 8:
		r = mreq{op: "push", s: s}
		h.m.Push(s)
	case k < 13:
		r = mreq{op: "replace", s: s}
		h.m.Replace(s)
	case k < 19:
		r = mreq{op: "pop"}
		h.m.Pop()
	case k < 21:
		r = mreq{op: "popall"}
		h.m.PopAll()
	case k < 23:
		r = mreq{op: "replaceall", s: s}
		h.m.ReplaceAll(s)
	case h.noClose:
		return
	default:
		r = mreq{op: "close"}
		h.m.Close()
	}
	h.log("  %s: %s %s", where, r.op, mname(sceneOf(r.s)))
	if h.model.closed {
		return // dropped
	}
	h.model.queue = append(h.model.queue, r)
	if r.op == "close" {
		h.model.closed = true
	}
}

func sceneOf(s *mscene) scene.Scene {
	if s == nil {
		return nil
	}
	return s
}

// act is what a callback does: nothing, requests, or a nested Apply.
func (h *harness) act(where string) {
	for range h.c.intn(3) {
		if h.budget <= 0 {
			return
		}
		h.budget--
		if h.c.intn(6) == 0 {
			h.log("  %s: Apply", where)
			if err := h.m.Apply(); err != nil {
				h.fail("%s: a nested Apply returned %v, want nil", where, err)
			}
			continue
		}
		h.ask(where)
	}
}

func (h *harness) onChange(c scene.Change) {
	h.log("OnChange %v %s -> %s (stack %s)", c.Kind, mname(c.From), mname(c.To), h.stackString())
	w, ok := h.model.next()
	if !ok {
		h.fail("OnChange %v: the model expects no change", c)
		return
	}
	if c.Kind != w.kind || c.From != sceneOf(w.from) || c.To != sceneOf(w.to) {
		h.fail("OnChange %v %s -> %s, want %v %s -> %s", c.Kind, mname(c.From), mname(c.To), w.kind, mname(sceneOf(w.from)), mname(sceneOf(w.to)))
	}
	h.check("OnChange")
	h.checkErr(c, w)
	if c.Err != nil {
		h.errs = append(h.errs, c.Err)
	}
	if h.budget > 0 && h.c.intn(4) == 0 {
		h.act("OnChange")
	}
	if h.c.intn(12) == 1 {
		h.panics++
		h.log("  OnChange: panics")
		panic("observer panicked")
	}
}

// checkErr checks a change's Err: the failures its callbacks had, in
// order, or the reason for a refusal.
func (h *harness) checkErr(c scene.Change, w want) {
	defer func() { h.failures = h.failures[:0] }()
	if w.kind == scene.Refused {
		if !errors.Is(c.Err, w.why) {
			h.fail("refused change %v: Err %v, want %v", c, c.Err, w.why)
		}
		return
	}
	var got []failure
	eachLeaf(c.Err, func(err error) {
		var se *scene.Error
		if !errors.As(err, &se) {
			h.fail("change %v: error %v is not a *scene.Error", c, err)
			return
		}
		got = append(got, failure{strings.TrimPrefix(se.Scene, "*scene_test."), se.Op})
	})
	// The scene's name in an Error is its type: compare ops, and scenes
	// by which side of the change failed.
	want := make([]failure, len(h.failures))
	for i, f := range h.failures {
		want[i] = failure{"mscene", f.op}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		h.fail("change %v: failures %v, want %v", c, got, h.failures)
	}
}

// eachLeaf calls fn with every error err joins, however deeply.
func eachLeaf(err error, fn func(error)) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			eachLeaf(e, fn)
		}
		return
	}
	if err != nil {
		fn(err)
	}
}

// check compares the manager with the model: the stack, and every scene's
// enters, exits and manager.
func (h *harness) check(when string) {
	got := slices.Collect(h.m.All())
	want := make([]scene.Scene, len(h.model.stack))
	for i, s := range h.model.stack {
		want[i] = s
	}
	if !slices.Equal(got, want) {
		h.fail("%s: stack %s, model %v", when, h.stackString(), h.model.stack)
	}
	for _, s := range h.scenes {
		on := h.model.on(s)
		if d := s.enters - s.exits; d != map[bool]int{false: 0, true: 1}[on] || (s.Scenes() != nil) != on {
			h.fail("%s: %s entered %d times, left %d, Scenes() set %v; on the model's stack %v",
				when, s.name, s.enters, s.exits, s.Scenes() != nil, on)
		}
	}
}

// apply runs one Apply and checks it against the model.
func (h *harness) apply(when string) {
	h.errs, h.panics = nil, 0
	h.log("== %s: Apply, stack %s", when, h.stackString())
	err := h.m.Apply()
	if w, ok := h.model.next(); ok {
		h.fail("%s: Apply made no change %v %s -> %s, which the model expects", when, w.kind, mname(sceneOf(w.from)), mname(sceneOf(w.to)))
	}
	h.model.made, h.model.stopped = 0, false
	h.check(when)
	if h.m.Pending() != (len(h.model.queue) > 0) || h.m.Closed() != h.model.closed {
		h.fail("%s: after Apply, pending %v, closed %v; the model has %d queued, closed %v",
			when, h.m.Pending(), h.m.Closed(), len(h.model.queue), h.model.closed)
	}
	// Apply returns the changes' failures and the observer's panics, in
	// order, each once.
	var got []error
	panics := 0
	eachLeaf(err, func(e error) {
		var se *scene.Error
		if errors.As(e, &se) && se.Op == "OnChange" {
			panics++
			return
		}
		got = append(got, e)
	})
	var want []error
	for _, e := range h.errs {
		eachLeaf(e, func(e error) { want = append(want, e) })
	}
	if !slices.Equal(got, want) || panics != h.panics {
		h.fail("%s: Apply returned %v (%d observer panics), want the changes' failures %v and %d panics", when, got, panics, want, h.panics)
	}
}

// run plays steps: a few requests from outside, then an Apply.
func (h *harness) run(steps int) {
	for step := range steps {
		if h.failed || h.c.done() {
			return
		}
		h.budget = 12
		if h.c.intn(8) == 0 {
			h.budget = 90 // enough to run away
		}
		for range h.c.intn(4) {
			h.ask("outside")
		}
		h.apply(fmt.Sprintf("step %d", step))
	}
}

// TestManagerModel: thousands of random runs of the manager match the
// model, change by change.
func TestManagerModel(t *testing.T) {
	seeds := uint64(4000)
	if testing.Short() {
		seeds = 400
	}
	for seed := range seeds {
		h := newHarness(t, rngChooser{rand.New(rand.NewPCG(seed, 7))})
		h.noClose = seed%2 == 1
		h.run(30)
		if h.failed {
			t.Fatalf("seed %d failed", seed)
		}
	}
}
