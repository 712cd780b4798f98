package window

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

// TestScreenshotKey: one press of the screenshot key in the end-to-end
// run saves one numbered screenshot of the frame it was pressed in, as
// big as the window's logical size.
func TestScreenshotKey(t *testing.T) {
	if e2e.err != nil {
		t.Fatalf("RunEngine = %v", e2e.err)
	}
	shots, err := filepath.Glob(filepath.Join(filepath.Dir(e2e.shot), "shot-*.png"))
	if err != nil || len(shots) != 1 {
		t.Fatalf("screenshots saved by the key: %v (err %v), want exactly one", shots, err)
	}
	if want := numbered(e2e.shot, 20); shots[0] != want {
		t.Errorf("key screenshot saved as %s, want %s", shots[0], want)
	}
	img := readPNG(t, shots[0])
	if b := img.Bounds(); b.Dx() != e2eW || b.Dy() != e2eH {
		t.Errorf("key screenshot is %v, want %dx%d", b, e2eW, e2eH)
	}
}

// TestKeyShotOnScreenshotFrame: pressing the screenshot key in the frame
// debug.screenshot_frame names makes two pictures due, the key's numbered
// one and the frame's own; the frame's used to replace the key's.
func TestKeyShotOnScreenshotFrame(t *testing.T) {
	e, err := engine.New(engine.Config{Debug: engine.DebugConfig{
		ScreenshotFrame: 3, ScreenshotPath: "shot.png", ScreenshotKey: "F12"}}, engine.Game{First: &scene.Base{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(); err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e)
	if err != nil {
		t.Fatal(err)
	}
	g.down = func(b engine.Button) bool { return b == g.shotKey && g.e.Frames() == 2 } // pressed in frame 3
	var saved []string
	for range 3 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		for _, p := range []*string{&g.shotPath, &g.shotAt} {
			if *p != "" {
				saved = append(saved, *p)
				*p = "" // what Draw does after saving
			}
		}
	}
	if fmt.Sprint(saved) != "[shot-3.png shot.png]" {
		t.Errorf("frame 3 with the key pressed: screenshots due %q, want [shot-3.png shot.png]", saved)
	}
}

func TestNumbered(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"screenshot.png", "screenshot-7.png"},
		{"shot/a.b.png", "shot/a.b-7.png"},
		{"noext", "noext-7"},
	} {
		if got := numbered(tt.in, 7); got != tt.want {
			t.Errorf("numbered(%q, 7) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
