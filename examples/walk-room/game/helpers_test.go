package game_test

import (
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
)

// view is the screen size the tests give the game: the window's default.
var view = geom.Vec2{X: 640, Y: 360}

// start makes a game with opts (View defaulting to view) and a headless
// engine of it with the game's files playing script, enters the first
// room, and fails the test on any error event.
func start(t *testing.T, opts game.Options, script ...engine.ScriptedInput) (*game.Game, *engine.Headless) {
	t.Helper()
	if opts.View == (geom.Vec2{}) {
		opts.View = view
	}
	g := game.New(opts)
	h, err := engine.NewHeadless(game.Config(), engine.Game{First: g.First(), Assets: game.Files()}, engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatalf("NewHeadless: %v", err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			t.Errorf("engine error: %v", ev)
		}
	})
	t.Cleanup(func() {
		if err := h.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	if err := h.Start(); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return g, h
}

// steps runs n steps, failing the test on an error.
func steps(t *testing.T, h *engine.Headless, n uint64) {
	t.Helper()
	if err := h.RunSteps(n); err != nil {
		t.Fatalf("RunSteps(%d): %v", n, err)
	}
}

// stepTo runs steps until the loop has run n of them in all.
func stepTo(t *testing.T, h *engine.Headless, n uint64) {
	t.Helper()
	if s := h.Loop().Steps(); s < n {
		steps(t, h, n-s)
	}
}

// until runs steps until cond holds, at most limit of them, and fails the
// test if it never does.
func until(t *testing.T, h *engine.Headless, limit uint64, what string, cond func() bool) {
	t.Helper()
	end := h.Loop().Steps() + limit
	if err := h.RunUntil(func() bool { return cond() || h.Loop().Steps() >= end }); err != nil {
		t.Fatalf("RunUntil(%s): %v", what, err)
	}
	if !cond() {
		t.Fatalf("after %d steps: %s has not happened", limit, what)
	}
}

// hold holds (or lets go of) actions, failing the test on an error.
func hold(t *testing.T, h *engine.Headless, down bool, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if err := h.Input().Hold(a, down); err != nil {
			t.Fatal(err)
		}
	}
}

// inside reports whether r lies inside bounds, up to rounding.
func inside(r, bounds geom.Rectangle) bool {
	const eps = 1e-6
	return r.Min.X >= bounds.Min.X-eps && r.Min.Y >= bounds.Min.Y-eps &&
		r.Max.X <= bounds.Max.X+eps && r.Max.Y <= bounds.Max.Y+eps
}
