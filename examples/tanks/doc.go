// Command tanks is Tessera's arcade example: a top-down tank game. The
// player drives a tank round an arena made in the Tiled map editor,
// turning its turret on its own and firing shells at the monsters that
// hunt it and crawl out of nests, picking up repair kits, until the arena
// is clear (won) or the tank is destroyed (lost). It has a title, the
// play, a pause scene (which saves the game in a slot) and a game-over
// scene; the title continues a saved game. The game itself is package
// game, which never imports ebitengine and draws nothing itself: the
// engine draws its scenes' sprites, texts and cameras and plays the
// sounds it asks for.
//
// Usage:
//
//	./scripts/example.sh tanks [flags]
//	go run -tags tesserawindow ./examples/tanks [flags]   # a window
//	go run ./examples/tanks -headless [flags]             # no window
//
// The game's configuration keys, as flags (or TESSERA_DEMO=true, or
// demo: true in tessera.yaml):
//
//	-level name
//		the level played: a map of game/assets/levels (default arena)
//	-demo
//		skip the title and let the autopilot drive, aim and fire
//	-slot file
//		the save slot's file (default tessera/tanks-slot.yaml in the
//		user's configuration directory); -slot= keeps it in memory
//
// and every engine key, such as -random.seed 7 (the seed of the monsters'
// wandering and the nests' choices), -debug.overlay (or F3 while it
// runs), -debug.fixed_frames or -config tanks.yaml; -headless runs
// without a window for -steps fixed steps (default 600). The input
// actions (move_left, move_right, move_up, move_down, turn_left,
// turn_right, fire, pause, start, continue, save, quit) are rebound in a
// config file.
//
// A binary built without the tesserawindow tag cannot open a window, since
// it must not link ebitengine (which panics at start-up without a display):
// run without -headless, it says so and exits with status 2. Bad flags and
// bad configuration exit with status 2; a game error with status 1.
package main
