// Package window runs a Tessera game in a window, on ebitengine v2.8.8:
// [Run] is the one call a game's main makes, after loading its
// configuration (see the example of Run):
//
//	if err := window.Run(cfg, &Title{}); err != nil {
//		log.Fatal(err)
//	}
//
// It is the only part of the engine that imports ebitengine, and so the
// only one whose binaries, test binaries included, need a display (under
// CI, Xvfb). Everything else — the loop, scenes, input, configuration, the
// headless runner — is in package engine and package scene and runs
// anywhere.
//
// # Outline
//
//   - Running: [Run], [RunEngine].
//   - Drawing: [Drawer] (a scene's own Draw).
//
// # How a frame runs
//
// One ebiten.Game adapter drives the engine. ebitengine's TPS is synced to
// the frame rate (ebiten.SyncWithFPS), so Update is called once per frame
// and the engine's [engine.FixedLoop] alone decides how many fixed steps
// the frame runs. Each Update measures the frame's length with the wall
// clock (outside every step: steps only see the loop's simulated time),
// samples the buttons the input's actions are bound to, and runs
// [engine.Engine.Frame]. Each Draw draws every scene on the stack, bottom
// first, through its Draw method if it has one. The logical screen is the configured width × height, shown zoomed
// in the window.
//
// The run ends when the window is closed, the engine is stopped
// ([engine.Engine.Stop]), the last scene is popped, or debug.frames frames
// have run. Screenshots (debug.screenshot_frame, debug.screenshot_key) are
// read from the screen once it is drawn and saved as PNG; a screenshot
// that cannot be saved is reported as an [engine.EventError].
package window
