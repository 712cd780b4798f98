package scene_test

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// runner is a scene entered many times. It follows the re-entry pattern
// of scene.Base: what a run changes is one value, set by OnEnter.
type runner struct {
	scene.Base
	start int     // set by the constructor: kept across entries
	run   runPlay // what a run changes: fresh on every entry
	seen  []string
}

type runPlay struct {
	lives, steps int
	hero         world.Entity
}

var runnerHP = world.DefineComponent[int]("scene_test.runnerHP")

func (r *runner) OnEnter() error {
	if r.World().Len() != 0 || len(r.World().SystemNames(world.Fixed)) != 0 {
		r.seen = append(r.seen, "dirty world")
	}
	r.run = runPlay{lives: r.start}
	r.run.hero = r.World().Spawn(runnerHP.With(10))
	return r.World().AddSystem(world.System{Name: "steps", Phase: world.Fixed, Run: func(*world.Context) error {
		r.run.steps++
		return nil
	}})
}

func (r *runner) OnExit() { r.seen = append(r.seen, "exit") }

// TestReentryStartsClean: however a scene leaves and comes back (popped
// and pushed again, replaced and replaced back, restarted by a replace
// with itself, moved to the bottom by ReplaceAll, closed in one manager
// and entered in another), OnEnter finds an empty world and the manager,
// the pattern resets the run, the constructor's fields stay, and between
// entries the last run's fields can still be read.
func TestReentryStartsClean(t *testing.T) {
	for _, tt := range []struct {
		name  string
		leave func(m *scene.Manager, r *runner) // queue what makes r leave
		back  func(m *scene.Manager, r *runner) // queue what brings it back
	}{
		{"popped, pushed again", func(m *scene.Manager, r *runner) { m.Pop() }, func(m *scene.Manager, r *runner) { m.Push(r) }},
		{"replaced, replaced back", func(m *scene.Manager, r *runner) { m.Replace(&hookScene{name: "other"}) }, func(m *scene.Manager, r *runner) { m.Replace(r) }},
		{"restarted", nil, func(m *scene.Manager, r *runner) { m.Replace(r) }},
		{"replace-all", func(m *scene.Manager, r *runner) { m.ReplaceAll(&hookScene{name: "title"}) }, func(m *scene.Manager, r *runner) { m.ReplaceAll(r) }},
		{"closed, entered elsewhere", func(m *scene.Manager, r *runner) { m.Close() }, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := scene.NewManager()
			base := &hookScene{name: "base"}
			r := &runner{start: 3}
			m.Push(base)
			m.Push(r)
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			first := r.run.hero
			r.run.lives, r.run.steps = 0, 500 // the run, played out
			if tt.leave != nil {
				tt.leave(m, r)
				if err := m.Apply(); err != nil {
					t.Fatal(err)
				}
				if r.Scenes() != nil || r.World().Len() != 0 {
					t.Fatalf("after leaving: Scenes() %p, %d entities; want nil and none", r.Scenes(), r.World().Len())
				}
				if r.run.steps != 500 {
					t.Errorf("after leaving, the last run's steps read %d, want 500 (kept until re-entry)", r.run.steps)
				}
			}
			if tt.back == nil { // a new manager
				m = scene.NewManager()
				tt.back = func(m *scene.Manager, r *runner) { m.Push(r) }
			}
			tt.back(m, r)
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			if r.Scenes() != m || m.Top() != scene.Scene(r) {
				t.Fatalf("not entered again: Scenes() %p, top %s", r.Scenes(), scene.Name(m.Top()))
			}
			if r.run.lives != 3 || r.run.steps != 0 || r.start != 3 {
				t.Errorf("entered again: lives %d, steps %d, start %d; want a fresh run of 3 lives and the constructor's start", r.run.lives, r.run.steps, r.start)
			}
			if r.World().Len() != 1 || r.World().IsAlive(first) || len(r.World().SystemNames(world.Fixed)) != 1 {
				t.Errorf("entered again: %d entities (first hero alive %v), systems %q; want one new hero and one system",
					r.World().Len(), r.World().IsAlive(first), r.World().SystemNames(world.Fixed))
			}
			for _, s := range r.seen {
				if s == "dirty world" {
					t.Errorf("OnEnter found the world of the last entry: %q", r.seen)
				}
			}
		})
	}
}

// TestSceneOnTwoManagers: a scene entered in one manager is refused by
// another until it leaves the first.
func TestSceneOnTwoManagers(t *testing.T) {
	s := &hookScene{name: "s"}
	m1, m2 := scene.NewManager(), scene.NewManager()
	m1.Push(s)
	m2.Push(s)
	if err := errors.Join(m1.Apply(), m2.Apply()); !errors.Is(err, scene.ErrActive) || m2.Len() != 0 {
		t.Fatalf("pushing a scene active in another manager: %v, %d scenes; want ErrActive and none", err, m2.Len())
	}
	m1.Close()
	m2.Push(s)
	if err := errors.Join(m1.Apply(), m2.Apply()); err != nil || m2.Top() != scene.Scene(s) || s.Scenes() != m2 {
		t.Errorf("after m1 closed: %v, top %s; want s entered in m2", err, scene.Name(m2.Top()))
	}
}
