package game_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// TestDemo plays the demo walk and checks each thing it claims: a coin
// picked up, the player frozen while paused, the door into the study, the
// player arriving by the study's door and walking on over its coin.
func TestDemo(t *testing.T) {
	g, h := start(t, game.Options{Seed: 1, Demo: true})

	stepTo(t, h, game.DemoWalk)
	if s := g.Snapshot(); s.Room != "hall" || s.Player != g.Layout("hall").Start || s.Items != 0 {
		t.Fatalf("before walking: %v; want the hall's start, no items", s)
	}
	until(t, h, game.DemoPause-game.DemoWalk, "the first coin picked up", func() bool { return g.Items() == 1 })

	stepTo(t, h, game.DemoPause+2)
	if !g.Paused() {
		t.Fatalf("step %d: not paused after pressing pause at step %d", h.Loop().Steps(), game.DemoPause)
	}
	frozen := g.Room().PlayerPosition()
	stepTo(t, h, game.DemoUnpause-1)
	if got := g.Room().PlayerPosition(); !g.Paused() || got != frozen {
		t.Errorf("step %d: paused %v, player at %v; want paused at %v (move right still held)", h.Loop().Steps(), g.Paused(), got, frozen)
	}
	steps(t, h, 3)
	if g.Paused() {
		t.Fatalf("step %d: still paused after pressing pause again at step %d", h.Loop().Steps(), game.DemoUnpause)
	}
	steps(t, h, 10)
	if got := g.Room().PlayerPosition(); got.X <= frozen.X {
		t.Errorf("10 steps after unpausing the player is at %v; want it right of %v", got, frozen)
	}

	until(t, h, 600, "the study entered", func() bool { return g.Snapshot().Room == "study" })
	s := g.Snapshot()
	if s.Entered != 2 || s.LastDoor != "hall/east" {
		t.Errorf("in the study: %v; want 2 rooms entered through hall/east", s)
	}
	// The study's west door is at (4, 320); door-west puts arrivals 40 units in.
	if want := (geom.Vec2{X: 44, Y: 320}); s.Player.Sub(want).Len() > 3 {
		t.Errorf("arrived at %v; want by the west door, near %v", s.Player, want)
	}
	if s.Paused != game.DemoUnpause-game.DemoPause {
		t.Errorf("paused %d steps; want %d", s.Paused, game.DemoUnpause-game.DemoPause)
	}

	stepTo(t, h, game.DemoStop+20)
	s = g.Snapshot()
	if s.Room != "study" || s.Items != 2 || s.Player.X < 200 {
		t.Errorf("at the end: %v; want in the study, past its coin at x = 200, 2 items", s)
	}
	stopped := s.Player
	steps(t, h, 10)
	if got := g.Room().PlayerPosition(); got != stopped {
		t.Errorf("after letting go the player moved from %v to %v", stopped, got)
	}
}

// TestDemoIsInput: the demo walk is the same as the player holding the
// keys it holds, step for step: scripted input to the engine's actions
// ends in the same state.
func TestDemoIsInput(t *testing.T) {
	demo, h := start(t, game.Options{Seed: 1, Demo: true})
	stepTo(t, h, game.DemoStop+30)
	keys, h := start(t, game.Options{Seed: 1},
		engine.ScriptedInput{Step: game.DemoWalk, Action: game.MoveRight, Down: true},
		engine.ScriptedInput{Step: game.DemoPause, Action: game.PauseAction, Down: true},
		engine.ScriptedInput{Step: game.DemoPause + 4, Action: game.PauseAction},
		engine.ScriptedInput{Step: game.DemoUnpause, Action: game.PauseAction, Down: true},
		engine.ScriptedInput{Step: game.DemoUnpause + 4, Action: game.PauseAction},
		engine.ScriptedInput{Step: game.DemoStop, Action: game.MoveRight},
	)
	stepTo(t, h, game.DemoStop+30)
	if a, b := demo.Snapshot(), keys.Snapshot(); a != b || a.Room != "study" {
		t.Errorf("the demo ends in\n%v\nthe same keys held end in\n%v\nwant the same, in the study", a, b)
	}
}

// TestDeterminism: two runs of the demo with one seed end in the same
// state, with the scattered gems in the same places; another seed scatters
// them elsewhere.
func TestDeterminism(t *testing.T) {
	run := func(seed uint64) (game.State, []geom.Vec2) {
		g, h := start(t, game.Options{Seed: seed, Demo: true})
		stepTo(t, h, game.DemoStop+30)
		var gems []geom.Vec2
		for e, it := range world.Query1(g.Room().World(), game.Item) {
			if it.Name == "gem" {
				gems = append(gems, *geom.Position.Require(g.Room().World(), e))
			}
		}
		return g.Snapshot(), gems
	}
	s1, gems1 := run(7)
	s2, gems2 := run(7)
	if s1 != s2 {
		t.Errorf("two runs with seed 7:\n%v\n%v", s1, s2)
	}
	if len(gems1) != 3 || !sameSet(gems1, gems2) {
		t.Errorf("gems with seed 7: %v and %v; want the same 3", gems1, gems2)
	}
	_, gems3 := run(8)
	if sameSet(gems1, gems3) {
		t.Errorf("gems with seeds 7 and 8 are both %v; want different places", gems1)
	}
}

// sameSet reports whether a and b hold the same points, in any order.
func sameSet(a, b []geom.Vec2) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		found := false
		for _, q := range b {
			found = found || p == q
		}
		if !found {
			return false
		}
	}
	return true
}

// TestSlide: walking up and left from the hall's start, the player meets
// the west wall and slides up along it instead of stopping.
func TestSlide(t *testing.T) {
	g, h := start(t, game.Options{})
	steps(t, h, 1)
	hold(t, h, true, game.MoveLeft, game.MoveUp)
	steps(t, h, 60) // 150 units a second, about 106 along each axis
	w, p := g.Room().World(), g.Room().PlayerPosition()
	const wallX = 16 + 7 // the wall's inner edge plus the player's radius
	if p.X < wallX-0.5 || p.X > wallX+0.5 {
		t.Errorf("player at %v; want against the west wall, at x = %d", p, wallX)
	}
	if m := systems.Mover.Require(w, g.Room().Player()); !m.OnWall {
		t.Errorf("Movement %+v; want OnWall", m)
	}
	before := p.Y
	steps(t, h, 20)
	if p = g.Room().PlayerPosition(); p.Y >= before-20 {
		t.Errorf("20 steps later the player is at %v; want slid up from y = %.1f by about 35", p, before)
	}
}

// TestItemsStayTaken: an item picked up is gone when the player comes back
// to its room, and the player arrives back by the door it left through.
func TestItemsStayTaken(t *testing.T) {
	g, h := start(t, game.Options{})
	steps(t, h, 1)
	w := g.Room().World()
	before := w.Count(game.Item)
	hold(t, h, true, game.MoveRight)
	until(t, h, 600, "the study entered", func() bool { return g.Snapshot().Room == "study" })
	hold(t, h, false, game.MoveRight)
	hold(t, h, true, game.MoveLeft)
	until(t, h, 200, "the hall entered again", func() bool { return g.Snapshot().Room == "hall" })
	s := g.Snapshot()
	if s.Items != 1 || s.Entered != 3 || s.LastDoor != "study/west" {
		t.Errorf("back in the hall: %v; want 1 item, 3 rooms entered, last door study/west", s)
	}
	if got := g.Room().World().Count(game.Item); got != before-1 {
		t.Errorf("the hall has %d items; want %d, less the one picked up", got, before-1)
	}
	// The hall's east door is at (1116, 360); door-east puts arrivals 40 units in.
	if want := (geom.Vec2{X: 1076, Y: 360}); s.Player.Sub(want).Len() > 3 {
		t.Errorf("arrived at %v; want by the east door, near %v", s.Player, want)
	}
}

// TestCamera: the room's camera, an entity the engine moves after every
// step, stays still while the player walks inside its dead zone, follows
// it after, and never shows beyond the room's walls.
func TestCamera(t *testing.T) {
	g, h := start(t, game.Options{Demo: true})
	stepTo(t, h, game.DemoWalk+1)
	cam := g.Room().Camera().Position
	layout := g.Layout("hall")
	// The start is left of the middle of the first screen, so the camera
	// starts clamped at the west wall: half the view from it.
	if want := (geom.Vec2{X: view.X / 2, Y: layout.Start.Y}); cam != want {
		t.Errorf("camera starts at %v; want %v", cam, want)
	}
	moved := false
	for range game.DemoStop {
		steps(t, h, 1)
		r := g.Room()
		if c := r.Camera(); !inside(c.View(), r.Bounds()) {
			t.Fatalf("step %d: camera shows %v, beyond the room %v", h.Loop().Steps(), c.View(), r.Bounds())
		}
		p := r.PlayerPosition()
		dz := r.Layout().Camera.DeadZone
		if r.Layout().Name == "hall" && p.X < cam.X+dz.X && r.Camera().Position != cam {
			t.Fatalf("step %d: camera moved to %v while the player at %v was in the dead zone around %v", h.Loop().Steps(), r.Camera().Position, p, cam)
		}
		moved = moved || r.Camera().Position.X > cam.X+100
	}
	if !moved {
		t.Errorf("the camera never followed the player east")
	}
}

// TestWalkSpeed: keys walk at the Walker's speed, diagonals too, and a
// stick pushed part way walks that much slower.
func TestWalkSpeed(t *testing.T) {
	tests := []struct {
		name  string
		hold  map[string]float64 // action: value
		speed float64            // as a share of the Walker's speed
	}{
		{"right key", map[string]float64{game.MoveRight: 1}, 1},
		{"diagonal keys", map[string]float64{game.MoveRight: 1, game.MoveDown: 1}, 1},
		{"stick half way", map[string]float64{game.MoveRight: 0.5}, 0.5},
		{"stick diagonal", map[string]float64{game.MoveRight: 0.6, game.MoveDown: 0.6}, 0.6 * math.Sqrt2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, h := start(t, game.Options{})
			steps(t, h, 1)
			for a, v := range tt.hold {
				if err := h.Input().HoldValue(a, v); err != nil {
					t.Fatal(err)
				}
			}
			steps(t, h, 2)
			w, p := g.Room().World(), g.Room().Player()
			v := *geom.Velocity.Require(w, p)
			want := tt.speed * game.Walker.Require(w, p).Speed
			if got := math.Hypot(v.X, v.Y); math.Abs(got-want) > 1e-9 {
				t.Errorf("velocity %v: speed %v, want %v", v, got, want)
			}
		})
	}
}
