package prefabtest_test

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/prefab/prefabtest"
)

// recorder is a testing.TB that records what Check reports.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper()                   {}
func (r *recorder) Error(args ...any)         { r.errors = append(r.errors, fmt.Sprint(args...)) }
func (r *recorder) Fatal(args ...any)         { r.fatal = true; r.Error(args...) }
func (r *recorder) Errorf(f string, a ...any) { r.Error(fmt.Sprintf(f, a...)) }

func TestCheckReportsEveryProblem(t *testing.T) {
	r := &recorder{TB: t}
	prefabtest.Check(r, Prefabs(), "testdata/prefabs", "testdata/broken.yaml")
	want := []string{
		`testdata/broken.yaml:4:15: prefab "troll": component "Health": unknown field "hpp" (did you mean "hp"?)`,
		`testdata/broken.yaml:5:5: prefab "troll": unknown component "Nmae" (did you mean "Name"?)`,
	}
	if !slices.Equal(r.errors, want) {
		t.Errorf("Check reported:\n%q\nwant:\n%q", r.errors, want)
	}

	r = &recorder{TB: t}
	prefabtest.CheckFS(r, Prefabs(), fstest.MapFS{"a.yaml": {Data: []byte("a: {extends: b}\n")}})
	if len(r.errors) != 1 {
		t.Errorf("CheckFS reported %q, want one unknown base", r.errors)
	}

	r = &recorder{TB: t}
	prefabtest.Check(r, Prefabs())
	if !r.fatal {
		t.Error("Check with no paths did not fail the test")
	}
	if _, err := os.Stat("testdata/prefabs"); err != nil {
		t.Fatal(err)
	}
}
