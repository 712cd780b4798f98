// These tests drive the game's real scene through the headless runner:
// the game's own code never links ebitengine (only window.go does, in
// builds with the tesserawindow tag), so they run anywhere.

package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images/flappy"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
)

// start starts the game as main does, in a headless runner with script as
// input.
func start(t *testing.T, script []engine.ScriptedInput) (*engine.Headless, *Game) {
	t.Helper()
	cfg, err := engine.LoadConfig(engine.LoadOptions{Defaults: engine.Config{Input: engine.StandardInput()}})
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{}
	h, err := engine.NewHeadless(cfg, engine.Game{First: g, Assets: assets.WithFiles(nil, map[string][]byte{"gopher.png": flappy.Gopher_png})}, engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := h.Close(); err != nil {
			t.Error(err)
		}
	})
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			t.Errorf("step %d: %v", ev.Step, ev.Err)
		}
	})
	if err := h.Start(); err != nil { // enters the scene
		t.Fatal(err)
	}
	return h, g
}

// at returns where the game's gopher and star are.
func at(g *Game) (gopher, star geom.Vec2) {
	return *geom.Position.Require(g.World(), g.gopher), *geom.Position.Require(g.World(), g.star)
}

// scoreText is what the score label says.
func scoreText(g *Game) string { return drawable.Text.Require(g.World(), g.score).Text }

// TestFirstStarFallsOnTheGopher runs the game with no input: the first
// star falls from the middle onto the gopher, which starts in the middle,
// so it is caught, starts again from the top, and the score says so.
func TestFirstStarFallsOnTheGopher(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	if p, s := at(g); p != (geom.Vec2{Y: 180}) || s != (geom.Vec2{Y: -180 + 150.0/60}) || scoreText(g) != "caught: 0" {
		t.Fatalf("after one step: gopher %v, star %v, score %q; want (0, 180), (0, -177.5), caught: 0", p, s, scoreText(g))
	}
	if err := h.RunUntil(func() bool { return g.caught > 0 }); err != nil {
		t.Fatal(err)
	}
	// 150 pixels a second from y -180 to the catch box's top, 83 above
	// the gopher's feet at 180: about 1.85 s, 111 steps at 60 Hz.
	if n := h.Loop().Steps(); n < 108 || n > 114 {
		t.Errorf("first catch after %d steps, want about 111", n)
	}
	// Back at the top, moved on by Motion in the same step.
	if _, s := at(g); s.Y != -180+150.0/60 || s.X < -300 || s.X >= 300 || scoreText(g) != "caught: 1" {
		t.Errorf("after the catch: star %v, score %q; want back at the top (y -177.5, x in [-300, 300)), caught: 1", s, scoreText(g))
	}
}

// TestGopher checks that the move axis moves the gopher at 400 pixels a
// second and that it stops at the screen's edges; a stick pushed half way
// moves it half as fast.
func TestGopher(t *testing.T) {
	h, g := start(t, []engine.ScriptedInput{
		{Step: 0, Action: "left", Down: true},
		{Step: 30, Action: "left", Down: false},
		{Step: 30, Action: "right", Down: true},
		{Step: 150, Action: "right", Down: false},
		{Step: 150, Action: "left", Down: true, Value: 0.5},
	})
	for _, tt := range []struct {
		steps uint64
		x     float64
		what  string
	}{
		{30, -200, "half a second left from 0: 200 pixels"},
		{120, 290, "two seconds right: stopped at the right edge (320 less half the gopher)"},
		{30, 190, "half a second left at half speed: 100 pixels"},
		{300, -290, "five more seconds: stopped at the left edge"},
	} {
		if err := h.RunSteps(tt.steps); err != nil {
			t.Fatal(err)
		}
		if p, _ := at(g); p.X < tt.x-0.01 || p.X > tt.x+0.01 {
			t.Errorf("%s: gopher at x %v, want %v", tt.what, p.X, tt.x)
		}
	}
}

// autopilot plays the game for steps steps by holding left or right
// towards the star, as a player would.
func autopilot(t *testing.T, steps int) *Game {
	t.Helper()
	h, g := start(t, nil)
	for range steps {
		p, s := at(g)
		mid := p.X
		if err := errors.Join(h.Input().Hold("left", s.X < mid-20), h.Input().Hold("right", s.X > mid+20)); err != nil {
			t.Fatal(err)
		}
		if err := h.RunSteps(1); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestAutopilot plays 30 simulated seconds well: every star is caught.
func TestAutopilot(t *testing.T) {
	g := autopilot(t, 30*60)
	// A star falls 277 pixels at 150 a second: one every 1.85 s, 16 in 30 s.
	if g.caught < 15 || g.caught > 17 {
		t.Errorf("%d stars caught in 30 s, want 15 to 17", g.caught)
	}
	if want := fmt.Sprint("caught: ", g.caught); scoreText(g) != want {
		t.Errorf("score says %q, want %q", scoreText(g), want)
	}
}

// TestMissWraps runs the game with no input past the first catch: the
// next star falls beside the gopher, goes out at the bottom and comes
// round again from the top at the same x, scoring nothing.
func TestMissWraps(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunUntil(func() bool { return g.caught > 0 }); err != nil {
		t.Fatal(err)
	}
	p, s := at(g)
	if s.X > p.X-38 && s.X < p.X+38 {
		t.Fatalf("the second star falls at x %v, onto the gopher at %v: this test needs it to miss", s.X, p.X)
	}
	x, lowest := s.X, s.Y
	if err := h.RunUntil(func() bool {
		_, s := at(g)
		wrapped := s.Y < lowest
		lowest = max(lowest, s.Y)
		return wrapped
	}); err != nil {
		t.Fatal(err)
	}
	if _, s = at(g); s.X != x || s.Y > -170 || lowest < 175 || g.caught != 1 {
		t.Errorf("after the miss: star at %v after falling to y %v, %d caught; want x %v, back at the top after the bottom (180), 1 caught",
			s, lowest, g.caught, x)
	}
}

// TestDeterministic plays the same input twice and gets the same game.
func TestDeterministic(t *testing.T) {
	a, b := autopilot(t, 20*60), autopilot(t, 20*60)
	pa, sa := at(a)
	pb, sb := at(b)
	if pa != pb || sa != sb || a.caught != b.caught {
		t.Errorf("two runs differ: gopher %v and %v, star %v and %v, caught %d and %d", pa, pb, sa, sb, a.caught, b.caught)
	}
}
