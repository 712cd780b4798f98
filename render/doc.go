// Package render draws Tessera worlds with ebitengine. Games do not use
// it: a scene says what to draw with the components of package
// render/drawable (sprites, animations, shapes, texts, cameras), and the
// engine's window runtime (package engine/window) draws every scene's
// world with this package. It is for that runtime, for tools, and for
// tests that look at pixels.
//
// # Outline
//
//   - [Cache]: the pictures and fonts of one game, named by asset path,
//     loaded through its [assets.Loader] when first drawn, uploaded once,
//     reloaded when the loader reloads; [NewCache], [Cache.TakeErrors].
//   - [Renderer]: draws one world; [New], [Options],
//     [Renderer.BeforeStep], [Renderer.Draw], [Renderer.Settle],
//     [Renderer.Teleport], [Renderer.Release], [Renderer.Stats], [Stats].
//   - [Overlay]: the debug overlay; [NewOverlay], [Overlay.Frame],
//     [Overlay.StartDraw], [Overlay.Draw], [Overlay.SystemStarted].
//
// # Layout
//
// Only this package imports ebitengine; what needs no GPU lives in
// packages that do not, so that it tests and benchmarks anywhere:
//
//	render/drawable       the components and their values, the Animator,
//	                      StepCameras, named layers
//	render/camera         camera math: world ↔ screen, views, following,
//	                      bounds
//	render/internal/core  sorting, culling, vertex batches, interpolation
//	                      bookkeeping, animation frames, text wrapping,
//	                      the overlay's accounting
//	render                the Cache, the Renderer (textures, shapes through
//	                      ebitengine's vector package, texts through
//	                      text/v2), the Overlay; tests need a display
//
// # A frame
//
// The window runtime keeps one Cache for the game and one Renderer per
// scene on the stack. Before each fixed step of the scene on top it calls
// [Renderer.BeforeStep], which records where everything was when the step
// began (in O(1) after a draw: the draw noted it; cameras by a walk of
// them). Every frame it calls
// [Renderer.Draw] for each scene, bottom first: the top one at the loop's
// alpha, the ones it covers at 1, their final state. Draw places every
// drawable alpha of the way from its recorded position to its current one
// ([geom.Teleport] opts an entity out until the next step), looks through
// the world's cameras ([drawable.Camera]; none is the default camera,
// (0, 0) at the middle), culls what each does not show, sorts by
// [drawable.Order] (layer, then z, then entity, never by walk order) and
// draws in batches: runs of sprites from one image as single
// DrawTriangles calls built in reused buffers, shapes as triangles cached
// until the figure changes, texts with text/v2; drawables with the
// [drawable.Screen] tag last, in screen pixels. A steady frame of sprites
// allocates nothing.
//
// # Errors
//
// Drawing never fails: a sprite whose picture, atlas or frame does not
// load, a text whose font does not (or that the font parser cannot read),
// draws nothing, and the Cache reports each problem once
// ([Cache.TakeErrors]; the runtime turns them into error events). A
// prefab library given the game's loader refuses such data when it loads
// ([drawable.Region.CheckAssets]). [NewOverlay] returns an error when the
// key names no key.
package render
