package game

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestScriptedInput presses add twice and remove three times through the
// headless runner's script and checks the body count after each.
func TestScriptedInput(t *testing.T) {
	const start = 2500
	for _, tc := range []struct {
		name   string
		script []engine.ScriptedInput
		want   int
	}{
		{"none", nil, start},
		{"add", press(ActionAdd, 10), start + 1000},
		{"add twice", slices.Concat(press(ActionAdd, 10), press(ActionAdd, 40)), start + 2000},
		{"remove", press(ActionRemove, 10), start - 1000},
		{"remove past zero", slices.Concat(press(ActionRemove, 10), press(ActionRemove, 20), press(ActionRemove, 30)), 0},
		{"add then remove", slices.Concat(press(ActionAdd, 10), press(ActionRemove, 200)), start},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := run(t, Options{Bodies: start, Seed: 1}, 300, tc.script...)
			if got := s.Bodies(); got != tc.want {
				t.Errorf("Bodies() = %d, want %d", got, tc.want)
			}
			w := s.World()
			for _, c := range []struct {
				name string
				got  int
			}{
				{"Body", w.Count(Body)},
				{"Position", w.Count(geom.Position)},
				{"Sprite", w.Count(drawable.Sprite)},
			} {
				if c.got != tc.want {
					t.Errorf("%d entities with %s, want %d", c.got, c.name, tc.want)
				}
			}
			st := s.Settings()
			ps, _ := s.State()
			for i, p := range ps {
				if p.X < 0 || p.X > st.Width || p.Y < 0 || p.Y > st.Height {
					t.Fatalf("body %d left the field: %+v", i, p)
				}
			}
		})
	}
}

// TestDeterminism runs the same game twice, with collision and input, and
// checks that every body ends in the same place; and that another seed
// gives another game.
func TestDeterminism(t *testing.T) {
	script := slices.Concat(press(ActionAdd, 30), press(ActionRemove, 90), press(ActionAdd, 100))
	game := func(seed uint64) ([]geom.Vec2, []geom.Vec2) {
		s := run(t, Options{Bodies: 1500, Seed: seed, Collide: true, Walk: "each"}, 240, script...)
		return s.State()
	}
	p1, v1 := game(7)
	p2, v2 := game(7)
	if len(p1) != 2500 {
		t.Fatalf("%d bodies, want 2500", len(p1))
	}
	if !slices.Equal(p1, p2) || !slices.Equal(v1, v2) {
		t.Error("two runs with seed 7 differ")
	}
	if p3, _ := game(8); slices.Equal(p1, p3) {
		t.Error("runs with seeds 7 and 8 are the same")
	}
}

// TestWalksMatchMove checks every walk against Move over plain slices,
// bit for bit, and that the bodies move and bounce.
func TestWalksMatchMove(t *testing.T) {
	const n, steps = 1000, 200
	init := run(t, Options{Bodies: n, Seed: 3}, 0)
	ps, vs := init.State()
	p0 := slices.Clone(ps)
	st := init.Settings()
	for range steps {
		Move(ps, vs, 1.0/60, st.Width, st.Height)
	}
	var moved, bounced int
	for i := range ps {
		if ps[i] != p0[i] {
			moved++
		}
		if vs[i] != init.mustVelocity(i) {
			bounced++
		}
	}
	if moved != n || bounced == 0 {
		t.Errorf("%d of %d bodies moved and %d bounced, want all moved and some bounced", moved, n, bounced)
	}
	for _, walk := range Walks() {
		t.Run(walk, func(t *testing.T) {
			gp, gv := run(t, Options{Bodies: n, Seed: 3, Walk: walk}, steps).State()
			if !slices.Equal(gp, ps) || !slices.Equal(gv, vs) {
				t.Errorf("walk %s disagrees with Move after %d steps", walk, steps)
			}
		})
	}
}

// mustVelocity returns the velocity body i has now.
func (s *Scene) mustVelocity(i int) geom.Vec2 {
	return *geom.Velocity.Require(s.World(), s.bodies[i])
}

// TestCollideTints checks that with collision bodies that meet flash with
// the hit colour, and without it none does.
func TestCollideTints(t *testing.T) {
	for _, collide := range []bool{false, true} {
		s := run(t, Options{Bodies: 4000, Seed: 2, Collide: collide}, 30)
		hit := s.Settings().Hit
		var tinted int
		for _, pic := range drawable.Sprite.Column(s.World()) {
			if !pic.Region.IsZero() && pic.Tint == hit {
				tinted++
			}
		}
		if collide && (tinted == 0 || s.Flashing() == 0) {
			t.Errorf("collide: %d hit-tinted sprites, Flashing() = %d; want some", tinted, s.Flashing())
		}
		if !collide && tinted != 0 {
			t.Errorf("no collide: %d hit-tinted sprites, want 0", tinted)
		}
	}
}

func TestUnknownWalk(t *testing.T) {
	s := New(Options{Walk: "sideways"})
	h, err := engine.NewHeadless(Config(), engine.Game{First: s, Assets: Files()}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunSteps(1); err == nil {
		t.Error("a scene with walk sideways entered without error")
	}
}

// TestStepAllocs checks that a steady step of the game allocates nothing,
// engine and input included. It steps with RunFrame (one step a frame):
// Headless.RunSteps itself allocates once a call.
func TestStepAllocs(t *testing.T) {
	for _, walk := range Walks() {
		t.Run(walk, func(t *testing.T) {
			s := New(Options{Bodies: 1000, Seed: 1, Walk: walk})
			h, err := engine.NewHeadless(Config(), engine.Game{First: s, Assets: Files()}, engine.HeadlessOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			if err := h.RunSteps(2); err != nil {
				t.Fatal(err)
			}
			before := h.Loop().Steps()
			if n := testing.AllocsPerRun(50, func() { h.RunFrame() }); n != 0 {
				t.Errorf("a step allocates %v times, want 0", n)
			}
			if got := h.Loop().Steps() - before; got != 51 {
				t.Errorf("%d steps in 51 frames, want one a frame", got)
			}
		})
	}
}

// TestSchedule: every system of the field declares its access, so none is
// exclusive but collision's; the controls, which spawn and destroy
// bodies, come before the move, which writes what the bodies hold, and
// the HUD writes its text in the frame phase.
func TestSchedule(t *testing.T) {
	for _, tc := range []struct {
		opts         Options
		fixed, frame string
	}{
		{Options{Bodies: 10}, "fixed: [ecs-stress.controls] [ecs-stress.move]", "frame:"},
		{Options{Bodies: 10, Collide: true, HUD: true},
			"fixed: [ecs-stress.controls] [ecs-stress.move] [systems.collision!] [ecs-stress.hits]", "frame: [ecs-stress.hud]"},
	} {
		s := run(t, tc.opts, 1)
		if got := s.World().Schedule(world.Fixed).String(); got != tc.fixed {
			t.Errorf("%+v: fixed schedule = %s, want %s", tc.opts, got, tc.fixed)
		}
		if got := s.World().Schedule(world.Frame).String(); got != tc.frame {
			t.Errorf("%+v: frame schedule = %s, want %s", tc.opts, got, tc.frame)
		}
	}
}
