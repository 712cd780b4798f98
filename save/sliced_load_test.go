package save_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// bigSave returns a save of n goblins (each with a hat), some hurt.
func bigSave(t testing.TB, n int, f save.Format) (*save.Codec, []byte, uint64) {
	t.Helper()
	codec, lib := testCodec(t)
	w := world.New()
	for i := range n {
		g, _ := lib.Spawn(w, "goblin", nil)
		if i%3 == 0 {
			HealthC.Require(w, g).HP = i % 7
		}
		if i%5 == 0 {
			PosC.Require(w, g).X = float64(i) / 8
		}
	}
	data, err := codec.Save(w, save.SaveOptions{Format: f})
	if err != nil {
		t.Fatal(err)
	}
	return codec, data, w.Hash()
}

// TestSlicedLoadProgress loads a big save in slices and expects progress
// phase by phase, after every slice, with a fraction that only grows from
// 0 to 1.
func TestSlicedLoadProgress(t *testing.T) {
	for _, f := range []save.Format{save.YAML, save.Compact} {
		codec, data, hash := bigSave(t, 1500, f) // 3000 entities
		var got []save.Progress
		w := world.New()
		_, err := codec.Load(context.Background(), w, data, save.LoadOptions{Slice: 100, Progress: func(p save.Progress) { got = append(got, p) }})
		if err != nil {
			t.Fatal(err)
		}
		if w.Hash() != hash {
			t.Fatalf("%v: hash differs", f)
		}
		var phases []string
		for i, p := range got {
			if i > 0 && p.Fraction < got[i-1].Fraction || p.Fraction < 0 || p.Fraction > 1 {
				t.Fatalf("%v: fraction went %v then %v", f, got[i-1], p)
			}
			if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
				phases = append(phases, p.Phase)
			}
		}
		if want := []string{save.PhaseParse, save.PhaseEntities, save.PhaseLinks, save.PhaseCommit}; !slices.Equal(phases, want) {
			t.Errorf("%v: phases %q, want %q", f, phases, want)
		}
		if last := got[len(got)-1]; last.Fraction != 1 {
			t.Errorf("%v: last progress %+v, want fraction 1", f, last)
		}
		entities := 0
		for _, p := range got {
			if p.Phase == save.PhaseEntities && p.Total == 3000 {
				entities++
			}
		}
		if entities < 3000/100 {
			t.Errorf("%v: %d progress calls in the entities phase, want one a slice (30)", f, entities)
		}
	}
}

// TestCancelledLoadKeepsNothing cancels loads in each phase and expects
// the world as it was and an error wrapping the context's.
func TestCancelledLoadKeepsNothing(t *testing.T) {
	codec, data, _ := bigSave(t, 1000, save.YAML)
	_, lib := testCodec(t)
	for _, phase := range []string{save.PhaseParse, save.PhaseEntities, save.PhaseLinks} {
		w := world.New()
		lib.Spawn(w, "goblin", nil)
		before := w.Hash()
		ctx, cancel := context.WithCancel(context.Background())
		_, err := codec.Load(ctx, w, data, save.LoadOptions{Slice: 64, Progress: func(p save.Progress) {
			if p.Phase == phase {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled in %s: %v, want context.Canceled", phase, err)
		}
		if w.Hash() != before {
			t.Errorf("cancelled in %s: the world changed", phase)
		}
	}
}

// TestPrepareThenCommit prepares a load off the world and commits it
// twice: each commit puts the same state in place.
func TestPrepareThenCommit(t *testing.T) {
	codec, data, hash := bigSave(t, 50, save.Compact)
	p, err := codec.Prepare(context.Background(), data, save.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	for range 2 {
		if _, err := p.Commit(w); err != nil {
			t.Fatal(err)
		}
		if w.Hash() != hash {
			t.Fatal("hash differs")
		}
		w.Destroy(w.Entities()[0])
	}
}
