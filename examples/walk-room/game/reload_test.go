package game_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/world"
)

// designer is a copy of the game's files in a directory, which the
// engine runs from (assets.dir), saved as a designer saves them.
type designer struct {
	t     *testing.T
	dir   string
	saves int
}

func newDesigner(t *testing.T) *designer {
	dir := t.TempDir()
	if err := os.CopyFS(dir, game.Files()); err != nil {
		t.Fatal(err)
	}
	return &designer{t: t, dir: dir}
}

// save rewrites the file at name with old replaced by new, a second
// later each time (file systems may keep coarse times, which the
// watchers compare).
func (d *designer) save(name, old, new string) {
	t := d.t
	t.Helper()
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", name, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	d.saves++
	when := time.Now().Add(time.Duration(d.saves) * time.Second)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
}

// startDev starts a game with opts in a headless engine that reads its
// files from d's directory (assets.dir), and returns the errors the
// engine reports as they come.
func startDev(t *testing.T, d *designer, opts game.Options) (*game.Game, *engine.Headless, *[]error) {
	t.Helper()
	cfg := game.Config()
	cfg.Assets.Dir = d.dir
	g := game.New(opts)
	h, err := engine.NewHeadless(cfg, engine.Game{First: g.First(), Assets: game.Files()}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	var errs []error
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			errs = append(errs, ev.Err)
		}
	})
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	return g, h, &errs
}

// waitFor runs steps, a little apart (the watchers look at the files by
// the wall clock), until cond holds, for at most 20 seconds.
func waitFor(t *testing.T, h *engine.Headless, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s has not happened", what)
		}
		steps(t, h, 1)
		time.Sleep(5 * time.Millisecond)
	}
}

// TestRoomReload: run from a directory, a room whose map is saved is
// rebuilt from the new map, the player where it stood and the items
// picked up still gone; a broken save keeps the room as it was and is
// reported once, naming the map, layer and object; a room saved while the
// player is elsewhere is the new one when the player gets there.
func TestRoomReload(t *testing.T) {
	d := newDesigner(t)
	g, h, errs := startDev(t, d, game.Options{})
	hold(t, h, true, game.MoveRight)
	waitFor(t, h, "the first coin picked up", func() bool { return g.Items() == 1 })
	hold(t, h, false, game.MoveRight)
	steps(t, h, 1)
	first, at := g.Room(), g.Room().PlayerPosition()
	coins := func() int {
		n := 0
		for _, it := range world.Query1(g.Room().World(), game.Item) {
			if it.Name == "coin" {
				n++
			}
		}
		return n
	}
	before := coins()

	// A sixth coin, by the start.
	d.save("rooms/hall.tmx", ` </objectgroup>
 <objectgroup id="6" name="player">`, `  <object id="99" gid="11" x="94" y="406" width="12" height="12"/>
 </objectgroup>
 <objectgroup id="6" name="player">`)
	waitFor(t, h, "the hall rebuilt", func() bool { return g.Room() != first })
	if got := coins(); got != before+1 {
		t.Errorf("%d coins in the rebuilt hall, want %d: the new one, not the one picked up", got, before+1)
	}
	if p := g.Room().PlayerPosition(); p.Sub(at).Len() > 1e-9 {
		t.Errorf("the player is at %v in the rebuilt hall, want %v", p, at)
	}
	if s := g.Snapshot(); s.Entered != 1 || s.Items != 1 {
		t.Errorf("after the rebuild: %v; want 1 room entered, 1 item", s)
	}

	// A broken save: a misspelt class.
	second := g.Room()
	d.save("rooms/hall.tmx", `class="door-east"`, `class="door-eats"`)
	waitFor(t, h, "the broken save reported", func() bool { return len(*errs) > 0 })
	if err := (*errs)[0]; !errors.Is(err, level.ErrUnknownPrefab) || !strings.Contains(err.Error(), `rooms/hall.tmx:`) ||
		!strings.Contains(err.Error(), `layer "decor": object 2 "east" (door-eats)`) {
		t.Errorf("the broken save: %v; want the unknown prefab, with the map's file, layer and object", err)
	}
	for range 50 {
		steps(t, h, 1)
		time.Sleep(5 * time.Millisecond)
	}
	if len(*errs) != 1 || g.Room() != second {
		t.Errorf("%d errors, room rebuilt %v; want the broken save told once, the room kept", len(*errs), g.Room() != second)
	}
	d.save("rooms/hall.tmx", `class="door-eats"`, `class="door-east"`)
	waitFor(t, h, "the fixed save", func() bool { return g.Room() != second })

	// The study, saved while the player is in the hall.
	d.save("rooms/study.tmx", `name="camera.smoothing" type="float" value="0.12"`, `name="camera.smoothing" type="float" value="0.5"`)
	waitFor(t, h, "the study reloaded", func() bool { return g.Layout("study").Camera.Smoothing == 0.5 })
	if len(*errs) != 1 {
		t.Errorf("errors %v; want only the broken save's", *errs)
	}
}

// TestFromConfig: a game of FromConfig takes its options from the
// configuration of the engine running it, its game keys and window size,
// when its first room is entered.
func TestFromConfig(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-room", "study", "-seed", "4", "-demo", "-window.width", "800", "-window.height", "450"},
		Defaults: game.Config(), Keys: game.Keys()})
	if err != nil {
		t.Fatal(err)
	}
	g := game.FromConfig()
	h, err := engine.NewHeadless(cfg, engine.Game{First: g.First(), Assets: game.Files()}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	want := game.Options{Room: "study", Seed: 4, Demo: true, View: geom.Vec2{X: 800, Y: 450}, Title: true} // a demo skips the title
	if got := g.Options(); got != want || g.Snapshot().Room != "study" {
		t.Errorf("Options() = %+v in room %q, want %+v", got, g.Snapshot().Room, want)
	}
}
