// Command ecs-stress is Tessera's main example: tens of thousands of
// monsters bouncing in a field, drawn as sprites by the engine, with the
// debug overlay on F3. The up and down arrows (or + and -, or the
// gamepad's shoulder buttons) add and remove bodies a thousand at a time.
// The bodies come from prefab YAML (game/assets/prefabs), which sets the
// field's size, the starting count, the batch, the speeds and the
// sprites; the game is package game, which never imports ebitengine.
//
// Usage:
//
//	./scripts/example.sh ecs-stress [flags]
//	go run -tags tesserawindow ./examples/ecs-stress [flags]   # window
//	go run ./examples/ecs-stress -headless [flags]              # timing table
//
// In a window, the game's configuration keys, as flags (or TESSERA_BODIES,
// or bodies: in tessera.yaml):
//
//	-bodies n    bodies the field starts with (default: the field prefab's, 10000)
//	-walk name   how the move system walks the world: slots (default), each, query, each-object
//	-collide     give the bodies circle colliders and step systems.Collision after
//	             the move; bodies flash as they meet
//	-seed n      seed of the bodies' places, speeds and kinds (default 1)
//
// and the engine's keys (-window.width 1920, -loop.hz 120,
// -debug.fixed_frames, -debug.screenshot_frame ...; see docs/CONFIG.md),
// with its input actions input.actions.add and input.actions.remove.
//
// With -headless it prints cmd/stress's timing table instead (table.go):
// each body count of -bodies (a comma-separated list, default
// 10000,100000), each walk of -walk (a list, default all), -steps timed
// fixed steps (default 300) of the whole game through engine.NewHeadless,
// checked against the limit (the same moves over plain slices); -json
// prints one JSON object per line; -collide and -seed apply. A walk that
// disagrees with the limit exits with status 1, bad flags with 2.
//
// The window lives in window.go behind the build tag tesserawindow, since
// ebitengine panics at start-up without a display. A binary built without
// the tag runs -headless only: without it, it says how to get the window
// and exits with status 2.
package main
