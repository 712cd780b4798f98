package world_test

import (
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/random"
	"github.com/tessera-engine/tessera/world"
)

// TestWorldRand: a new world draws what random.New(0) draws; Seed
// restarts the sequence; Clear leaves it; snapshots rewind it.
func TestWorldRand(t *testing.T) {
	w := world.New()
	ref := random.New(0)
	for i := range 4 {
		if got, want := w.Rand().Uint64(), ref.Uint64(); got != want {
			t.Fatalf("draw %d of a new world = %x, want %x, random.New(0)'s", i, got, want)
		}
	}
	w.Seed(99)
	if got, want := w.Rand().State(), (random.State{Seed: 99}); got != want {
		t.Errorf("after Seed(99): %v, want %v", got, want)
	}
	first := w.Rand().Uint64()
	w.Clear()
	if got := w.Rand().State().Position; got != 1 {
		t.Errorf("Clear moved the generator to position %d, want 1", got)
	}
	var s world.Snapshot
	w.Snapshot(&s)
	next := w.Rand().Uint64()
	w.Rand().Uint64()
	w.Restore(&s)
	if got := w.Rand().Uint64(); got != next {
		t.Errorf("after Restore the next draw = %x, want %x, as before", got, next)
	}
	w.Seed(99)
	if got := w.Rand().Uint64(); got != first {
		t.Errorf("Seed(99) again drew %x first, want %x", got, first)
	}
}

// TestWorldRandConcurrent: goroutines may draw from the world's generator
// at once (run with -race); every position is used once.
func TestWorldRandConcurrent(t *testing.T) {
	w := world.New()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 1000 {
				w.Rand().Uint32()
			}
		})
	}
	wg.Wait()
	if got := w.Rand().State().Position; got != 4000 {
		t.Errorf("after 4000 draws the position is %d", got)
	}
}
