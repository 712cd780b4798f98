package prefab_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
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
		if err := lib.Register(prefab.Component(tLocal).At("offset")); err != nil {
			t.Fatal(err)
		}
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
		checkCoded(t, err)
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

// archive is a fuzz input that stands for several files: sections headed
// by a line "-- path --", each the content of the file at path. A path
// that fs.ValidPath refuses, or ".", leaves its section out. In an edit, a
// section headed "-- !path --" deletes the file.
func archive(data []byte) (files map[string][]byte, deleted []string) {
	files = make(map[string][]byte)
	var name string
	var body []byte
	flush := func() {
		if name == "" {
			return
		}
		if del, ok := strings.CutPrefix(name, "!"); ok {
			if fs.ValidPath(del) && del != "." {
				deleted = append(deleted, del)
			}
		} else if fs.ValidPath(name) && name != "." {
			files[name] = body
		}
	}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		text := strings.TrimRight(string(line), "\r\n")
		if h, ok := strings.CutPrefix(text, "-- "); ok && strings.HasSuffix(h, " --") && len(h) >= 3 {
			flush()
			name, body = strings.TrimSuffix(h, " --"), nil
			continue
		}
		body = append(body, line...)
	}
	flush()
	return files, deleted
}

// snapshot is what a failed change must leave as it was: every name, the
// very prefab each names, and the files.
type snapshot struct {
	names   []string
	prefabs []*prefab.Prefab
	files   []string
}

func snap(lib *prefab.Library) snapshot {
	s := snapshot{names: lib.Names(), files: lib.Files()}
	for _, name := range s.names {
		p, _ := lib.Lookup(name)
		s.prefabs = append(s.prefabs, p)
	}
	return s
}

// fuzzLibrary is newLibrary with a component that names assets, checked
// against a file system of one image.
func fuzzLibrary(t testing.TB) *prefab.Library {
	lib := newLibrary(t)
	if err := lib.Register(prefab.Component(tPicture), prefab.Component(tGallery)); err != nil {
		t.Fatal(err)
	}
	if err := lib.UseAssets(assets.New(assetFS(t))); err != nil {
		t.Fatal(err)
	}
	return lib
}

// checkErrors fails t unless every problem in err is a *LoadError naming
// its file and, but for a file that could not be read or listed, a line.
func checkErrors(t *testing.T, what string, err error) {
	t.Helper()
	errs := prefab.Errors(err)
	var joined interface{ Unwrap() []error }
	if errors.As(err, &joined) && len(joined.Unwrap()) != len(errs) || len(errs) == 0 {
		t.Fatalf("%s: %d errors are *LoadError:\n%v", what, len(errs), err)
	}
	for _, e := range errs {
		// An error of a whole file (one the system cannot open, such as a
		// name with a NUL byte, or one over a limit) has no line.
		var sysErr syscall.Errno
		whole := errors.As(e, &sysErr) || errors.Is(e, fs.ErrNotExist) || errors.Is(e, fs.ErrInvalid) || errors.Is(e, prefab.ErrLimit)
		if e.File == "" || e.Line < 1 && !whole {
			t.Fatalf("%s: error without file and line: %q (%+v)", what, e.Error(), *e)
		}
	}
}

// fileTree is where a fuzz input's files live: an fstest.MapFS, or a
// folder of the operating system.
type fileTree interface {
	write(name string, data []byte, mod time.Time)
	remove(name string)
	load(lib *prefab.Library, check bool, roots []string) error
}

type mapTree struct{ fsys fstest.MapFS }

func (m mapTree) write(name string, data []byte, mod time.Time) {
	m.fsys[name] = &fstest.MapFile{Data: data, ModTime: mod}
}
func (m mapTree) remove(name string) { delete(m.fsys, name) }
func (m mapTree) load(lib *prefab.Library, check bool, roots []string) error {
	if check {
		return lib.CheckFS(m.fsys, roots...)
	}
	return lib.LoadFS(m.fsys, roots...)
}

type dirTree struct{ dir string }

func (d dirTree) write(name string, data []byte, mod time.Time) {
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	if os.MkdirAll(filepath.Dir(p), 0o755) == nil && os.WriteFile(p, data, 0o644) == nil {
		os.Chtimes(p, mod, mod)
	}
}
func (d dirTree) remove(name string) { os.Remove(filepath.Join(d.dir, filepath.FromSlash(name))) }
func (d dirTree) load(lib *prefab.Library, check bool, roots []string) error {
	paths := make([]string, len(roots))
	for i, r := range roots {
		paths[i] = filepath.Join(d.dir, filepath.FromSlash(r))
	}
	if check {
		return lib.Check(paths...)
	}
	return lib.Load(paths...)
}

// maxFuzzFiles is the most files one fuzz input writes.
const maxFuzzFiles = 64

// fuzzFiles loads the files of the archive load (see archive) into tree,
// then edits them with the archive edit and reloads. Each load, check and
// reload succeeds (and its prefabs spawn) or fails with *LoadErrors that
// have positions, leaving the library exactly as it was; nothing panics.
func fuzzFiles(t *testing.T, tree fileTree, load, edit []byte) {
	files, _ := archive(load)
	changes, deleted := archive(edit)
	if len(files)+len(changes)+len(deleted) > maxFuzzFiles {
		return // thousands of files find nothing a few do not, slowly
	}
	roots := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		tree.write(name, files[name], time.Unix(1, 0))
		top, _, _ := strings.Cut(name, "/")
		roots[top] = true
	}
	// Each top-level file or directory is a root, so that several roots,
	// and the directories under them, are loaded together.
	paths := slices.Sorted(maps.Keys(roots))
	if len(paths) == 0 {
		return
	}

	lib := fuzzLibrary(t)
	spawnAll := func(what string) {
		w := world.New()
		for _, name := range lib.Names() {
			if _, err := lib.Spawn(w, name, nil); err != nil {
				t.Fatalf("%s: Spawn(%q): %v", what, name, err)
			}
		}
	}
	unchanged := func(what string, want snapshot) {
		t.Helper()
		if got := snap(lib); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s failed but changed the library: %v, want %v", what, got.names, want.names)
		}
	}
	before := snap(lib)
	if err := tree.load(lib, true, paths); err != nil {
		checkErrors(t, "Check", err)
	}
	unchanged("Check", before)
	if err := tree.load(lib, false, paths); err != nil {
		checkErrors(t, "Load", err)
		unchanged("Load", before)
		return
	}
	spawnAll("Load")

	loaded := snap(lib)
	for _, name := range slices.Sorted(maps.Keys(changes)) {
		tree.write(name, changes[name], time.Unix(2, 0))
	}
	for _, name := range deleted {
		tree.remove(name)
	}
	r := lib.Reload()
	if r.Err != nil {
		checkErrors(t, "Reload", r.Err)
		unchanged("Reload", loaded)
		if again := lib.Reload(); again.Err != nil || len(again.Files) > 0 || again.Recovered {
			t.Fatalf("a second Reload of the same broken files = %+v, want nothing to report", again)
		}
		unchanged("second Reload", loaded)
		return
	}
	spawnAll("Reload")
}

// addArchives seeds f with testdata/fs/*.txt: two archives each, separated
// by a line "== edit ==".
func addArchives(f *testing.F) {
	seeds, err := filepath.Glob("testdata/fs/*.txt")
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seeds in testdata/fs (err = %v)", err)
	}
	for _, name := range seeds {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		load, edit, _ := bytes.Cut(data, []byte("\n== edit ==\n"))
		f.Add(load, edit)
	}
}

// FuzzLoadFS is fuzzFiles over an fs.FS: LoadFS, CheckFS and Reload.
func FuzzLoadFS(f *testing.F) {
	addArchives(f)
	f.Fuzz(func(t *testing.T, load, edit []byte) {
		fuzzFiles(t, mapTree{fstest.MapFS{}}, load, edit)
	})
}

// FuzzLoadDir is fuzzFiles over folders of the operating system: Load,
// Check and Reload.
func FuzzLoadDir(f *testing.F) {
	addArchives(f)
	f.Fuzz(func(t *testing.T, load, edit []byte) {
		fuzzFiles(t, dirTree{t.TempDir()}, load, edit)
	})
}
