//go:build tesseradebug

package world_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// The tesseradebug build checks what systems that declare their access
// do against what they declare: the panic names the system, the
// component and the declaration missing.
func TestDebugChecksDeclaredAccess(t *testing.T) {
	tests := []struct {
		name string
		sys  world.System
		says []string
	}{
		{"a read of an undeclared component", world.System{Reads: comps(tPos), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tVel, func(world.Entity, *velocity) {})
			return nil
		}}, []string{"Velocity", "Reads"}},
		{"Get of an undeclared field component", world.System{Reads: comps(tPos), Run: func(ctx *world.Context) error {
			tVel.Get(ctx.World, 0)
			return nil
		}}, []string{"Velocity", "Reads"}},
		{"a write to a component declared only read", world.System{Reads: comps(tPos), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(_ world.Entity, p *position) { p.X++ })
			return nil
		}}, []string{"write[Position]", "on entity 0v1", "Writes"}},
		{"an undeclared add", world.System{Reads: comps(tPos), Writes: comps(tPos, tName), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(e world.Entity, _ *position) { tName.Add(ctx.World, e, "x") })
			return nil
		}}, []string{"Add[Name]", "Adds"}},
		{"an undeclared removal", world.System{Reads: comps(tPos, tVel), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(e world.Entity, _ *position) { ctx.World.Remove(e, tVel) })
			return nil
		}}, []string{"Remove[Velocity]", "Removes"}},
		{"a destroy of an entity holding what Destroys lacks", world.System{Reads: comps(tPos), Destroys: comps(tPos), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(e world.Entity, _ *position) { ctx.World.Destroy(e) })
			return nil
		}}, []string{"Destroy[Velocity]", "Destroys"}},
		{"an undeclared order of sources", world.System{Reads: comps(tPos), Run: func(ctx *world.Context) error {
			world.Each1(ctx.World, tPos, func(e world.Entity, _ *position) { world.ChildOf.OrderSources(ctx.World, e, nil) })
			return nil
		}}, []string{"OrderSources[ChildOf]", "Adds"}},
		{"an undeclared resource", world.System{Reads: comps(tPos), Run: func(ctx *world.Context) error {
			sInput.Lookup(ctx.World)
			return nil
		}}, []string{"sInput", "ReadsResources"}},
		{"a change to a resource declared only read", world.System{Reads: comps(tPos), ReadsResources: []world.ResourceType{sScore},
			Run: func(ctx *world.Context) error {
				if v, ok := sScore.Lookup(ctx.World); ok {
					*v++
				}
				return nil
			}}, []string{"write[sScore]", "WritesResources"}},
		{"the world captured instead of ctx.World", world.System{Reads: comps(tPos)}, []string{"walk: concurrent use"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := world.New()
			world.Spawn2(w, tPos, position{}, tVel, velocity{})
			score := 1
			sScore.Set(w, &score)
			s := tt.sys
			s.Name, s.Phase = "checked", world.Fixed
			if s.Run == nil {
				s.Run = func(*world.Context) error {
					world.Each1(w, tPos, func(world.Entity, *position) {})
					return nil
				}
			}
			must(t, w.AddSystem(s))
			err := w.Run(world.Context{Phase: world.Fixed}, nil)
			if err == nil {
				t.Fatal("Run = nil, want the check's panic")
			}
			if !errors.Is(err, world.ErrUndeclared) && !errors.Is(err, world.ErrConcurrent) {
				t.Errorf("Run = %v, want ErrUndeclared or ErrConcurrent", err)
			}
			for _, s := range append(tt.says, `"checked"`) {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Run = %v, want it to say %q", err, s)
				}
			}
		})
	}
}

// TestDebugChecksPassDeclaredAccess: what a system declares, it may do.
func TestDebugChecksPassDeclaredAccess(t *testing.T) {
	w := world.New()
	e := world.Spawn2(w, tPos, position{}, tVel, velocity{X: 1})
	must(t, w.AddSystem(world.System{Name: "ok", Phase: world.Fixed,
		Reads: comps(tVel), Writes: comps(tPos), Adds: comps(tName), Removes: comps(tVel), Spawns: comps(tHealth),
		ReadsResources: []world.ResourceType{sInput}, WritesResources: []world.ResourceType{sScore},
		Run: func(ctx *world.Context) error {
			cw := ctx.World
			world.Each2(cw, tPos, tVel, func(e world.Entity, p *position, v *velocity) {
				p.X += v.X
				tName.Add(cw, e, "moved")
				cw.Remove(e, tVel)
			})
			world.Spawn1(cw, tHealth, health{HP: 1})
			sInput.Lookup(cw)
			one := 1
			sScore.Set(cw, &one)
			return nil
		}}))
	must(t, w.Run(world.Context{Phase: world.Fixed}, nil))
	if tPos.Require(w, e).X != 1 || w.Has(e, tVel) || w.Len() != 2 {
		t.Errorf("after the run: %v", world.Inspect(w, 0, 0))
	}
}
