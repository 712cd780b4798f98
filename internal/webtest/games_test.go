//go:build unix

package webtest

import (
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var shotsDir = flag.String("shots", "", "write each game's last browser screenshot, NAME.png, to this folder")

const (
	// sceneTimeout bounds, for each game, the wait for its page to start
	// it and then for a screenshot that shows its scene: on a loaded
	// 2-core machine, Chromium takes up to ten seconds to compile 25 MB
	// of wasm, and SwiftShader draws a few frames a second.
	sceneTimeout = 3 * time.Minute
	// builders is how many games web.sh builds at once: a cold wasm
	// build keeps a core busy for half a minute.
	builders = 2
	// minColours is how many colours (bins covering at least minShare) a
	// game without a reference picture must show: a blank page has one,
	// a line of text on it a few.
	minColours = 8
	// runner is the engine's own test game, beside the examples.
	runner = "engine/internal/runner"
)

// A game is one that web.sh builds: a folder of examples/, or runner.
type game struct {
	name string // web.sh's NAME
	ref  string // its window screenshot, docs/NAME.png, or "" if it has none
}

// games lists every example and the runner, each with docs/NAME.png
// when there is one.
func games(t *testing.T, root string) []game {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, "examples"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	var gs []game
	for _, name := range append(names, runner) {
		g := game{name: name}
		if ref := filepath.Join(root, "docs", filepath.Base(name)+".png"); fileExists(ref) {
			g.ref = ref
		}
		gs = append(gs, g)
	}
	return gs
}

func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

// TestGamesInBrowser builds every example (and the engine's runner) with
// scripts/web.sh, opens each page in headless Chromium and waits for a
// screenshot that shows the game's scene: its colours are those of the
// game's window screenshot in docs/ (see [likeness]), so neither a blank,
// black or error page nor another game passes. The page must report that
// the game is running, and fails the test at once if it says the game
// exited or did not load. Then a flag no game has, in the query string,
// must stop the game with the engine's message on the page. Builds run
// ahead of the browser, two at a time.
func TestGamesInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every example for the browser and opens it in Chromium")
	}
	chromium := lookBrowser(t)
	root := repoRoot(t)
	gs := games(t, root)
	trackSources(t, root)
	out := t.TempDir()

	type built struct {
		s   *server
		err error
	}
	ready := make([]chan built, len(gs))
	queue := make(chan int, len(gs))
	for i := range gs {
		ready[i] = make(chan built, 1)
		queue <- i
	}
	close(queue)
	for range builders {
		go func() {
			for i := range queue {
				s, err := serve(root, gs[i].name, filepath.Join(out, filepath.Base(gs[i].name)))
				ready[i] <- built{s, err}
			}
		}()
	}
	for i, g := range gs {
		t.Run(filepath.Base(g.name), func(t *testing.T) {
			b := <-ready[i]
			if b.err != nil {
				t.Fatal(b.err)
			}
			defer b.s.stop()
			t.Logf("web.sh %s served %s after %.1f s", g.name, b.s.url, b.s.took.Seconds())
			checkScene(t, chromium, g, b.s)
		})
	}
}

// checkScene opens the page s serves at the size of g's reference (so
// the game's screen fills it at one pixel per pixel) and waits for it to
// show g's scene.
func checkScene(t *testing.T, chromium string, g game, s *server) {
	width, height := 640, 360
	var ref *palette
	if g.ref != "" {
		f, err := os.Open(g.ref)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", g.ref, err)
		}
		width, height = img.Bounds().Dx(), img.Bounds().Dy()
		p := paletteOf(img)
		ref = &p
	} else {
		t.Logf("no docs/%s.png to compare with: checking for at least %d colours", filepath.Base(g.name), minColours)
	}
	b := startBrowser(t, chromium, width, height)
	ctx, cancel := context.WithTimeout(context.Background(), sceneTimeout)
	defer cancel()
	start := time.Now()
	if err := b.navigate(ctx, s.url); err != nil {
		t.Fatal(err)
	}
	p, err := waitState(ctx, b)
	if err != nil {
		t.Fatalf("%v\nweb.sh's output:\n%s\nchromium's stderr:\n%s", err, s.out, b.stderr)
	}
	if p.State != "running" {
		t.Fatalf("the page's state is %s, want running; it says:\n%s", p.State, p.Status)
	}
	running := time.Since(start)

	var shot image.Image
	why := ""
	for {
		shot, err = b.screenshot(ctx)
		if err != nil {
			t.Fatalf("%v (the last screenshot: %s)", err, why)
		}
		var ok bool
		if ok, why = shows(ref, shot); ok {
			break
		}
		if err := b.eval(ctx, pageExpr, &p); err == nil && p.State != "running" {
			keep(t, g, shot)
			t.Fatalf("the page's state became %s; it says:\n%s", p.State, p.Status)
		}
		select {
		case <-ctx.Done():
			keep(t, g, shot)
			t.Fatalf("no screenshot showed the scene in %v: the last has %s\nchromium's stderr:\n%s", sceneTimeout, why, b.stderr)
		case <-time.After(500 * time.Millisecond):
		}
	}
	t.Logf("the page ran the game after %.1f s and showed its scene after %.1f s: %s", running.Seconds(), time.Since(start).Seconds(), why)
	if *shotsDir != "" {
		keep(t, g, shot)
	}

	// The query string is the game's command line: a flag it does not
	// know stops it, with engine.Main's message on the page.
	bad := s.url + "?"
	if strings.Contains(s.url, "?") {
		bad = s.url + "&"
	}
	bad += unknownFlag + "=1"
	if err := b.navigate(ctx, bad); err != nil {
		t.Fatal(err)
	}
	if p, err = waitState(ctx, b); err != nil {
		t.Fatal(err)
	}
	if p.State != "exited" || !strings.Contains(p.Status, "exited with code 2") || !strings.Contains(p.Status, unknownFlag) {
		t.Errorf("%s: the page's state is %s and it says:\n%s\nwant it exited with code 2, naming -%s", bad, p.State, p.Status, unknownFlag)
	}
}

// unknownFlag is a flag no game has.
const unknownFlag = "webtest.no-such-flag"

// shows reports whether shot shows the scene whose palette is ref (any
// scene of minColours colours if ref is nil), and why.
func shows(ref *palette, shot image.Image) (bool, string) {
	p := paletteOf(shot)
	if ref == nil {
		n := p.colours()
		return n >= minColours, fmt.Sprintf("%d colours, want at least %d", n, minColours)
	}
	found, missing := likeness(ref, &p)
	why := fmt.Sprintf("%.0f%% of the reference's colours, want %.0f%%", 100*found, 100*minFound)
	if missing != "" {
		why += "; missing " + missing
	}
	return found >= minFound, why
}

// keep writes shot to -shots, or to a new temporary folder, as NAME.png
// and says where.
func keep(t *testing.T, g game, shot image.Image) {
	t.Helper()
	dir := *shotsDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "webtest-"); err != nil {
			t.Error(err)
			return
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Error(err)
		return
	}
	path := filepath.Join(dir, filepath.Base(g.name)+".png")
	f, err := os.Create(path)
	if err == nil {
		err = png.Encode(f, shot)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Error(err)
		return
	}
	t.Logf("screenshot: %s", path)
}
