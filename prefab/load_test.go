package prefab_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
	"go.yaml.in/yaml/v3"
)

// yamlBase holds the bases the merge tests extend, beside the code prefab
// "monster" of newLibrary.
const yamlBase = `
brute:
  extends: monster
  components:
    Stats:
      speed: 1
      resist: {fire: 0.25, ice: 0.75}
      tags: [big, slow]
      loot: {gold: 1, gem: 2}
      boss: {fire: 1, ice: 2}
      name: Brute
      grid: [1, 2]
    Name: brute
    Items: [club]
`

// TestLoadMerge covers every merge rule of YAML variants.
func TestLoadMerge(t *testing.T) {
	cases := []struct {
		name    string
		variant string // the components of a prefab "v" extending "brute"
		check   func(t *testing.T, lib *prefab.Library)
	}{
		{"struct fields merge", `Health: {hp: 6}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tHealth)
			equal(t, "Health", got, Life{HP: 6, Max: 10})
		}},
		{"nested structs merge", `Stats: {resist: {fire: 1}}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Resist", got.Resist, Resist{Fire: 1, Ice: 0.75})
			equal(t, "Stats.Speed", got.Speed, 1.0)
			equal(t, "Stats.Tags", got.Tags, []string{"big", "slow"})
		}},
		{"slices replace", `Stats: {tags: [fast]}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Tags", got.Tags, []string{"fast"})
		}},
		{"empty list replaces", `Stats: {tags: []}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Tags", got.Tags, []string{})
		}},
		{"maps replace", `Stats: {loot: {gold: 5}}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Loot", got.Loot, map[string]int{"gold": 5})
		}},
		{"pointers replace", `Stats: {boss: {fire: 3}}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Boss", *got.Boss, Resist{Fire: 3})
		}},
		{"arrays replace", `Stats: {grid: [7]}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Grid", got.Grid, [2]int8{7, 0})
		}},
		{"non-struct components replace", "Name: imp\n    Items: [dagger]", func(t *testing.T, lib *prefab.Library) {
			name, _ := spawnGet(t, lib, "v", tName)
			items, _ := spawnGet(t, lib, "v", tItems)
			equal(t, "Name", name, "imp")
			equal(t, "Items", items, []string{"dagger"})
		}},
		{"an explicit zero is set", `Stats: {speed: 0, name: ""}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Speed", got.Speed, 0.0)
			equal(t, "Stats.Title", got.Title, "")
		}},
		{"null field is zero", `Stats: {loot: ~, boss: }`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			if got.Loot != nil || got.Boss != nil {
				t.Errorf("Loot, Boss = %v, %v, want nil, nil", got.Loot, got.Boss)
			}
		}},
		{"empty component keeps the base", "Stats:\n    Health: {}", func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Title", got.Title, "Brute")
			h, _ := spawnGet(t, lib, "v", tHealth)
			equal(t, "Health", h, Life{HP: 10, Max: 10})
		}},
		{"none removes", "Flying: none\n    Items: none", func(t *testing.T, lib *prefab.Library) {
			if _, ok := spawnGet(t, lib, "v", tFlying); ok {
				t.Error("entity has Flying, want it removed")
			}
			if _, ok := spawnGet(t, lib, "v", tItems); ok {
				t.Error("entity has Items, want it removed")
			}
		}},
		{"quoted none is a string", `Name: "none"`, func(t *testing.T, lib *prefab.Library) {
			got, ok := spawnGet(t, lib, "v", tName)
			if !ok || got != "none" {
				t.Errorf("Name = %q, %v, want \"none\", true", got, ok)
			}
		}},
		{"new component added", `Position: {x: 3, y: 4}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tPos)
			equal(t, "Position", got, Vec{3, 4})
			h, _ := spawnGet(t, lib, "v", tHealth)
			equal(t, "Health", h, Life{HP: 10, Max: 10})
		}},
		{"other fields and types", `Stats: {cool: 1m30s, level: 255, name: 42}`, func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Cool", got.Cool, 90*time.Second)
			equal(t, "Stats.Level", got.Level, uint8(255))
			equal(t, "Stats.Title", got.Title, "42")
		}},
		{"anchors and merge keys", "Stats: {resist: &r {fire: 2}}\n    Health: {<<: {hp: 1, max: 2}, max: 3}", func(t *testing.T, lib *prefab.Library) {
			got, _ := spawnGet(t, lib, "v", tStats)
			equal(t, "Stats.Resist", got.Resist, Resist{Fire: 2, Ice: 0.75})
			h, _ := spawnGet(t, lib, "v", tHealth)
			equal(t, "Health", h, Life{HP: 1, Max: 3})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib := newLibrary(t)
			src := yamlBase + "v:\n  extends: brute\n  components:\n    " + c.variant + "\n"
			if err := lib.LoadBytes("t.yaml", []byte(src)); err != nil {
				t.Fatalf("LoadBytes:\n%s\nsource:\n%s", err, src)
			}
			c.check(t, lib)
		})
	}
}

// TestLoadChain: a variant of a variant gets every level, and bases may
// come later in the file, in another file, or from code.
func TestLoadChain(t *testing.T) {
	lib := newLibrary(t)
	fsys := fstest.MapFS{
		"a/chief.yaml":  {Data: []byte("goblin-chief:\n  extends: goblin\n  components:\n    Health: {hp: 30}\n")},
		"b/goblin.yaml": {Data: []byte("goblin:\n  extends: monster\n  components:\n    Health: {hp: 6, max: 6}\n    Name: gob\n")},
	}
	if err := lib.LoadFS(fsys); err != nil {
		t.Fatal(err)
	}
	h, _ := spawnGet(t, lib, "goblin-chief", tHealth)
	equal(t, "Health", h, Life{HP: 30, Max: 6})
	n, _ := spawnGet(t, lib, "goblin-chief", tName)
	equal(t, "Name", n, "gob")
	s, _ := spawnGet(t, lib, "goblin-chief", tStats)
	equal(t, "Stats.Resist", s.Resist, Resist{Fire: 0.5, Ice: 0.5})
	chief, _ := lib.Lookup("goblin-chief")
	for _, name := range []string{"goblin-chief", "goblin", "monster"} {
		if !chief.Is(name) {
			t.Errorf("goblin-chief.Is(%q) = false, want true", name)
		}
	}
	if chief.Is("brute") {
		t.Error(`goblin-chief.Is("brute") = true, want false`)
	}
	equal(t, "Files", lib.Files(), []string{"a/chief.yaml", "b/goblin.yaml"})
}

// TestLoadErrors checks every kind of error a load reports, with its exact
// position and message.
func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		kind error
		want []string
	}{
		{"unknown component", "goblin:\n  components:\n    Helth: {hp: 3}\n", prefab.ErrUnknownComponent,
			[]string{`t.yaml:3:5: prefab "goblin": unknown component "Helth" (did you mean "Health"?)`}},
		{"unknown component in none", "goblin:\n  components:\n    Wings: none\n", prefab.ErrUnknownComponent,
			[]string{`t.yaml:3:5: prefab "goblin": unknown component "Wings" (components: Flying, Health, Items, Name, Position, Stats, Velocity)`}},
		{"unknown base", "goblin:\n  extends: monstr\n", prefab.ErrUnknownBase,
			[]string{`t.yaml:2:12: prefab "goblin": extends unknown prefab "monstr" (did you mean "monster"?)`}},
		{"extends itself", "a:\n  extends: a\n", prefab.ErrCycle,
			[]string{`t.yaml:2:12: prefab "a": extends itself`}},
		{"longer cycle", "a:\n  extends: b\nb:\n  extends: c\nc:\n  extends: a\nd:\n  extends: c\n", prefab.ErrCycle,
			[]string{`t.yaml:2:12: prefab "a": cycle in extends: a -> b -> c -> a`}},
		{"bad value", "goblin:\n  components:\n    Health: {hp: lots}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:18: prefab "goblin": component "Health": field "hp": expected an integer (int), got the string "lots"`}},
		{"bad nested value", "goblin:\n  components:\n    Stats:\n      resist:\n        fire: [1]\n", prefab.ErrBadValue,
			[]string{`t.yaml:5:15: prefab "goblin": component "Stats": field "resist.fire": expected a number (float64), got a list`}},
		{"out of range", "goblin:\n  components:\n    Stats: {level: 256}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:20: prefab "goblin": component "Stats": field "level": expected an integer from 0 to 255 (uint8), got the number 256`}},
		{"bad list item", "goblin:\n  components:\n    Stats: {grid: [1, 200]}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:23: prefab "goblin": component "Stats": field "grid[1]": expected an integer from -128 to 127 (int8), got the number 200`}},
		{"list too long", "goblin:\n  components:\n    Stats: {grid: [1, 2, 3]}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:19: prefab "goblin": component "Stats": field "grid": expected a list of at most 2 items ([2]int8), got a list`}},
		{"bad duration", "goblin:\n  components:\n    Stats: {cool: soon}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:19: prefab "goblin": component "Stats": field "cool": expected a duration such as "1.5s" (time.Duration), got the string "soon"`}},
		{"bad component value", "goblin:\n  components:\n    Health: 3\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:13: prefab "goblin": component "Health": expected a mapping (prefab_test.Life), got the number 3`}},
		{"field data cannot set", "goblin:\n  components:\n    Stats: {hook: x}\n", prefab.ErrBadValue,
			[]string{`t.yaml:3:19: prefab "goblin": component "Stats": field "hook": prefab data cannot set a field of type func(); give it in code, with a factory`}},
		{"unknown field", "goblin:\n  components:\n    Health:\n      hpp: 3\n", prefab.ErrUnknownField,
			[]string{`t.yaml:4:7: prefab "goblin": component "Health": unknown field "hpp" (did you mean "hp"?)`}},
		{"unknown nested field", "goblin:\n  components:\n    Stats: {resist: {fir: 1}}\n", prefab.ErrUnknownField,
			[]string{`t.yaml:3:22: prefab "goblin": component "Stats": unknown field "resist.fir" (did you mean "fire"?)`}},
		{"field tagged -", "goblin:\n  components:\n    Stats: {secret: 1}\n", prefab.ErrUnknownField,
			[]string{`t.yaml:3:13: prefab "goblin": component "Stats": unknown field "secret" (fields: speed, resist, tags, loot, boss, level, cool, name, hook, grid)`}},
		{"Go field name", "goblin:\n  components:\n    Health: {HP: 1}\n", prefab.ErrUnknownField,
			[]string{`t.yaml:3:14: prefab "goblin": component "Health": unknown field "HP" (did you mean "hp"?)`}},
		{"same prefab twice in a file", "a: {}\nb: {}\na: {}\n", prefab.ErrDuplicatePrefab,
			[]string{`t.yaml:3:1: prefab "a": defined twice (first at t.yaml:1:1)`}},
		{"prefab also in code", "monster: {}\n", prefab.ErrDuplicatePrefab,
			[]string{`t.yaml:1:1: prefab "monster": defined twice: here and in code`}},
		{"component twice", "a:\n  components:\n    Name: x\n    Name: y\n", prefab.ErrSyntax,
			[]string{`t.yaml:4:5: prefab "a": component "Name" given twice (first at line 3)`}},
		{"field twice", "a:\n  components:\n    Health: {hp: 1, hp: 2}\n", prefab.ErrSyntax,
			[]string{`t.yaml:3:21: prefab "a": component "Health": field "hp" given twice (first at line 3)`}},
		{"unknown prefab key", "a:\n  component: {}\n", prefab.ErrSyntax,
			[]string{`t.yaml:2:3: prefab "a": unknown key "component" (did you mean "components"?)`}},
		{"prefab not a mapping", "a: [1]\n", prefab.ErrSyntax,
			[]string{`t.yaml:1:4: prefab "a": expected a mapping with extends, components and children, got a list`}},
		{"top not a mapping", "- a\n", prefab.ErrSyntax,
			[]string{`t.yaml:1:1: expected a mapping of prefab names to prefabs, got a list`}},
		{"extends not a name", "a:\n  extends: [b]\n", prefab.ErrSyntax,
			[]string{`t.yaml:2:12: prefab "a": extends takes the name of a prefab, got a list`}},
		{"invalid YAML", "a:\n  components: {\n", prefab.ErrSyntax,
			[]string{`t.yaml:2: invalid YAML: did not find expected node content`}},
		{"tab indentation", "a:\n\tcomponents: {}\n", prefab.ErrSyntax,
			[]string{`t.yaml:2: invalid YAML: found character that cannot start any token`}},
		{"not UTF-8", "a:\n  extends: \xff\n", prefab.ErrSyntax,
			[]string{`t.yaml:2:12: the file is not UTF-8 text (byte 0xff)`}},
		{"control character", "a: {}\nb\x01: {}\n", prefab.ErrSyntax,
			[]string{`t.yaml:2:2: control character U+0001 is not allowed in YAML`}},
		{"every error at once", "a:\n  extends: zz\n  components:\n    Health: {hp: x, mx: 1}\n    Nope: 1\nb:\n  extends: b\n", nil,
			[]string{
				`t.yaml:2:12: prefab "a": extends unknown prefab "zz" (prefabs: b, monster)`,
				`t.yaml:4:18: prefab "a": component "Health": field "hp": expected an integer (int), got the string "x"`,
				`t.yaml:4:21: prefab "a": component "Health": unknown field "mx" (did you mean "max"?)`,
				`t.yaml:5:5: prefab "a": unknown component "Nope" (did you mean "Name"?)`,
				`t.yaml:7:12: prefab "b": extends itself`,
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib := newLibrary(t)
			err := lib.LoadBytes("t.yaml", []byte(c.src))
			if err == nil {
				t.Fatalf("LoadBytes(%q) = nil, want errors", c.src)
			}
			got := messages(err)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("LoadBytes(%q) errors:\n%s\nwant:\n%s", c.src, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if c.kind != nil && !errors.Is(err, c.kind) {
				t.Errorf("errors.Is(err, %v) = false, want true", c.kind)
			}
			checkCoded(t, err)
			var le *prefab.LoadError
			if !errors.As(err, &le) || le.File != "t.yaml" || le.Line == 0 {
				t.Errorf("errors.As(err, *LoadError) = %+v, want one with file and line", le)
			}
			if names := lib.Names(); len(names) != 1 || names[0] != "monster" {
				t.Errorf("after a failed load, Names() = %v, want [monster]", names)
			}
		})
	}
}

func TestLoadErrorFields(t *testing.T) {
	lib := newLibrary(t)
	err := lib.LoadBytes("t.yaml", []byte("goblin:\n  components:\n    Stats: {resist: {fire: hot}}\n"))
	errs := prefab.Errors(err)
	if len(errs) != 1 {
		t.Fatalf("Errors(err) = %v, want one", errs)
	}
	got := *errs[0]
	got.Err = nil
	want := prefab.LoadError{File: "t.yaml", Line: 3, Col: 28, Prefab: "goblin", Component: "Stats", Field: "resist.fire"}
	equal(t, "LoadError", got, want)
	if !errors.Is(err, prefab.ErrBadValue) {
		t.Errorf("errors.Is(err, ErrBadValue) = false, want true")
	}
}

// TestDuplicateAcrossFiles: the same prefab in two files is reported at
// the second, naming the first.
func TestDuplicateAcrossFiles(t *testing.T) {
	lib := newLibrary(t)
	fsys := fstest.MapFS{
		"orcs.yaml":   {Data: []byte("grunt: {}\n")},
		"trolls.yaml": {Data: []byte("troll: {}\n\ngrunt:\n  extends: troll\n")},
	}
	err := lib.LoadFS(fsys)
	want := []string{`trolls.yaml:3:1: prefab "grunt": defined twice (first at orcs.yaml:1:1)`}
	equal(t, "errors", messages(err), want)
	if !errors.Is(err, prefab.ErrDuplicatePrefab) {
		t.Error("errors.Is(err, ErrDuplicatePrefab) = false, want true")
	}

	// In two loads, likewise; loading the same file again replaces it.
	lib = newLibrary(t)
	if err := lib.LoadFS(fsys, "orcs.yaml"); err != nil {
		t.Fatal(err)
	}
	equal(t, "second load", messages(lib.LoadFS(fsys, "trolls.yaml")), want)
	if err := lib.LoadFS(fsys, "orcs.yaml"); err != nil {
		t.Errorf("loading orcs.yaml again: %v, want nil", err)
	}
}

// TestLoadAtomic loads broken files into a working library and checks
// that nothing changed.
func TestLoadAtomic(t *testing.T) {
	lib := newLibrary(t)
	good := fstest.MapFS{
		"good.yaml": {Data: []byte("goblin:\n  extends: monster\n  components:\n    Health: {hp: 6}\n")},
		"bad.yaml": {Data: []byte("goblin-chief:\n  extends: goblin\n  components:\n    Health: {hp: many}\n" +
			"orc:\n  extends: monster\n")},
		"clash.yaml": {Data: []byte("goblin:\n  extends: monster\n")},
	}
	if err := lib.LoadFS(good, "good.yaml"); err != nil {
		t.Fatal(err)
	}
	names, files := lib.Names(), lib.Files()
	goblin, _ := lib.Lookup("goblin")

	for _, broken := range [][]string{{"bad.yaml"}, {"clash.yaml"}, {"bad.yaml", "missing.yaml"}, {"."}} {
		if err := lib.LoadFS(good, broken...); err == nil {
			t.Fatalf("LoadFS(%v) = nil, want errors", broken)
		}
		equal(t, "Names", lib.Names(), names)
		equal(t, "Files", lib.Files(), files)
		if p, _ := lib.Lookup("goblin"); p != goblin {
			t.Errorf("after LoadFS(%v), Lookup(goblin) is another prefab", broken)
		}
		if _, ok := lib.Lookup("orc"); ok {
			t.Errorf("after LoadFS(%v), orc from the failed load is in the library", broken)
		}
		h, _ := spawnGet(t, lib, "goblin", tHealth)
		equal(t, "goblin's Health", h, Life{HP: 6, Max: 10})
	}
	// A failed Add and Attach keep nothing either.
	if err := lib.Add(prefab.New("orc"), prefab.New("goblin")); !errors.Is(err, prefab.ErrDuplicatePrefab) {
		t.Errorf("Add(orc, goblin) = %v, want ErrDuplicatePrefab", err)
	}
	equal(t, "Names after Add", lib.Names(), names)
}

func TestLoadDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "monsters/goblin.yaml", "goblin:\n  extends: monster\n")
	write(t, dir, "monsters/imp.yml", "imp:\n  extends: goblin\n")
	write(t, dir, "monsters/notes.txt", "not a prefab")
	write(t, dir, "monsters/.hidden.yaml", "hidden: {}")
	write(t, dir, ".git/x.yaml", "git: {}")
	write(t, dir, "top.yaml", "top: {}")
	lib := newLibrary(t)
	if err := lib.Load(dir+"/monsters", dir+"/top.yaml"); err != nil {
		t.Fatal(err)
	}
	equal(t, "Names", lib.Names(), []string{"goblin", "imp", "monster", "top"})
	err := lib.Load(dir + "/nothing")
	var le *prefab.LoadError
	if !errors.As(err, &le) || le.File != dir+"/nothing" {
		t.Errorf("Load(missing) = %v, want a *LoadError naming the path", err)
	}
}

func TestSpawnUnknownName(t *testing.T) {
	lib := newLibrary(t)
	if _, err := lib.Spawn(world.New(), "ghost", nil); !errors.Is(err, prefab.ErrUnknownPrefab) {
		t.Errorf("Spawn(ghost) = %v, want ErrUnknownPrefab", err)
	}
}

// TestDuplicateBodyErrors: a prefab defined twice still has its body
// checked, so one load reports every error at once.
func TestDuplicateBodyErrors(t *testing.T) {
	lib := newLibrary(t)
	fsys := fstest.MapFS{
		"a.yaml": {Data: []byte("grunt: {}\n")},
		"b.yaml": {Data: []byte("grunt:\n  components:\n    Nothing: {}\n")},
	}
	err := lib.LoadFS(fsys)
	if !errors.Is(err, prefab.ErrDuplicatePrefab) || !errors.Is(err, prefab.ErrUnknownComponent) {
		t.Errorf("load = %v, want both the duplicate and the duplicate's unknown component", err)
	}
	if _, ok := lib.Lookup("grunt"); ok {
		t.Errorf("a failed load kept grunt")
	}
}

// TestEmptyValueKeepsBaseFactory: "Position: {}" over a base whose
// Position comes from a factory keeps the factory.
func TestEmptyValueKeepsBaseFactory(t *testing.T) {
	lib := newLibrary(t)
	walker := prefab.New("walker", prefab.Factory(tPos, func(s prefab.Spawn) Vec {
		return s.Args.(Vec)
	}))
	if err := lib.Add(walker); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"w.yaml": {Data: []byte("strider:\n  extends: walker\n  components:\n    Position: {}\nlooper:\n  extends: walker\n  components:\n    Position:\n")}}
	if err := lib.LoadFS(fsys); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"strider", "looper"} {
		w := world.New()
		e, err := lib.Spawn(w, name, Vec{X: 7, Y: 8})
		if err != nil {
			t.Fatal(err)
		}
		if got := *tPos.Require(w, e); got != (Vec{X: 7, Y: 8}) {
			t.Errorf("%s: Position = %v, want the factory's {7 8}", name, got)
		}
	}
}

// TestSameNameInTwoFileSystems loads files of the same name from two file
// systems: both are kept. Loading one file system again replaces its own
// files only, and a reload of either sees its own changes.
func TestSameNameInTwoFileSystems(t *testing.T) {
	monsters := fstest.MapFS{"prefabs.yaml": {Data: []byte("goblin:\n  extends: monster\n")}}
	dirA, dirB := t.TempDir(), t.TempDir()
	write(t, dirA, "prefabs.yaml", "orc:\n  extends: monster\n")
	write(t, dirB, "prefabs.yaml", "troll:\n  extends: monster\n")
	fsA, fsB := os.DirFS(dirA), os.DirFS(dirB)

	lib := newLibrary(t)
	for _, load := range []struct {
		name string
		fsys fs.FS
	}{
		{"MapFS", monsters}, {"DirFS a", fsA}, {"DirFS b", fsB},
		// Again: each replaces its own file, nothing is defined twice.
		{"MapFS again", monsters}, {"DirFS a again", os.DirFS(dirA)},
	} {
		if err := lib.LoadFS(load.fsys); err != nil {
			t.Fatalf("LoadFS(%s): %v", load.name, err)
		}
	}
	equal(t, "prefabs", lib.Names(), []string{"goblin", "monster", "orc", "troll"})
	equal(t, "files", lib.Files(), []string{"prefabs.yaml", "prefabs.yaml", "prefabs.yaml"})

	// A second MapFS with the same file name is another file system.
	other := fstest.MapFS{"prefabs.yaml": {Data: []byte("imp:\n  extends: monster\n")}}
	if err := lib.LoadFS(other); err != nil {
		t.Fatal(err)
	}
	equal(t, "prefabs after a second MapFS", lib.Names(), []string{"goblin", "imp", "monster", "orc", "troll"})

	// A reload reads each file system's own file.
	write(t, dirB, "prefabs.yaml", "troll:\n  extends: monster\ncave-troll:\n  extends: troll\n")
	touch(t, filepath.Join(dirB, "prefabs.yaml"), 1)
	r := lib.Reload()
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	equal(t, "changed by the reload", r.Changed, []string{"cave-troll"})
	equal(t, "prefabs after the reload", lib.Names(), []string{"cave-troll", "goblin", "imp", "monster", "orc", "troll"})
}

// TestPartialValuePatchesBaseFactory: a mapping that sets some fields over
// a base whose component comes from a factory patches what the factory
// makes; a whole value replaces the factory.
func TestPartialValuePatchesBaseFactory(t *testing.T) {
	lib := newLibrary(t)
	calls := 0
	rolled := prefab.New("rolled",
		prefab.Factory(tPos, func(s prefab.Spawn) Vec { return s.Args.(Vec) }),
		prefab.Factory(tStats, func(s prefab.Spawn) Stats {
			calls++
			return Stats{Speed: float64(calls), Resist: Resist{Fire: 1, Ice: 2}, Tags: []string{"rolled"}, Level: 3}
		}),
		prefab.Factory(tName, func(prefab.Spawn) string { return "from code" }),
	)
	if err := lib.Add(rolled); err != nil {
		t.Fatal(err)
	}
	yaml := `
raised:
  extends: rolled
  components:
    Position: {y: 5}
    Stats:
      resist: {ice: 9}
      tags: [data]
    Name: from data
raised-more:
  extends: raised
  components:
    Stats: {level: 7}
`
	if err := lib.LoadFS(fstest.MapFS{"p.yaml": {Data: []byte(yaml)}}); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	tests := []struct {
		prefab string
		pos    Vec
		stats  Stats
	}{
		{"raised", Vec{X: 1, Y: 5}, Stats{Speed: 1, Resist: Resist{Fire: 1, Ice: 9}, Tags: []string{"data"}, Level: 3}},
		{"raised-more", Vec{X: 2, Y: 5}, Stats{Speed: 2, Resist: Resist{Fire: 1, Ice: 9}, Tags: []string{"data"}, Level: 7}},
		{"raised", Vec{X: 3, Y: 5}, Stats{Speed: 3, Resist: Resist{Fire: 1, Ice: 9}, Tags: []string{"data"}, Level: 3}},
	}
	var first []string
	for i, tt := range tests {
		e, err := lib.Spawn(w, tt.prefab, Vec{X: float32(i + 1), Y: 100})
		if err != nil {
			t.Fatal(err)
		}
		if got := *tPos.Require(w, e); got != tt.pos {
			t.Errorf("spawn %d of %s: Position = %v, want %v", i, tt.prefab, got, tt.pos)
		}
		got := *tStats.Require(w, e)
		equal(t, fmt.Sprintf("spawn %d of %s: Stats", i, tt.prefab), got, tt.stats)
		if name := *tName.Require(w, e); name != "from data" {
			t.Errorf("spawn %d of %s: Name = %q, want the data's whole value", i, tt.prefab, name)
		}
		if first == nil {
			first = got.Tags
		} else if &got.Tags[0] == &first[0] {
			t.Errorf("spawn %d of %s shares its Tags with the first spawn", i, tt.prefab)
		}
	}
}

// TestPatchOverFactoryWithContainers: a mapping over a base's factory that
// sets a slice or map of structs, or a pointer to one, replaces that field
// whole in what the factory makes, per entity.
func TestPatchOverFactoryWithContainers(t *testing.T) {
	lib := newLibrary(t)
	base := prefab.New("rolled", prefab.Factory(tStats, func(prefab.Spawn) Stats {
		return Stats{Speed: 4, Boss: &Resist{Fire: 1, Ice: 1}, Loot: map[string]int{"gold": 1}}
	}))
	if err := lib.Add(base); err != nil {
		t.Fatal(err)
	}
	yaml := "v:\n  extends: rolled\n  components:\n    Stats: {boss: {ice: 7}, loot: {gems: 2}, grid: [1, 2]}\n"
	if err := lib.LoadFS(fstest.MapFS{"p.yaml": {Data: []byte(yaml)}}); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	var first *Stats
	for i := range 2 {
		e, err := lib.Spawn(w, "v", nil)
		if err != nil {
			t.Fatal(err)
		}
		got := tStats.Require(w, e)
		want := Stats{Speed: 4, Boss: &Resist{Ice: 7}, Loot: map[string]int{"gems": 2}, Grid: [2]int8{1, 2}}
		equal(t, fmt.Sprintf("spawn %d: Stats", i), *got, want)
		if first == nil {
			first = got
		} else if got.Boss == first.Boss {
			t.Error("two spawns share the data's Boss pointer")
		}
	}
}

// wrapFS is comparable as a type but holds a map: comparing two of them
// panics, so the loader must not.
type wrapFS struct{ fs.FS }

// funcFS is a file system made of a func; two made by one literal share a
// code pointer.
type funcFS func(name string) (fs.File, error)

func (f funcFS) Open(name string) (fs.File, error) { return f(name) }

// TestFileSystemsThatCannotBeCompared: wrappers holding a map and funcs
// load without a panic, each call a file system of its own.
func TestFileSystemsThatCannotBeCompared(t *testing.T) {
	lib := newLibrary(t)
	wrapped := wrapFS{fstest.MapFS{"p.yaml": {Data: []byte("x:\n  extends: monster\n")}}}
	if err := lib.LoadFS(wrapped); err != nil {
		t.Fatal(err)
	}
	mk := func(m fstest.MapFS) funcFS { return func(n string) (fs.File, error) { return m.Open(n) } }
	for _, name := range []string{"y", "z"} {
		if err := lib.LoadFS(mk(fstest.MapFS{"p.yaml": {Data: []byte(name + ":\n  extends: monster\n")}})); err != nil {
			t.Fatal(err)
		}
	}
	equal(t, "prefabs", lib.Names(), []string{"monster", "x", "y", "z"})
	if r := lib.Reload(); r.Err != nil || len(r.Changed) != 0 {
		t.Errorf("Reload() = %+v, want no change and no error", r)
	}
}

// Hoard decodes itself the usual way, through a plain alias type.
type Hoard struct {
	Items map[string]int
	Best  *Resist
}

var tHoard = world.DefineComponent[Hoard]("Hoard")

func (v *Hoard) UnmarshalYAML(n *yaml.Node) error {
	type plain Hoard
	return n.Decode((*plain)(v))
}

// TestSelfDecodingLeavesBaseAlone: a variant of a type that decodes itself
// (yaml.v3 decodes into the maps and pointees it is given) does not write
// into its base's value, not even in a load that fails.
func TestSelfDecodingLeavesBaseAlone(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tHoard), prefab.Component(tHealth))
	lib.Add(prefab.New("chest", prefab.Value(tHoard, Hoard{Items: map[string]int{"gold": 1}, Best: &Resist{Fire: 1}})))
	src := "mimic:\n  extends: chest\n  components:\n    Hoard: {items: {teeth: 9}, best: {ice: 7}}\n"
	if err := lib.LoadBytes("bad.yaml", []byte(src+"    Health: {hp: lots}\n")); err == nil {
		t.Fatal("a load with hp: lots succeeded")
	}
	if err := lib.LoadBytes("good.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := world.New()
	for name, want := range map[string]string{"chest": "map[gold:1] {Fire:1 Ice:0}", "mimic": "map[gold:1 teeth:9] {Fire:1 Ice:7}"} {
		e, err := lib.Spawn(w, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := tHoard.Require(w, e)
		if got := fmt.Sprintf("%v %+v", h.Items, *h.Best); got != want {
			t.Errorf("%s spawns %s, want %s", name, got, want)
		}
	}
}

// TestMessagesNamePrefab: a message names its prefab even when the bad
// value happens to be the prefab's name.
func TestMessagesNamePrefab(t *testing.T) {
	err := newLibrary(t).LoadBytes("f.yaml", []byte("imp:\n  components:\n    Health: {hp: imp}\n"))
	for _, m := range messages(err) {
		if !strings.Contains(m, `prefab "imp"`) || !strings.Contains(m, `field "hp"`) {
			t.Errorf("message %q does not name the prefab and the field", m)
		}
	}
}

// TestUnknownAnchorLine: an alias to an unknown anchor is reported at the
// alias's line (the parser gives none).
func TestUnknownAnchorLine(t *testing.T) {
	err := newLibrary(t).LoadBytes("f.yaml", []byte("a: {}\nb: {}\nc: *nope\n"))
	if m := messages(err); len(m) != 1 || !strings.HasPrefix(m[0], "f.yaml:3:") || !strings.Contains(m[0], "nope") {
		t.Errorf("messages = %q, want one at f.yaml:3 naming the anchor", m)
	}
}
