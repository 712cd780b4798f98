package prefab_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/internal/hostile"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// The hostile-input suite of prefab files: each is loaded with
// LoadBytes into a library that holds good prefabs already, and reloaded
// from a folder in place of a good file, and must load or fail within
// hostile's bounds (2 s of processor time, 256 MiB), never panic, and
// leave the library as it was when it fails. Large inputs are made here,
// never kept in the repository.

type hostileHealth struct{ HP, Max int }

var hostileHealthC = world.DefineComponent[hostileHealth]("HostileHealth")

// hostilePrefabs is the corpus: a name and the file's bytes; loads says
// the file is valid, however large, and must load.
func hostilePrefabs() []struct {
	name  string
	data  func() string
	loads bool
} {
	repeat := func(n int, f func(i int) string) func() string {
		return func() string {
			var b strings.Builder
			for i := range n {
				b.WriteString(f(i))
			}
			return b.String()
		}
	}
	fixed := func(s string) func() string { return func() string { return s } }
	return []struct {
		name  string
		data  func() string
		loads bool
	}{
		{"binary junk", fixed("\x00\x01\x02\xff\xfe PNG\x89"), false},
		{"a tab-indented file", fixed("orc:\n\tcomponents: {}\n"), false},
		{"nested 100,000 deep", func() string { return strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) }, false},
		{"mappings nested 1,500 deep", repeat(1500, func(i int) string { return strings.Repeat(" ", i) + "a:\n" }), false},
		{"an alias bomb", func() string {
			s := "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
			for i := 1; i < 12; i++ {
				s += fmt.Sprintf("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
			}
			return s
		}, false},
		{"a merge of a number", fixed("orc:\n  components:\n    HostileHealth: {<<: 5, hp: 1}\n"), false},
		{"a 1 MB misspelt extends among 1,000 prefabs", func() string {
			var b strings.Builder
			for i := range 1000 {
				fmt.Fprintf(&b, "p%d:\n  components:\n    HostileHealth: {hp: %d}\n", i, i)
			}
			b.WriteString("bad:\n  extends: " + strings.Repeat("q", 1<<20) + "\n")
			return b.String()
		}, false},
		{"3,000 cycles of extends", repeat(3000, func(i int) string { return fmt.Sprintf("c%d:\n  extends: c%d\n", i, (i+1)%3000) }), false},
		{"a file over the size limit", func() string { return "# " + strings.Repeat("x", prefab.DefaultFileSize) + "\n" }, false},
		{"100,000 unknown components", repeat(100_000, func(i int) string {
			if i == 0 {
				return "orc:\n  components:\n"
			}
			return fmt.Sprintf("    C%d: {}\n", i)
		}), false},
		{"a key given 50,000 times", repeat(50_000, func(i int) string {
			if i == 0 {
				return "orc:\n  components:\n    HostileHealth:\n"
			}
			return "      hp: 1\n"
		}), false},
		{"a string of a megabyte for an int", func() string {
			return "orc:\n  components:\n    HostileHealth: {hp: \"" + strings.Repeat("9", 1<<20) + "\"}\n"
		}, false},
		{"40,000 small prefabs: 360,000 nodes, no aliases", repeat(40_000, func(i int) string {
			return fmt.Sprintf("p%d: {components: {HostileHealth: {hp: %d}}}\n", i, i%100)
		}), true},
	}
}

// TestHostilePrefabs loads each hostile file.
func TestHostilePrefabs(t *testing.T) {
	for _, h := range hostilePrefabs() {
		t.Run(h.name, func(t *testing.T) {
			lib := prefab.NewLibrary(prefab.Component(hostileHealthC))
			if err := lib.LoadBytes("good.yaml", []byte("goblin:\n  components:\n    HostileHealth: {hp: 6, max: 6}\n")); err != nil {
				t.Fatal(err)
			}
			before := lib.Names()
			data := []byte(h.data())
			var err error
			c := hostile.Measure(func() { err = lib.LoadBytes("hostile.yaml", data) })
			msg := fmt.Sprint(err)
			if len(msg) > 200 {
				msg = msg[:200] + "..."
			}
			t.Logf("%d KiB: %v: %s", len(data)>>10, c, msg)
			switch {
			case c.Panicked != nil:
				t.Fatalf("panicked: %v", c.Panicked)
			case h.loads && err != nil:
				t.Errorf("a valid file failed: %v", err)
			case !h.loads && err == nil:
				t.Errorf("loaded")
			}
			if !c.Within() {
				t.Errorf("took %v; the bounds are %v of processor time and %d MiB", c, hostile.Time, hostile.Bytes>>20)
			}
			if err != nil {
				if len(prefab.Errors(err)) == 0 {
					t.Errorf("the error holds no *LoadError: %v", err)
				}
				if after := lib.Names(); !slices.Equal(before, after) {
					t.Errorf("a failed load changed the library: %v, then %d names", before, len(after))
				}
			}
			w := world.New()
			e, serr := lib.Spawn(w, "goblin", nil)
			if h := hostileHealthC.Require(w, e); serr != nil || *h != (hostileHealth{6, 6}) {
				t.Errorf("the good prefab spawns %v, %v; want {6 6}", h, serr)
			}
		})
	}
}

// TestHostilePrefabReloads: a good file in a folder the library loaded is
// replaced by each hostile one, as a modder's tool or a broken download
// would leave it, and the library reloads. The reload keeps to hostile's
// bounds and never panics; when it fails it reports the file and keeps
// every prefab the game had, the very values included, and the files'
// other prefabs spawn as before.
func TestHostilePrefabReloads(t *testing.T) {
	for _, h := range hostilePrefabs() {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "good.yaml", "goblin:\n  components:\n    HostileHealth: {hp: 6, max: 6}\n")
			write(t, dir, "mod.yaml", "orc:\n  components:\n    HostileHealth: {hp: 9, max: 9}\n")
			lib := prefab.NewLibrary(prefab.Component(hostileHealthC))
			if err := lib.Load(dir); err != nil {
				t.Fatal(err)
			}
			before := snap(lib)

			mod := filepath.Join(dir, "mod.yaml")
			write(t, dir, "mod.yaml", h.data())
			later := time.Now().Add(time.Minute) // a stamp the reload cannot miss
			if err := os.Chtimes(mod, later, later); err != nil {
				t.Fatal(err)
			}
			var r prefab.Reload
			c := hostile.Measure(func() { r = lib.Reload() })
			t.Logf("%v: %d files, %d changed, %.200v", c, len(r.Files), len(r.Changed), r.Err)
			switch {
			case c.Panicked != nil:
				t.Fatalf("Reload panicked: %v", c.Panicked)
			case !c.Within():
				t.Errorf("Reload took %v; the bounds are %v of processor time and %d MiB", c, hostile.Time, hostile.Bytes>>20)
			}
			if h.loads {
				if r.Err != nil {
					t.Errorf("reloading a valid file failed: %.300v", r.Err)
				}
				return
			}
			errs := prefab.Errors(r.Err)
			if len(errs) == 0 {
				t.Fatalf("Reload = %+v, want errors naming mod.yaml", r)
			}
			for _, e := range errs {
				if filepath.Base(e.File) != "mod.yaml" {
					t.Errorf("an error names %q, want mod.yaml: %v", e.File, e)
				}
			}
			if got := snap(lib); !reflect.DeepEqual(got, before) {
				t.Errorf("a failed reload changed the library: %v, want %v", got.names, before.names)
			}
			w := world.New()
			for name, want := range map[string]hostileHealth{"goblin": {6, 6}, "orc": {9, 9}} {
				e, err := lib.Spawn(w, name, nil)
				if err != nil {
					t.Errorf("after the failed reload, Spawn(%s) = %v", name, err)
				} else if got := *hostileHealthC.Require(w, e); got != want {
					t.Errorf("after the failed reload, %s spawns with %v, want %v", name, got, want)
				}
			}
		})
	}
}
