package engine_test

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestSoundResourceDeclared: systems that declare they write the sound
// queue ask for sounds, conflict with each other (so they run one after
// the other, in the order added) and their requests keep that order,
// under GOMAXPROCS 1 or more alike.
func TestSoundResourceDeclared(t *testing.T) {
	player := func(name, path string) world.System {
		return world.System{Name: name, Phase: world.Fixed,
			WritesResources: []world.ResourceType{engine.SoundResource},
			Run: func(ctx *world.Context) error {
				engine.PlaySound(ctx.World, path)
				return nil
			}}
	}
	reader := world.System{Name: "input", Phase: world.Fixed,
		ReadsResources: []world.ResourceType{engine.InputResource},
		Run:            func(*world.Context) error { return nil }}
	s := &traceScene{name: "s", log: new([]string),
		systems: []world.System{player("a", "a.wav"), reader, player("b", "b.wav")}}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	failures := errorEvents(h)
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, snd := range h.Sounds() {
		got = append(got, snd.String())
	}
	want := []string{"effect a.wav at step 0", "effect b.wav at step 0", "effect a.wav at step 1", "effect b.wav at step 1"}
	if !slices.Equal(got, want) {
		t.Errorf("sounds = %q, want %q", got, want)
	}
	if got := s.World().Schedule(world.Fixed).String(); got != "fixed: [a input] [b]" {
		t.Errorf("schedule = %s, want fixed: [a input] [b]", got)
	}
	if *failures != nil {
		t.Errorf("errors %v, want none", *failures)
	}
	if engine.SoundResource.Name() != "engine.Sounds" {
		t.Errorf("SoundResource.Name() = %q, want engine.Sounds", engine.SoundResource.Name())
	}
}

// TestSoundResourceUndeclared: in the tesseradebug build, a system that
// declares its access but not the sound queue, and asks for a sound,
// fails naming itself and the queue; the other build does not check.
func TestSoundResourceUndeclared(t *testing.T) {
	s := &traceScene{name: "s", log: new([]string), systems: []world.System{{
		Name: "hum", Phase: world.Fixed, Reads: []world.ComponentType{},
		Run: func(ctx *world.Context) error {
			engine.PlaySound(ctx.World, "hum.wav")
			return nil
		}}}}
	h := newHeadless(t, engine.Config{}, s, engine.HeadlessOptions{})
	failures := errorEvents(h)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	checkUndeclared(t, *failures, "hum", "engine.Sounds", "")
}
