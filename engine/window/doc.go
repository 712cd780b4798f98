// Package window runs a Tessera game in a window, on ebitengine v2.8.8.
// A game's main calls [engine.Main], which finds this package's runtime
// once it is linked in (a blank import); [Run] is the same for a main that
// loads its configuration itself (see the example of Run):
//
//	if err := window.Run(cfg, engine.Game{First: &Title{}, Assets: files}); err != nil {
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
//   - Drawing: every scene's world, from its drawables (package
//     render/drawable); [Drawer], the escape hatch for drawing of a
//     scene's own.
//
// # How a frame runs
//
// One ebiten.Game adapter drives the engine. ebitengine's TPS is synced to
// the frame rate (ebiten.SyncWithFPS), so Update is called once per frame
// and the engine's [engine.FixedLoop] alone decides how many fixed steps
// the frame runs. Each Update measures the frame's length with the wall
// clock (outside every step: steps only see the loop's simulated time),
// samples the buttons the input's actions are bound to, and runs
// [engine.Engine.Frame], then plays the sounds game logic asked for
// ([engine.PlaySound]) through package engine/audio, silent when the
// machine has no sound device. Each Draw draws every scene on the stack,
// bottom first, each from its own world with a [render.Renderer] of its
// own over one [render.Cache] of the game's files: the top scene between
// its last two fixed steps, the scenes it covers at their final state,
// which do not step. A scene that implements [Drawer] has its Draw called
// after its world is drawn. Then comes the debug overlay, which F3 shows
// and hides ([render.Overlay]). The logical screen is the configured
// width × height, shown zoomed in the window. What the cache cannot load
// (a missing picture, frame or font) draws nothing and is reported once
// as an [engine.EventError].
//
// The run ends when the window is closed, the engine is stopped
// ([engine.Engine.Stop]), the last scene is popped, or debug.frames frames
// have run. Screenshots (debug.screenshot_frame, debug.screenshot_key) are
// read from the screen once it is drawn and saved as PNG; a screenshot
// that cannot be saved is reported as an [engine.EventError].
package window
