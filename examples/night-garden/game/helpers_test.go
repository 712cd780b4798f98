package game

import (
	"bytes"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/engine"
)

// start enters a garden made with opts in a headless engine of its
// embedded files that plays script, and fails the test on any error
// event. The engine is closed when the test ends.
func start(t *testing.T, opts Options, script ...engine.ScriptedInput) (*Garden, *engine.Headless) {
	t.Helper()
	return startWith(t, Config(), Files(), New(opts), script...)
}

// startIn is start with the files given.
func startIn(t *testing.T, files fs.FS, opts Options, script ...engine.ScriptedInput) (*Garden, *engine.Headless) {
	t.Helper()
	return startWith(t, Config(), files, New(opts), script...)
}

// startDev is start with the engine's assets.dir set to dir: the garden
// runs from that directory's files, watched.
func startDev(t *testing.T, dir string, opts Options) (*Garden, *engine.Headless) {
	t.Helper()
	cfg := Config()
	cfg.Assets.Dir = dir
	return startWith(t, cfg, Files(), New(opts))
}

// startWith enters g in a headless engine of cfg and files.
func startWith(t *testing.T, cfg engine.Config, files fs.FS, g *Garden, script ...engine.ScriptedInput) (*Garden, *engine.Headless) {
	t.Helper()
	h, err := engine.NewHeadless(cfg, engine.Game{First: g, Assets: files}, engine.HeadlessOptions{Script: script})
	if err != nil {
		t.Fatalf("NewHeadless: %v", err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			t.Errorf("step %d: %v", ev.Step, ev.Err)
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

// step runs one step, failing the test if it cannot.
func step(t *testing.T, h *engine.Headless) {
	t.Helper()
	if err := h.RunSteps(1); err != nil {
		t.Fatalf("RunSteps: %v", err)
	}
}

// press returns the script entries that press action at step s and let
// it go at the next.
func press(action string, s uint64) []engine.ScriptedInput {
	return []engine.ScriptedInput{{Step: s, Action: action, Down: true}, {Step: s + 1, Action: action}}
}

// edited returns the embedded files with the edits made: in each file
// named, each old string replaced by its new one. It fails the test if an
// old string is not there, so edits never silently miss.
func edited(t *testing.T, edits map[string][][2]string) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Files(), path)
		if err != nil {
			return err
		}
		for _, e := range edits[path] {
			if !bytes.Contains(data, []byte(e[0])) {
				t.Fatalf("%s has no %q to edit", path, e[0])
			}
			data = bytes.Replace(data, []byte(e[0]), []byte(e[1]), 1)
		}
		out[path] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
