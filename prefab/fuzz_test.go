package prefab_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// FuzzLoad feeds arbitrary bytes to the YAML loader. Each input loads, or
// fails with errors that are all *LoadErrors naming the file and a line,
// leaving the library as it was; it never panics. Seeds are testdata/*.yaml
// and testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	files, err := filepath.Glob("testdata/*.yaml")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata (err = %v)", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lib := newLibrary(t)
		err := lib.LoadBytes("fuzz.yaml", data)
		if err == nil {
			w := world.New()
			for _, name := range lib.Names() {
				if _, err := lib.Spawn(w, name, nil); err != nil {
					t.Fatalf("Spawn(%q) after a good load: %v", name, err)
				}
			}
			return
		}
		errs := prefab.Errors(err)
		var joined interface{ Unwrap() []error }
		if errors.As(err, &joined) && len(joined.Unwrap()) != len(errs) {
			t.Fatalf("%d errors, of which %d are *LoadError:\n%v", len(joined.Unwrap()), len(errs), err)
		}
		for _, e := range errs {
			if e.File != "fuzz.yaml" || e.Line < 1 {
				t.Fatalf("error without file and line: %q (%+v)", e.Error(), *e)
			}
		}
		if names := lib.Names(); !slices.Equal(names, []string{"monster"}) {
			t.Fatalf("after a failed load, Names() = %v, want [monster]", names)
		}
	})
}

// TestAliasBudget: aliases that expand to billions of nodes fail the load
// quickly instead of running for ever.
func TestAliasBudget(t *testing.T) {
	var src strings.Builder
	src.WriteString("l0: &l0 {a: 1}\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&src, "l%d: &l%d {<<: [%s]}\n", i, i, strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 9)+fmt.Sprintf("*l%d", i-1))
	}
	lib := newLibrary(t)
	start := time.Now()
	err := lib.LoadBytes("bomb.yaml", []byte(src.String()))
	if !errors.Is(err, prefab.ErrLimit) || !strings.Contains(err.Error(), "aliases and merge keys expand to more than 262144 nodes (Limits.AliasNodes)") {
		t.Errorf("LoadBytes(bomb) = %v, want an error over Limits.AliasNodes", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("LoadBytes(bomb) took %v", d)
	}
}

// TestCyclicAliases: YAML lets an alias refer to the node it is in. Such
// input fails at once with one error, never loops.
func TestCyclicAliases(t *testing.T) {
	cases := []struct{ src, want string }{
		{"a: &x {<<: *x}\n", `c.yaml:1:4: prefab "a": a merge key (<<) refers to a mapping it is part of`},
		{"a:\n  components:\n    Health: &x {<<: *x}\n", `c.yaml:3:13: prefab "a": component "Health": a merge key (<<) refers to a mapping it is part of`},
		{"a:\n  components:\n    Items: &x [*x]\n", `c.yaml:3:12: prefab "a": component "Items": field "[0]": expected a string (string), got a list`},
		{"a: &x {components: {Stats: {boss: *x}}}\n", `c.yaml:1:8: prefab "a": component "Stats": unknown field "boss.components" (fields: fire, ice)`},
	}
	for _, c := range cases {
		start := time.Now()
		err := newLibrary(t).LoadBytes("c.yaml", []byte(c.src))
		equal(t, fmt.Sprintf("LoadBytes(%q)", c.src), messages(err), []string{c.want})
		if d := time.Since(start); d > time.Second {
			t.Errorf("LoadBytes(%q) took %v", c.src, d)
		}
	}
}
