package systems_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/internal/collidelimit"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// limitScene is a collidelimit scene as a world stepped by Motion,
// Confine and the collision system, beside the hand-written limit over
// the same bodies.
type limitScene struct {
	w     *world.World
	col   *systems.Collision
	ents  []world.Entity // by body index
	limit *collidelimit.Limit
	ctx   world.Context
}

func newLimitScene(t testing.TB, n int, side float64, seed uint64) *limitScene {
	t.Helper()
	bodies := collidelimit.Scene(n, side, seed)
	col := mustCollision(t, systems.CollisionOptions{CellSize: 32})
	s := &limitScene{
		w:     newWorld(t, systems.Motion(), systems.Confine(), col.System()),
		col:   col,
		limit: collidelimit.New(bodies, side, 32, 32),
		ctx:   world.Context{Phase: world.Fixed, DT: stepDT},
	}
	bounds := systems.Boundary{Rect: systems.Rect(0, 0, side, side), Mode: systems.Bounce}
	for _, b := range bodies {
		shape := systems.Circle(b.R)
		if b.R == 0 {
			shape = systems.Box(2*b.Half.X, 2*b.Half.Y)
		}
		e := world.Spawn3(s.w, systems.Position, b.P, systems.Velocity, b.V, systems.Bounds, bounds)
		systems.Collider.Add(s.w, e, shape)
		if b.Mover {
			systems.Mover.Add(s.w, e, systems.Movement{})
		}
		s.ents = append(s.ents, e)
	}
	return s
}

func (s *limitScene) stepSystem() error { return s.w.Run(s.ctx, nil) }
func (s *limitScene) stepLimit() error  { s.limit.Step(s.ctx.DT); return nil }

// TestCollisionMatchesLimit steps seeded scenes of moving circles and
// boxes, one body in ten a mover, with the collision system and with the
// hand-written limit, and compares them after every step: every body at
// the same position (to the bit), and the same contacts, pair by pair,
// with the same normal and depth.
func TestCollisionMatchesLimit(t *testing.T) {
	for _, tt := range []struct {
		n     int
		side  float64
		steps int
	}{{3000, 1024, 300}, {10000, 4096, 30}} {
		t.Run(fmt.Sprintf("%d in %v", tt.n, tt.side), func(t *testing.T) {
			s := newLimitScene(t, tt.n, tt.side, 5)
			contacts, pushes := 0, 0
			for k := 1; k <= tt.steps; k++ {
				if err := s.stepSystem(); err != nil {
					t.Fatal(err)
				}
				s.limit.Step(stepDT)
				for i, p := range s.limit.Positions(nil) {
					if got := *systems.Position.Require(s.w, s.ents[i]); got != p {
						t.Fatalf("step %d: body %d at %v, the limit's at %v", k, i, got, p)
					}
				}
				var got []string
				for _, c := range s.col.Contacts() {
					if c.Kind != systems.ContactExit {
						got = append(got, fmt.Sprintf("%v-%v %v %v", c.A, c.B, c.Normal, c.Depth))
					}
				}
				var want []string
				for _, c := range s.limit.Contacts() {
					want = append(want, fmt.Sprintf("%v-%v %v %v", s.ents[c.A], s.ents[c.B], c.Normal, c.Depth))
					if s.limit.Mover(c.A) != s.limit.Mover(c.B) {
						pushes++
					}
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					for _, g := range got {
						if !slices.Contains(want, g) {
							t.Errorf("step %d: the system has %s", k, g)
						}
					}
					for _, w := range want {
						if !slices.Contains(got, w) {
							t.Errorf("step %d: the limit has %s", k, w)
						}
					}
					t.Fatalf("step %d: %d contacts, the limit %d", k, len(got), len(want))
				}
				contacts += len(want)
			}
			if contacts < tt.steps*tt.n/20 || pushes < tt.steps {
				t.Errorf("%d contacts, %d with a mover, in %d steps: too few to test anything", contacts, pushes, tt.steps)
			}
			t.Logf("%d contacts, %d between a mover and a solid", contacts, pushes)
		})
	}
}

// TestCollisionRepeats: the same scene stepped twice gives the same
// contacts in the same order, with the same normals and depths, step by
// step.
func TestCollisionRepeats(t *testing.T) {
	a, b := newLimitScene(t, 3000, 1024, 9), newLimitScene(t, 3000, 1024, 9)
	for k := 1; k <= 100; k++ {
		if err := a.stepSystem(); err != nil {
			t.Fatal(err)
		}
		if err := b.stepSystem(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.col.Contacts(), b.col.Contacts()) {
			t.Fatalf("step %d: the contacts differ", k)
		}
	}
}
