//go:build tesserawindow

// These tests drive the game's real scene through the headless runner. The
// package links ebitengine (package render), whose start-up panics without
// a display, so they build only with the tesserawindow tag and need DISPLAY
// (Xvfb will do); e2e.TestScene runs them from the default build.

package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
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
	h, err := engine.NewHeadless(cfg, g, engine.HeadlessOptions{Script: script})
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

// at returns where the game's paddle and star are.
func at(g *Game) (paddle, star geom.Vec2) {
	return *geom.Position.Require(g.World(), g.paddle), *geom.Position.Require(g.World(), g.star)
}

// scoreText is what the score label says.
func scoreText(g *Game) string { return render.Text.Require(g.World(), g.score).Text }

// TestFirstStarFallsOnThePaddle runs the game with no input: the first
// star falls from the middle onto the paddle, which starts in the middle,
// so it is caught, starts again from the top, and the score says so.
func TestFirstStarFallsOnThePaddle(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	if p, s := at(g); p != (geom.Vec2{X: -40, Y: 150}) || s != (geom.Vec2{Y: -180 + 150.0/60}) || scoreText(g) != "caught: 0" {
		t.Fatalf("after one step: paddle %v, star %v, score %q; want (-40, 150), (0, -177.5), caught: 0", p, s, scoreText(g))
	}
	if err := h.RunUntil(func() bool { return g.caught > 0 }); err != nil {
		t.Fatal(err)
	}
	// 150 pixels a second from y -180 to the paddle's top less the star's
	// radius (150-8): about 2.15 s, 129 steps at 60 Hz.
	if n := h.Loop().Steps(); n < 125 || n > 132 {
		t.Errorf("first catch after %d steps, want about 129", n)
	}
	// Back at the top, moved on by Motion in the same step.
	if _, s := at(g); s.Y != -180+150.0/60 || s.X < -300 || s.X >= 300 || scoreText(g) != "caught: 1" {
		t.Errorf("after the catch: star %v, score %q; want back at the top (y -177.5, x in [-300, 300)), caught: 1", s, scoreText(g))
	}
}

// TestPaddle checks that the move axis moves the paddle at 400 pixels a
// second and that it stops at the screen's edges; a stick pushed half way
// moves it half as fast.
func TestPaddle(t *testing.T) {
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
		{30, -240, "half a second left from -40: 200 pixels"},
		{120, 240, "two seconds right: stopped at the right edge (320 less the paddle's 80)"},
		{30, 140, "half a second left at half speed: 100 pixels"},
		{300, -320, "five more seconds: stopped at the left edge"},
	} {
		if err := h.RunSteps(tt.steps); err != nil {
			t.Fatal(err)
		}
		if p, _ := at(g); p.X < tt.x-0.01 || p.X > tt.x+0.01 {
			t.Errorf("%s: paddle at x %v, want %v", tt.what, p.X, tt.x)
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
		mid := p.X + 40
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
	// A star falls 330 pixels at 150 a second: one every 2.2 s, 13 in 30 s.
	if g.caught < 12 || g.caught > 14 {
		t.Errorf("%d stars caught in 30 s, want 12 to 14", g.caught)
	}
	if want := fmt.Sprint("caught: ", g.caught); scoreText(g) != want {
		t.Errorf("score says %q, want %q", scoreText(g), want)
	}
}

// TestMissWraps runs the game with no input past the first catch: the
// next star falls beside the paddle, goes out at the bottom and comes
// round again from the top at the same x, scoring nothing.
func TestMissWraps(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunUntil(func() bool { return g.caught > 0 }); err != nil {
		t.Fatal(err)
	}
	p, s := at(g)
	if s.X > p.X-8 && s.X < p.X+88 {
		t.Fatalf("the second star falls at x %v, onto the paddle at %v: this test needs it to miss", s.X, p.X)
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
		t.Errorf("two runs differ: paddle %v and %v, star %v and %v, caught %d and %d", pa, pb, sa, sb, a.caught, b.caught)
	}
}
