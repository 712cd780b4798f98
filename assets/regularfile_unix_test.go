//go:build unix

package assets_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// TestRegularFilesOnly: the loader reads regular files only. A FIFO named
// like an asset used to block the load for ever, and a link to an endless
// device to read until memory ran out.
func TestRegularFilesOnly(t *testing.T) {
	d := newDirFiles(t)
	d.write("tuning.yaml", []byte("speed: 1\n"))
	if err := syscall.Mkfifo(filepath.Join(d.dir, "pipe.yaml"), 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for name, target := range map[string]string{"zero.png": "/dev/zero", "urandom.ttf": "/dev/urandom"} {
		if err := os.Symlink(target, filepath.Join(d.dir, name)); err != nil {
			t.Skipf("no symbolic link: %v", err)
		}
	}
	l := assets.New(os.DirFS(d.dir))
	within(t, 10*time.Second, func() {
		for _, c := range []struct {
			name string
			load func(string) error
		}{
			{"pipe.yaml", func(p string) error { _, err := l.Data(p); return err }},
			{"pipe.yaml", func(p string) error { _, err := l.Atlas(p); return err }},
			{"zero.png", func(p string) error { _, err := l.Image(p); return err }},
			{"urandom.ttf", func(p string) error { _, err := l.Font(p); return err }},
		} {
			err := c.load(c.name)
			if !errors.Is(err, assets.ErrNotFound) {
				t.Errorf("loading %s = %v; want ErrNotFound: not a regular file", c.name, err)
			}
			t.Log(err)
		}
		data, err := l.Data("tuning.yaml")
		if err != nil {
			t.Error(err)
			return
		}
		// A data file that becomes a FIFO: the reload reports it, and keeps
		// the data.
		if err := os.Remove(filepath.Join(d.dir, "tuning.yaml")); err != nil {
			t.Error(err)
			return
		}
		if err := syscall.Mkfifo(filepath.Join(d.dir, "tuning.yaml"), 0o644); err != nil {
			t.Error(err)
			return
		}
		r := l.Reload()
		if !errors.Is(r.Err, assets.ErrNotFound) || data.Generation() != 1 || string(data.Bytes()) != "speed: 1\n" {
			t.Errorf("reload of a data file that became a FIFO: %v, generation %d", r.Err, data.Generation())
		}
	})
}

// within runs f on another goroutine (so it must not call t.Fatal),
// failing t if f has not returned after d: for loads that used to block
// for ever.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still loading after %v", d)
	}
}
