package save_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// TestRoundTrip saves random worlds spawned from random prefab libraries
// in both formats and loads each into a world holding something else:
// the loaded world must hash as the saved one, answer Diff with nothing,
// hand out the same ids next, and save again to the same bytes.
func TestRoundTrip(t *testing.T) {
	rounds := 200
	if testing.Short() {
		rounds = 40
	}
	ordered := 0 // saves that write an order of sources
	for seed := range rounds {
		rng := rand.New(rand.NewPCG(uint64(seed), 15))
		src, names := randomLibrary(rng)
		lib := prefab.NewLibrary(registrations()...)
		if err := lib.LoadBytes("lib.yaml", []byte(src)); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		codec := newCodec(t, lib)
		w := randomWorld(t, rng, lib, names, 20+rng.IntN(150))
		for _, f := range []save.Format{save.YAML, save.Compact} {
			data, err := codec.Save(w, save.SaveOptions{Format: f, Clock: save.Clock{Step: uint64(seed)}})
			if err != nil {
				t.Fatalf("seed %d %v: save: %v", seed, f, err)
			}
			if bytes.Contains(data, []byte("sources:")) {
				ordered++
			}
			got := randomWorld(t, rng, lib, names, 10) // overwritten by the load
			info, err := codec.Load(context.Background(), got, data, save.LoadOptions{Name: "slot"})
			if err != nil {
				t.Fatalf("seed %d %v: load: %v\n%s\nlibrary:\n%s", seed, f, err, data, src)
			}
			if info.Clock.Step != uint64(seed) || info.Entities != w.Len() {
				t.Fatalf("seed %d %v: loaded %+v", seed, f, info)
			}
			if got.Hash() != w.Hash() {
				t.Fatalf("seed %d %v: hash differs: %v\n%s\nlibrary:\n%s", seed, f, got.Diff(w), data, src)
			}
			again, err := codec.Save(got, save.SaveOptions{Format: f, Clock: save.Clock{Step: uint64(seed)}})
			if err != nil || string(again) != string(data) {
				t.Fatalf("seed %d %v: saved again differently (%v):\n%s\nfirst:\n%s", seed, f, err, again, data)
			}
			for _, e := range got.Entities() {
				if s, ok := ScoreC.Get(got, e); ok && *s != *ScoreC.Require(w, e) {
					t.Fatalf("seed %d %v: %v's score %+v, saved %+v: not loaded through its function", seed, f, e, *s, *ScoreC.Require(w, e))
				}
			}
		}
	}
	if ordered == 0 {
		t.Errorf("no save of %d wrote an order of sources: the random worlds no longer make orders that contradict each other", 2*rounds)
	}
}

// TestRoundTripIDs checks that the next ids a loaded world hands out are
// the saved world's.
func TestRoundTripIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	src, names := randomLibrary(rng)
	lib := prefab.NewLibrary(registrations()...)
	if err := lib.LoadBytes("lib.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	codec := newCodec(t, lib)
	w := randomWorld(t, rng, lib, names, 300)
	data, err := codec.Save(w, save.SaveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := world.New()
	if _, err := codec.Load(context.Background(), got, data, save.LoadOptions{}); err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if a, b := w.Create(), got.Create(); a != b {
			t.Fatalf("next ids %v and %v", a, b)
		}
	}
}

// TestRoundTripEntityValues: a world.Entity field keeps its value
// whatever it is, in both formats: a live entity, a dead one, the zero
// Entity (written 0v0) and an id of generation 0 with a slot (7v0, no
// entity either, which a load refused before).
func TestRoundTripEntityValues(t *testing.T) {
	codec := newCodec(t, prefab.NewLibrary(registrations()...))
	w := world.New()
	live, dead := w.Create(), w.Create()
	w.Destroy(dead)
	values := []world.Entity{live, dead, 0, world.Entity(7), world.Entity(1 << 31)}
	for _, v := range values {
		AimC.Add(w, w.Create(), tAim{At: v, Power: 1})
	}
	for _, f := range []save.Format{save.YAML, save.Compact} {
		data, err := codec.Save(w, save.SaveOptions{Format: f})
		if err != nil {
			t.Fatalf("%v: save: %v", f, err)
		}
		got := world.New()
		if _, err := codec.Load(context.Background(), got, data, save.LoadOptions{Name: "slot"}); err != nil {
			t.Fatalf("%v: load: %v\n%s", f, err, data)
		}
		var have []world.Entity
		for _, e := range got.Entities() {
			if a, ok := AimC.Get(got, e); ok {
				have = append(have, a.At)
			}
		}
		if !slices.Equal(have, values) || got.Hash() != w.Hash() {
			t.Errorf("%v: loaded aims %v, want %v (hash equal: %v)\n%s", f, have, values, got.Hash() == w.Hash(), data)
		}
	}
}
