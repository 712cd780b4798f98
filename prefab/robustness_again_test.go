package prefab_test

// Tests from a second review, of the first review's fixes: each failed
// before its fix.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type ReviewCurve struct {
	Points map[float64]int `yaml:"points"`
}

var tReviewCurve = world.DefineComponent[ReviewCurve]("ReviewCurve")

// A comment-only edit of a file whose prefab has a .nan map key.
func TestReloadNaNKey(t *testing.T) {
	dir := t.TempDir()
	src := "c: {components: {ReviewCurve: {points: {.nan: 1, 2: 3}}}}\n"
	write(t, dir, "a.yaml", src)
	lib := prefab.NewLibrary(prefab.Component(tReviewCurve))
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "a.yaml", "# a comment\n"+src)
	touch(t, filepath.Join(dir, "a.yaml"), 1)
	if r := lib.Reload(); len(r.Changed) != 0 || r.Err != nil {
		t.Errorf("comment-only edit: Reload() = %+v, want nothing changed", r)
	}
}

type ReviewKeyed struct {
	ByFlag  map[bool]int            `yaml:"by_flag"`
	ByPoint map[struct{ X int }]int `yaml:"by_point"`
	ByAny   map[any]int             `yaml:"by_any"`
}

var tReviewKeyed = world.DefineComponent[ReviewKeyed]("ReviewKeyed")

// The schema says what the loader takes: a map it can never fill must not
// validate data the loader refuses.
func TestSchemaMapKeys(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tReviewKeyed))
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	json.Unmarshal(buf.Bytes(), &s)
	obj := s["definitions"].(map[string]any)
	var keyed map[string]any
	for k, v := range obj {
		if strings.Contains(k, "ReviewKeyed") {
			keyed = v.(map[string]any)
		}
	}
	props := keyed["properties"].(map[string]any)
	for _, f := range []string{"by_flag", "by_point", "by_any"} {
		b, _ := json.Marshal(props[f])
		t.Logf("%s: %s", f, b)
	}
	for _, c := range []struct{ name, data string }{
		{"by_point", "x: {components: {ReviewKeyed: {by_point: {a: 1}}}}\n"},
		{"by_any", "x: {components: {ReviewKeyed: {by_any: {a: 1}}}}\n"},
		{"by_flag", "x: {components: {ReviewKeyed: {by_flag: {maybe: 1}}}}\n"},
	} {
		err := prefab.NewLibrary(prefab.Component(tReviewKeyed)).LoadBytes("f.yaml", []byte(c.data))
		t.Logf("loader on %s: %v", c.name, err)
		if err != nil && props[c.name] != nil {
			if _, ok := props[c.name].(map[string]any)["propertyNames"]; !ok {
				t.Errorf("%s: schema accepts any key (%v) but the loader refuses: %v", c.name, props[c.name], err)
			}
		}
	}
}

// Overlapping roots loaded again.
func TestOverlappingRoots(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "a: {}\n")
	write(t, dir, "sub/b.yaml", "b: {}\n")
	lib := prefab.NewLibrary()
	steps := []func() error{
		func() error { return lib.Load(filepath.Join(dir, "sub")) },
		func() error { return lib.Load(dir) },
		func() error { return lib.Load(filepath.Join(dir, "sub")) },
		func() error { return lib.Load(dir, filepath.Join(dir, "sub")) },
		func() error { return lib.Load(filepath.Join(dir, "sub", "b.yaml")) },
		func() error { return lib.Load(dir) },
	}
	for i, f := range steps {
		err := f()
		t.Logf("step %d: names %v files %v err %v", i, lib.Names(), lib.Files(), err)
		if len(lib.Names()) < 1 || err != nil {
			t.Errorf("step %d lost files", i)
		}
	}
	// moved prefab: b moves from sub/b.yaml into a.yaml, reload sub only
	os.Remove(filepath.Join(dir, "sub", "b.yaml"))
	write(t, dir, "a.yaml", "a: {}\nb: {}\n")
	err := lib.Load(dir)
	t.Logf("after move, Load(dir): names %v files %v err %v", lib.Names(), lib.Files(), err)
	if err != nil {
		t.Errorf("prefab moved between files under overlapping roots: %v", err)
	}
}

// The fix for "loading a folder again kept files deleted since" under
// overlapping roots: the file was last listed by the inner root.
func TestOverlapMovedPrefab(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.yaml", "a: {}\n")
	write(t, dir, "sub/b.yaml", "b: {}\n")
	lib := prefab.NewLibrary()
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	if err := lib.Load(filepath.Join(dir, "sub")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "sub", "b.yaml"))
	write(t, dir, "a.yaml", "a: {}\nb: {}\n") // b moved into a.yaml
	err := lib.Load(dir)
	t.Logf("Load(dir) after moving b: files %v err %v", lib.Files(), err)
	if err != nil {
		t.Errorf("Load(dir) again: %v", err)
	}
}
