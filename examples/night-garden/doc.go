// Command night-garden is a small living scene: fireflies wander the
// garden with timers and tweens, flowers open when night falls and close
// at dawn, and a day/night cycle tints the sky and the world. Everything
// is tuned from YAML (game/assets), and with the engine's -assets.dir DIR
// the files in DIR are watched and every save applies while the garden
// runs. The garden is
// package game, which never imports ebitengine: the engine draws its
// sprites, shapes, texts and camera.
//
//	./scripts/example.sh night-garden                       # a window if there is a display
//	go run -tags tesserawindow ./examples/night-garden -assets.dir examples/night-garden/game/assets
//	go run ./examples/night-garden -headless -steps 600     # no display needed
//
// Keys: N skips to the next dusk or dawn, Space scatters the fireflies, F
// (held) runs the cycle faster, F3 shows the debug overlay, F12 saves a
// screenshot.
//
// The game's configuration key, as a flag (or TESSERA_SEED=9, or seed: 9
// in tessera.yaml):
//
//	-seed n    seed of the garden's random numbers (default 1)
//
// and every engine key (-assets.dir DIR to run from DIR's files and apply
// every save, -window.zoom 2, -loop.hz 120, -config FILE,
// -debug.fixed_frames, ...; see docs/CONFIG.md); -headless runs without a
// window for -steps fixed steps (default 600).
//
// The window needs a binary built with the tesserawindow tag, which links
// ebitengine (scripts/example.sh adds it when there is a display). The
// default build does not link it, so it runs anywhere: run without
// -headless, it says so and exits with status 2.
package main
