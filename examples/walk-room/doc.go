// Command walk-room is Tessera's top-down walking example: a player walks
// through two rooms bigger than the screen, sliding along walls and
// furniture, picks up coins and gems, goes through a door from one room
// into the other and pauses. The rooms are maps of the Tiled editor and
// the player, the furniture, the items and the doors prefab YAML and
// pictures (game/assets); the game itself is package game, which never
// imports ebitengine and draws nothing itself: the engine draws its
// scenes' sprites, texts and cameras and plays the sounds it asks for.
//
// Usage:
//
//	./scripts/example.sh walk-room [flags]
//	go run -tags tesserawindow ./examples/walk-room [flags]   # a window
//	go run ./examples/walk-room -headless [flags]             # no window
//
// The game's configuration keys, as flags (or TESSERA_ROOM=study, or
// room: study in tessera.yaml):
//
//	-room name
//		the room the game starts in: hall (the default) or study
//	-seed n
//		seed of where the study's gems are scattered (default 1)
//	-demo
//		play the demo walk: right through the hall over a coin, a pause,
//		through the door and across the study
//
// and every engine key, such as -window.width 800, -debug.fixed_frames,
// -config walk.yaml or -assets.dir examples/walk-room/game/assets (run
// from that directory's files: a room saved in Tiled is rebuilt while the
// game runs; see docs/CONFIG.md and docs/LEVELS.md); -headless runs
// without a window for -steps fixed steps (default 600). The input actions
// move_left, move_right, move_up, move_down (the axis move) and pause are
// rebound in a config file.
//
// A binary built without the tesserawindow tag cannot open a window, since
// it must not link ebitengine (which panics at start-up without a display):
// run without -headless, it says so and exits with status 2. Bad flags and
// bad configuration exit with status 2; a game error with status 1.
package main
