package prefab_test

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// TestCodeMerge covers the merge rules of variants made in code.
func TestCodeMerge(t *testing.T) {
	base := prefab.New("base",
		prefab.Value(tHealth, Life{HP: 10, Max: 10}),
		prefab.Value(tStats, Stats{Speed: 2, Resist: Resist{Fire: 0.5, Ice: 0.5}, Tags: []string{"a", "b"},
			Loot: map[string]int{"gold": 1}, Boss: &Resist{Fire: 1, Ice: 1}}),
		prefab.Factory(tBrain, func(s prefab.Spawn) *Brain { return &Brain{Name: "base"} }),
		prefab.Tag(tFlying),
	)
	cases := []struct {
		name  string
		parts []prefab.Part
		check func(t *testing.T, w *world.World, e world.Entity)
	}{
		{"zero fields keep the base's", []prefab.Part{prefab.Value(tHealth, Life{HP: 6})},
			func(t *testing.T, w *world.World, e world.Entity) {
				equal(t, "Health", *tHealth.Require(w, e), Life{HP: 6, Max: 10})
			}},
		{"nested structs merge", []prefab.Part{prefab.Value(tStats, Stats{Resist: Resist{Ice: 2}})},
			func(t *testing.T, w *world.World, e world.Entity) {
				s := tStats.Require(w, e)
				equal(t, "Resist", s.Resist, Resist{Fire: 0.5, Ice: 2})
				equal(t, "Speed", s.Speed, 2.0)
			}},
		{"slices, maps and pointers replace", []prefab.Part{prefab.Value(tStats, Stats{Tags: []string{"c"},
			Loot: map[string]int{"gem": 2}, Boss: &Resist{Ice: 3}})},
			func(t *testing.T, w *world.World, e world.Entity) {
				s := tStats.Require(w, e)
				equal(t, "Tags", s.Tags, []string{"c"})
				equal(t, "Loot", s.Loot, map[string]int{"gem": 2})
				equal(t, "Boss", *s.Boss, Resist{Ice: 3})
			}},
		{"Patch sets zero", []prefab.Part{prefab.Patch(tHealth, func(h *Life) { h.HP = 0 })},
			func(t *testing.T, w *world.World, e world.Entity) {
				equal(t, "Health", *tHealth.Require(w, e), Life{HP: 0, Max: 10})
			}},
		{"Patch edits a copy", []prefab.Part{prefab.Patch(tStats, func(s *Stats) { s.Tags[0] = "z" })},
			func(t *testing.T, w *world.World, e world.Entity) {
				equal(t, "Tags", tStats.Require(w, e).Tags, []string{"z", "b"})
				other := base.Spawn(w, nil)
				equal(t, "base's Tags", tStats.Require(w, other).Tags, []string{"a", "b"})
			}},
		{"Patch over a factory", []prefab.Part{prefab.Patch(tBrain, func(b **Brain) { (*b).Name += "+patch" })},
			func(t *testing.T, w *world.World, e world.Entity) {
				equal(t, "Brain.Name", (*tBrain.Require(w, e)).Name, "base+patch")
			}},
		{"Value replaces a factory", []prefab.Part{prefab.Value(tBrain, (*Brain)(nil))},
			func(t *testing.T, w *world.World, e world.Entity) {
				if b := *tBrain.Require(w, e); b != nil {
					t.Errorf("Brain = %+v, want nil", b)
				}
			}},
		{"Factory replaces a value", []prefab.Part{prefab.Factory(tHealth, func(s prefab.Spawn) Life { return Life{HP: 1} })},
			func(t *testing.T, w *world.World, e world.Entity) {
				equal(t, "Health", *tHealth.Require(w, e), Life{HP: 1})
			}},
		{"None removes", []prefab.Part{prefab.None(tFlying), prefab.None(tBrain), prefab.None(tPos)},
			func(t *testing.T, w *world.World, e world.Entity) {
				if w.Has(e, tFlying) || w.Has(e, tBrain) {
					t.Error("entity has Flying or Brain, want both removed")
				}
				if !w.Has(e, tHealth) {
					t.Error("entity lacks Health")
				}
			}},
		{"new components added", []prefab.Part{prefab.Value(tPos, Vec{1, 2})},
			func(t *testing.T, w *world.World, e world.Entity) {
				p, _ := tPos.Get(w, e)
				equal(t, "Position", *p, Vec{1, 2})
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := base.Extend("v", c.parts...)
			w := world.New()
			c.check(t, w, v.Spawn(w, nil))
			if v.Base() != base || !v.Is("base") || !v.Is("v") || base.Is("v") {
				t.Errorf("Base, Is do not follow the chain")
			}
		})
	}
}

// TestDeepCopy: no two entities share a slice, map or pointed-to value,
// neither with each other nor with the value the prefab was made from.
func TestDeepCopy(t *testing.T) {
	v := Stats{Tags: []string{"a"}, Loot: map[string]int{"gold": 1}, Boss: &Resist{Fire: 1}}
	p := prefab.New("p", prefab.Value(tStats, v), prefab.Value(tItems, []string{"x"}))
	v.Tags[0] = "changed by the caller"
	w := world.New()
	a, b := p.Spawn(w, nil), p.Spawn(w, nil)
	sa := tStats.Require(w, a)
	sa.Tags[0], sa.Loot["gold"], sa.Boss.Fire = "z", 9, 9
	(*tItems.Require(w, a))[0] = "z"
	sb := tStats.Require(w, b)
	equal(t, "b's Tags", sb.Tags, []string{"a"})
	equal(t, "b's Loot", sb.Loot, map[string]int{"gold": 1})
	equal(t, "b's Boss", *sb.Boss, Resist{Fire: 1})
	equal(t, "b's Items", *tItems.Require(w, b), []string{"x"})
}

type tree struct {
	Kids []*tree
	Any  any
}

type cloned struct{ data []int }

func (c *cloned) Clone() cloned { return cloned{data: append([]int(nil), c.data...)} }

func TestCopyKinds(t *testing.T) {
	tTree := world.DefineComponent[tree]("Tree")
	tCloned := world.DefineComponent[cloned]("Cloned")
	p := prefab.New("p",
		prefab.Value(tTree, tree{Kids: []*tree{{Any: []int{1}}}}),
		prefab.Value(tCloned, cloned{data: []int{1}}),
	)
	w := world.New()
	a, b := p.Spawn(w, nil), p.Spawn(w, nil)
	tTree.Require(w, a).Kids[0].Any.([]int)[0] = 9
	tCloned.Require(w, a).data[0] = 9
	equal(t, "b's tree", tTree.Require(w, b).Kids[0].Any, any([]int{1}))
	equal(t, "b's cloned", tCloned.Require(w, b).data, []int{1})

	// A value that refers to itself, a channel, or a reference in an
	// unexported field cannot be copied: make it with a factory.
	loop := &tree{}
	loop.Kids = []*tree{loop}
	tChan := world.DefineComponent[chan int]("Chan")
	tHidden := world.DefineComponent[struct{ s []int }]("Hidden")
	for name, f := range map[string]func(){
		"cycle":      func() { prefab.Value(tTree, *loop) },
		"chan":       func() { prefab.Value(tChan, make(chan int)) },
		"unexported": func() { prefab.Component(tHidden) },
	} {
		func() {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, prefab.ErrUncopyable) {
					t.Errorf("%s: panic %v, want one wrapping ErrUncopyable", name, err)
				}
			}()
			f()
		}()
	}
}

func TestSpawnOptions(t *testing.T) {
	var calls int
	p := prefab.New("p",
		prefab.Factory(tPos, func(s prefab.Spawn) Vec {
			calls++
			h := tHealth.Require(s.World, s.Entity) // values come before factories
			at := s.Args.(Vec)
			return Vec{at.X + float32(h.HP), at.Y}
		}),
		prefab.Value(tHealth, Life{HP: 5, Max: 5}),
		prefab.Tag(tFlying),
		prefab.Value(tName, "imp"),
	)
	equal(t, "Components", names(p.Components()), []string{"Health", "Flying", "Name", "Position"})
	w := world.New()
	e := p.Spawn(w, Vec{1, 2})
	pos, _ := tPos.Get(w, e)
	equal(t, "Position", *pos, Vec{6, 2})

	e = p.SpawnWith(w, prefab.SpawnOptions{
		Args:    Vec{0, 0},
		With:    []prefab.Part{prefab.Value(tName, "Ember"), prefab.Patch(tHealth, func(h *Life) { h.HP = 1 }), prefab.Value(tVel, Vec{3, 3})},
		Without: []world.ComponentType{tFlying, tPos},
	})
	equal(t, "Name", *tName.Require(w, e), "Ember")
	equal(t, "Health", *tHealth.Require(w, e), Life{HP: 1, Max: 5})
	if v, ok := tVel.Get(w, e); !ok || *v != (Vec{3, 3}) {
		t.Errorf("Velocity = %v, %v, want {3 3}, true", v, ok)
	}
	if w.Has(e, tFlying) || w.Has(e, tPos) {
		t.Error("entity has a component SpawnOptions.Without left out")
	}
	if calls != 1 {
		t.Errorf("factory called %d times, want 1 (not for the spawn without Position)", calls)
	}
}

func names(cs []world.ComponentType) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name())
	}
	return out
}

// TestAttach: a factory attached in code to a data prefab is used by it
// and inherited by its variants; data in a variant replaces it.
func TestAttach(t *testing.T) {
	lib := newLibrary(t)
	n := 0
	brain := prefab.Factory(tBrain, func(s prefab.Spawn) *Brain { n++; return &Brain{Name: s.Prefab.Name()} })
	if err := lib.Attach("goblin", brain); err != nil {
		t.Fatal(err)
	}
	if err := lib.LoadBytes("t.yaml", []byte("goblin:\n  extends: monster\nchief:\n  extends: goblin\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := spawnGet(t, lib, "chief", tBrain)
	if b == nil || b.Name != "chief" || n != 1 {
		t.Errorf("chief's Brain = %+v after %d calls, want one named chief after 1", b, n)
	}
	// Attaching after the load rebuilds the prefab.
	if err := lib.Attach("goblin", prefab.Value(tName, "gob")); err != nil {
		t.Fatal(err)
	}
	name, _ := spawnGet(t, lib, "chief", tName)
	equal(t, "chief's Name", name, "gob")

	err := lib.Check()
	if err != nil {
		t.Errorf("Check() = %v, want nil", err)
	}
	lib.Attach("ghost", brain)
	err = lib.Check()
	want := []string{`prefab "ghost": component "Brain": a part is attached to this prefab in code, but no file defines it`}
	equal(t, "Check errors", messages(err), want)
	if !errors.Is(err, prefab.ErrUnknownPrefab) {
		t.Error("errors.Is(err, ErrUnknownPrefab) = false, want true")
	}
}

func TestRegister(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tHealth))
	if err := lib.Register(prefab.Component(tName), prefab.Component(tHealth)); !errors.Is(err, prefab.ErrDuplicateComponent) {
		t.Errorf("Register(Health again) = %v, want ErrDuplicateComponent", err)
	}
	if err := lib.Register(prefab.Component(tHealth).As("HP")); err != nil {
		t.Errorf("Register(Health as HP) = %v, want nil", err)
	}
	equal(t, "Components", lib.Components(), []string{"HP", "Health"})
	if err := lib.LoadBytes("t.yaml", []byte("a:\n  components:\n    HP: {hp: 2}\n")); err != nil {
		t.Fatal(err)
	}
	h, _ := spawnGet(t, lib, "a", tHealth)
	equal(t, "Health", h, Life{HP: 2})
}

// TestSpawnWithValuesBeforeFactories: a value given with SpawnWith is in
// place before the prefab's factories run, so they can read it.
func TestSpawnWithValuesBeforeFactories(t *testing.T) {
	type hp struct{ HP, Max int }
	healthC := world.DefineComponent[hp]("SWHealth")
	seenC := world.DefineComponent[int]("SWSeen")
	p := prefab.New("probe",
		prefab.Value(healthC, hp{HP: 10, Max: 10}),
		prefab.Factory(seenC, func(s prefab.Spawn) int {
			if h, ok := healthC.Get(s.World, s.Entity); ok {
				return h.HP
			}
			return -1
		}),
	)
	w := world.New()
	e := p.SpawnWith(w, prefab.SpawnOptions{With: []prefab.Part{prefab.Value(healthC, hp{HP: 99, Max: 99})}})
	if got := *seenC.Require(w, e); got != 99 {
		t.Errorf("the factory saw HP %d, want the With value 99", got)
	}
	if got := healthC.Require(w, e).HP; got != 99 {
		t.Errorf("entity HP = %d, want 99", got)
	}
}
