//go:build tesserawindow

// These tests drive the game's real scene through the headless runner. The
// package links ebitengine (package render), whose start-up panics without
// a display, so they build only with the tesserawindow tag and need DISPLAY
// (Xvfb will do); e2e.TestScene runs them from the default build.

package main

import (
	"cmp"
	"errors"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// paddleWidth is the width of the paddle main.go spawns.
const paddleWidth = 80

// state is what a test can see of a running game: where the paddle and the
// star are, and the score dots, in the order they were caught.
type state struct {
	paddle, star systems.Vec2
	dots         []systems.Vec2
}

// look reads the state from the world: the paddle is the shape that is a
// rectangle, the star the one that moves, the dots the other circles.
func look(w *world.World) state {
	var st state
	type dot struct {
		e world.Entity
		p systems.Vec2
	}
	var dots []dot
	world.Each2(w, render.Shape, systems.Position, func(e world.Entity, f *render.Figure, p *systems.Vec2) {
		switch {
		case f.Kind == render.RectFigure:
			st.paddle = *p
		case w.Has(e, systems.Velocity):
			st.star = *p
		default:
			dots = append(dots, dot{e, *p})
		}
	})
	slices.SortFunc(dots, func(a, b dot) int { return cmp.Compare(a.e.Slot(), b.e.Slot()) }) // spawn order: nothing is destroyed
	for _, d := range dots {
		st.dots = append(st.dots, d.p)
	}
	return st
}

// start loads the game's configuration (tessera.yaml, as main does) and
// starts the game in a headless runner with script as input.
func start(t *testing.T, script []engine.ScriptedInput) (*engine.Headless, *game) {
	t.Helper()
	cfg, err := engine.LoadConfig(engine.LoadOptions{File: "tessera.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{r: r}
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
	return h, g
}

// TestFirstStarFallsOnThePaddle runs the game with no input: the first star
// falls from the middle onto the paddle, which starts in the middle, so it
// is caught; it starts again from the top, and the score shows one dot.
func TestFirstStarFallsOnThePaddle(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunSteps(1); err != nil { // enters the scene, then one step
		t.Fatal(err)
	}
	st := look(g.World())
	if st.paddle != (systems.Vec2{X: -40, Y: 150}) || st.star.X != 0 || st.star.Y != -190+200.0/60 || len(st.dots) != 0 {
		t.Fatalf("after one step: %+v, want the paddle at (-40, 150), the star at (0, -190+200/60) and no dot", st)
	}
	if err := h.RunUntil(func() bool { return len(look(g.World()).dots) > 0 }); err != nil {
		t.Fatal(err)
	}
	// 200 units a second from -190 to the paddle's top edge less the
	// star's radius (150-8): about 1.66 s, 100 steps at 60 Hz.
	if s := h.Loop().Steps(); s < 95 || s > 110 {
		t.Errorf("first catch after %d steps, want about 100", s)
	}
	st = look(g.World())
	if want := []systems.Vec2{{X: -310, Y: -170}}; !slices.Equal(st.dots, want) {
		t.Errorf("dots = %v, want %v", st.dots, want)
	}
	// The catch puts the star back at y -190, and Motion moves it on in
	// the same step.
	if st.star.Y != -190+200.0/60 || st.star.X < -300 || st.star.X >= 300 {
		t.Errorf("after the catch the star is at %v, want back at the top (y -190+200/60), x in [-300, 300)", st.star)
	}
}

// TestPaddle checks that the move axis moves the paddle at 400 units a
// second and that it stops at the screen's edges.
func TestPaddle(t *testing.T) {
	h, g := start(t, []engine.ScriptedInput{
		{Step: 0, Action: "left", Down: true},
		{Step: 30, Action: "left", Down: false},
		{Step: 30, Action: "right", Down: true},
	})
	if err := h.RunSteps(30); err != nil {
		t.Fatal(err)
	}
	// Half a second left from x -40: 200 units.
	if got := look(g.World()).paddle.X; got < -240.01 || got > -239.99 {
		t.Errorf("after 0.5 s left the paddle is at x %v, want -240", got)
	}
	if err := h.RunSteps(120); err != nil { // two seconds right: 800 units, more than the screen
		t.Fatal(err)
	}
	if got := look(g.World()).paddle.X; got != 640/2-paddleWidth {
		t.Errorf("after 2 s right the paddle is at x %v, want %d (its right edge at the screen's)", got, 640/2-paddleWidth)
	}
}

// autopilot plays the game for steps steps by holding left or right
// towards the star, as a player would, and returns the final state.
func autopilot(t *testing.T, steps int) state {
	t.Helper()
	h, g := start(t, nil)
	for range steps {
		st := look(g.World())
		mid := st.paddle.X + paddleWidth/2
		if err := errors.Join(h.Input().Hold("left", st.star.X < mid-20), h.Input().Hold("right", st.star.X > mid+20)); err != nil {
			t.Fatal(err)
		}
		if err := h.RunSteps(1); err != nil {
			t.Fatal(err)
		}
	}
	return look(g.World())
}

// TestAutopilot plays 30 simulated seconds well: every star is caught, each
// adding a dot 8 units right of the last.
func TestAutopilot(t *testing.T) {
	st := autopilot(t, 30*60)
	// A star falls from y -190 to the paddle (y 150, less its radius) at
	// 200 units a second: one every 1.66 s, so 18 in 30 s at most.
	if n := len(st.dots); n < 16 || n > 18 {
		t.Errorf("%d stars caught in 30 s, want 16 to 18", n)
	}
	for i, d := range st.dots {
		if want := (systems.Vec2{X: float64(i*8 - 310), Y: -170}); d != want {
			t.Errorf("dot %d at %v, want %v", i, d, want)
		}
	}
}

// TestMissWraps runs the game with no input past the first catch: the
// second star falls beside the paddle, goes out at the bottom and comes
// round again from the top at the same x, with no dot for it.
func TestMissWraps(t *testing.T) {
	h, g := start(t, nil)
	if err := h.RunUntil(func() bool { return len(look(g.World()).dots) > 0 }); err != nil {
		t.Fatal(err)
	}
	st := look(g.World())
	if st.star.X > st.paddle.X-8 && st.star.X < st.paddle.X+paddleWidth+8 {
		t.Fatalf("the second star falls at x %v, onto the paddle at %v: this test needs it to miss", st.star.X, st.paddle.X)
	}
	x, lowest := st.star.X, st.star.Y
	if err := h.RunUntil(func() bool {
		y := look(g.World()).star.Y
		wrapped := y < lowest
		lowest = max(lowest, y)
		return wrapped
	}); err != nil {
		t.Fatal(err)
	}
	st = look(g.World())
	if st.star.X != x || st.star.Y > -180 || lowest < 185 || len(st.dots) != 1 {
		t.Errorf("after the miss: star at %v after falling to y %v, %d dots; want x %v, back at the top after the bottom (190), 1 dot",
			st.star, lowest, len(st.dots), x)
	}
}

// TestDeterministic plays the same input twice and gets the same game.
func TestDeterministic(t *testing.T) {
	a, b := autopilot(t, 20*60), autopilot(t, 20*60)
	if a.paddle != b.paddle || a.star != b.star || !slices.Equal(a.dots, b.dots) {
		t.Errorf("two runs differ:\n%+v\n%+v", a, b)
	}
}
