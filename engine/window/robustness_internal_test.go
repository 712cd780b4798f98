package window

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/scene"
)

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
