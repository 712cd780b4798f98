package prefab_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// TestApplyModel checks Library.Apply against its rule on random prefabs,
// random spawns, random changes to the spawned entities and random edits
// of the prefabs: after the reload, each field of each entity is what the
// rule says, computed from spawns of the old and the new prefabs into a
// scratch world, and its components and children are those the rule
// keeps, adds or takes away.
func TestApplyModel(t *testing.T) {
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	for seed := range rounds {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		lib := treeLibrary(t)
		if err := lib.LoadBytes("model.yaml", []byte(randomPrefabs(rng))); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		w := world.New()
		var roots []world.Entity
		names := lib.Names()
		names = slices.DeleteFunc(names, func(n string) bool { return !strings.HasPrefix(n, "p") })
		for range 1 + rng.IntN(6) {
			e, err := lib.Spawn(w, names[rng.IntN(len(names))], nil)
			if err != nil {
				t.Fatal(err)
			}
			roots = append(roots, e)
		}
		for range rng.IntN(12) {
			editEntity(rng, w, pick(rng, w.Entities()))
		}
		edited := randomPrefabs(rng)
		if err := lib.LoadBytes("model.yaml", []byte(edited)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		scratch := world.New()
		want := make([]string, len(roots))
		for i, e := range roots {
			want[i] = expected(lib, w, scratch, e, origin(w, e), current(lib, origin(w, e)))
		}
		lib.Apply(w)
		for i, e := range roots {
			if got := render(w, e); got != want[i] {
				t.Fatalf("seed %d: root %v after Apply:\n got  %s\n want %s\nprefabs:\n%s", seed, e, got, want[i], edited)
			}
		}
		again := lib.Apply(w) // up to date: nothing to do
		if again.Updated+again.Spawned+again.Destroyed != 0 {
			t.Fatalf("seed %d: a second Apply did %+v, want nothing", seed, again)
		}
	}
}

const prefabCount = 5

// randomPrefabs returns a prefab file of p0 … p4, each extending and
// naming as children only prefabs before it, so that there is no cycle.
func randomPrefabs(rng *rand.Rand) string {
	var b strings.Builder
	var made []int // the prefabs written so far
	for i := range prefabCount {
		if i > 0 && rng.IntN(5) == 0 {
			continue // deleted: entities of it are gone from the library
		}
		earlier := slices.Clone(made)
		made = append(made, i)
		fmt.Fprintf(&b, "p%d:\n", i)
		if len(earlier) > 0 && rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "  extends: p%d\n", earlier[rng.IntN(len(earlier))])
		}
		b.WriteString("  components:\n")
		if rng.IntN(3) > 0 {
			b.WriteString("    Health: {")
			var keys []string
			if rng.IntN(2) == 0 {
				keys = append(keys, fmt.Sprintf("hp: %d", rng.IntN(3)))
			}
			if rng.IntN(2) == 0 {
				keys = append(keys, fmt.Sprintf("max: %d", rng.IntN(3)))
			}
			b.WriteString(strings.Join(keys, ", ") + "}\n")
		}
		switch rng.IntN(3) {
		case 0:
			fmt.Fprintf(&b, "    Name: n%d\n", rng.IntN(3))
		case 1:
			b.WriteString("    Name: none\n")
		}
		if rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "    Items: [i%d]\n", rng.IntN(2))
		}
		switch rng.IntN(3) {
		case 0:
			b.WriteString("    Flying:\n")
		case 1:
			b.WriteString("    Flying: none\n")
		}
		if len(earlier) == 0 || rng.IntN(2) == 0 {
			continue
		}
		b.WriteString("  children:\n")
		names := []string{"x", "y", ""}
		for range 1 + rng.IntN(3) {
			name := names[rng.IntN(len(names))]
			if name != "" && strings.Contains(b.String()[strings.LastIndex(b.String(), "children:"):], "name: "+name+",") {
				name = ""
			}
			fmt.Fprintf(&b, "    - {")
			if name != "" {
				fmt.Fprintf(&b, "name: %s, ", name)
			}
			if name != "" && rng.IntN(5) == 0 {
				b.WriteString("prefab: none}\n")
				continue
			}
			fmt.Fprintf(&b, "prefab: p%d", earlier[rng.IntN(len(earlier))])
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, ", at: {y: %d}", rng.IntN(3))
			}
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, ", components: {Health: {hp: %d}}", rng.IntN(3))
			}
			b.WriteString("}\n")
		}
	}
	return b.String()
}

// editEntity changes e as a game would at run time.
func editEntity(rng *rand.Rand, w *world.World, e world.Entity) {
	if !w.IsAlive(e) {
		return
	}
	switch rng.IntN(8) {
	case 0, 1:
		if h, ok := tHealth.Get(w, e); ok {
			h.HP = rng.IntN(3)
		}
	case 2:
		if h, ok := tHealth.Get(w, e); ok {
			h.Max = rng.IntN(3)
		}
	case 3:
		tName.Add(w, e, fmt.Sprintf("n%d", rng.IntN(3)))
	case 4:
		w.Remove(e, []world.ComponentType{tHealth, tName, tItems, tFlying, tLocal}[rng.IntN(5)])
	case 5:
		if kids := world.ChildOf.Sources(w, e); len(kids) > 0 {
			w.Destroy(kids[rng.IntN(len(kids))])
		}
	case 6:
		adopted := world.Spawn1(w, tName, "adopted")
		if err := world.ChildOf.Set(w, adopted, e); err != nil {
			panic(err)
		}
	case 7:
		if l, ok := tLocal.Get(w, e); ok {
			l.Offset.Y = float32(rng.IntN(3))
		}
	}
}

func pick(rng *rand.Rand, es []world.Entity) world.Entity {
	if len(es) == 0 {
		return 0
	}
	return es[rng.IntN(len(es))]
}

func origin(w *world.World, e world.Entity) *prefab.Prefab {
	if p, ok := prefab.Origin.Get(w, e); ok {
		return *p
	}
	return nil
}

// current returns the library's prefab for the root prefab p, or nil.
func current(lib *prefab.Library, p *prefab.Prefab) *prefab.Prefab {
	q, _ := lib.Lookup(p.Name())
	return q
}

// modelComponents are the components render shows and the rule covers.
var modelComponents = []world.ComponentType{tHealth, tName, tItems, tFlying, tLocal}

// render describes e and its descendants canonically: its model
// components and values, then its children's renders, sorted.
func render(w *world.World, e world.Entity) string {
	var kids []string
	for _, c := range world.ChildOf.Sources(w, e) {
		kids = append(kids, render(w, c))
	}
	return renderWith(func(c world.ComponentType) (string, bool) { return valueText(w, e, c) }, kids)
}

func renderWith(get func(world.ComponentType) (string, bool), kids []string) string {
	var b strings.Builder
	for _, c := range modelComponents {
		if v, ok := get(c); ok {
			fmt.Fprintf(&b, "%s=%s ", c.Name(), v)
		}
	}
	slices.Sort(kids)
	b.WriteString("[" + strings.Join(kids, " ") + "]")
	return "(" + b.String() + ")"
}

// valueText returns e's value of c as text, and whether e has it.
func valueText(w *world.World, e world.Entity, c world.ComponentType) (string, bool) {
	if !w.Has(e, c) {
		return "", false
	}
	switch c {
	case tHealth:
		return fmt.Sprint(*tHealth.Require(w, e)), true
	case tName:
		return *tName.Require(w, e), true
	case tItems:
		return fmt.Sprint(*tItems.Require(w, e)), true
	case tLocal:
		return fmt.Sprint(*tLocal.Require(w, e)), true
	}
	return "", true
}

// expected returns what render(w, e) must be once Apply has brought e,
// spawned from old, up to date with cur (nil: the library lost it), by
// the rule, field by field against spawns of old and cur into scratch.
func expected(lib *prefab.Library, w, scratch *world.World, e world.Entity, old, cur *prefab.Prefab) string {
	if cur == nil || old == cur {
		return render(w, e)
	}
	was, now := old.Spawn(scratch, nil), cur.Spawn(scratch, nil)
	get := func(c world.ComponentType) (string, bool) {
		inOld, inCur, inLive := scratch.Has(was, c), scratch.Has(now, c), w.Has(e, c)
		switch {
		case !inOld && inCur && !inLive:
			return valueText(scratch, now, c)
		case inOld && !inCur, inOld && !inLive:
			return "", false
		case inOld && inCur:
			return followed(w, e, scratch, was, now, c), true
		}
		return valueText(w, e, c)
	}
	var kids []string
	for _, c := range world.ChildOf.Sources(w, e) {
		i := slices.Index(old.Children(), origin(w, c))
		if i < 0 {
			kids = append(kids, render(w, c)) // not the prefab's child: left alone
			continue
		}
		if j := matching(old.Children(), i, cur.Children()); j >= 0 {
			kids = append(kids, expected(lib, w, scratch, c, old.Children()[i], cur.Children()[j]))
		}
	}
	for j, c := range cur.Children() {
		if matching(cur.Children(), j, old.Children()) < 0 {
			kids = append(kids, render(scratch, c.Spawn(scratch, nil)))
		}
	}
	return renderWith(get, kids)
}

// followed returns e's value of c by the rule: each field equal to the
// old prefab's (was's) takes the new one's (now's).
func followed(w *world.World, e world.Entity, scratch *world.World, was, now world.Entity, c world.ComponentType) string {
	pick := func(live, old, cur any) any {
		if fmt.Sprint(live) == fmt.Sprint(old) {
			return cur
		}
		return live
	}
	switch c {
	case tHealth:
		l, o, n := *tHealth.Require(w, e), *tHealth.Require(scratch, was), *tHealth.Require(scratch, now)
		return fmt.Sprint(Life{HP: pick(l.HP, o.HP, n.HP).(int), Max: pick(l.Max, o.Max, n.Max).(int)})
	case tName:
		return pick(*tName.Require(w, e), *tName.Require(scratch, was), *tName.Require(scratch, now)).(string)
	case tItems:
		return fmt.Sprint(pick(*tItems.Require(w, e), *tItems.Require(scratch, was), *tItems.Require(scratch, now)))
	case tLocal:
		l, o, n := *tLocal.Require(w, e), *tLocal.Require(scratch, was), *tLocal.Require(scratch, now)
		return fmt.Sprint(Local{Offset: Vec{X: pick(l.Offset.X, o.Offset.X, n.Offset.X).(float32), Y: pick(l.Offset.Y, o.Offset.Y, n.Offset.Y).(float32)},
			Turn: pick(l.Turn, o.Turn, n.Turn).(float32)})
	}
	return ""
}

// matching is the rule's matching of children: by name, or unnamed ones
// by place.
func matching(from []*prefab.Prefab, i int, to []*prefab.Prefab) int {
	if name := from[i].ChildName(); name != "" {
		return slices.IndexFunc(to, func(c *prefab.Prefab) bool { return c.ChildName() == name })
	}
	if i < len(to) && to[i].ChildName() == "" {
		return i
	}
	return -1
}

// TestApplyKeepsRuntimeState is the goblin of the rule: its current hp,
// changed since spawn, stays; its max, unchanged, follows the prefab, as
// do its name and the components the prefab gained and lost.
func TestApplyKeepsRuntimeState(t *testing.T) {
	lib := treeLibrary(t, `
goblin:
  components:
    Health: {hp: 6, max: 6}
    Name: green
    Flying:
`)
	w := world.New()
	hurt, _ := lib.Spawn(w, "goblin", nil)
	fresh, _ := lib.Spawn(w, "goblin", nil)
	tHealth.Require(w, hurt).HP = 2
	if err := lib.LoadBytes("f0.yaml", []byte(`
goblin:
  components:
    Health: {hp: 8, max: 8}
    Name: red
    Items: [club]
`)); err != nil {
		t.Fatal(err)
	}
	got := lib.Apply(w)
	equal(t, "Apply", got, prefab.Applied{Updated: 2})
	equal(t, "the hurt goblin's Health", *tHealth.Require(w, hurt), Life{HP: 2, Max: 8})
	equal(t, "the fresh goblin's Health", *tHealth.Require(w, fresh), Life{HP: 8, Max: 8})
	for _, e := range []world.Entity{hurt, fresh} {
		if *tName.Require(w, e) != "red" || !slices.Equal(*tItems.Require(w, e), []string{"club"}) || w.Has(e, tFlying) {
			t.Errorf("goblin %v: name %q, items %v, flying %v; want red, [club], not flying", e, *tName.Require(w, e), *tItems.Require(w, e), w.Has(e, tFlying))
		}
	}
	// The new value is the entity's own copy.
	(*tItems.Require(w, hurt))[0] = "bone"
	if (*tItems.Require(w, fresh))[0] != "club" {
		t.Error("two goblins share the Items the reload gave them")
	}
}

// TestApplyChildren: children the prefab gains are spawned, those it
// loses destroyed, those it keeps updated; one the entity lost stays
// lost, and one game code attached is left alone.
func TestApplyChildren(t *testing.T) {
	lib := treeLibrary(t, pipes)
	w := world.New()
	pipe, _ := lib.Spawn(w, "pipe", nil)
	mine := world.Spawn1(w, tName, "mine")
	must(t, world.ChildOf.Set(w, mine, pipe))
	for _, c := range slices.Clone(world.ChildOf.Sources(w, pipe)) {
		if p := origin(w, c); p != nil && p.ChildName() == "top" {
			w.Destroy(c) // lost at run time: a reload does not bring it back
		}
	}
	if err := lib.LoadBytes("f0.yaml", []byte(`
cap:
  components:
    Name: cap
    Health: {hp: 1, max: 5}
pipe:
  components:
    Name: pipe
  children:
    - {name: top, prefab: cap, at: {x: 0, y: -20}}
    - {name: bottom, prefab: cap, at: {x: 0, y: 20}, components: {Health: {hp: 2}}}
    - {name: side, prefab: cap, at: {x: 8, y: 0}}
`)); err != nil {
		t.Fatal(err)
	}
	got := lib.Apply(w)
	equal(t, "Apply", got, prefab.Applied{Updated: 2, Spawned: 1, Destroyed: 1})
	tr := spawnedTree(w, pipe)
	want := []spawned{
		{Name: "mine"},
		{Name: "cap", Prefab: "cap", HP: 1, Local: &Local{Offset: Vec{8, 0}}},
		{Name: "cap", Prefab: "cap", HP: 2, Local: &Local{Offset: Vec{0, 20}}},
	}
	equal(t, "the pipe's children", tr.Kids, want)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestApplyAfterAFailedReloadChangesNothing: a reload that fails leaves
// the library, and so what Apply does, as they were.
func TestApplyAfterAFailedReloadChangesNothing(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "imp.yaml", "imp: {components: {Health: {hp: 3, max: 3}}}\n")
	lib := newLibrary(t)
	must(t, lib.Load(dir))
	w := world.New()
	e, _ := lib.Spawn(w, "imp", nil)
	write(t, dir, "imp.yaml", "imp: {components: {Health: {hp: lots, max: 9}}}\n")
	touch(t, filepath.Join(dir, "imp.yaml"), 1)
	if r := lib.Reload(); r.Err == nil {
		t.Fatal("Reload of a broken file succeeded")
	}
	equal(t, "Apply after a failed reload", lib.Apply(w), prefab.Applied{})
	equal(t, "the imp's Health", *tHealth.Require(w, e), Life{HP: 3, Max: 3})

	write(t, dir, "imp.yaml", "imp: {components: {Health: {hp: 4, max: 9}}}\n")
	touch(t, filepath.Join(dir, "imp.yaml"), 2)
	if r := lib.Reload(); r.Err != nil || !slices.Equal(r.Changed, []string{"imp"}) {
		t.Fatalf("Reload = %+v, want imp changed", r)
	}
	equal(t, "Apply after a good reload", lib.Apply(w), prefab.Applied{Updated: 1})
	equal(t, "the imp's Health", *tHealth.Require(w, e), Life{HP: 4, Max: 9})
}

// TestApplyLeavesOthersAlone: entities of code prefabs, of another
// library, of a prefab the library lost, and entities no prefab made are
// not touched.
func TestApplyLeavesOthersAlone(t *testing.T) {
	lib, other := treeLibrary(t, "a: {components: {Name: a}}\nb: {components: {Name: b}}\n"), treeLibrary(t, "a: {components: {Name: a}}\n")
	w := world.New()
	ours, _ := lib.Spawn(w, "a", nil)
	theirs, _ := other.Spawn(w, "a", nil)
	code, _ := lib.Spawn(w, "monster", nil)
	lost, _ := lib.Spawn(w, "b", nil)
	plain := world.Spawn1(w, tName, "plain")
	must(t, lib.LoadBytes("f0.yaml", []byte("a: {components: {Name: A}}\n")))
	got := lib.Apply(w)
	equal(t, "Apply", got, prefab.Applied{Updated: 1, Gone: []string{"b"}})
	for e, want := range map[world.Entity]string{ours: "A", theirs: "a", lost: "b", plain: "plain"} {
		if n := *tName.Require(w, e); n != want {
			t.Errorf("entity %v's Name = %q, want %q", e, n, want)
		}
	}
	equal(t, "the monster's Health", *tHealth.Require(w, code), Life{HP: 10, Max: 10})
}

// TestApplyPatchedFactory: the fields a YAML mapping over a factory sets
// follow the rule; what the factory made is not touched.
func TestApplyPatchedFactory(t *testing.T) {
	lib := newLibrary(t)
	must(t, lib.Add(prefab.New("maker", prefab.Factory(tHealth, func(prefab.Spawn) Life { return Life{HP: 7, Max: 7} }))))
	must(t, lib.LoadBytes("f.yaml", []byte("orc: {extends: maker, components: {Health: {max: 9}}}\n")))
	w := world.New()
	a, _ := lib.Spawn(w, "orc", nil)
	b, _ := lib.Spawn(w, "orc", nil)
	tHealth.Require(w, b).Max = 1
	must(t, lib.LoadBytes("f.yaml", []byte("orc: {extends: maker, components: {Health: {max: 12}}}\n")))
	lib.Apply(w)
	equal(t, "a's Health", *tHealth.Require(w, a), Life{HP: 7, Max: 12})
	equal(t, "b's Health", *tHealth.Require(w, b), Life{HP: 7, Max: 1})
}

// TestApplyIsSeenByTrackers: Apply writes through the checked path, so a
// tracker of the component sees the entities it changed.
func TestApplyIsSeenByTrackers(t *testing.T) {
	lib := treeLibrary(t, "a: {components: {Health: {hp: 1}}}\nb: {components: {Health: {hp: 1}}}\n")
	w := world.New()
	a, _ := lib.Spawn(w, "a", nil)
	lib.Spawn(w, "b", nil)
	tr := w.Track(tHealth)
	for range tr.Changed() {
	}
	must(t, lib.LoadBytes("f0.yaml", []byte("a: {components: {Health: {hp: 2}}}\nb: {components: {Health: {hp: 1}}}\n")))
	lib.Apply(w)
	var changed []world.Entity
	for e := range tr.Changed() {
		changed = append(changed, e)
	}
	equal(t, "changed", changed, []world.Entity{a})
}
