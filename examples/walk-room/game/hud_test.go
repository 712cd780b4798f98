package game_test

import (
	"testing"

	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestHUD: the HUD is game state: texts on the screen (the Screen tag, so
// no camera moves them) that say the item count and the room, kept
// current as the demo picks up items and goes through the door; the pause
// scene says how to go on.
func TestHUD(t *testing.T) {
	g, h := start(t, game.Options{Seed: 1, Demo: true})
	steps(t, h, 1)
	if got := g.Room().HUDText(); got != "0 · hall" {
		t.Errorf("HUD at the start says %q, want %q", got, "0 · hall")
	}
	until(t, h, game.DemoPause, "the first coin picked up", func() bool { return g.Items() == 1 })
	steps(t, h, 1)
	if got := g.Room().HUDText(); got != "1 · hall" {
		t.Errorf("HUD after the first coin says %q, want %q", got, "1 · hall")
	}
	w := g.Room().World()
	for e, l := range world.Query1(w, drawable.Text) {
		if !w.Has(e, drawable.Screen) {
			t.Errorf("HUD text %q is not on the screen", l.Text)
		}
	}

	until(t, h, game.DemoPause, "the pause", g.Paused)
	var said []string
	pw := g.Room().Scenes().Top().World()
	for e, l := range world.Query1(pw, drawable.Text) {
		if pw.Has(e, drawable.Screen) {
			said = append(said, l.Text)
		}
	}
	if len(said) != 2 || said[0] != "Paused" && said[1] != "Paused" {
		t.Errorf("the pause screen says %q, want Paused and how to go on", said)
	}

	stepTo(t, h, game.DemoStop+20)
	if got := g.Room().HUDText(); got != "2 · study" {
		t.Errorf("HUD at the demo's end says %q, want %q", got, "2 · study")
	}
}
