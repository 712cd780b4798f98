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

// logScene records its lifecycle in a shared log, and adds one system and
// one entity on each enter.
type logScene struct {
	scene.Base
	name     string
	log      *[]string
	enterErr error
	panicIn  string
	onEnter  func(s *logScene)
	onExit   func(s *logScene)
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
	if s.onEnter != nil {
		s.onEnter(s)
	}
	return s.enterErr
}

func (s *logScene) OnExit() {
	*s.log = append(*s.log, "exit "+s.name)
	if s.onExit != nil {
		s.onExit(s)
	}
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
			wantLog:   []string{"enter a", "exit a", "dispose a", "enter b"},
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
			wantLog:   []string{"enter a", "enter b", "exit b", "dispose b"},
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
			wantLog: []string{"enter a", "exit a", "dispose a", "enter b",
				"exit b", "dispose b", "enter a"},
			wantStack: []string{"a"},
		},
		{
			name:      "replace with itself restarts",
			ops:       []op{{"replace", 0}, {"apply", 0}, {"replace", 0}, {"apply", 0}},
			wantLog:   []string{"enter a", "exit a", "dispose a", "enter a"},
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

func TestLeaveClearsWorld(t *testing.T) {
	var log []string
	sc := newScenes(&log, "a", "b")
	a := sc[0]
	m := scene.NewManager()
	m.Replace(a)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	w := a.World()
	if w.Len() != 1 || len(w.SystemNames(world.Fixed)) != 1 {
		t.Fatalf("after enter: %d entities, systems %q; want 1, [sys-a]", w.Len(), w.SystemNames(world.Fixed))
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
	if w.Len() != 0 || len(w.SystemNames(world.Fixed)) != 0 {
		t.Errorf("after leave: %d entities, systems %q; want none", w.Len(), w.SystemNames(world.Fixed))
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
	m.Close()
	if err := m.Apply(); err != nil {
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
		var reported error
		m.OnChange = func(c scene.Change) { reported = c.Err }
		m.Replace(a)
		err := m.Apply()
		var se *scene.Error
		if !errors.As(err, &se) || se.Op != "OnEnter" || se.Scene != "*scene_test.logScene" {
			t.Fatalf("Apply() = %v, want a *scene.Error for OnEnter of *scene_test.logScene", err)
		}
		if !errors.Is(reported, se) {
			t.Errorf("the change reported Err %v, want the OnEnter error with it", reported)
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
		for _, want := range []string{"*scene_test.logScene OnExit: world: panic: bang", "*scene_test.logScene OnEnter: world: panic: boom"} {
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
	t.Run("a scene already on the stack is refused", func(t *testing.T) {
		var log []string
		sc := newScenes(&log, "a", "b")
		m := scene.NewManager()
		var changes []string
		m.OnChange = func(c scene.Change) { changes = append(changes, c.Kind.String()) }
		m.Replace(sc[0])
		m.Push(sc[1])
		m.Push(sc[0])
		m.Replace(sc[0])
		if err := m.Apply(); !errors.Is(err, scene.ErrActive) {
			t.Errorf("Apply() = %v, want ErrActive", err)
		}
		if got := stack(m); !slices.Equal(got, []string{"a", "b"}) {
			t.Errorf("stack = %q, want [a b]", got)
		}
		if want := []string{"replace", "push", "refuse", "refuse"}; !slices.Equal(changes, want) {
			t.Errorf("changes %q, want %q", changes, want)
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
	m := scene.NewManager()
	for name, ask := range map[string]func(){
		"Push":       func() { m.Push(nil) },
		"Replace":    func() { m.Replace(nil) },
		"ReplaceAll": func() { m.ReplaceAll(nil) },
	} {
		func() {
			defer func() {
				if _, ok := recover().(error); !ok {
					t.Errorf("%s(nil) did not panic with an error", name)
				}
			}()
			ask()
		}()
	}
	if m.Pending() {
		t.Error("a request of a nil scene was queued")
	}
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

// disposeBomb adds a system whose Dispose panics.
type disposeBomb struct{ scene.Base }

func (s *disposeBomb) OnEnter() error {
	hp.Add(s.World(), s.World().Create(), 1)
	return s.World().AddSystem(world.System{Name: "net", Phase: world.Fixed,
		Run:     func(*world.Context) error { return nil },
		Dispose: func() { panic("socket already closed") }})
}

// TestLeaveGoesOnAfterDisposePanics: a Dispose that panics while a scene
// leaves is reported as the scene's "Clear" error, with the change, and
// the scene still leaves: its world empty, the next scene entered,
// nothing left queued.
func TestLeaveGoesOnAfterDisposePanics(t *testing.T) {
	a := &disposeBomb{}
	var log []string
	b := &logScene{name: "b", log: &log}
	m := scene.NewManager()
	var reported error
	m.OnChange = func(c scene.Change) { reported = c.Err }
	m.Replace(a)
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	m.Replace(b)
	err := m.Apply()
	var se *scene.Error
	if !errors.As(err, &se) || se.Op != "Clear" || se.Scene != "*scene_test.disposeBomb" || !strings.Contains(err.Error(), "socket already closed") {
		t.Errorf("Apply() = %v, want a scene.Error Clear of *scene_test.disposeBomb saying the panic", err)
	}
	if !errors.Is(reported, se) {
		t.Errorf("the change reported Err %v, want the Clear error with it", reported)
	}
	if m.Top() != b || m.Pending() || a.World().Len() != 0 {
		t.Errorf("after the leave: top %s, pending %v, %d entities left in a; want b on top, a empty",
			scene.Name(m.Top()), m.Pending(), a.World().Len())
	}
}

// TestOnChangePanics: an OnChange that panics (an engine event
// subscriber's panic, say) does not stop the Apply: the change it was
// reporting stands, the ones after it are made, and Apply returns the
// panic as an Error of op OnChange naming the change's scene.
func TestOnChangePanics(t *testing.T) {
	var log []string
	a, b, c := &logScene{name: "a", log: &log}, &logScene{name: "b", log: &log}, &logScene{name: "c", log: &log}
	m := scene.NewManager()
	var changes []string
	m.OnChange = func(ch scene.Change) {
		changes = append(changes, ch.String())
		if ch.To == b {
			panic("subscriber broke")
		}
	}
	m.Replace(a)
	m.Push(b)
	m.Push(c)
	err := m.Apply()
	var se *scene.Error
	if !errors.As(err, &se) || se.Op != "OnChange" || se.Scene != "*scene_test.logScene" || !strings.Contains(err.Error(), "subscriber broke") {
		t.Errorf("Apply() = %v, want the OnChange panic as a *scene.Error", err)
	}
	if got := stack(m); !slices.Equal(got, []string{"a", "b", "c"}) || m.Pending() || len(changes) != 3 {
		t.Errorf("stack %q, pending %v, changes %q; want [a b c] after three changes", got, m.Pending(), changes)
	}
}
