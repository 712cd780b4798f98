// Package artfile is what the examples' art generators (their
// internal/genart commands, run by go generate) share beyond the drawing
// of package pixelart: the command line that writes the files into a
// directory, and the checks their tests make, that the files a game ships
// are what the generator writes today and that a sheet's names hold
// together.
package artfile

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// File is one file a generator writes: its name in the output directory
// and its bytes.
type File struct {
	Name string
	Data []byte
}

// Main is a generator's main: it parses the command line's -o flag (the
// directory to write to, "." by default; usage says what goes there),
// makes the files with files and writes them, and on an error prints it
// after "genart: " and exits with status 1. Nothing is written when files
// fails; a failed write stops at that file.
func Main(usage string, files func() ([]File, error)) {
	out := flag.String("o", ".", usage)
	flag.Parse()
	fs, err := files()
	if err == nil {
		err = Write(*out, fs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genart:", err)
		os.Exit(1)
	}
}

// Write writes each file into dir, in order, stopping at the first
// error.
func Write(dir string, files []File) error {
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// CheckCurrent fails t for each file files makes whose copy in dir
// differs from it, or is missing: a generator's test that the game's
// files are what it writes today. regen is the command that writes them
// anew, for the message. It fails t at once if files fails or makes
// nothing.
func CheckCurrent(t testing.TB, dir string, files func() ([]File, error), regen string) {
	t.Helper()
	fs, err := files()
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) == 0 {
		t.Fatal("the generator writes no files")
	}
	for _, f := range fs {
		got, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Errorf("%v (run %s)", err, regen)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s is not what the generator writes: run %s", filepath.Join(dir, f.Name), regen)
		}
	}
}

// CheckSheet fails t unless every frame has a name of its own and is no
// wider than width (a sheet's rows; 0 skips the check), and every clip
// names frames of the sheet. frame gives a frame's name and width, clip a
// clip's name and the frames it shows; kind names the frames in messages
// ("piece", "tile").
func CheckSheet[F, C any](t testing.TB, kind string, width int,
	frames []F, frame func(F) (name string, w int), clips []C, clip func(C) (name string, frames []string)) {
	t.Helper()
	seen := make(map[string]bool, len(frames))
	for _, f := range frames {
		name, w := frame(f)
		if seen[name] {
			t.Errorf("two %ss called %q", kind, name)
		}
		seen[name] = true
		if width > 0 && w > width {
			t.Errorf("%s %q is %d wide, wider than the sheet's %d", kind, name, w, width)
		}
	}
	for _, c := range clips {
		name, shows := clip(c)
		for _, f := range shows {
			if !seen[f] {
				t.Errorf("%q's animation names %q, which is no %s", name, f, kind)
			}
		}
	}
}
