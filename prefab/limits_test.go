package prefab_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// quick fails t if load takes more than ten seconds. The inputs it is
// given take milliseconds; before their fixes they took from tens of
// seconds to hours, and the bound leaves room for a loaded machine.
func quick(t *testing.T, what string, load func()) {
	t.Helper()
	start := time.Now()
	load()
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("%s took %v, want well under 10s", what, d)
	}
}

// TestFileSizeLimit: a file larger than Limits.FileSize is refused unread,
// however it comes; SetLimits raises or lowers the limit, and a negative
// one lifts it.
func TestFileSizeLimit(t *testing.T) {
	big := []byte("a: {}\n" + strings.Repeat("# a comment line, forty bytes of it...\n", (5<<20)/40))
	small := []byte("a: {}\n")
	files := fstest.MapFS{"big.yaml": {Data: big}, "small.yaml": {Data: small}}

	lib := newLibrary(t)
	for what, err := range map[string]error{
		"LoadBytes": lib.LoadBytes("big.yaml", big),
		"LoadFS":    lib.LoadFS(files, "big.yaml"),
		"CheckFS":   lib.CheckFS(files),
	} {
		errs := prefab.Errors(err)
		if len(errs) != 1 || !errors.Is(err, prefab.ErrLimit) || errs[0].File != "big.yaml" ||
			!strings.Contains(errs[0].Error(), fmt.Sprintf("big.yaml: the file is %d bytes, more than Limits.FileSize (2097152)", len(big))) {
			t.Errorf("%s(5 MiB) = %v, want one ErrLimit naming big.yaml and the limit", what, err)
		}
	}
	if names := lib.Names(); len(names) != 1 {
		t.Errorf("after refused loads, Names() = %v, want [monster]", names)
	}

	lib.SetLimits(prefab.Limits{FileSize: 8 << 20})
	if err := lib.LoadFS(files, "big.yaml"); err != nil {
		t.Errorf("LoadFS(5 MiB) with FileSize 8 MiB = %v, want nil", err)
	}
	lib.SetLimits(prefab.Limits{FileSize: 3})
	if err := lib.LoadBytes("small.yaml", small); !errors.Is(err, prefab.ErrLimit) {
		t.Errorf("LoadBytes(6 bytes) with FileSize 3 = %v, want ErrLimit", err)
	}
	lib.SetLimits(prefab.Limits{FileSize: -1})
	if err := lib.LoadBytes("big2.yaml", []byte(strings.Replace(string(big), "a:", "b:", 1))); err != nil {
		t.Errorf("LoadBytes(5 MiB) with no size limit = %v, want nil", err)
	}
	equal(t, "Limits()", lib.Limits(), prefab.Limits{FileSize: -1, Nodes: prefab.DefaultNodes, AliasNodes: prefab.DefaultAliasNodes})
}

// TestNodeLimits: plain nodes and the nodes aliases add are counted apart.
// A large file without aliases loads at linear cost (it used to be refused
// as if aliases expanded it); each limit names itself when it is passed.
func TestNodeLimits(t *testing.T) {
	var plain strings.Builder
	for i := range 53000 {
		fmt.Fprintf(&plain, "p%d: {components: {Health: {}}}\n", i)
	}
	if err := newLibrary(t).LoadBytes("many.yaml", []byte(plain.String())); err != nil {
		t.Errorf("LoadBytes(53,000 prefabs, no aliases) = %v, want nil", prefab.Errors(err)[:1])
	}

	// The document and its mapping (2 nodes), a base of 8 (key, mapping,
	// "components", mapping, "Health", mapping, "hp", value), ten prefabs
	// of 6 (key, mapping, "components", mapping, "Health", alias), each
	// alias to the base's 3-node Health: 70 nodes, 30 added by aliases.
	var src strings.Builder
	src.WriteString("base: {components: {Health: &h {hp: 1}}}\n")
	for i := range 10 {
		fmt.Fprintf(&src, "p%d: {components: {Health: *h}}\n", i)
	}
	cases := []struct {
		limits prefab.Limits
		want   string
	}{
		{prefab.Limits{}, ""},
		{prefab.Limits{Nodes: 69}, "many.yaml:11:27: the file holds more than 69 YAML nodes (Limits.Nodes)"},
		{prefab.Limits{Nodes: 70}, ""},
		{prefab.Limits{AliasNodes: 29}, `many.yaml:11:27: prefab "p9": component "Health": aliases and merge keys expand to more than 29 nodes (Limits.AliasNodes)`},
		{prefab.Limits{AliasNodes: 30}, ""},
		{prefab.Limits{Nodes: -1, AliasNodes: -1}, ""},
	}
	for _, c := range cases {
		lib := newLibrary(t)
		lib.SetLimits(c.limits)
		err := lib.LoadBytes("many.yaml", []byte(src.String()))
		if c.want == "" {
			if err != nil {
				t.Errorf("%+v: LoadBytes = %v, want nil", c.limits, err)
			}
			continue
		}
		equal(t, fmt.Sprintf("%+v: LoadBytes", c.limits), messages(err), []string{c.want})
		if !errors.Is(err, prefab.ErrLimit) {
			t.Errorf("%+v: errors.Is(err, ErrLimit) = false", c.limits)
		}
	}
}

// TestLongNamesStayCheap: the "did you mean" hint looks only at names of
// at most 64 bytes, and messages quote at most that much of a name or
// value, so that a huge misspelt name costs time and memory linear in its
// size, however many prefabs or errors there are.
func TestLongNamesStayCheap(t *testing.T) {
	long := strings.Repeat("goblin", (1<<20)/6)
	var many strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&many, "p%d: {}\n", i)
	}
	cases := map[string]string{
		"extends":       many.String() + "x:\n  extends: " + long + "\n",
		"component":     "x:\n  components:\n    " + long + ": {}\n",
		"field":         "x:\n  components:\n    Health: {" + long + ": 1}\n",
		"prefab key":    "x:\n  " + long + ": 1\n",
		"aliased value": "v: &v " + long + "\nx:\n  components:\n    Stats: {tags: [" + strings.Repeat("*v, ", 2000) + "]}\n    Health: {hp: *v}\n",
	}
	for what, src := range cases {
		t.Run(what, func(t *testing.T) {
			var err error
			quick(t, what, func() { err = newLibrary(t).LoadBytes("long.yaml", []byte(src)) })
			errs := prefab.Errors(err)
			if len(errs) == 0 {
				t.Fatalf("LoadBytes = %v, want errors", err)
			}
			total := 0
			for _, e := range errs {
				total += len(e.Error())
			}
			if total > 100000 {
				t.Errorf("%d errors of %d bytes in all; want names cut short (first: %.200s)", len(errs), total, errs[0].Error())
			}
		})
	}
}

// TestProblemsPerFile: a file with a million bad values reports the first
// thousand and how many more there are, in bounded memory.
func TestProblemsPerFile(t *testing.T) {
	src := "x:\n  components:\n    Items: [" + strings.Repeat("[], ", 300000) + "]\n"
	var err error
	quick(t, "300,000 bad values", func() { err = newLibrary(t).LoadBytes("bad.yaml", []byte(src)) })
	errs := prefab.Errors(err)
	if len(errs) != 1001 {
		t.Fatalf("got %d errors, want 1000 and a last one counting the rest", len(errs))
	}
	last := errs[len(errs)-1]
	if want := `bad.yaml:3:4013: prefab "x": component "Items": and 299000 more problems in this file`; last.Error() != want {
		t.Errorf("last error = %q, want %q", last, want)
	}
}

// TestMergeKeyTakesMappings: a merge key whose value is not a mapping or a
// list of them is an error, wherever it is.
func TestMergeKeyTakesMappings(t *testing.T) {
	cases := []struct{ src, want string }{
		{"<<: 5\n", `m.yaml:1:5: a merge key (<<) takes a mapping or a list of mappings, got the number 5`},
		{"a: {<<: x}\n", `m.yaml:1:9: prefab "a": a merge key (<<) takes a mapping or a list of mappings, got the string "x"`},
		{"a:\n  components: {<<: ~}\n", `m.yaml:2:20: prefab "a": a merge key (<<) takes a mapping or a list of mappings, got null`},
		{"a:\n  components:\n    Health: {<<: 5, hp: 1}\n", `m.yaml:3:18: prefab "a": component "Health": a merge key (<<) takes a mapping or a list of mappings, got the number 5`},
		{"a:\n  components:\n    Stats: {loot: {<<: [5]}}\n", `m.yaml:3:25: prefab "a": component "Stats": field "loot": a merge key (<<) takes a mapping or a list of mappings, got the number 5`},
	}
	for _, c := range cases {
		err := newLibrary(t).LoadBytes("m.yaml", []byte(c.src))
		equal(t, fmt.Sprintf("LoadBytes(%q)", c.src), messages(err), []string{c.want})
		if !errors.Is(err, prefab.ErrSyntax) {
			t.Errorf("LoadBytes(%q): errors.Is(err, ErrSyntax) = false", c.src)
		}
	}
}

// Loop is a pointer type that refers to itself: decoding a value into it
// would never end.
type Loop *Loop

var tLoop = world.DefineComponent[Loop]("Loop")

// TestDepthLimit: values nest at most 10,000 deep, also where aliases or
// a type that refers to itself would nest them for ever (which used to
// overflow the stack, a crash no recover stops).
func TestDepthLimit(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tLoop), prefab.Component(tTree))
	for src, want := range map[string]string{
		"a: {components: {Loop: 5}}\n":          `d.yaml:1:24: prefab "a": component "Loop": values nest more than 10000 deep`,
		"a: {components: {Tree: &t {a: *t}}}\n": `d.yaml:1:28: prefab "a": component "Tree": field "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a....": values nest more than 10000 deep`,
	} {
		var err error
		quick(t, src, func() { err = lib.LoadBytes("d.yaml", []byte(src)) })
		equal(t, fmt.Sprintf("LoadBytes(%q)", src), messages(err), []string{want})
		if !errors.Is(err, prefab.ErrLimit) {
			t.Errorf("LoadBytes(%q): errors.Is(err, ErrLimit) = false", src)
		}
	}
	deep := "a: {components: {Tree: " + strings.Repeat("{a: ", 9990) + "{}" + strings.Repeat("}", 9990) + "}}\n"
	if err := lib.LoadBytes("d.yaml", []byte(deep)); err != nil {
		t.Errorf("a Tree 9,990 deep: %v", err)
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
