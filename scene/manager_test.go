package scene_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

var hp = world.DefineComponent[int]("HP")

// logScene records its lifecycle in a shared log, adds one system and one
// entity on each enter, and one node to its root.
type logScene struct {
	scene.Base
	name     string
	log      *[]string
	enterErr error
	panicIn  string
	onEnter  func(s *logScene)
}

func (s *logScene) OnEnter() error {
	*s.log = append(*s.log, "enter "+s.name)
	if s.panicIn == "OnEnter" {
		panic("boom")
	}
	err := s.World().AddSystem(world.System{
		Name:    "sys-" + s.name,
		Phase:   world.Fixed,
		Run:     func(*world.Context) error { return nil },
		Dispose: func() { *s.log = append(*s.log, "dispose "+s.name) },
	})
	if err != nil {
		return err
	}
	hp.Add(s.World(), s.World().Create(), 10)
	n := &scene.Node{OnRelease: func() { *s.log = append(*s.log, "release "+s.name) }}
	s.Root().Add(n)
	if s.onEnter != nil {
		s.onEnter(s)
	}
	return s.enterErr
}

func (s *logScene) OnExit() {
	*s.log = append(*s.log, "exit "+s.name)
	if s.panicIn == "OnExit" {
		panic(errors.New("bang"))
	}
}

func newScenes(log *[]string, names ...string) []*logScene {
	out := make([]*logScene, len(names))
	for i, n := range names {
		out[i] = &logScene{name: n, log: log}
	}
	return out
}

func stack(m *scene.Manager) []string {
	var names []string
	for s := range m.All() {
		names = append(names, s.(*logScene).name)
	}
	return names
}

func TestManagerLifecycle(t *testing.T) {
	type op struct {
		kind string // replace, push, pop, apply
		to   int
	}
	tests := []struct {
		name      string
		ops       []op
		wantLog   []string
		wantStack []string
	}{
		{
			name:      "replace on empty enters",
			ops:       []op{{"replace", 0}, {"apply", 0}},
			wantLog:   []string{"enter a"},
			wantStack: []string{"a"},
		},
		{
			name:      "replace leaves then enters",
			ops:       []op{{"replace", 0}, {"apply", 0}, {"replace", 1}, {"apply", 0}},
			wantLog:   []string{"enter a", "exit a", "dispose a", "release a", "enter b"},
			wantStack: []string{"b"},
		},
		{
			name:      "push keeps the one beneath",
			ops:       []op{{"replace", 0}, {"push", 1}, {"apply", 0}},
			wantLog:   []string{"enter a", "enter b"},
			wantStack: []string{"a", "b"},
		},
		{
			name:      "pop returns to the one beneath",
			ops:       []op{{"replace", 0}, {"push", 1}, {"apply", 0}, {"pop", 0}, {"apply", 0}},
			wantLog:   []string{"enter a", "enter b", "exit b", "dispose b", "release b"},
			wantStack: []string{"a"},
		},
		{
			name:      "nothing happens before apply",
			ops:       []op{{"replace", 0}, {"apply", 0}, {"replace", 1}, {"push", 2}},
			wantLog:   []string{"enter a"},
			wantStack: []string{"a"},
		},
		{
			name:      "pop of an empty stack does nothing",
			ops:       []op{{"pop", 0}, {"apply", 0}},
			wantStack: nil,
		},
		{
			name: "re-entry adds systems again",
			ops:  []op{{"replace", 0}, {"apply", 0}, {"replace", 1}, {"apply", 0}, {"replace", 0}, {"apply", 0}},
			wantLog: []string{"enter a", "exit a", "dispose a", "release a", "enter b",
				"exit b", "dispose b", "release b", "enter a"},
			wantStack: []string{"a"},
		},
		{
			name:      "replace with itself restarts",
			ops:       []op{{"replace", 0}, {"apply", 0}, {"replace", 0}, {"apply", 0}},
			wantLog:   []string{"enter a", "exit a", "dispose a", "release a", "enter a"},
			wantStack: []string{"a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log []string
			sc := newScenes(&log, "a", "b", "c")
			m := scene.NewManager()
			for _, o := range tt.ops {
				switch o.kind {
				case "replace":
					m.Replace(sc[o.to])
				case "push":
					m.Push(sc[o.to])
				case "pop":
					m.Pop()
				case "apply":
					if err := m.Apply(); err != nil {
						t.Fatalf("Apply() = %v", err)
					}
				}
			}
			if !slices.Equal(log, tt.wantLog) {
				t.Errorf("log = %q, want %q", log, tt.wantLog)
			}
			if got := stack(m); !slices.Equal(got, tt.wantStack) {
				t.Errorf("stack = %q, want %q", got, tt.wantStack)
			}
		})
	}
}

func TestLeaveClearsWorldAndRoot(t *testing.T) {
	var log []string
	sc := newScenes(&log, "a", "b")
	a := sc[0]
	m := scene.NewManager()
	m.Replace(a)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	w := a.World()
	if w.Len() != 1 || len(w.SystemNames(world.Fixed)) != 1 || len(a.Root().Children()) != 1 {
		t.Fatalf("after enter: %d entities, systems %q, %d nodes; want 1, [sys-a], 1",
			w.Len(), w.SystemNames(world.Fixed), len(a.Root().Children()))
	}
	if a.Scenes() != m {
		t.Errorf("Scenes() = %p, want the manager %p", a.Scenes(), m)
	}
	m.Replace(sc[1])
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if a.World() != w {
		t.Error("the scene's world changed; want the same world, cleared")
	}
	if w.Len() != 0 || len(w.SystemNames(world.Fixed)) != 0 || len(a.Root().Children()) != 0 {
		t.Errorf("after leave: %d entities, systems %q, %d nodes; want none", w.Len(), w.SystemNames(world.Fixed), len(a.Root().Children()))
	}
	if a.Scenes() != nil {
		t.Errorf("Scenes() after leave = %p, want nil", a.Scenes())
	}
}

func TestChanges(t *testing.T) {
	var log []string
	sc := newScenes(&log, "a", "b")
	m := scene.NewManager()
	var changes []string
	m.OnChange = func(c scene.Change) { changes = append(changes, c.String()) }
	m.Replace(sc[0])
	m.Push(sc[1])
	m.Pop()
	m.Replace(sc[1])
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"replace <nil> -> *scene_test.logScene",
		"push *scene_test.logScene -> *scene_test.logScene",
		"pop *scene_test.logScene -> *scene_test.logScene",
		"replace *scene_test.logScene -> *scene_test.logScene",
		"pop *scene_test.logScene -> <nil>",
	}
	if !slices.Equal(changes, want) {
		t.Errorf("changes = %q, want %q", changes, want)
	}
	if m.Len() != 0 || m.Top() != nil {
		t.Errorf("after Close: Len() = %d, Top() = %v; want 0, nil", m.Len(), m.Top())
	}
}

func TestApplyErrors(t *testing.T) {
	t.Run("OnEnter error keeps the scene entered", func(t *testing.T) {
		var log []string
		a := &logScene{name: "a", log: &log, enterErr: errors.New("no level file")}
		m := scene.NewManager()
		m.Replace(a)
		err := m.Apply()
		var se *scene.Error
		if !errors.As(err, &se) || se.Op != "OnEnter" || se.Scene != "*scene_test.logScene" {
			t.Fatalf("Apply() = %v, want a *scene.Error for OnEnter of *scene_test.logScene", err)
		}
		if m.Top() != a {
			t.Errorf("Top() = %v, want the scene", m.Top())
		}
	})
	t.Run("panics are errors and the other changes still happen", func(t *testing.T) {
		var log []string
		sc := newScenes(&log, "a", "b")
		sc[0].panicIn = "OnExit"
		sc[1].panicIn = "OnEnter"
		m := scene.NewManager()
		m.Replace(sc[0])
		if err := m.Apply(); err != nil {
			t.Fatal(err)
		}
		m.Replace(sc[1])
		err := m.Apply()
		for _, want := range []string{"OnExit: panic: bang", "OnEnter: panic: boom"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Apply() = %v, want it to contain %q", err, want)
			}
		}
		if got := stack(m); !slices.Equal(got, []string{"b"}) {
			t.Errorf("stack = %q, want [b]", got)
		}
		if sc[0].World().Len() != 0 {
			t.Error("a scene whose OnExit panicked kept its entities")
		}
	})
	t.Run("a scene already on the stack", func(t *testing.T) {
		var log []string
		sc := newScenes(&log, "a", "b")
		m := scene.NewManager()
		m.Replace(sc[0])
		m.Push(sc[1])
		m.Push(sc[0])
		if err := m.Apply(); !errors.Is(err, scene.ErrActive) {
			t.Errorf("Apply() = %v, want ErrActive", err)
		}
		if got := stack(m); !slices.Equal(got, []string{"a", "b"}) {
			t.Errorf("stack = %q, want [a b]", got)
		}
	})
	t.Run("a scene that keeps changing scene", func(t *testing.T) {
		var log []string
		a := &logScene{name: "a", log: &log}
		a.onEnter = func(s *logScene) { s.Scenes().Replace(s) }
		m := scene.NewManager()
		m.Replace(a)
		if err := m.Apply(); err == nil || !strings.Contains(err.Error(), "more than") {
			t.Errorf("Apply() = %v, want an error about too many changes", err)
		}
		if m.Pending() {
			t.Error("changes are still pending after the failed Apply")
		}
	})
}

func TestChangeQueuedByOnEnterAppliesInSameApply(t *testing.T) {
	var log []string
	sc := newScenes(&log, "loading", "level")
	sc[0].onEnter = func(s *logScene) { s.Scenes().Replace(sc[1]) }
	m := scene.NewManager()
	m.Replace(sc[0])
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if got := stack(m); !slices.Equal(got, []string{"level"}) {
		t.Errorf("stack = %q, want [level]", got)
	}
}

func TestNilScenePanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("Push(nil) did not panic")
		}
	}()
	scene.NewManager().Push(nil)
}

// walkBomb's OnEnter panics out of a field-only Each walk, whose walk (so
// that it inlines) has no deferred end.
type walkBomb struct{ scene.Base }

var bombPos = world.DefineFields[struct{ X float64 }]("scene_test.bombPos")

func (b *walkBomb) OnEnter() error {
	world.Spawn1(b.World(), bombPos, struct{ X float64 }{})
	world.Each1(b.World(), bombPos, func(world.Entity, *struct{ X float64 }) { panic("boom") })
	return nil
}

// TestPanicInWalkEndsTheWalk: the manager reports the panic, ends the
// walk it left open, and can leave the scene (clearing its world).
func TestPanicInWalkEndsTheWalk(t *testing.T) {
	b := &walkBomb{}
	m := scene.NewManager()
	m.Replace(b)
	if err := m.Apply(); err == nil || !strings.Contains(err.Error(), "panic: boom") {
		t.Fatalf("Apply() = %v, want the panic", err)
	}
	if n := b.World().Walks(); n != 0 {
		t.Errorf("%d walks open after the panic, want 0", n)
	}
	m.Pop()
	if err := m.Apply(); err != nil {
		t.Errorf("leaving the scene: %v", err)
	}
	if b.World().Len() != 0 {
		t.Errorf("left the scene with %d entities, want its world cleared", b.World().Len())
	}
}

// breakingScene adds a system whose Dispose panics and a node whose
// OnRelease panics, if asked to.
type breakingScene struct {
	scene.Base
	disposePanics, releasePanics bool
	released                     *int
}

func (s *breakingScene) OnEnter() error {
	err := s.World().AddSystem(world.System{Name: "net", Phase: world.Fixed,
		Run: func(*world.Context) error { return nil },
		Dispose: func() {
			if s.disposePanics {
				panic("socket already closed")
			}
		}})
	hp.Add(s.World(), s.World().Create(), 1)
	for range 2 {
		n := &scene.Node{OnRelease: func() {
			*s.released++
			if s.releasePanics {
				panic("double free")
			}
		}}
		s.Root().Add(n)
	}
	return err
}

// TestLeaveGoesOnAfterPanics: a Dispose or an OnRelease that panics while
// a scene leaves is reported as the scene's "Clear" or "Release" error,
// and the scene still leaves: its world empty, every node released, the
// next scene entered, nothing left queued.
func TestLeaveGoesOnAfterPanics(t *testing.T) {
	for _, tt := range []struct {
		name          string
		dispose, rel  bool
		wantOp, wantS string
	}{
		{"Dispose", true, false, "Clear", "socket already closed"},
		{"OnRelease", false, true, "Release", "double free"},
		{"both", true, true, "Clear", "double free"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			released := 0
			a := &breakingScene{disposePanics: tt.dispose, releasePanics: tt.rel, released: &released}
			var log []string
			b := &logScene{name: "b", log: &log}
			m := scene.NewManager()
			m.Replace(a)
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			m.Replace(b)
			err := m.Apply()
			var se *scene.Error
			if !errors.As(err, &se) || se.Op != tt.wantOp || !strings.Contains(err.Error(), tt.wantS) {
				t.Errorf("Apply() = %v, want a scene.Error %q saying %q", err, tt.wantOp, tt.wantS)
			}
			if m.Top() != b || m.Pending() || a.World().Len() != 0 || len(a.Root().Children()) != 0 || released != 2 {
				t.Errorf("after the leave: top %s, pending %v, %d entities and %d nodes left in a, %d released; want b on top, a empty, 2 released",
					scene.Name(m.Top()), m.Pending(), a.World().Len(), len(a.Root().Children()), released)
			}
		})
	}
}

// TestApplyAfterOnChangePanics: an OnChange that panics (an engine event
// subscriber's panic) escapes Apply, but leaves the queue in order: the
// change it was reporting is done, the ones after it still queued, and no
// empty request is replayed.
func TestApplyAfterOnChangePanics(t *testing.T) {
	var log []string
	a, b, c := &logScene{name: "a", log: &log}, &logScene{name: "b", log: &log}, &logScene{name: "c", log: &log}
	m := scene.NewManager()
	var changes []string
	boom := true
	m.OnChange = func(ch scene.Change) {
		changes = append(changes, ch.String())
		if ch.To == b && boom {
			boom = false
			panic("subscriber broke")
		}
	}
	m.Replace(a)
	m.Push(b)
	m.Push(c)
	func() {
		defer func() { recover() }()
		m.Apply()
	}()
	if !m.Pending() || m.Top() != b {
		t.Fatalf("after the panic: top %s, pending %v; want b on top and c's push still queued", scene.Name(m.Top()), m.Pending())
	}
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if m.Top() != c || m.Pending() || len(changes) != 3 {
		t.Errorf("top %s, pending %v, changes %q; want c on top after three changes", scene.Name(m.Top()), m.Pending(), changes)
	}
}
