package game

import (
	"math"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// TestFirefliesStayInside runs the garden for several hundred steps, with
// the fireflies scattered by the player now and then, and checks after
// every step that each firefly is inside the garden, and that they do
// wander: they fly to targets, and each moves far in the run.
func TestFirefliesStayInside(t *testing.T) {
	var script []engine.ScriptedInput
	for _, s := range []uint64{60, 200, 202, 350, 500} {
		script = append(script, press(ActionScatter, s)...)
	}
	g, h := start(t, Options{Seed: 3}, script...)
	bounds := g.Settings().Bounds()
	step(t, h) // the scene enters before the first step
	first := g.Snapshot().Fireflies
	if len(first) != g.Settings().Fireflies.Count || len(first) == 0 {
		t.Fatalf("%d fireflies, want %d", len(first), g.Settings().Fireflies.Count)
	}
	travelled := make([]float64, len(first))
	last := first
	for n := range 600 {
		step(t, h)
		now := g.Snapshot().Fireflies
		for i, f := range now {
			if !bounds.Contains(f.Position) {
				t.Fatalf("step %d: firefly %d (%s) at %v, outside the garden %v", n, i, f.Kind, f.Position, bounds)
			}
			if !bounds.Contains(f.Target) {
				t.Errorf("step %d: firefly %d targets %v, outside the garden %v", n, i, f.Target, bounds)
			}
			travelled[i] += f.Position.Sub(last[i].Position).Len()
		}
		last = now
	}
	for i, d := range travelled {
		if d < 30 {
			t.Errorf("firefly %d (%s) travelled %.1f pixels in 600 steps, want it to wander (≥ 30)", i, first[i].Kind, d)
		}
	}
}

// TestFireflyGlowPulses: the glow tween moves each firefly's opacity
// between its prefab's glow.min and glow.max.
func TestFireflyGlowPulses(t *testing.T) {
	g, h := start(t, Options{Seed: 1})
	step(t, h)
	lo, hi := make(map[int]uint8), make(map[int]uint8)
	for range 240 {
		step(t, h)
		for i, f := range g.Snapshot().Fireflies {
			a := f.Light.A
			if v, ok := lo[i]; !ok || a < v {
				lo[i] = a
			}
			hi[i] = max(hi[i], a)
		}
	}
	for i, f := range g.Snapshot().Fireflies {
		wantLo, wantHi := unit(f.Data.Glow.Min), unit(f.Data.Glow.Max)
		if d := int(lo[i]) - int(wantLo); d < 0 || d > 3 {
			t.Errorf("firefly %d (%s): dimmest alpha %d, want about %d", i, f.Kind, lo[i], wantLo)
		}
		if d := int(wantHi) - int(hi[i]); d < 0 || d > 3 {
			t.Errorf("firefly %d (%s): brightest alpha %d, want about %d", i, f.Kind, hi[i], wantHi)
		}
	}
}

// TestFlowersFollowTheCycle runs two whole cycles, fast (the fast action
// held throughout, at cycle.fast 3, which leaves the flowers' tweens time
// to end within each half), and checks that once each dusk's and dawn's tweens
// have had their time, every flower is open by night and closed by day,
// at its prefab's scale.
func TestFlowersFollowTheCycle(t *testing.T) {
	files := edited(t, map[string][][2]string{SettingsFile: {{"fast: 8", "fast: 3"}}})
	g, h := startIn(t, files, Options{Seed: 2}, engine.ScriptedInput{Step: 0, Action: ActionFast, Down: true})
	s := g.Settings()
	step(t, h)
	perCycle := int(math.Ceil(s.Cycle.Seconds / s.Cycle.Fast * 60))
	settle := 0
	for _, f := range g.Snapshot().Flowers {
		settle = max(settle, int(math.Ceil(f.Data.Seconds*60))+1)
	}
	night := g.Snapshot().Night
	since, checked := 0, map[bool]int{}
	for range 2*perCycle + 2*settle {
		step(t, h)
		snap := g.Snapshot()
		if snap.Night != night {
			night, since = snap.Night, 0
			continue
		}
		if since++; since != settle {
			continue
		}
		checked[night]++
		for i, f := range snap.Flowers {
			want := petalScale(f.Data, night)
			if f.Open != night || math.Abs(f.Scale-want) > 1e-9 {
				t.Errorf("phase %.3f (night %v): flower %d (%s) open %v at scale %.3f, want open %v at %.3f",
					snap.Phase, night, i, f.Kind, f.Open, f.Scale, night, want)
			}
		}
	}
	if checked[true] < 2 || checked[false] < 2 {
		t.Errorf("checked %d nights and %d days, want 2 of each", checked[true], checked[false])
	}
}

// TestSkip: the skip action jumps to the next dawn (the garden starts at
// night), closing the flowers, and then to the next dusk, opening them.
func TestSkip(t *testing.T) {
	script := append(press(ActionSkip, 10), press(ActionSkip, 300)...)
	g, h := start(t, Options{}, script...)
	step(t, h)
	if s := g.Snapshot(); !s.Night || !allFlowers(s, true) {
		t.Fatalf("at the start: night %v, flowers open %v; want night, all open", s.Night, openFlags(s))
	}
	if err := h.RunSteps(10); err != nil { // steps 1 to 10
		t.Fatal(err)
	}
	if s := g.Snapshot(); s.Night || s.Phase > 0.01 {
		t.Errorf("after skip at night: phase %.3f, night %v; want dawn (0)", s.Phase, s.Night)
	}
	if err := h.RunSteps(200); err != nil {
		t.Fatal(err)
	}
	if s := g.Snapshot(); !allFlowers(s, false) {
		t.Errorf("by day: flowers open %v, want all closed", openFlags(s))
	}
	if err := h.RunSteps(350); err != nil { // past step 300 and the tweens
		t.Fatal(err)
	}
	if s := g.Snapshot(); !s.Night || !allFlowers(s, true) {
		t.Errorf("after skip by day: phase %.3f, flowers open %v; want night, all open", s.Phase, openFlags(s))
	}
}

// TestScatter: the scatter action gives every firefly a new target in the
// step it is pressed.
func TestScatter(t *testing.T) {
	g, h := start(t, Options{Seed: 5}, press(ActionScatter, 20)...)
	if err := h.RunSteps(20); err != nil { // steps 0 to 19
		t.Fatal(err)
	}
	before := g.Snapshot().Fireflies
	step(t, h)
	for i, f := range g.Snapshot().Fireflies {
		if f.Target == before[i].Target {
			t.Errorf("firefly %d kept its target %v after scatter", i, f.Target)
		}
	}
}

// TestDayTintsTheWorld: by day the sky is the day colour and nothing is
// tinted; at midnight the sky is the night colour and lit things are
// tinted by the ambient colour.
func TestDayTintsTheWorld(t *testing.T) {
	g, h := start(t, Options{}, press(ActionSkip, 0)...) // to dawn
	s := g.Settings()
	quarter := int(s.Cycle.Seconds / 4 * 60)
	for _, tc := range []struct {
		name    string
		steps   int
		sky     Color
		ambient Color
	}{
		{"noon", quarter, s.Sky.Day, white},
		{"midnight", 2 * quarter, s.Sky.Night, s.Ambient},
	} {
		if err := h.RunSteps(uint64(tc.steps)); err != nil {
			t.Fatal(err)
		}
		snap := g.Snapshot()
		if snap.Sky != tc.sky {
			t.Errorf("%s (phase %.3f): sky %v, want %v", tc.name, snap.Phase, snap.Sky, tc.sky)
		}
		for i, f := range snap.Flowers {
			if want := f.Data.Petals.Times(tc.ambient); f.Tint != want {
				t.Errorf("%s: flower %d tinted %v, want %v", tc.name, i, f.Tint, want)
			}
		}
	}
}

// TestDeterminism: two gardens with the same seed and input are the
// same after several hundred steps; another seed gives another garden.
func TestDeterminism(t *testing.T) {
	script := slices.Concat(press(ActionScatter, 50), press(ActionSkip, 120),
		[]engine.ScriptedInput{{Step: 200, Action: ActionFast, Down: true}, {Step: 260, Action: ActionFast}})
	runOnce := func(seed uint64) Snapshot {
		g, h := start(t, Options{Seed: seed}, script...)
		if err := h.RunSteps(400); err != nil {
			t.Fatal(err)
		}
		return g.Snapshot()
	}
	a, b, c := runOnce(7), runOnce(7), runOnce(8)
	if !snapshotsEqual(a, b) {
		t.Errorf("two runs with seed 7 differ:\n%+v\n%+v", a, b)
	}
	if snapshotsEqual(a, c) {
		t.Error("seeds 7 and 8 gave the same garden")
	}
}

func snapshotsEqual(a, b Snapshot) bool {
	return a.Phase == b.Phase && a.Night == b.Night && a.Sky == b.Sky &&
		slices.Equal(a.Fireflies, b.Fireflies) && slices.Equal(a.Flowers, b.Flowers)
}

func allFlowers(s Snapshot, open bool) bool {
	for _, f := range s.Flowers {
		if f.Open != open || math.Abs(f.Scale-petalScale(f.Data, open)) > 1e-9 {
			return false
		}
	}
	return len(s.Flowers) > 0
}

func openFlags(s Snapshot) []bool {
	var out []bool
	for _, f := range s.Flowers {
		out = append(out, f.Open)
	}
	return out
}

// TestGardenSchedule: the input system declares its access, so it is a
// group of its own, not an exclusive one, ahead of the exclusive cycle it
// hands skip and fast to; the light declares its access too.
func TestGardenSchedule(t *testing.T) {
	g, _ := start(t, Options{Seed: 5})
	got := g.World().Schedule(world.Fixed).String()
	want := "fixed: [garden.input] [garden.cycle!] [systems.timers!] [systems.tweens!] [systems.bounds!] [garden.light]"
	if got != want {
		t.Errorf("the garden's schedule = %s\nwant %s", got, want)
	}
}
