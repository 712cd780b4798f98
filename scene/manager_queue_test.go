package scene_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// hookScene is a scene whose OnEnter and OnExit run hooks, each once, and
// count their calls.
type hookScene struct {
	scene.Base
	name          string
	onEnter       func()
	onExit        func()
	enters, exits int
}

func (s *hookScene) OnEnter() error {
	s.enters++
	if f := s.onEnter; f != nil {
		s.onEnter = nil
		f()
	}
	return nil
}

func (s *hookScene) OnExit() {
	s.exits++
	if f := s.onExit; f != nil {
		s.onExit = nil
		f()
	}
}

func (s *hookScene) String() string { return s.name }

func hookName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*hookScene).name
}

func hookStack(m *scene.Manager) string {
	var out []string
	for s := range m.All() {
		out = append(out, hookName(s))
	}
	return "[" + strings.Join(out, " ") + "]"
}

// recorder is an OnChange that keeps the changes and describes them.
type recorder struct{ changes []scene.Change }

func (r *recorder) onChange(c scene.Change) { r.changes = append(r.changes, c) }

func (r *recorder) String() string {
	var out []string
	for _, c := range r.changes {
		out = append(out, fmt.Sprintf("%v %s->%s", c.Kind, hookName(c.From), hookName(c.To)))
	}
	return strings.Join(out, ", ")
}

// replay rebuilds the stack from start and the changes reported, checking
// each change against it (From is the top it leaves or covers, a pop's To
// the top after), and compares the result with the manager's stack.
func replay(t *testing.T, start []scene.Scene, changes []scene.Change, m *scene.Manager) {
	t.Helper()
	stack := slices.Clone(start)
	top := func() scene.Scene {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1]
	}
	for _, c := range changes {
		if c.From != top() {
			t.Errorf("change %v %s->%s: From is not the replayed top", c.Kind, hookName(c.From), hookName(c.To))
		}
		switch c.Kind {
		case scene.Pushed:
			stack = append(stack, c.To)
		case scene.Replaced:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, c.To)
		case scene.Popped:
			stack = stack[:len(stack)-1]
			if c.To != top() {
				t.Errorf("change %v %s->%s: To is not the replayed top after it", c.Kind, hookName(c.From), hookName(c.To))
			}
		}
	}
	if got := slices.Collect(m.All()); !slices.Equal(got, stack) {
		t.Errorf("replaying the changes gives %v, the manager's stack is %s", stack, hookStack(m))
	}
}

// newStack returns a manager recording its changes with the named scenes
// pushed, in order, and the changes so far forgotten.
func newStack(t *testing.T, names ...string) (*scene.Manager, *recorder, []*hookScene) {
	t.Helper()
	m := scene.NewManager()
	r := &recorder{}
	m.OnChange = r.onChange
	var sc []*hookScene
	for _, n := range names {
		s := &hookScene{name: n}
		sc = append(sc, s)
		m.Push(s)
	}
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	r.changes = nil
	return m, r, sc
}

// TestRequestsFromCallbacksJoinTheQueue: what OnEnter, OnExit and
// OnChange ask for is made by the same Apply, after what was queued
// before, in the order asked.
func TestRequestsFromCallbacksJoinTheQueue(t *testing.T) {
	m, r, sc := newStack(t, "a")
	a := sc[0]
	b, c, d, e := &hookScene{name: "b"}, &hookScene{name: "c"}, &hookScene{name: "d"}, &hookScene{name: "e"}
	a.onExit = func() { m.Push(d) }  // a leaves first: queued first
	b.onEnter = func() { m.Push(c) } // then b enters: second
	r0 := r.onChange
	m.OnChange = func(ch scene.Change) {
		r0(ch)
		if ch.To == d {
			m.Push(e) // third, after c
		}
	}
	m.Replace(b)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if got, want := r.String(), "replace a->b, push b->d, push d->c, push c->e"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	if m.Pending() {
		t.Error("requests still queued after Apply")
	}
}

// TestTwoPushesInOneStep: a second Push before the queue is applied is
// queued and made after the first, not an error.
func TestTwoPushesInOneStep(t *testing.T) {
	m, r, _ := newStack(t, "game")
	m.Push(&hookScene{name: "dialog"})
	m.Push(&hookScene{name: "tooltip"})
	if err := m.Apply(); err != nil {
		t.Fatalf("Apply() = %v", err)
	}
	if got, want := r.String(), "push game->dialog, push dialog->tooltip"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
}

// TestApplyInsideApplyReturnsAtOnce: an Apply from inside an OnExit
// returns nil at once; the Apply in progress makes the push queued there.
func TestApplyInsideApplyReturnsAtOnce(t *testing.T) {
	m, r, sc := newStack(t, "a", "b")
	var inner error = errors.New("not called")
	sc[1].onExit = func() {
		m.Push(&hookScene{name: "d"})
		inner = m.Apply()
		if m.Len() != 1 {
			t.Errorf("the nested Apply changed the stack: %s", hookStack(m))
		}
	}
	m.Pop()
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if inner != nil {
		t.Errorf("nested Apply() = %v, want nil", inner)
	}
	if got := hookStack(m); got != "[a d]" {
		t.Errorf("stack %s, want [a d]", got)
	}
	replay(t, []scene.Scene{sc[0], sc[1]}, r.changes, m)
}

// TestCloseIsQueued: Close is made in its turn, after what was asked
// before it; what is asked after it is dropped, then and later.
func TestCloseIsQueued(t *testing.T) {
	m, r, sc := newStack(t, "a")
	b, c := &hookScene{name: "b"}, &hookScene{name: "c"}
	m.Push(b)
	m.Close()
	m.Push(c)
	if !m.Closed() || m.Len() != 1 {
		t.Fatalf("Close() acted at once: closed %v, stack %s", m.Closed(), hookStack(m))
	}
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if got, want := r.String(), "push a->b, pop b->a, pop a->nil"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	m.Push(c)
	m.Close()
	if m.Pending() || m.Apply() != nil || c.enters != 0 || m.Len() != 0 {
		t.Errorf("after Close: pending %v, c entered %d times, stack %s; want nothing queued or entered", m.Pending(), c.enters, hookStack(m))
	}
	if sc[0].exits != 1 || b.exits != 1 {
		t.Errorf("exits: a %d, b %d; want 1 each", sc[0].exits, b.exits)
	}
}

// TestCloseInOnExit: a scene whose OnExit closes the manager ("save and
// quit"), left by a pop, a replace or a Close: the change that left it is
// reported, then the close leaves every scene there is by then, each
// once, and replaying the changes gives the (empty) stack.
func TestCloseInOnExit(t *testing.T) {
	for _, tt := range []struct{ kind, want string }{
		{"pop", "pop b->a, pop a->nil"},
		{"replace", "replace b->c, pop c->a, pop a->nil"},
		{"close", "pop b->a, pop a->nil"},
		{"replaceall", "pop b->a, replace a->c, pop c->nil"},
	} {
		t.Run(tt.kind, func(t *testing.T) {
			m, r, sc := newStack(t, "a", "b")
			a, b := sc[0], sc[1]
			c := &hookScene{name: "c"}
			b.onExit = m.Close
			switch tt.kind {
			case "pop":
				m.Pop()
			case "replace":
				m.Replace(c)
			case "close":
				m.Close()
			case "replaceall":
				m.ReplaceAll(c)
			}
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != tt.want {
				t.Errorf("changes %q, want %q", got, tt.want)
			}
			if m.Len() != 0 || m.Pending() || !m.Closed() {
				t.Errorf("stack %s, pending %v, closed %v; want empty, nothing queued, closed", hookStack(m), m.Pending(), m.Closed())
			}
			for _, s := range []*hookScene{a, b, c} {
				if s.enters != s.exits || s.exits > 1 {
					t.Errorf("%s entered %d times and left %d, want once or never each", s.name, s.enters, s.exits)
				}
			}
			replay(t, []scene.Scene{a, b}, r.changes, m)
		})
	}
}

// TestCloseInOnEnterDropsLaterRequests: a Close in the OnEnter of a scene
// being pushed comes after what was queued before it (which is made, then
// left) and drops what is asked after it.
func TestCloseInOnEnterDropsLaterRequests(t *testing.T) {
	m, r, _ := newStack(t, "a")
	title, queued := &hookScene{name: "title"}, &hookScene{name: "queued"}
	b := &hookScene{name: "b", onEnter: func() { m.Close(); m.Replace(title) }}
	m.Push(b)
	m.Push(queued)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	want := "push a->b, push b->queued, pop queued->b, pop b->a, pop a->nil"
	if got := r.String(); got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	if title.enters != 0 || m.Pending() {
		t.Errorf("title entered %d times, pending %v; want the Replace after Close dropped", title.enters, m.Pending())
	}
}

// TestCloseFromOnChange: an OnChange that closes the manager, asks for
// more and panics, at every point of a queue: the stack ends empty,
// nothing is left queued, every scene left as often as it entered, and
// the changes replay.
func TestCloseFromOnChange(t *testing.T) {
	for prior := range 3 {
		for after := range 3 {
			for _, panics := range []bool{false, true} {
				t.Run(fmt.Sprintf("prior=%d/after=%d/panic=%v", prior, after, panics), func(t *testing.T) {
					m, r, sc := newStack(t, "base")
					target := &hookScene{name: "target"}
					all := []*hookScene{sc[0], target}
					m.OnChange = func(c scene.Change) {
						r.onChange(c)
						if c.To == target && !m.Closed() {
							m.Close()
							for i := range after {
								s := &hookScene{name: fmt.Sprint("after", i)}
								all = append(all, s)
								m.Push(s)
							}
							if panics {
								panic("observer broke")
							}
						}
					}
					for i := range prior {
						s := &hookScene{name: fmt.Sprint("prior", i)}
						all = append(all, s)
						m.Push(s)
					}
					m.Push(target)
					queued := &hookScene{name: "queued"}
					all = append(all, queued)
					m.Push(queued)
					err := m.Apply()
					if panics != (err != nil) {
						t.Errorf("Apply() = %v, want the observer's panic: %v", err, panics)
					}
					if m.Len() != 0 || m.Pending() {
						t.Errorf("after Apply: stack %s, pending %v; want empty", hookStack(m), m.Pending())
					}
					for _, s := range all {
						if s.enters != s.exits || strings.HasPrefix(s.name, "after") && s.enters != 0 {
							t.Errorf("%s entered %d times, left %d", s.name, s.enters, s.exits)
						}
					}
					replay(t, []scene.Scene{sc[0]}, r.changes, m)
				})
			}
		}
	}
}

// TestRestartFromOnChange: an OnChange that, on a failed change, starts
// over on a title scene with a menu on it (ReplaceAll, then Push) and then
// panics: one Apply makes both, after the change it was told of.
func TestRestartFromOnChange(t *testing.T) {
	var log []string
	a := &logScene{name: "a", log: &log}
	b := &logScene{name: "b", log: &log, enterErr: errors.New("broken level")}
	title, menu := &logScene{name: "title", log: &log}, &logScene{name: "menu", log: &log}
	m := scene.NewManager()
	m.Replace(a)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	restarted := false
	m.OnChange = func(ch scene.Change) {
		if ch.Err != nil && !restarted {
			restarted = true
			m.ReplaceAll(title)
			m.Push(menu)
			panic("OnChange broke after restarting")
		}
	}
	m.Push(&logScene{name: "x", log: &log})
	m.Push(b)
	err := m.Apply()
	if !strings.Contains(fmt.Sprint(err), "broken level") || !strings.Contains(fmt.Sprint(err), "OnChange broke") {
		t.Errorf("Apply() = %v, want the OnEnter error and the observer's panic", err)
	}
	if got := stack(m); !slices.Equal(got, []string{"title", "menu"}) || m.Pending() {
		t.Errorf("stack %q, pending %v; want [title menu]", got, m.Pending())
	}
}

// TestPopAll: every scene leaves, top first, each reported as a pop; an
// OnChange that never leaves an empty screen (it pushes a menu when the
// last scene pops) refills it after a PopAll, but not after a Close, which
// takes no request after it.
func TestPopAll(t *testing.T) {
	for _, closing := range []bool{false, true} {
		m, r, sc := newStack(t, "a", "b", "c")
		menus := 0
		m.OnChange = func(c scene.Change) {
			r.onChange(c)
			if c.Kind == scene.Popped && c.To == nil && menus < 1000 {
				menus++
				m.Push(&hookScene{name: "menu"})
			}
		}
		if closing {
			m.Close()
		} else {
			m.PopAll()
		}
		if err := m.Apply(); err != nil {
			t.Fatal(err)
		}
		want, stack := "pop c->b, pop b->a, pop a->nil, push nil->menu", "[menu]"
		if closing {
			want, stack = "pop c->b, pop b->a, pop a->nil", "[]"
		}
		if got := r.String(); got != want || hookStack(m) != stack {
			t.Errorf("closing %v: changes %q, stack %s; want %q, %s", closing, got, hookStack(m), want, stack)
		}
		for _, s := range sc {
			if s.exits != 1 {
				t.Errorf("closing %v: %s left %d times, want once", closing, s.name, s.exits)
			}
		}
	}
}

// TestReplaceAll: every scene but the bottom leaves, top first, then the
// bottom one is replaced; the stack is never empty on the way.
func TestReplaceAll(t *testing.T) {
	for _, tt := range []struct {
		name  string
		stack []string
		to    int // index into the stack, or -1 for a new scene "x"
		want  string
	}{
		{"empty stack", nil, -1, "replace nil->x"},
		{"one scene", []string{"a"}, -1, "replace a->x"},
		{"three scenes", []string{"a", "b", "c"}, -1, "pop c->b, pop b->a, replace a->x"},
		{"the bottom restarts", []string{"a", "b"}, 0, "pop b->a, replace a->a"},
		{"a scene on the stack moves to the bottom", []string{"a", "b", "c"}, 1, "pop c->b, pop b->a, replace a->b"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, r, sc := newStack(t, tt.stack...)
			var to scene.Scene = &hookScene{name: "x"}
			if tt.to >= 0 {
				to = sc[tt.to]
			}
			m.ReplaceAll(to)
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != tt.want || m.Len() != 1 || m.Top() != to {
				t.Errorf("changes %q, stack %s; want %q and only %s", got, hookStack(m), tt.want, hookName(to))
			}
			for _, s := range sc {
				if on := s == to; s.enters-s.exits != map[bool]int{false: 0, true: 1}[on] {
					t.Errorf("%s entered %d times and left %d", s.name, s.enters, s.exits)
				}
			}
		})
	}
}

// TestRefusedChange: a Push of a scene on the stack is reported as a
// refusal naming the top scene and the scene asked for, and nothing
// changes.
func TestRefusedChange(t *testing.T) {
	m, r, sc := newStack(t, "a", "b")
	m.Push(sc[0])
	err := m.Apply()
	if !errors.Is(err, scene.ErrActive) || len(r.changes) != 1 {
		t.Fatalf("Apply() = %v with changes %q, want one refusal wrapping ErrActive", err, r)
	}
	c := r.changes[0]
	if c.Kind != scene.Refused || c.From != sc[1] || c.To != sc[0] || !errors.Is(c.Err, scene.ErrActive) || c.String() != "refuse *scene_test.hookScene -> *scene_test.hookScene" {
		t.Errorf("change %v (Err %v), want a refusal from b to a wrapping ErrActive", c, c.Err)
	}
	if hookStack(m) != "[a b]" || sc[0].enters != 1 {
		t.Errorf("stack %s, a entered %d times; want [a b], once", hookStack(m), sc[0].enters)
	}
}

// TestRunaway: scenes whose OnEnter keeps pushing stop after MaxRequests
// requests with an ErrRunaway refusal; the rest of the queue is dropped,
// the changes replay, and a Close afterwards leaves them all.
func TestRunaway(t *testing.T) {
	m := scene.NewManager()
	r := &recorder{}
	m.OnChange = r.onChange
	var mk func(i int) *hookScene
	mk = func(i int) *hookScene {
		s := &hookScene{name: fmt.Sprint("s", i)}
		s.onEnter = func() { m.Push(mk(i + 1)) }
		return s
	}
	m.Push(mk(0))
	err := m.Apply()
	if !errors.Is(err, scene.ErrRunaway) || !strings.Contains(err.Error(), "more than 64 requests in one Apply; 1 dropped, the next Push *scene_test.hookScene") {
		t.Errorf("Apply() = %v, want ErrRunaway saying what it dropped", err)
	}
	if m.Pending() || m.Len() != scene.MaxRequests {
		t.Errorf("pending %v, %d scenes; want the queue dropped after %d pushes", m.Pending(), m.Len(), scene.MaxRequests)
	}
	if last := r.changes[len(r.changes)-1]; last.Kind != scene.Refused {
		t.Errorf("last change %v, want the refusal", last)
	}
	replay(t, nil, r.changes, m)
	start := slices.Collect(m.All())
	r.changes = nil
	m.Close()
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	replay(t, start, r.changes, m)
}

// TestRunawayKeepsClose: a queue longer than MaxRequests that ends with a
// Close: the runaway drops the requests, not the Close, so every scene
// still leaves.
func TestRunawayKeepsClose(t *testing.T) {
	m := scene.NewManager()
	for i := range scene.MaxRequests + 6 {
		m.Push(&hookScene{name: fmt.Sprint("s", i)})
	}
	m.Close()
	err := m.Apply()
	if !errors.Is(err, scene.ErrRunaway) || !strings.Contains(err.Error(), "6 dropped") {
		t.Errorf("Apply() = %v, want ErrRunaway with 6 dropped", err)
	}
	if m.Len() != 0 || m.Pending() {
		t.Errorf("after the Close: %d scenes, pending %v; want none", m.Len(), m.Pending())
	}
}
