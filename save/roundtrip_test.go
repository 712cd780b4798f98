package save_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
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

// tSquad holds entity ids inside slices, maps, an array and the structs
// of a slice: saved as "3v1", as a field of its own is.
type tSquad struct {
	Lead    world.Entity
	Members []world.Entity
	ByName  map[string]world.Entity
	Seen    map[world.Entity]int
	Pair    [2]world.Entity
	Orders  []tOrder
}

type tOrder struct {
	Target world.Entity
	N      int
}

var SquadC = world.DefineComponent[tSquad]("tSquad")

// TestRoundTripNestedEntities: ids anywhere in a value are written as
// ids, "0v2", in both formats, and load back as they were; a save written
// before, with such ids as their bits in decimal, still loads.
func TestRoundTripNestedEntities(t *testing.T) {
	codec, err := save.New(nil, save.Component(SquadC))
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	a, b := w.Create(), w.Create()
	w.Destroy(a)
	a = w.Create() // 0v2: its bits, 8589934592, are not its slot
	squad := tSquad{Lead: a, Members: []world.Entity{a, b, 0}, ByName: map[string]world.Entity{"x": b, "y": a},
		Seen: map[world.Entity]int{a: 2, b: 1}, Pair: [2]world.Entity{b, a}, Orders: []tOrder{{Target: a, N: 3}}}
	e := w.Spawn(SquadC.With(squad))
	for _, f := range []save.Format{save.YAML, save.Compact} {
		data, err := codec.Save(w, save.SaveOptions{Format: f})
		if err != nil {
			t.Fatalf("%v: save: %v", f, err)
		}
		for _, bits := range []world.Entity{a, b} {
			if strings.Contains(string(data), strconv.FormatUint(uint64(bits), 10)) {
				t.Errorf("%v: the save writes %v as its bits:\n%s", f, bits, data)
			}
		}
		if !strings.Contains(string(data), "members: [0v2, 1v1, 0v0]") {
			t.Errorf("%v: the save does not write the members as ids:\n%s", f, data)
		}
		got := world.New()
		if _, err := codec.Load(context.Background(), got, data, save.LoadOptions{Name: "slot"}); err != nil {
			t.Fatalf("%v: load: %v\n%s", f, err, data)
		}
		if back, ok := SquadC.Get(got, e); !ok || !reflect.DeepEqual(*back, squad) {
			t.Errorf("%v: loaded %+v, want %+v\n%s", f, back, squad, data)
		}
	}
	old := strings.Join([]string{"version: 1", "ids: {slots: 3, free: []}", "entities:", "  - id: 0v2", "  - id: 1v1", "  - id: 2v1",
		"    components:", "      tSquad: {lead: 0v2, members: [8589934592, 4294967297, 0], byname: {x: 4294967297, y: 8589934592},",
		"        seen: {4294967297: 1, 8589934592: 2}, pair: [4294967297, 8589934592], orders: [{target: 8589934592, n: 3}]}", ""}, "\n")
	got := world.New()
	if _, err := codec.Load(context.Background(), got, []byte(old), save.LoadOptions{Name: "old"}); err != nil {
		t.Fatalf("a save with ids as bits: %v", err)
	}
	if back, ok := SquadC.Get(got, e); !ok || !reflect.DeepEqual(*back, squad) {
		t.Errorf("a save with ids as bits loaded %+v, want %+v", back, squad)
	}
	bad := strings.Replace(old, "members: [8589934592", "members: [bob", 1)
	if _, err := codec.Load(context.Background(), world.New(), []byte(bad), save.LoadOptions{Name: "bad"}); !errors.Is(err, save.ErrValue) ||
		!strings.Contains(err.Error(), "bad:8:") || !strings.Contains(err.Error(), `field "members": save: invalid value: the text "bob" is not an entity id such as 3v1`) {
		t.Errorf("a member that is no id: %v, want ErrValue at line 8 naming the field and the text", err)
	}
}
