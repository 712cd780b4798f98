package loading_test

import (
	"errors"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/assets/loading"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

type idle struct{ scene.Base }

// TestReenterWithoutBatch: a loading scene entered once with a batch,
// left, then entered again without one fails with ErrNoBatch and leaves at
// once (it used to wait for ever on the first entry's drained channel).
func TestReenterWithoutBatch(t *testing.T) {
	l := assets.New(files())
	s := loading.New(l.Batch().Add(assets.KindImage, "a.png"), &idle{})
	h, err := engine.NewHeadless(engine.Config{}, s, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunUntil(func() bool { _, ok := h.Scenes().Top().(*idle); return ok }); err != nil {
		t.Fatal(err)
	}
	s.Batch = nil
	h.Scenes().Push(s)
	t.Logf("RunSteps: %v", h.RunSteps(1))
	done := make(chan struct{})
	go func() { h.Scenes().Pop(); h.RunSteps(1); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("leaving the loading scene hangs in OnExit")
	}
}

// TestLoadPanicIsAnError: a load that panics on the scene's loading
// goroutine (a Batch not made by Loader.Batch) becomes the scene's error,
// wrapping ErrPanic, instead of ending the process.
func TestLoadPanicIsAnError(t *testing.T) {
	s := &loading.Scene{Batch: &assets.Batch{}}
	h, err := engine.NewHeadless(engine.Config{}, s, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.RunUntil(func() bool { return s.Err() != nil }); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(s.Err(), loading.ErrPanic) {
		t.Errorf("Err() = %v, want ErrPanic", s.Err())
	}
}
