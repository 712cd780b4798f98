package save_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// The components of the tests: a field component, object components of
// a struct with a configuration field, of a string, of a struct holding
// an entity id, of a slice, a tag, a custom one, and a relationship.
type (
	Vec  struct{ X, Y float64 }
	tAim struct {
		At    world.Entity
		Power float32
	}
	// Score saves its points alone: cache is rebuilt from them.
	Score struct {
		Points int
		cache  string
	}
)

var (
	PosC    = world.DefineFields[Vec]("tPos")
	LabelC  = world.DefineComponent[string]("tLabel")
	AimC    = world.DefineComponent[tAim]("tAim")
	BagC    = world.DefineComponent[[]string]("tBag", world.Options[[]string]{Copy: func(dst, src *[]string) { *dst = append((*dst)[:0], *src...) }})
	AsleepC = world.DefineTag("tAsleep")
	ScoreC  = world.DefineComponent[Score]("tScore")
	LikesR  = world.DefineRelation("tLikes", world.RelationOptions{})
)

// registrations are the components prefab data may name.
func registrations() []prefab.Registration {
	return []prefab.Registration{prefab.Component(HealthC), prefab.Component(PosC), prefab.Component(LabelC),
		prefab.Component(AimC), prefab.Component(BagC), prefab.Component[struct{}](AsleepC), prefab.Component(ScoreC)}
}

// newCodec returns a codec of every test component over lib.
func newCodec(t testing.TB, lib *prefab.Library) *save.Codec {
	t.Helper()
	c, err := save.New(lib, save.Component(HealthC), save.Component(PosC), save.Component(LabelC),
		save.Component(AimC), save.Component(BagC), save.Component[struct{}](AsleepC),
		save.Custom(ScoreC, func(s *Score) int { return s.Points }, func(s *Score, n int) error {
			if n < 0 {
				return fmt.Errorf("negative score %d", n)
			}
			s.Points, s.cache = n, fmt.Sprint(n)
			return nil
		}),
		save.Link(LikesR))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// randomLibrary returns the YAML of a random prefab library: prefabs
// with random components, variants of earlier ones, children made of
// earlier ones.
func randomLibrary(rng *rand.Rand) (string, []string) {
	var b strings.Builder
	var names []string
	n := 2 + rng.IntN(5)
	for i := range n {
		name := fmt.Sprintf("p%d", i)
		fmt.Fprintf(&b, "%s:\n", name)
		if i > 0 && rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "  extends: p%d\n", rng.IntN(i))
		}
		b.WriteString("  components:\n")
		if rng.IntN(2) == 0 {
			hp := 1 + rng.IntN(20)
			fmt.Fprintf(&b, "    Health: {hp: %d, max: %d}\n", hp, hp+rng.IntN(5))
		}
		if rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "    tPos: {x: %d, y: %g}\n", rng.IntN(100), float64(rng.IntN(100))/4)
		}
		if rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "    tLabel: l%d\n", rng.IntN(10))
		}
		if rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "    tAim: {power: %g}\n", float32(rng.IntN(8))/2)
		}
		if rng.IntN(4) == 0 {
			b.WriteString("    tBag: [a, b]\n")
		}
		if rng.IntN(3) == 0 {
			b.WriteString("    tAsleep: {}\n")
		}
		if rng.IntN(4) == 0 {
			fmt.Fprintf(&b, "    tScore: {points: %d}\n", rng.IntN(50))
		}
		if i > 0 && rng.IntN(3) == 0 {
			b.WriteString("  children:\n")
			for k := range 1 + rng.IntN(2) {
				fmt.Fprintf(&b, "    - {name: c%d, prefab: p%d}\n", k, rng.IntN(i))
			}
		}
		names = append(names, name)
	}
	return b.String(), names
}

// randomWorld spawns and changes entities at random: every kind of
// change a save must keep, with ids reused and references to dead ids
// and to no entity.
func randomWorld(t testing.TB, rng *rand.Rand, lib *prefab.Library, names []string, ops int) *world.World {
	t.Helper()
	w := world.New()
	w.Seed(rng.Uint64())
	pick := func() world.Entity {
		es := w.Entities()
		if len(es) == 0 {
			return 0
		}
		return es[rng.IntN(len(es))]
	}
	// popular picks among the first few entities, so that some targets
	// gather many sources, in orders that contradict each other.
	popular := func() world.Entity {
		es := w.Entities()
		if len(es) == 0 {
			return 0
		}
		return es[rng.IntN(min(3, len(es)))]
	}
	fromPrefab := func(e world.Entity) bool { _, ok := prefab.Of(w, e); return ok }
	var dead []world.Entity
	for range ops {
		e := pick()
		switch op := rng.IntN(20); {
		case op < 3 || e == 0:
			if _, err := lib.Spawn(w, names[rng.IntN(len(names))], nil); err != nil {
				t.Fatal(err)
			}
		case op == 3:
			w.Spawn(PosC.With(Vec{X: rng.Float64()}), HealthC.With(Health{HP: rng.IntN(9), Max: 9}))
		case op == 4:
			if h, ok := HealthC.Get(w, e); ok {
				h.HP = rng.IntN(100) - 50
			} else {
				HealthC.Add(w, e, Health{HP: 3, Max: 3})
			}
		case op == 5:
			PosC.Add(w, e, Vec{X: rng.NormFloat64(), Y: float64(rng.IntN(4))})
		case op == 6:
			if w.Has(e, AsleepC) {
				w.Remove(e, AsleepC)
			} else {
				AsleepC.Add(w, e)
			}
		case op == 7:
			if w.Has(e, LabelC) {
				w.Remove(e, LabelC)
			} else {
				LabelC.Add(w, e, fmt.Sprintf("x%d", rng.IntN(5)))
			}
		case op == 8:
			target := pick()
			if len(dead) > 0 && rng.IntN(3) == 0 {
				target = dead[rng.IntN(len(dead))]
			} else if rng.IntN(4) == 0 {
				target = 0 // aiming at nothing
			}
			AimC.Add(w, e, tAim{At: target, Power: float32(rng.IntN(10))})
		case op == 9:
			if b, ok := BagC.Get(w, e); ok {
				*b = append(*b, "gem")
			} else {
				BagC.Add(w, e, []string{"key"})
			}
		case op == 10:
			if s, ok := ScoreC.Get(w, e); ok {
				s.Points++
				s.cache = fmt.Sprint(s.Points)
			} else {
				ScoreC.Add(w, e, Score{Points: 1, cache: "1"})
			}
		case op == 11 || op >= 17: // links are a fifth of the changes
			// Any number of targets a source, unlinked in any order: the
			// sources' orders this leaves contradict each other often.
			if ts := LikesR.Targets(w, e); len(ts) > 0 && rng.IntN(2) == 0 {
				LikesR.Unset(w, e, ts[rng.IntN(len(ts))])
			} else if err := LikesR.Set(w, e, popular()); err != nil {
				t.Fatal(err)
			}
		case op == 12:
			if o := popular(); o != e && !fromPrefab(e) && !w.Has(e, world.ChildOf) {
				_ = world.ChildOf.Set(w, e, o) // a cycle is refused: fine
			}
		case op == 13:
			if rng.IntN(3) == 0 {
				dead = append(dead, e)
				w.Destroy(e)
			}
		case op == 14:
			w.Rand().Uint64()
		case op == 15:
			if h, ok := HealthC.Get(w, e); ok && !fromPrefab(e) {
				h.Max++ // configuration of an entity no prefab gives it
			}
		case op == 16:
			rel := world.ChildOf
			if rng.IntN(2) == 0 {
				rel = LikesR
			}
			tgt := popular()
			order := slices.Clone(rel.Sources(w, tgt))
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			if err := rel.OrderSources(w, tgt, order); err != nil {
				t.Fatal(err)
			}
		}
	}
	return w
}
