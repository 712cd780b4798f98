package prefab_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// touch moves a file's modification time on, so a reload sees a change
// even on file systems with coarse timestamps.
func touch(t *testing.T, path string, step int) {
	t.Helper()
	at := time.Now().Add(time.Duration(step) * time.Second)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

func TestReload(t *testing.T) {
	dir := t.TempDir()
	goblins := filepath.Join(dir, "goblins.yaml")
	write(t, dir, "goblins.yaml", "goblin:\n  extends: monster\n  components:\n    Health: {hp: 6}\nchief:\n  extends: goblin\n")
	write(t, dir, "orcs.yaml", "orc:\n  extends: monster\n")
	lib := newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	watch := lib.Watch(0)
	if r, ok := watch.Poll(); ok {
		t.Fatalf("Poll() with no change = %+v, true; want false", r)
	}

	steps := []struct {
		name    string
		edit    func()
		ok      bool
		files   []string
		changed []string
		err     error
		hp      int // chief's HP after the step
	}{
		{"good edit", func() {
			write(t, dir, "goblins.yaml", "goblin:\n  extends: monster\n  components:\n    Health: {hp: 7}\nchief:\n  extends: goblin\n")
			touch(t, goblins, 1)
		}, true, []string{goblins}, []string{"chief", "goblin"}, nil, 7},
		{"touch only", func() { touch(t, goblins, 2) }, false, nil, nil, nil, 7},
		{"comment only", func() {
			write(t, dir, "goblins.yaml", "# tuned\ngoblin:\n  extends: monster\n  components:\n    Health: {hp: 7}\nchief:\n  extends: goblin\n")
			touch(t, goblins, 3)
		}, true, []string{goblins}, nil, nil, 7},
		{"bad edit keeps the old library", func() {
			write(t, dir, "goblins.yaml", "goblin:\n  extends: monster\n  components:\n    Health: {hp: lots}\nchief:\n  extends: goblin\n")
			touch(t, goblins, 4)
		}, true, []string{goblins}, nil, prefab.ErrBadValue, 7},
		{"the same bad file is reported once", func() {}, false, nil, nil, nil, 7},
		{"fixed", func() {
			write(t, dir, "goblins.yaml", "goblin:\n  extends: monster\n  components:\n    Health: {hp: 8}\nchief:\n  extends: goblin\n")
			touch(t, goblins, 5)
		}, true, []string{goblins}, []string{"chief", "goblin"}, nil, 8},
		{"new file", func() {
			write(t, dir, "imps/imp.yaml", "imp:\n  extends: chief\n")
		}, true, []string{filepath.Join(dir, "imps/imp.yaml")}, []string{"imp"}, nil, 8},
		{"removed file whose prefabs others extend", func() {
			os.Remove(goblins)
		}, true, []string{goblins}, nil, prefab.ErrUnknownBase, 8},
		{"removed files", func() {
			os.RemoveAll(filepath.Join(dir, "imps"))
		}, true, []string{goblins, filepath.Join(dir, "imps/imp.yaml")}, []string{"chief", "goblin", "imp"}, nil, 0},
	}
	for _, s := range steps {
		s.edit()
		r, ok := watch.Poll()
		if ok != s.ok {
			t.Errorf("%s: Poll() = %+v, %v; want ok %v", s.name, r, ok, s.ok)
		}
		equal(t, s.name+": Files", r.Files, s.files)
		equal(t, s.name+": Changed", r.Changed, s.changed)
		if s.err == nil && r.Err != nil || s.err != nil && !errors.Is(r.Err, s.err) {
			t.Errorf("%s: Err = %v, want %v", s.name, r.Err, s.err)
		}
		if s.hp == 0 {
			if _, ok := lib.Lookup("chief"); ok {
				t.Errorf("%s: chief is still in the library", s.name)
			}
			continue
		}
		h, _ := spawnGet(t, lib, "chief", tHealth)
		equal(t, s.name+": chief's HP", h.HP, s.hp)
	}
}

func TestWatchInterval(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.yaml")
	write(t, dir, "a.yaml", "a: {}\n")
	lib := newLibrary(t)
	if err := lib.Load(path); err != nil {
		t.Fatal(err)
	}
	watch := lib.Watch(time.Hour)
	watch.Poll() // the first poll looks
	write(t, dir, "a.yaml", "a: {}\nb: {}\n")
	touch(t, path, 1)
	if _, ok := watch.Poll(); ok {
		t.Error("Poll() within the interval reloaded")
	}
	if n := testing.AllocsPerRun(100, func() { watch.Poll() }); n != 0 {
		t.Errorf("Poll() within the interval allocates %v times, want 0", n)
	}
	if r := lib.Reload(); len(r.Changed) != 1 || r.Changed[0] != "b" {
		t.Errorf("Reload() = %+v, want b changed", r)
	}
}

// TestReloadWhileSpawning: spawns on the game's goroutine see the library
// before or after a reload, never half of one. Run with -race.
func TestReloadWhileSpawning(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.yaml")
	write(t, dir, "a.yaml", "a:\n  extends: monster\n  components:\n    Health: {hp: 1, max: 1}\n")
	lib := newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 2; i < 30; i++ {
			text := "a:\n  extends: monster\n  components:\n    Health: {hp: " + strconv.Itoa(i) + ", max: " + strconv.Itoa(i) + "}\n"
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Error(err)
				return
			}
			touch(t, path, i)
			if r := lib.Reload(); r.Err != nil {
				t.Error(r.Err)
			}
		}
	}()
	w := world.New()
	for range 2000 {
		e, err := lib.Spawn(w, "a", nil)
		if err != nil {
			t.Fatal(err)
		}
		if h := tHealth.Require(w, e); h.HP != h.Max {
			t.Fatalf("spawned %+v, half of one reload", *h)
		}
		w.Destroy(e)
	}
	wg.Wait()
}

// TestReloadRecovered: undoing a broken edit restores the bytes the
// library already has; the reload says it recovered, so the game can clear
// the error it showed.
func TestReloadRecovered(t *testing.T) {
	dir := t.TempDir()
	good := "goblin:\n  extends: monster\n  components:\n    Health: {hp: 6}\n"
	path := filepath.Join(dir, "goblins.yaml")
	write(t, dir, "goblins.yaml", good)
	lib := newLibrary(t)
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	watch := lib.Watch(0)
	write(t, dir, "goblins.yaml", "goblin:\n  extends: monster\n  components:\n    Health: {hp: lots}\n")
	touch(t, path, 1)
	if r, ok := watch.Poll(); !ok || r.Err == nil || r.Recovered {
		t.Fatalf("bad edit: Poll() = %+v, %v; want an error", r, ok)
	}
	write(t, dir, "goblins.yaml", good)
	touch(t, path, 2)
	r, ok := watch.Poll()
	if !ok || !r.Recovered || r.Err != nil {
		t.Errorf("undone edit: Poll() = %+v, %v; want ok and Recovered", r, ok)
	}
	if r, ok := watch.Poll(); ok || r.Recovered {
		t.Errorf("next Poll() = %+v, %v; want nothing to tell", r, ok)
	}
}

// TestReloadKeepsPatchedFactories: a reload that changes nothing about a
// variant patching its base's factory does not list it as changed; one
// that changes the patch does.
func TestReloadKeepsPatchedFactories(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "v.yaml", "v:\n  extends: rolled\n  components:\n    Position: {y: 5}\n")
	write(t, dir, "other.yaml", "orc:\n  extends: monster\n")
	lib := newLibrary(t)
	if err := lib.Add(prefab.New("rolled", prefab.Factory(tPos, func(s prefab.Spawn) Vec { return Vec{X: 1} }))); err != nil {
		t.Fatal(err)
	}
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "other.yaml", "# a comment\norc:\n  extends: monster\n")
	touch(t, filepath.Join(dir, "other.yaml"), 1)
	if r := lib.Reload(); r.Err != nil || len(r.Changed) != 0 {
		t.Errorf("comment-only reload: Changed %v, Err %v; want nothing changed", r.Changed, r.Err)
	}
	write(t, dir, "v.yaml", "v:\n  extends: rolled\n  components:\n    Position: {y: 6}\n")
	touch(t, filepath.Join(dir, "v.yaml"), 2)
	if r := lib.Reload(); r.Err != nil || !slices.Equal(r.Changed, []string{"v"}) {
		t.Errorf("reload changing the patch: Changed %v, Err %v; want [v]", r.Changed, r.Err)
	}
}

type NaNCurve struct {
	Points map[float64]int `yaml:"points"`
}

var tNaNCurve = world.DefineComponent[NaNCurve]("NaNCurve")

// A comment-only edit of a file whose prefab has a .nan map key.
func TestReloadNaNKey(t *testing.T) {
	dir := t.TempDir()
	src := "c: {components: {NaNCurve: {points: {.nan: 1, 2: 3}}}}\n"
	write(t, dir, "a.yaml", src)
	lib := prefab.NewLibrary(prefab.Component(tNaNCurve))
	if err := lib.Load(dir); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "a.yaml", "# a comment\n"+src)
	touch(t, filepath.Join(dir, "a.yaml"), 1)
	if r := lib.Reload(); len(r.Changed) != 0 || r.Err != nil {
		t.Errorf("comment-only edit: Reload() = %+v, want nothing changed", r)
	}
}

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
