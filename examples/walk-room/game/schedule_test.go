package game_test

import (
	"testing"

	"github.com/tessera-engine/tessera/examples/walk-room/game"
	"github.com/tessera-engine/tessera/world"
)

// TestRoomSchedule: the room's systems that read input or pick items up
// declare their access, so the schedule runs walk beside pause and the
// save press beside face and hud, while the motion, collision and door
// systems stay exclusive; the pickup system, which destroys items and
// asks for sounds, runs alone between collision and the doors.
func TestRoomSchedule(t *testing.T) {
	g, _ := start(t, game.Options{Seed: 1})
	got := g.Room().World().Schedule(world.Fixed).String()
	want := "fixed: [walk-room.walk walk-room.pause] [systems.motion!] [systems.collision!] [walk-room.pickup] [walk-room.doors!] [walk-room.face walk-room.hud walk-room.save]"
	if got != want {
		t.Errorf("the room's schedule = %s\nwant %s", got, want)
	}
}
