package engine_test

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestInputResourceDeclared: systems that declare they read the input
// read it, and, reading it only, may run at once.
func TestInputResourceDeclared(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	var seenA, seenB []uint64
	reader := func(name string, seen *[]uint64) world.System {
		return world.System{Name: name, Phase: world.Fixed,
			ReadsResources: []world.ResourceType{engine.InputResource},
			Run: func(ctx *world.Context) error {
				if engine.InputOf(ctx).JustPressed("jump") {
					*seen = append(*seen, ctx.Step)
				}
				return nil
			}}
	}
	s := &traceScene{name: "s", log: new([]string), systems: []world.System{reader("a", &seenA), reader("b", &seenB)}}
	h := newHeadless(t, cfg, s, engine.HeadlessOptions{Script: []engine.ScriptedInput{{Step: 3, Action: "jump", Down: true}}})
	failures := errorEvents(h)
	if err := h.RunSteps(5); err != nil {
		t.Fatal(err)
	}
	for name, seen := range map[string][]uint64{"a": seenA, "b": seenB} {
		if want := []uint64{3}; !slices.Equal(seen, want) {
			t.Errorf("system %s saw jump pressed at steps %v, want %v", name, seen, want)
		}
	}
	if got := s.World().Schedule(world.Fixed).String(); got != "fixed: [a b]" {
		t.Errorf("schedule of two input readers = %s, want fixed: [a b]", got)
	}
	if *failures != nil {
		t.Errorf("errors %v, want none", *failures)
	}
	if engine.InputResource.Name() != "engine.Input" {
		t.Errorf("InputResource.Name() = %q, want engine.Input", engine.InputResource.Name())
	}
}

// TestInputResourceUndeclared: in the tesseradebug build, a system that
// declares its access but not the input, and reads it, fails naming
// itself and the input; the other build does not check.
func TestInputResourceUndeclared(t *testing.T) {
	cfg := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	s := &traceScene{name: "s", log: new([]string), systems: []world.System{{
		Name: "sneak", Phase: world.Fixed, Reads: []world.ComponentType{},
		Run: func(ctx *world.Context) error {
			engine.InputOf(ctx).Pressed("jump")
			return nil
		}}}}
	h := newHeadless(t, cfg, s, engine.HeadlessOptions{})
	failures := errorEvents(h)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	checkUndeclared(t, *failures, "sneak", "engine.Input", "ReadsResources")
}
