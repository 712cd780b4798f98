package artfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/pixelart/artfile"
)

// recorder is a testing.TB that keeps the failures a check reports.
type recorder struct {
	testing.TB
	errs  []string
	fatal bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) { r.errs, r.fatal = append(r.errs, fmt.Sprint(args...)), true }

// TestWriteThenCheckCurrent: files written by Write are current; a file
// changed or gone since is reported by name, with the command to run.
func TestWriteThenCheckCurrent(t *testing.T) {
	dir := t.TempDir()
	files := []artfile.File{{Name: "a.png", Data: []byte{1, 2, 3}}, {Name: "a.yaml", Data: []byte("image: a.png\n")}}
	if err := artfile.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		spoil func()
		want  []string // what each failure holds, in order
	}{
		{"current", func() {}, nil},
		{"changed", func() { os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("image: b.png\n"), 0o644) },
			[]string{"a.yaml is not what the generator writes: run go generate"}},
		{"gone", func() { os.Remove(filepath.Join(dir, "a.png")) },
			[]string{"a.png", "a.yaml is not what"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.spoil()
			r := &recorder{TB: t}
			artfile.CheckCurrent(r, dir, func() ([]artfile.File, error) { return files, nil }, "go generate")
			if len(r.errs) != len(tc.want) {
				t.Fatalf("CheckCurrent reported %q, want %d failures like %q", r.errs, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.Contains(r.errs[i], w) {
					t.Errorf("failure %d = %q, want it to say %q", i, r.errs[i], w)
				}
			}
		})
	}
}

// TestCheckCurrentNothing: a generator that fails, or writes nothing,
// fails the check at once rather than passing it vacuously.
func TestCheckCurrentNothing(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files func() ([]artfile.File, error)
	}{
		{"fails", func() ([]artfile.File, error) { return nil, errors.New("no ink") }},
		{"empty", func() ([]artfile.File, error) { return nil, nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			artfile.CheckCurrent(r, t.TempDir(), tc.files, "go generate")
			if !r.fatal {
				t.Errorf("CheckCurrent reported %q, want a fatal failure", r.errs)
			}
		})
	}
}

// TestWriteFails: a directory that does not exist is an error, and the
// files before the failing one stay written.
func TestWriteFails(t *testing.T) {
	if err := artfile.Write(filepath.Join(t.TempDir(), "none"), []artfile.File{{Name: "a", Data: nil}}); err == nil {
		t.Error("Write into a missing directory = nil, want an error")
	}
}

// frame and clip are a sheet's frames and clips for TestCheckSheet.
type (
	frame struct {
		name string
		w    int
	}
	clip struct {
		name   string
		frames []string
	}
)

// TestCheckSheet: the sheet checks report duplicate names, frames wider
// than the sheet and clips naming no frame, and nothing else.
func TestCheckSheet(t *testing.T) {
	frames := []frame{{"a", 10}, {"b", 20}}
	for _, tc := range []struct {
		name   string
		width  int
		frames []frame
		clips  []clip
		want   []string
	}{
		{"good", 20, frames, []clip{{"spin", []string{"a", "b", "a"}}}, nil},
		{"no width", 0, frames, nil, nil},
		{"too wide", 15, frames, nil, []string{`piece "b" is 20 wide, wider than the sheet's 15`}},
		{"twice", 20, append(frames, frame{"a", 1}), nil, []string{`two pieces called "a"`}},
		{"unknown frame", 20, frames, []clip{{"spin", []string{"a", "c"}}},
			[]string{`"spin"'s animation names "c", which is no piece`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			artfile.CheckSheet(r, "piece", tc.width, tc.frames, func(f frame) (string, int) { return f.name, f.w },
				tc.clips, func(c clip) (string, []string) { return c.name, c.frames })
			if fmt.Sprint(r.errs) != fmt.Sprint(tc.want) {
				t.Errorf("CheckSheet reported %q, want %q", r.errs, tc.want)
			}
		})
	}
}
