package prefab_test

import (
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

func TestOf(t *testing.T) {
	lib := treeLibrary(t, pipes)
	w := world.New()
	pipe, _ := lib.Spawn(w, "pipe", nil)
	code := prefab.New("rock").Spawn(w, nil)
	plain := w.Create()
	cases := []struct {
		e    world.Entity
		name string
		ok   bool
	}{
		{pipe, "pipe", true},
		{world.ChildOf.Sources(w, pipe)[0], "cap", true},
		{code, "rock", true},
		{plain, "", false},
		{0, "", false},
	}
	for _, c := range cases {
		if name, ok := prefab.Of(w, c.e); name != c.name || ok != c.ok {
			t.Errorf("Of(%v) = %q, %v, want %q, %v", c.e, name, ok, c.name, c.ok)
		}
	}
	w.Destroy(pipe)
	if name, ok := prefab.Of(w, pipe); ok {
		t.Errorf("Of(a destroyed entity) = %q, true", name)
	}
}

func TestChanges(t *testing.T) {
	lib := newLibrary(t)
	must(t, lib.Attach("orc", prefab.Factory(tBrain, func(prefab.Spawn) *Brain { return &Brain{Name: "grr"} })))
	must(t, lib.LoadBytes("orcs.yaml", []byte(`
orc:
  extends: monster
  components:
    Name: orc
    Stats: {resist: {fire: 0.25}, tags: [big]}
`)))
	w := world.New()
	e, _ := lib.Spawn(w, "orc", nil)
	if got, ok := prefab.Changes(w, e); !ok || len(got) != 1 || got[0].Kind != prefab.Made {
		t.Errorf("Changes(a new orc) = %+v, %v; want only the Brain, Made", got, ok)
	}
	tHealth.Require(w, e).HP = 3
	st := tStats.Require(w, e)
	st.Resist.Ice = 1
	st.Tags = append(st.Tags, "angry")
	w.Remove(e, tName)
	w.Remove(e, tFlying)
	tItems.Add(w, e, []string{"axe"})
	got, ok := prefab.Changes(w, e)
	if !ok {
		t.Fatal("Changes(orc) not ok")
	}
	type change struct {
		Kind      prefab.ChangeKind
		Component string
		Field     string
		Value     any
	}
	var list []change
	for _, c := range got {
		list = append(list, change{c.Kind, c.Component.Name(), c.Field, c.Value})
	}
	want := []change{
		{prefab.Changed, "Health", "hp", 3},
		{prefab.Changed, "Stats", "resist.ice", 1.0},
		{prefab.Changed, "Stats", "tags", []string{"big", "angry"}},
		{prefab.Removed, "Flying", "", nil},
		{prefab.Removed, "Name", "", nil},
		{prefab.Made, "Brain", "", nil},
		{prefab.Added, "Items", "", nil},
	}
	equal(t, "Changes(orc)", list, want)
	if c := got[0]; len(c.Index) != 1 || c.Index[0] != 0 {
		t.Errorf("Changes(orc)[0].Index = %v, want [0]", c.Index)
	}
	// The values are copies.
	got[2].Value.([]string)[0] = "small"
	if tStats.Require(w, e).Tags[0] != "big" {
		t.Error("a Change's Value shares the entity's slice")
	}
	if _, ok := prefab.Changes(w, w.Create()); ok {
		t.Error("Changes(an entity no prefab made) ok")
	}
}

// TestChangesOfAChild: a child compares against its place among its
// parent's prefab's children, the at and overrides included, and its
// hierarchy is not a change.
func TestChangesOfAChild(t *testing.T) {
	lib := treeLibrary(t, pipes)
	w := world.New()
	pipe, _ := lib.Spawn(w, "pipe", nil)
	for _, c := range world.ChildOf.Sources(w, pipe) {
		got, ok := prefab.Changes(w, c)
		if !ok || len(got) != 0 {
			t.Errorf("Changes(child %v) = %+v, %v; want none", c, got, ok)
		}
	}
	if got, _ := prefab.Changes(w, pipe); len(got) != 0 {
		t.Errorf("Changes(pipe) = %+v, want none", got)
	}
}
