// Package e2e tests examples/first-game from outside. The game's main.go
// links ebitengine, whose start-up panics without a display, so no test
// binary may link it; these tests never import it. They check that main.go
// stays a gofmt'd file of at most 50 lines, that its configuration file is
// valid, that docs/FIRST_GAME.md shows both files verbatim, and, when there
// is a display, build the real game, run it for a few frames with a
// screenshot, and run the game's own tests (../game_test.go, which need the
// tesserawindow tag and a display).
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/format"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/internal/windowtest"
)

// The files under test, relative to this directory, and the repository root.
const (
	root     = "../../.."
	mainFile = "../main.go"
	doc      = root + "/docs/FIRST_GAME.md"
	maxLines = 50
)

func TestMainFits(t *testing.T) {
	src, err := os.ReadFile(mainFile)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(src, []byte("\n")); n > maxLines || n == 0 {
		t.Errorf("%s has %d lines, want 1 to %d: the first game must stay that short", mainFile, n, maxLines)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("%s is not gofmt'd: the line count is of the gofmt'd file", mainFile)
	}
}

// codeMarker names the file a docs snippet is copied from verbatim, on the
// line before its opening fence (as internal/readmecheck reads it).
var codeMarker = regexp.MustCompile(`^<!--\s*code:\s*(\S+)\s*-->$`)

// snippet is one fenced block of the walkthrough that names its file.
type snippet struct {
	line int    // of the opening fence
	file string // relative to the repository root
	text string // the lines between the fences, each ending in "\n"
}

// readSnippets returns the fenced blocks of path, with the file each one
// names; a ```go block that names none is an error.
func readSnippets(t *testing.T, path string) []snippet {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var (
		out  []snippet
		cur  *snippet
		prev string // the last line outside blocks
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fence := strings.TrimSpace(line) // fences may be indented, in a list
		switch {
		case cur != nil && fence == "```":
			if cur.file != "" {
				out = append(out, *cur)
			}
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		case strings.HasPrefix(fence, "```"):
			cur = &snippet{line: n}
			if m := codeMarker.FindStringSubmatch(strings.TrimSpace(prev)); m != nil {
				cur.file = m[1]
			} else if strings.TrimSpace(strings.TrimPrefix(fence, "```")) == "go" {
				t.Errorf("%s:%d: Go snippet without <!-- code: path --> on the line before it", path, n)
			}
		}
		if cur == nil {
			prev = line
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: code block is never closed", path, cur.line)
	}
	return out
}

// TestDocShowsTheGame checks docs/FIRST_GAME.md against the files it
// walks through: the snippets copied from each file, read in order, are
// that whole file, line for line, except for blank lines between them. So
// any change to main.go fails here until the page shows it.
func TestDocShowsTheGame(t *testing.T) {
	byFile := make(map[string][]snippet)
	for _, s := range readSnippets(t, doc) {
		byFile[s.file] = append(byFile[s.file], s)
	}
	for _, file := range []string{"examples/first-game/main.go"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(root, file))
			if err != nil {
				t.Fatal(err)
			}
			snippets := byFile[file]
			if len(snippets) == 0 {
				t.Fatalf("%s shows no snippet of %s", doc, file)
			}
			if err := covers(string(src), snippets); err != nil {
				t.Errorf("%s: %v; copy %s into the page again", doc, err, file)
			}
		})
	}
}

// covers reports whether the snippets, in order, are src: each one must
// be found verbatim where the last one ended, with only blank lines
// between them, before the first and after the last.
func covers(src string, snippets []snippet) error {
	rest := src
	for _, s := range snippets {
		skipped := strings.TrimLeft(rest, "\n")
		if !strings.HasPrefix(skipped, s.text) {
			if strings.Contains(src, s.text) {
				return fmt.Errorf("line %d: snippet is out of order, or lines before it are missing from the page", s.line)
			}
			return fmt.Errorf("line %d: snippet is not copied verbatim", s.line)
		}
		rest = skipped[len(s.text):]
	}
	if strings.TrimLeft(rest, "\n") != "" {
		return fmt.Errorf("the end of the file is missing from the page: %q", firstLine(strings.TrimLeft(rest, "\n")))
	}
	return nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func TestCovers(t *testing.T) {
	src := "a\nb\n\nc\nd\n"
	for _, tc := range []struct {
		name     string
		snippets []string
		ok       bool
	}{
		{"whole", []string{src}, true},
		{"split at the blank line", []string{"a\nb\n", "c\nd\n"}, true},
		{"split anywhere", []string{"a\n", "b\n\nc\n", "d\n"}, true},
		{"missing the end", []string{"a\nb\n"}, false},
		{"missing the start", []string{"c\nd\n"}, false},
		{"missing the middle", []string{"a\n", "d\n"}, false},
		{"out of order", []string{"c\nd\n", "a\nb\n"}, false},
		{"changed", []string{"a\nb\n", "c\nD\n"}, false},
		{"repeated", []string{"a\nb\n", "a\nb\n", "c\nd\n"}, false},
	} {
		var ss []snippet
		for i, text := range tc.snippets {
			ss = append(ss, snippet{line: i, text: text})
		}
		if err := covers(src, ss); (err == nil) != tc.ok {
			t.Errorf("%s: covers = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// needDisplay skips a test that runs the game unless there is a display
// and the tests are not -short.
func needDisplay(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a program with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb, or run under xvfb-run")
	}
}

// TestWindow builds the game, runs it in a window for a few frames with a
// screenshot, as docs/FIRST_GAME.md says, and checks that the picture is
// the game: the 640×360 screen, black, with the white paddle at the bottom
// middle, the white star above it and the score at the top left.
func TestWindow(t *testing.T) {
	needDisplay(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "first-game")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	shot := filepath.Join(dir, "shot.png")
	run := exec.CommandContext(ctx, bin, "-debug.frames", "60", "-debug.screenshot_frame", "60",
		"-debug.screenshot", shot, "-debug.fixed_frames")
	run.Dir = dir // the game needs no file of its own
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("first-game: %v\n%s", err, out)
	}
	img := windowtest.ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Fatalf("screenshot is %v, want 640x360", b)
	}
	// The world's (0, 0) is the screen's middle, (320, 180). The paddle:
	// an 80×10 rectangle with its top-left corner at (-40, 150), so (280,
	// 330) on the screen; the score's label at (-312, -172), so (8, 8);
	// after 60 steps of 2.5 pixels from y -180, the star (radius 8) at
	// (0, -30), so around (320, 150).
	paddle, label, star := image.Rect(280, 330, 360, 340), image.Rect(0, 0, 120, 40), image.Rect(310, 138, 331, 163)
	count := func(r image.Rectangle, match func(color.NRGBA) bool) int { return windowtest.Count(img, r, match) }
	white := func(c color.NRGBA) bool { return c == color.NRGBA{255, 255, 255, 255} }
	light := func(c color.NRGBA) bool { return c.R > 128 }
	if n, want := count(paddle, white), paddle.Dx()*paddle.Dy(); n != want {
		t.Errorf("%d of the paddle's %d pixels are white", n, want)
	}
	if n := count(star, light); n < 150 || n > 230 {
		t.Errorf("%d light pixels where the star should be, want a circle of radius 8 (about 200)", n)
	}
	if n := count(label, light); n < 30 {
		t.Errorf("%d light pixels where the score should be, want its text", n)
	}
	all := count(img.Bounds(), light)
	if rest := all - count(paddle, light) - count(star, light) - count(label, light); rest != 0 {
		t.Errorf("%d light pixels outside the paddle, the star and the score; want the screen black there", rest)
	}
}

// TestScene runs the game's own tests, ../game_test.go: they drive the
// real scene through the headless runner with scripted input, and build
// only with the tesserawindow tag, with a display.
func TestScene(t *testing.T) {
	needDisplay(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-tags", "tesserawindow", "-count", "1", ".")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -tags tesserawindow ./examples/first-game: %v\n%s", err, out)
	}
	if !slices.ContainsFunc(strings.Split(string(out), "\n"), func(l string) bool { return strings.HasPrefix(l, "ok ") }) {
		t.Errorf("go test -tags tesserawindow printed no ok line:\n%s", out)
	}
}
