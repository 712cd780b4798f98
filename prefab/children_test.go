package prefab_test

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Local is the test components' placement, as systems.LocalTransform is
// the engine's: a child's at sets its offset.
type Local struct {
	Offset Vec
	Turn   float32
}

var tLocal = world.DefineFields[Local]("Local")

// treeLibrary returns newLibrary's library with Local registered as what
// places children, and the files loaded.
func treeLibrary(t *testing.T, files ...string) *prefab.Library {
	t.Helper()
	lib := newLibrary(t)
	if err := lib.Register(prefab.Component(tLocal).At("offset")); err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		if err := lib.LoadBytes("f"+string(rune('0'+i))+".yaml", []byte(f)); err != nil {
			t.Fatal(err)
		}
	}
	return lib
}

const pipes = `
cap:
  components:
    Name: cap
    Health: {hp: 1, max: 1}
pipe:
  components:
    Name: pipe
  children:
    - {name: top, prefab: cap, at: {x: 0, y: -16}}
    - {name: bottom, prefab: cap, at: {x: 0, y: 16}, components: {Health: {hp: 2}}}
    - {prefab: cap, components: {Name: ring}}
`

// spawned describes an entity and its descendants, for comparing spawns.
type spawned struct {
	Name   string
	Prefab string
	Local  *Local
	HP     int
	Kids   []spawned
}

// spawnedTree returns what e and its descendants hold, children sorted by
// their Local offset and name (ChildOf's order of sources is not
// creation order).
func spawnedTree(w *world.World, e world.Entity) spawned {
	var tr spawned
	if n, ok := tName.Get(w, e); ok {
		tr.Name = *n
	}
	tr.Prefab, _ = prefab.Of(w, e)
	if l, ok := tLocal.Get(w, e); ok {
		c := *l
		tr.Local = &c
	}
	if h, ok := tHealth.Get(w, e); ok {
		tr.HP = h.HP
	}
	for _, c := range world.ChildOf.Sources(w, e) {
		tr.Kids = append(tr.Kids, spawnedTree(w, c))
	}
	slices.SortFunc(tr.Kids, func(a, b spawned) int {
		return cmp.Or(cmp.Compare(a.y(), b.y()), strings.Compare(a.Name, b.Name), cmp.Compare(a.HP, b.HP))
	})
	return tr
}

// y is where s sits below its parent, for sorting; those not placed
// come first.
func (s spawned) y() float32 {
	if s.Local == nil {
		return -1e9
	}
	return s.Local.Offset.Y
}

func TestChildrenSpawnAndDespawnWithTheParent(t *testing.T) {
	lib := treeLibrary(t, pipes)
	w := world.New()
	e, err := lib.Spawn(w, "pipe", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := spawnedTree(w, e)
	want := spawned{Name: "pipe", Prefab: "pipe", Kids: []spawned{
		{Name: "ring", Prefab: "cap", HP: 1},
		{Name: "cap", Prefab: "cap", HP: 1, Local: &Local{Offset: Vec{0, -16}}},
		{Name: "cap", Prefab: "cap", HP: 2, Local: &Local{Offset: Vec{0, 16}}},
	}}
	equal(t, "pipe", got, want)
	if w.Len() != 4 {
		t.Errorf("w.Len() = %d after one pipe, want 4", w.Len())
	}
	w.Destroy(e)
	if w.Len() != 0 {
		t.Errorf("w.Len() = %d after destroying the pipe, want 0", w.Len())
	}
}

func TestChildrenErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		code error
		want string
	}{
		{"child of itself", "a:\n  children: [{prefab: a}]\n", prefab.ErrCycle,
			`f0.yaml:2:23: prefab "a": is a child of itself`},
		{"own grandchild", "a:\n  children: [{prefab: b}]\nb:\n  children: [{prefab: a}]\n", prefab.ErrCycle,
			`f0.yaml:2:23: prefab "a": is its own descendant: a has the child b, b has the child a`},
		{"child extends its parent", "a:\n  children: [{prefab: b}]\nb:\n  extends: a\n", prefab.ErrCycle,
			`f0.yaml:2:23: prefab "a": is its own descendant: a has the child b, b extends a`},
		{"unknown child prefab", "a:\n  children: [{name: top, prefab: cpa}]\ncap: {}\n", prefab.ErrUnknownPrefab,
			`f0.yaml:2:34: prefab "a": child "top": child names unknown prefab "cpa" (did you mean "cap"?)`},
		{"changing a child the base lacks", "a: {}\nb:\n  extends: a\n  children: [{name: top}]\n", prefab.ErrUnknownChild,
			`f0.yaml:4:21: prefab "b": child "top": the base has no child named "top" to change; give prefab to add one`},
		{"no prefab, no name", "a:\n  children: [{at: {x: 1}}]\n", prefab.ErrUnknownChild,
			`f0.yaml:2:14: prefab "a": child "1": a child needs a prefab (or the name of the base's child it changes)`},
		{"a name twice", "c: {}\na:\n  children: [{name: x, prefab: c}, {name: x, prefab: c}]\n", prefab.ErrDuplicateChild,
			`f0.yaml:3:43: prefab "a": child "x": child "x" given twice (first at line 3)`},
		{"none without a name", "a:\n  children: [{prefab: none}]\n", prefab.ErrSyntax,
			`f0.yaml:2:23: prefab "a": child "1": removing a child (prefab: none) needs the name of the base's child to remove, and this child has none`},
		{"bad at", "c: {}\na:\n  children: [{prefab: c, at: {z: 1}}]\n", prefab.ErrUnknownField,
			`f0.yaml:3:31: prefab "a": child "1": component "Local": unknown field "offset.z" (did you mean "x"?)`},
		{"bad component in a child", "c: {}\na:\n  children: [{prefab: c, components: {Health: {hp: x}}}]\n", prefab.ErrBadValue,
			`f0.yaml:3:52: prefab "a": child "1": component "Health": field "hp": expected an integer (int), got the string "x"`},
		{"unknown key", "c: {}\na:\n  children: [{prefab: c, kids: []}]\n", prefab.ErrSyntax,
			`f0.yaml:3:26: prefab "a": child "1": unknown key "kids" (keys: name, prefab, at, components, children)`},
		{"not a list", "a:\n  children: {top: x}\n", prefab.ErrSyntax,
			`f0.yaml:2:13: prefab "a": children takes a list of children, such as [{prefab: wheel, at: {x: 4}}], got a mapping`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib := newLibrary(t)
			if err := lib.Register(prefab.Component(tLocal).At("offset")); err != nil {
				t.Fatal(err)
			}
			err := lib.LoadBytes("f0.yaml", []byte(c.src))
			if got := strings.Join(messages(err), "\n"); got != c.want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, c.want)
			}
			if !errors.Is(err, c.code) {
				t.Errorf("errors.Is(err, %v) = false", c.code)
			}
			checkCoded(t, err)
		})
	}
}

func TestChildrenOfVariants(t *testing.T) {
	lib := treeLibrary(t, pipes, `
long-pipe:
  extends: pipe
  children:
    - {name: bottom, at: {y: 32}, children: [{prefab: cap, components: {Name: bolt}}]}
    - {name: top, prefab: none}
    - {name: mid, prefab: cap, at: {y: 0}}
    - {prefab: cap, components: {Name: ring2}}
short-pipe:
  extends: pipe
  children:
    - {name: bottom, prefab: cap}
plain-pipe:
  extends: pipe
`)
	cap := func(name string, hp int, l *Local, kids ...spawned) spawned {
		return spawned{Name: name, Prefab: "cap", HP: hp, Local: l, Kids: kids}
	}
	at := func(y float32) *Local { return &Local{Offset: Vec{0, y}} }
	cases := []struct {
		prefab string
		want   []spawned
	}{
		{"long-pipe", []spawned{cap("ring", 1, nil), cap("ring2", 1, nil), cap("cap", 1, at(0)),
			cap("cap", 2, at(32), cap("bolt", 1, nil))}},
		{"short-pipe", []spawned{cap("cap", 1, nil), cap("ring", 1, nil), cap("cap", 1, at(-16))}},
		{"plain-pipe", []spawned{cap("ring", 1, nil), cap("cap", 1, at(-16)), cap("cap", 2, at(16))}},
	}
	for _, c := range cases {
		t.Run(c.prefab, func(t *testing.T) {
			w := world.New()
			e, err := lib.Spawn(w, c.prefab, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := spawnedTree(w, e)
			equal(t, c.prefab+"'s children", got.Kids, c.want)
		})
	}
	p, _ := lib.Lookup("long-pipe")
	var names []string
	for _, c := range p.Children() {
		names = append(names, c.ChildName()+"="+c.Name())
	}
	equal(t, "long-pipe's Children", names, []string{"bottom=cap", "=cap", "mid=cap", "=cap"})
}

func TestChildrenInCode(t *testing.T) {
	capP := prefab.New("cap", prefab.Value(tName, "cap"), prefab.Value(tHealth, Life{HP: 1}))
	pipe := prefab.New("pipe", prefab.Value(tName, "pipe"),
		prefab.Child("top", capP, prefab.Value(tLocal, Local{Offset: Vec{0, -16}})),
		prefab.Child("", capP, prefab.Value(tName, "ring")),
	)
	long := pipe.Extend("long",
		prefab.Child("top", nil, prefab.Value(tHealth, Life{HP: 3})), // changes the top cap
		prefab.NoChild("nope"), // changes nothing
		prefab.Child("bolt", capP, prefab.Child("nut", capP, prefab.Value(tName, "nut"))),
	)
	w := world.New()
	got := spawnedTree(w, long.Spawn(w, nil))
	want := spawned{Name: "pipe", Prefab: "long", Kids: []spawned{
		{Name: "cap", Prefab: "cap", HP: 1, Kids: []spawned{{Name: "nut", Prefab: "cap", HP: 1}}},
		{Name: "ring", Prefab: "cap", HP: 1},
		{Name: "cap", Prefab: "cap", HP: 3, Local: &Local{Offset: Vec{0, -16}}},
	}}
	equal(t, "long", got, want)

	e := pipe.SpawnWith(w, prefab.SpawnOptions{With: []prefab.Part{prefab.NoChild("top"), prefab.Child("extra", capP)}})
	equal(t, "pipe with options", spawnedTree(w, e).Kids, []spawned{{Name: "cap", Prefab: "cap", HP: 1}, {Name: "ring", Prefab: "cap", HP: 1}})

	for name, fn := range map[string]func(){
		"New with a Child without a prefab":   func() { prefab.New("x", prefab.Child("a", nil)) },
		"Extend changing a child it lacks":    func() { pipe.Extend("x", prefab.Child("bottom", nil)) },
		"SpawnWith changing a child it lacks": func() { pipe.SpawnWith(w, prefab.SpawnOptions{With: []prefab.Part{prefab.Child("z", nil)}}) },
	} {
		func() {
			defer func() {
				if err, _ := recover().(error); !errors.Is(err, prefab.ErrUnknownChild) {
					t.Errorf("%s: panic %v, want ErrUnknownChild", name, err)
				}
			}()
			fn()
		}()
	}
}

// TestChildrenGetTheParentAndArgs: a child's factories see the parent,
// linked already, and the spawn's arguments.
func TestChildrenGetTheParentAndArgs(t *testing.T) {
	var seen []string
	leaf := prefab.New("leaf", prefab.Factory(tName, func(s prefab.Spawn) string {
		parent, _ := world.ChildOf.Target(s.World, s.Entity)
		if parent != s.Parent || parent == 0 {
			t.Errorf("a child's Spawn.Parent = %v, ChildOf target %v", s.Parent, parent)
		}
		seen = append(seen, s.Args.(string)+" "+*tName.Require(s.World, parent))
		return "leaf"
	}))
	root := prefab.New("root", prefab.Value(tName, "root"), prefab.Child("", leaf), prefab.Child("", leaf))
	w := world.New()
	root.Spawn(w, "args")
	equal(t, "what the children's factories saw", seen, []string{"args root", "args root"})
}

// TestChildrenPlacedByTheTransformSystem: with the engine's
// LocalTransform registered to place children, a child's at is its
// offset from the parent, which systems.Transforms turns into its
// position.
func TestChildrenPlacedByTheTransformSystem(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(geom.Position), prefab.Component(systems.LocalTransform).At("offset"))
	err := lib.LoadBytes("pipes.yaml", []byte(`
cap: {}
pipe:
  components:
    Position: {x: 100, y: 50}
  children:
    - {prefab: cap, at: {x: 0, y: -16}}
    - {prefab: cap, at: {x: 4, y: 16}, components: {LocalTransform: {rotation: 1}}}
`))
	if err != nil {
		t.Fatal(err)
	}
	w := world.New()
	if err := w.AddSystem(systems.Transforms()); err != nil {
		t.Fatal(err)
	}
	root, _ := lib.Spawn(w, "pipe", nil)
	if err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		t.Fatal(err)
	}
	var got []geom.Vec2
	for _, c := range world.ChildOf.Sources(w, root) {
		got = append(got, *geom.Position.Require(w, c))
	}
	slices.SortFunc(got, func(a, b geom.Vec2) int { return cmp.Compare(a.Y, b.Y) })
	equal(t, "the caps' positions", got, []geom.Vec2{{X: 100, Y: 34}, {X: 104, Y: 66}})
}

// TestChildrenThatMultiplyAreBounded: children that nest several each
// multiply; past 65,536 entities one spawn would make, the load fails
// at once rather than a spawn running for ever.
func TestChildrenThatMultiplyAreBounded(t *testing.T) {
	var src strings.Builder
	src.WriteString("l0: {}\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&src, "l%d:\n  children: [{prefab: l%d}, {prefab: l%d}]\n", i, i-1, i-1)
	}
	lib := newLibrary(t)
	start := time.Now()
	err := lib.LoadBytes("bomb.yaml", []byte(src.String()))
	if !errors.Is(err, prefab.ErrLimit) || !strings.Contains(err.Error(), `prefab "l16": spawning it makes more than 65536 entities`) {
		t.Errorf("LoadBytes(children that double 40 times) = %v, want ErrLimit from l16", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the load took %v", d)
	}
}

// TestChildrenAttached: children attached in code are laid over the
// data's, and one that changes a child the data lacks is a load error.
func TestChildrenAttached(t *testing.T) {
	lib := treeLibrary(t, pipes)
	capP, _ := lib.Lookup("cap")
	must(t, lib.Attach("pipe", prefab.NoChild("top"), prefab.Child("extra", capP, prefab.Value(tName, "extra"))))
	w := world.New()
	e, _ := lib.Spawn(w, "pipe", nil)
	var names []string
	for _, c := range spawnedTree(w, e).Kids {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	equal(t, "the pipe's children", names, []string{"cap", "extra", "ring"})

	err := lib.Attach("pipe", prefab.Child("side", nil))
	if !errors.Is(err, prefab.ErrUnknownChild) || !strings.Contains(err.Error(), `prefab "pipe": a Child attached in code changes the child "side", which the prefab does not have`) {
		t.Errorf("Attach(a change of a child pipe lacks) = %v", err)
	}
}

// TestPlacingRegistration: At names a field by its YAML keys; a library
// holds at most one registration that places children.
func TestPlacingRegistration(t *testing.T) {
	for _, path := range []string{"offset.x", "turn"} {
		if r := prefab.Component(tLocal).At(path); r.Name() != "Local" {
			t.Errorf("At(%q).Name() = %q", path, r.Name())
		}
	}
	for _, path := range []string{"", "Offset", "offset.z", "turn.x"} {
		func() {
			defer func() {
				if err, _ := recover().(error); !errors.Is(err, prefab.ErrUnknownField) {
					t.Errorf("At(%q) panicked with %v, want ErrUnknownField", path, err)
				}
			}()
			prefab.Component(tLocal).At(path)
		}()
	}
	lib := treeLibrary(t)
	err := lib.Register(prefab.Component(tPos).As("Where").At("x"))
	if !errors.Is(err, prefab.ErrInvalidRegistration) {
		t.Errorf("Register(a second placing registration) = %v, want ErrInvalidRegistration", err)
	}
}

// TestReloadListsPrefabsWhoseChildrenChanged: a reload that changes only
// a child's at changes the parent.
func TestReloadListsPrefabsWhoseChildrenChanged(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "p.yaml", pipes)
	lib := treeLibrary(t)
	must(t, lib.Load(dir))
	write(t, dir, "p.yaml", strings.Replace(pipes, "y: -16", "y: -17", 1))
	touch(t, dir+"/p.yaml", 1)
	r := lib.Reload()
	equal(t, "Changed", r.Changed, []string{"pipe"})
}
