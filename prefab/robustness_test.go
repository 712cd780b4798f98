package prefab_test

// The tests in this file pin down what a review of the loader found wrong
// (each failed before its fix).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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

// TestReloadRecoveredOnce: after a failed reload, files back exactly as
// they were (a broken new file deleted, a base moved away and back) are
// reported Recovered once, and then nothing.
func TestReloadRecoveredOnce(t *testing.T) {
	t.Run("broken file deleted", func(t *testing.T) {
		dir := t.TempDir()
		write(t, dir, "a.yaml", "goblin: {extends: monster}\n")
		lib := newLibrary(t)
		if err := lib.Load(dir); err != nil {
			t.Fatal(err)
		}
		watch := lib.Watch(0)
		write(t, dir, "b.yaml", "goblin: {extends: monster}\n") // defined twice
		if r, ok := watch.Poll(); !ok || r.Err == nil {
			t.Fatalf("poll 1 = %+v, %v; want an error", r, ok)
		}
		os.Remove(filepath.Join(dir, "b.yaml"))
		if r, ok := watch.Poll(); !ok || !r.Recovered {
			t.Fatalf("poll 2 = %+v, %v; want Recovered", r, ok)
		}
		for i := 3; i <= 5; i++ {
			if r, ok := watch.Poll(); ok {
				t.Errorf("poll %d with no change = %+v; want nothing to report", i, r)
			}
		}
	})
	t.Run("base moved away and back", func(t *testing.T) {
		dir, away := t.TempDir(), t.TempDir()
		write(t, dir, "base.yaml", "orc: {extends: monster}\n")
		write(t, dir, "v.yaml", "orc-chief: {extends: orc}\n")
		lib := newLibrary(t)
		if err := lib.Load(dir); err != nil {
			t.Fatal(err)
		}
		os.Rename(filepath.Join(dir, "base.yaml"), filepath.Join(away, "base.yaml"))
		if r := lib.Reload(); r.Err == nil {
			t.Fatalf("reload 1 = %+v; want an unknown base", r)
		}
		os.Rename(filepath.Join(away, "base.yaml"), filepath.Join(dir, "base.yaml"))
		if r := lib.Reload(); !r.Recovered || r.Err != nil {
			t.Errorf("reload 2 = %+v; want Recovered", r)
		}
		for i := 3; i <= 4; i++ {
			if r := lib.Reload(); r.Recovered || r.Err != nil || len(r.Files) > 0 {
				t.Errorf("reload %d with no change = %+v; want nothing", i, r)
			}
		}
	})
}

// failFS is a MapFS whose Open and ReadFile fail for one name.
type failFS struct {
	fstest.MapFS
	fail *string
}

func (f failFS) ReadFile(name string) ([]byte, error) {
	if name == *f.fail {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadFile(name)
}

func (f failFS) Open(name string) (fs.File, error) {
	if name == *f.fail {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.Open(name)
}

// TestReloadUnreadableOnce: a changed file that cannot be read is reported
// once, not also as a new file.
func TestReloadUnreadableOnce(t *testing.T) {
	fail := ""
	fsys := failFS{fstest.MapFS{"p/a.yaml": {Data: []byte("goblin: {extends: monster}\n"), ModTime: time.Unix(1, 0)}}, &fail}
	lib := newLibrary(t)
	if err := lib.LoadFS(fsys, "p"); err != nil {
		t.Fatal(err)
	}
	fsys.MapFS["p/a.yaml"].ModTime = time.Unix(2, 0)
	fail = "p/a.yaml"
	if got := messages(lib.Reload().Err); len(got) != 1 {
		t.Errorf("Reload().Err has %d errors, want 1: %q", len(got), got)
	}
}

// Hoard decodes itself the usual way, through a plain alias type.
type Hoard struct {
	Items map[string]int
	Best  *Resist
}

func (v *Hoard) UnmarshalYAML(n *yaml.Node) error {
	type plain Hoard
	return n.Decode((*plain)(v))
}

var tHoard = world.DefineComponent[Hoard]("Hoard")

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

// TestLoadAgainDropsDeletedFiles: loading a folder again forgets the
// files deleted since, as a reload does, so a prefab moved from a deleted
// file to a new one is not defined twice.
func TestLoadAgainDropsDeletedFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "imp: {extends: monster}\n")
	lib := newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "a.yaml"))
	write(t, dir, "b.yaml", "imp: {extends: monster}\n")
	if err := lib.Load(dir); err != nil {
		t.Fatalf("Load(dir) again: %v", err)
	}
	if got := lib.Files(); len(got) != 1 || filepath.Base(got[0]) != "b.yaml" {
		t.Errorf("Files() = %v, want only b.yaml", got)
	}
}

// TestSymlinks: a root that is a link to a folder loads that folder under
// the root's name, and a linked file reloads when the file it points to
// changes.
func TestSymlinks(t *testing.T) {
	real, top := t.TempDir(), t.TempDir()
	write(t, real, "imp.yaml", "imp: {components: {Health: {hp: 1}}}\n")
	link := filepath.Join(top, "prefabs")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	lib := newLibrary(t)
	if err := lib.Load(link); err != nil {
		t.Fatal(err)
	}
	if got := lib.Files(); len(got) != 1 || got[0] != filepath.Join(link, "imp.yaml") {
		t.Errorf("Load(link to a folder): Files() = %v, want [%s]", got, filepath.Join(link, "imp.yaml"))
	}

	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "imp.yaml"), filepath.Join(dir, "imp.yaml")); err != nil {
		t.Fatal(err)
	}
	lib = newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, real, "imp.yaml", "imp: {components: {Health: {hp: 222}}}\n")
	touch(t, filepath.Join(real, "imp.yaml"), 1)
	r := lib.Reload()
	if hp, _ := spawnGet(t, lib, "imp", tHealth); hp.HP != 222 {
		t.Errorf("after editing the linked file, Reload() = %+v and imp has hp %d, want 222", r, hp.HP)
	}
}

// Tree refers to itself without a struct in between.
type Tree map[string]Tree

var tTree = world.DefineComponent[Tree]("Tree")

// Element is an enum with text names, used as map keys.
type Element uint8

var elementNames = []string{"fire", "ice"}

func (e Element) MarshalText() ([]byte, error) {
	if int(e) < len(elementNames) {
		return []byte(elementNames[e]), nil
	}
	return nil, fmt.Errorf("no element %d", e)
}

func (e *Element) UnmarshalText(b []byte) error {
	for i, n := range elementNames {
		if n == string(b) {
			*e = Element(i)
			return nil
		}
	}
	return fmt.Errorf("unknown element %q", b)
}

type Armor struct{ Resist map[Element]float64 }

var tArmor = world.DefineComponent[Armor]("Armor")

// TestSchemaOddTypes: a named type that refers to itself gets a
// definition instead of a stack overflow, and a map keyed by an enum
// takes the enum's names as keys, as the loader does.
func TestSchemaOddTypes(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tTree), prefab.Component(tArmor))
	if err := lib.LoadBytes("t.yaml", []byte("oak: {components: {Tree: {a: {b: {}}}, Armor: {resist: {fire: 0.5}}}}\n")); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s struct {
		Definitions map[string]map[string]any
	}
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	tree, ok := s.Definitions["prefab_test.Tree"]
	if !ok || fmt.Sprint(tree["additionalProperties"]) != "map[$ref:#/definitions/prefab_test.Tree]" {
		t.Errorf("Tree's definition = %v, want an object of Trees by $ref", tree)
	}
	armor, _ := s.Definitions["prefab_test.Armor"]["properties"].(map[string]any)
	resist, _ := armor["resist"].(map[string]any)
	if got := fmt.Sprint(resist["propertyNames"]); got != "map[enum:[fire ice]]" {
		t.Errorf("resist's property names = %s, want the element names", got)
	}
	if err := lib.WriteSchema(io.Discard); err != nil {
		t.Fatal(err)
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

// TestReloadCommentOnlyChangesNothing: a comment-only edit changes no
// prefab, also when a value holds a func (from a base in code) or a NaN.
func TestReloadCommentOnlyChangesNothing(t *testing.T) {
	dir := t.TempDir()
	src := "v: {extends: hooked, components: {Stats: {speed: 3}}}\nn: {components: {Stats: {speed: .nan}}}\n"
	write(t, dir, "a.yaml", src)
	lib := newLibrary(t)
	lib.Add(prefab.New("hooked", prefab.Value(tStats, Stats{Hook: func() {}})))
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "a.yaml", "# a comment\n"+src)
	touch(t, filepath.Join(dir, "a.yaml"), 1)
	if r := lib.Reload(); len(r.Changed) != 0 || r.Err != nil {
		t.Errorf("comment-only edit: Reload() = %+v, want nothing changed", r)
	}
	write(t, dir, "a.yaml", strings.Replace(src, "speed: 3", "speed: 4", 1))
	touch(t, filepath.Join(dir, "a.yaml"), 2)
	if r := lib.Reload(); fmt.Sprint(r.Changed) != "[v]" {
		t.Errorf("after changing v: Changed = %v, want [v]", r.Changed)
	}
}

// TestLoadScales: inputs that used to make a load take seconds (each
// unknown base sorting every name, a linear search per component key, a
// merge key prepending to all the others) load in well under that.
func TestLoadScales(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a few MB of YAML")
	}
	var unknown, comps, merges strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&unknown, "p%d: {extends: nope}\n", i)
	}
	comps.WriteString("p:\n  components:\n")
	for i := range 100000 {
		fmt.Fprintf(&comps, "    c%d:\n", i)
	}
	merges.WriteString("a: &a {x: 1}\nb:\n")
	for range 40000 {
		merges.WriteString("  <<: *a\n")
	}
	for what, src := range map[string]string{"20000 unknown bases": unknown.String(),
		"100000 component keys": comps.String(), "40000 merge keys": merges.String()} {
		start := time.Now()
		err := newLibrary(t).LoadBytes("big.yaml", []byte(src))
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: load took %v (err %v)", what, d, err != nil)
		}
	}
}
