package loading_test

import (
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
	h, err := engine.NewHeadless(engine.Config{}, engine.Game{First: s}, engine.HeadlessOptions{})
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

// TestReenterStartsAfresh: a loading scene entered again after it loaded
// and left shows a fresh, empty bar and loads its batch again.
func TestReenterStartsAfresh(t *testing.T) {
	l := assets.New(files())
	s := loading.New(l.Batch().Add(assets.KindImage, "a.png"), nil)
	m := scene.NewManager()
	m.Push(&idle{})
	for entry := range 2 {
		m.Push(s)
		if err := m.Apply(); err != nil {
			t.Fatal(err)
		}
		// The load runs on its own goroutine from OnEnter on, and on the
		// second entry a.png is in the loader's cache: it may be done
		// already, so only the total is known here. The bar is drawn
		// from the progress by Update, so it must be empty until then.
		_, fill, _ := bar(t, s)
		if _, total := s.Progress(); fill.Size.X != 0 || total != 1 {
			t.Errorf("entry %d: the fill is %v wide, progress total %d; want an empty bar and a total of 1", entry, fill.Size.X, total)
		}
		deadline := time.Now().Add(10 * time.Second)
		for m.Top() == scene.Scene(s) && time.Now().Before(deadline) {
			s.Update(1.0/60, 0) // pops the scene once the batch is loaded
			m.Apply()
		}
		if m.Top() == scene.Scene(s) || s.Err() != nil || len(s.Results()) != 1 || s.World().Len() != 0 {
			t.Fatalf("entry %d: top %s, Err() = %v, %d results, %d entities left; want it loaded, popped and cleared",
				entry, scene.Name(m.Top()), s.Err(), len(s.Results()), s.World().Len())
		}
	}
}
