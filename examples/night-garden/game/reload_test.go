package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
)

// devDir copies the embedded files into a temporary directory, as a
// designer's checkout, and returns it.
func devDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, Files()); err != nil {
		t.Fatal(err)
	}
	return dir
}

// designer edits files as a designer's editor would.
type designer struct {
	t     *testing.T
	saves int
}

// save rewrites the file at path with its old string replaced by new, and
// moves its modification time on by a second each time (file systems may
// keep times coarser than the test's steps, and the watchers compare
// them).
func (d *designer) save(path, old, new string) {
	t := d.t
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	d.saves++
	when := time.Now().Add(time.Duration(d.saves) * time.Second)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
}

// reloadWait bounds how long a test waits for a save to show: the
// engine and the prefab library look at the files every
// engine.WatchInterval of wall-clock time.
const reloadWait = 20 * time.Second

// stepUntil runs steps until cond holds, pausing a little between them
// (the watchers look at the files by the wall clock), for at most
// reloadWait, and returns the garden's snapshot from just before the step
// after which it held.
func stepUntil(t *testing.T, g *Garden, h *engine.Headless, cond func() bool) Snapshot {
	t.Helper()
	deadline := time.Now().Add(reloadWait)
	for time.Now().Before(deadline) {
		before := g.Snapshot()
		step(t, h)
		if cond() {
			return before
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("condition not met in %v", reloadWait)
	return Snapshot{}
}

// TestPrefabHotReload: the garden runs from a directory; a designer saves
// a new colour for the base firefly and a shorter reach for all; the
// existing fireflies take them on where they are, then a broken save is
// reported and changes nothing, and fixing it clears the problem.
func TestPrefabHotReload(t *testing.T) {
	dir, ed := devDir(t), &designer{t: t}
	prefabs := filepath.Join(dir, PrefabDir, "garden.yaml")
	g, h := startDev(t, dir, Options{Seed: 4})
	if err := h.RunSteps(30); err != nil {
		t.Fatal(err)
	}

	ed.save(prefabs, `color: "#f4f08a"`, `color: "#ff2020"`)
	ed.save(prefabs, "reach: 110", "reach: 60")
	before := stepUntil(t, g, h, func() bool { return g.Snapshot().Fireflies[0].Data.Reach == 60 }).Fireflies
	after := g.Snapshot().Fireflies
	if len(after) != len(before) {
		t.Fatalf("%d fireflies after the reload, want %d", len(after), len(before))
	}
	red := Color{0xff, 0x20, 0x20, 0xff}
	for i, f := range after {
		if f.Data.Reach != 60 {
			t.Errorf("firefly %d (%s): reach %v, want 60", i, f.Kind, f.Data.Reach)
		}
		light := f.Light
		light.A = 0xff
		if isRed := light == red; isRed != (f.Kind == "firefly") || (f.Data.Color == red) != isRed {
			t.Errorf("firefly %d (%s): colour %v, light %v; want red only for plain fireflies", i, f.Kind, f.Data.Color, f.Light)
		}
		if d := f.Position.Sub(before[i].Position).Len(); d > 10 {
			t.Errorf("firefly %d moved %.1f pixels through the reload, want it respawned where it was", i, d)
		}
	}

	ed.save(prefabs, "reach: 60", "reech: 60")
	stepUntil(t, g, h, func() bool { return g.Problem() != nil })
	if err := g.Problem(); !strings.Contains(err.Error(), `unknown field "reech"`) {
		t.Errorf("Problem() = %v, want the unknown field", err)
	}
	if f := g.Snapshot().Fireflies[0]; f.Data.Reach != 60 {
		t.Errorf("after a broken save: reach %v, want 60 kept", f.Data.Reach)
	}
	step(t, h) // the help line shows it at the next frame
	if got := g.Help(); !strings.HasPrefix(got, problemIntro) || !strings.Contains(got, "reech") {
		t.Errorf("help line %q, want the problem", got)
	}
	ed.save(prefabs, "reech: 60", "reach: 60")
	stepUntil(t, g, h, func() bool { return g.Problem() == nil })
}

// TestFlowerHotReload: a new petal colour respawns the flowers of that
// kind in place, in the state the cycle has them in.
func TestFlowerHotReload(t *testing.T) {
	dir, ed := devDir(t), &designer{t: t}
	g, h := startDev(t, dir, Options{})
	step(t, h)
	ed.save(filepath.Join(dir, PrefabDir, "garden.yaml"), `petals: "#ff7fa8"`, `petals: "#00ff00"`)
	before := stepUntil(t, g, h, func() bool { return g.Snapshot().Flowers[0].Data.Petals == Color{0, 0xff, 0, 0xff} }).Flowers
	for i, f := range g.Snapshot().Flowers {
		rose := f.Kind == "flower-rose"
		if (f.Data.Petals == Color{0, 0xff, 0, 0xff}) != rose {
			t.Errorf("flower %d (%s): petals %v", i, f.Kind, f.Data.Petals)
		}
		if f.Base != before[i].Base || f.Open != before[i].Open {
			t.Errorf("flower %d at %v open %v, want %v open %v as before", i, f.Base, f.Open, before[i].Base, before[i].Open)
		}
	}
}

// TestSettingsHotReload: fewer fireflies and a new night sky apply while
// the garden runs; a setting out of range is reported and changes
// nothing.
func TestSettingsHotReload(t *testing.T) {
	dir, ed := devDir(t), &designer{t: t}
	settings := filepath.Join(dir, SettingsFile)
	g, h := startDev(t, dir, Options{})
	step(t, h)

	ed.save(settings, "count: 28", "count: 10")
	ed.save(settings, `night: "#0c1233"`, `night: "#000000"`)
	stepUntil(t, g, h, func() bool { return len(g.Snapshot().Fireflies) == 10 })
	if got := g.Settings().Sky.Night; got != (Color{0, 0, 0, 0xff}) {
		t.Errorf("night sky %v after the reload, want #000000ff", got)
	}

	ed.save(settings, "seconds: 24", "seconds: 0")
	stepUntil(t, g, h, func() bool { return g.Problem() != nil })
	if err := g.Problem(); !strings.Contains(err.Error(), "cycle.seconds") {
		t.Errorf("Problem() = %v, want cycle.seconds named", err)
	}
	if s := g.Settings(); s.Cycle.Seconds != 24 || s.Fireflies.Count != 10 {
		t.Errorf("after a bad save: cycle.seconds %v, fireflies %d; want 24 and 10 kept", s.Cycle.Seconds, s.Fireflies.Count)
	}
	step(t, h) // the garden goes on
}

// TestPrefabReloadThatBreaksTheSettings: renaming a prefab the settings
// name is a problem (the settings no longer fit), fixed by renaming it
// back; the garden keeps its fireflies meanwhile.
func TestPrefabReloadThatBreaksTheSettings(t *testing.T) {
	dir, ed := devDir(t), &designer{t: t}
	prefabs := filepath.Join(dir, PrefabDir, "garden.yaml")
	g, h := startDev(t, dir, Options{})
	step(t, h)
	n := len(g.Snapshot().Fireflies)
	ed.save(prefabs, "firefly-mint:", "firefly-lime:")
	stepUntil(t, g, h, func() bool { return g.Problem() != nil })
	if err := g.Problem(); !strings.Contains(err.Error(), `fireflies.kinds[2] is "firefly-mint"`) {
		t.Errorf("Problem() = %v, want the missing firefly-mint named", err)
	}
	if got := len(g.Snapshot().Fireflies); got != n {
		t.Errorf("%d fireflies while the prefabs do not fit, want %d kept", got, n)
	}
	ed.save(prefabs, "firefly-lime:", "firefly-mint:")
	stepUntil(t, g, h, func() bool { return g.Problem() == nil })
}

// TestReloadKeepsFireflyState: a reload that changes the fireflies'
// colour reaches the live fireflies in place: the same entities, each
// still flying to the target it had and on the timer it had, with the
// new colour; a field a firefly changed itself is kept.
func TestReloadKeepsFireflyState(t *testing.T) {
	dir, ed := devDir(t), &designer{t: t}
	g, h := startDev(t, dir, Options{Seed: 4})
	if err := h.RunSteps(90); err != nil {
		t.Fatal(err)
	}
	w := g.World()
	ids := slices.Clone(g.fireflies)
	own := ids[0]
	if FireflyData.Require(w, own).Speed = 99; g.Snapshot().Fireflies[0].Kind != "firefly" {
		t.Fatal("the first firefly is not a plain one")
	}
	ed.save(filepath.Join(dir, PrefabDir, "garden.yaml"), `color: "#f4f08a"`, `color: "#ff2020"`)
	before := stepUntil(t, g, h, func() bool { return g.Snapshot().Fireflies[0].Data.Color == Color{0xff, 0x20, 0x20, 0xff} })
	if !slices.Equal(g.fireflies, ids) {
		t.Fatalf("fireflies %v after the reload, want the same entities %v", g.fireflies, ids)
	}
	after, kept := g.Snapshot().Fireflies, 0
	for i, f := range after {
		if f.Target == before.Fireflies[i].Target && wander.Require(w, ids[i]).timer != 0 {
			kept++
		}
	}
	// A firefly whose rest ended in that very step flies off anew.
	if kept < len(after)-2 {
		t.Errorf("%d of %d fireflies kept their target through the reload", kept, len(after))
	}
	if s := FireflyData.Require(w, own).Speed; s != 99 {
		t.Errorf("speed %v after the reload, want the firefly's own 99", s)
	}
}
