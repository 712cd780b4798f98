//go:build unix

package prefab_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/prefab"
)

// TestOnlyRegularFiles: a named pipe called *.yaml (which blocks a reader
// until something writes) and a link to an endless device (which a reader
// reads until memory runs out) are refused at once, by name, whether
// loaded by their own path, found in a folder, read through an fs.FS, or
// reloaded.
func TestOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "ok.yaml", "a: {}\n")
	pipe, zero := filepath.Join(dir, "pipe.yaml"), filepath.Join(dir, "zero.yaml")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}

	within := func(what string, load func() error) error {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- load() }()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatalf("%s did not return (blocked on a pipe, or reading a device)", what)
			return nil
		}
	}
	want := func(what string, err error, files ...string) {
		t.Helper()
		errs := prefab.Errors(err)
		if len(errs) != len(files) || !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("%s = %v, want %d errors wrapping fs.ErrInvalid", what, err, len(files))
			return
		}
		for i, e := range errs {
			if filepath.Base(e.File) != files[i] || !strings.Contains(e.Error(), "not a regular file") {
				t.Errorf("%s: error %d = %q, want %s: not a regular file", what, i, e, files[i])
			}
		}
	}

	lib := newLibrary(t)
	want("Load(pipe)", within("Load(pipe)", func() error { return lib.Load(pipe) }), "pipe.yaml")
	want("Load(link to /dev/zero)", within("Load(zero)", func() error { return lib.Load(zero) }), "zero.yaml")
	want("Load(dir)", within("Load(dir)", func() error { return lib.Load(dir) }), "pipe.yaml", "zero.yaml")
	want("LoadFS(DirFS)", within("LoadFS", func() error { return lib.LoadFS(os.DirFS(dir)) }), "pipe.yaml", "zero.yaml")
	want("Check(dir)", within("Check", func() error { return lib.Check(dir) }), "pipe.yaml", "zero.yaml")
	if names := lib.Names(); len(names) != 1 {
		t.Errorf("Names() = %v, want [monster]", names)
	}

	// A regular file replaced by a pipe between reloads.
	if err := lib.Load(filepath.Join(dir, "ok.yaml")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "ok.yaml"))
	if err := syscall.Mkfifo(filepath.Join(dir, "ok.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := within("Reload", func() error { return lib.Reload().Err })
	want("Reload(pipe)", r, "ok.yaml")
	if _, ok := lib.Lookup("a"); !ok {
		t.Error("a failed reload dropped prefab a")
	}
}
