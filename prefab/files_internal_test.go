package prefab

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// TestManyFilesStayLinear: loading tens of thousands of files, or of
// roots, costs time linear in their number (each replaced source and each
// root loaded again used to be looked for in a list of all the others).
func TestManyFilesStayLinear(t *testing.T) {
	const n = 100000
	old, add := make([]*source, n), make([]*source, n)
	set := make(rootSet)
	for i := range n {
		k := fileKey{name: filepath.Join("p", fmt.Sprintf("%06d.yaml", i))}
		old[i], add[i] = &source{key: k}, &source{key: k}
		set[rootKey{path: k.name}] = i%2 == 0
	}
	start := time.Now()
	out := replaceSources(old, add)
	held := 0
	for _, s := range out {
		if set.hold(s.key) {
			held++
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("replacing %d sources and finding their roots took %v", n, d)
	}
	if len(out) != n || out[n-1] != add[n-1] || held != n/2 {
		t.Errorf("replaceSources: %d sources, last replaced %v, %d held; want %d, true, %d", len(out), out[n-1] == add[n-1], held, n, n/2)
	}
}

// TestRootSetHold: a root holds its own file and what lies under it.
func TestRootSetHold(t *testing.T) {
	os := fsID{}
	mem := fsID{kind: fsBytes}
	set := rootSet{{os, filepath.Join("a", "b")}: true, {mem, "x"}: true, {mem, "."}: false}
	for _, c := range []struct {
		k    fileKey
		want bool
	}{
		{fileKey{os, filepath.Join("a", "b")}, true},
		{fileKey{os, filepath.Join("a", "b", "c", "d.yaml")}, true},
		{fileKey{os, filepath.Join("a", "bc.yaml")}, false},
		{fileKey{os, "a"}, false},
		{fileKey{mem, "x/y.yaml"}, true},
		{fileKey{mem, "y.yaml"}, false},
		{fileKey{os, filepath.Join("x", "y.yaml")}, false},
	} {
		if got := set.hold(c.k); got != c.want {
			t.Errorf("hold(%+v) = %v, want %v", c.k, got, c.want)
		}
	}
	if !(rootSet{{mem, "."}: true}).hold(fileKey{mem, "deep/er/file.yaml"}) {
		t.Error(`"." does not hold a file under it`)
	}
	if (rootSet{{os, "."}: true}).hold(fileKey{os, filepath.Join("..", "out.yaml")}) {
		t.Error(`"." of the OS holds a file outside it`)
	}
}
