package engine_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// noisy asks for a sound at step 2, music at step 3 and stops it at 4.
type noisy struct {
	scene.Base
	loader *assets.Loader // what AssetsOf gave OnEnter
}

func (s *noisy) OnEnter() error {
	s.loader = engine.AssetsOf(s.World())
	return s.World().AddSystem(world.System{Name: "noise", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		switch ctx.Step {
		case 2:
			engine.PlaySound(ctx.World, "sfx/jump.wav")
			engine.PlaySoundVolume(ctx.World, "sfx/./hit.wav", 0.5)
		case 3:
			engine.PlayMusicOf(ctx.World, "music/theme.ogg")
		case 4:
			engine.StopMusicOf(ctx.World)
		}
		return nil
	}})
}

// TestSounds: sound requests are queued in order with the step that made
// them, kept by a headless run, and emptied by TakeSounds.
func TestSounds(t *testing.T) {
	s := &noisy{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s, Assets: fstest.MapFS{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunSteps(6); err != nil {
		t.Fatal(err)
	}
	want := []engine.Sound{
		{Kind: engine.PlayEffect, Path: assets.PathOf("sfx/jump.wav"), Volume: 1, Step: 2},
		{Kind: engine.PlayEffect, Path: assets.PathOf("sfx/hit.wav"), Volume: 0.5, Step: 2},
		{Kind: engine.PlayMusic, Path: assets.PathOf("music/theme.ogg"), Volume: 1, Step: 3},
		{Kind: engine.StopMusic, Volume: 1, Step: 4},
	}
	got := h.Sounds()
	if len(got) != len(want) {
		t.Fatalf("Sounds() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("sound %d = %v, want %v", i, got[i], want[i])
		}
	}
	if taken := h.TakeSounds(nil); len(taken) != len(want) || len(h.Sounds()) != 0 {
		t.Errorf("TakeSounds took %d, left %d; want %d and none", len(taken), len(h.Sounds()), len(want))
	}
	if s.loader == nil || s.loader != h.Assets() {
		t.Errorf("AssetsOf in OnEnter = %p, want the engine's loader %p", s.loader, h.Assets())
	}
	// Outside an engine, asking for a sound does nothing and there is no loader.
	w := world.New()
	engine.PlaySound(w, "sfx/jump.wav")
	if engine.AssetsOf(w) != nil {
		t.Error("AssetsOf of a world no engine runs is not nil")
	}
}

// TestAssetsDir: with assets.dir, the engine reads the files from that
// directory, and a file changed there is reloaded between frames and
// reported as an EventReload.
func TestAssetsDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tuning.yaml")
	if err := os.WriteFile(file, []byte("speed: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &noisy{}
	cfg := engine.Config{Assets: engine.AssetsConfig{Dir: dir}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s, Assets: fstest.MapFS{"tuning.yaml": {Data: []byte("speed: 0\n")}}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var reloads []engine.Event
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventReload {
			reloads = append(reloads, ev)
		}
	})
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	var tuning struct{ Speed int }
	d, err := h.Assets().Data("tuning.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Bind(&tuning); err != nil || tuning.Speed != 1 {
		t.Fatalf("tuning from assets.dir: %+v, %v; want speed 1 (the directory's, not the shipped file's)", tuning, err)
	}
	// A later modification time, so that the change shows whatever the
	// file system's clock granularity.
	if err := os.WriteFile(file, []byte("speed: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second) // the watcher looks every WatchInterval of wall time
	for len(reloads) == 0 && time.Now().Before(deadline) {
		h.RunFrame()
		time.Sleep(engine.WatchInterval / 10)
	}
	if len(reloads) != 1 || len(reloads[0].Reload.Paths) != 1 || reloads[0].Reload.Paths[0] != "tuning.yaml" || tuning.Speed != 2 {
		t.Errorf("after the change: reloads %v, speed %d; want one reload of tuning.yaml and speed 2", reloads, tuning.Speed)
	}
	if r, n := engine.LastReload(s.World()); n != 1 || len(r.Paths) != 1 {
		t.Errorf("LastReload in the scene's world = %v, %d; want tuning.yaml's, 1", r, n)
	}
}

// TestAssetsDirMissing: an assets.dir that does not exist, or is a file,
// is an error of New naming it, not an empty overlay that would run the
// shipped files and watch nothing.
func TestAssetsDirMissing(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tuning.yaml")
	if err := os.WriteFile(file, []byte("speed: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir  string
		want error
	}{
		{filepath.Join(t.TempDir(), "no", "such"), fs.ErrNotExist},
		{file, fs.ErrInvalid},
	} {
		cfg := engine.Config{Assets: engine.AssetsConfig{Dir: tc.dir}}
		h, err := engine.NewHeadless(cfg, engine.Game{First: &noisy{}, Assets: fstest.MapFS{}}, engine.HeadlessOptions{})
		if err == nil {
			h.Close()
		}
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "assets.dir: files from "+tc.dir) {
			t.Errorf("assets.dir %s: NewHeadless = %v; want %v naming the directory", tc.dir, err, tc.want)
		}
	}
}

// TestServicesBeforeOnEnter: every scene, not only the first, finds the
// engine's services in its OnEnter: a pushed one and a replacing one.
func TestServicesBeforeOnEnter(t *testing.T) {
	first := &noisy{}
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: first, Assets: fstest.MapFS{}}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	pushed, replacing := &noisy{}, &noisy{}
	h.Scenes().Push(pushed)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	h.Scenes().Replace(replacing)
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*noisy{"first": first, "pushed": pushed, "replacing": replacing} {
		if s.loader == nil || s.loader != h.Assets() {
			t.Errorf("%s scene: AssetsOf in OnEnter = %p, want the engine's %p", name, s.loader, h.Assets())
		}
	}
}

// TestConfigOf: a scene reads the engine's configuration, game keys
// included, in its OnEnter.
func TestConfigOf(t *testing.T) {
	var got engine.Config
	var ok bool
	s := &hook{enter: func(w *world.World) { got, ok = engine.ConfigOf(w) }}
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-game.lives", "7"}, Keys: []engine.Key{{Name: "game.lives", Default: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if !ok || got.Game["game.lives"] != 7 || got.Window.Width != 640 {
		t.Errorf("ConfigOf in OnEnter = %+v, %v; want game.lives 7 and the defaults filled in", got, ok)
	}
	if _, ok := engine.ConfigOf(world.New()); ok {
		t.Error("ConfigOf of a world no engine runs reports one")
	}
}

// hook is a scene that calls enter from its OnEnter.
type hook struct {
	scene.Base
	enter func(*world.World)
}

func (s *hook) OnEnter() error { s.enter(s.World()); return nil }

// TestMainPrintsAnErrorOnce: a first scene whose OnEnter fails (a load
// error in the game's data) is reported once, as it happens, and Main
// exits 1; it used to be printed again as the exit message.
func TestMainPrintsAnErrorOnce(t *testing.T) {
	s := &hook{enter: func(*world.World) {}}
	bad := &failing{}
	for name, first := range map[string]scene.Scene{"fails": bad, "fine": s} {
		var out strings.Builder
		code := engine.RunMain([]string{"-headless", "-steps", "5"}, engine.Game{First: first}, &out)
		n := strings.Count(out.String(), "levels/1.yaml:3:7")
		if name == "fails" && (code != 1 || n != 1) {
			t.Errorf("Main with a failing first scene exits %d printing the error %d times:\n%s\nwant 1 and once", code, n, out.String())
		}
		if name == "fine" && (code != 0 || out.Len() != 0) {
			t.Errorf("Main of a fine game exits %d saying %q, want 0 and nothing", code, out.String())
		}
	}
}

type failing struct{ scene.Base }

func (*failing) OnEnter() error {
	return errors.New(`levels/1.yaml:3:7: prefab "orc": unknown component "Helth"`)
}
