// Package render draws a Tessera world with ebitengine: sprites, shapes
// and texts are components, drawn through one or more cameras, between
// the last two fixed steps, sorted by layer and z, in as few draw calls as
// ebitengine allows, with a debug overlay on a key.
//
// # Outline
//
//   - The renderer: [Renderer], [New], [Options], [Renderer.Install],
//     [Renderer.Draw], [Renderer.Stats], [ErrInstallOrder].
//   - Drawables: [Sprite] ([Picture], [Flip]), [Shape] ([Figure], [Rect],
//     [Circle], [Line], [Polygon], [Figure.Outline]), [Text] ([Label],
//     [Renderer.Face]), [Hidden]; their place in the draw order, [Order].
//     All but Text are defined in package render/drawable, which does not
//     import ebitengine, so game logic and prefabs that give entities
//     drawables run in binaries without a display; the names here are
//     aliases of the same components and types.
//   - Images: [Region], [Renderer.AddImage], [Renderer.AddRegion],
//     [Renderer.AddAsset], [Renderer.AddAtlas], [Sheet].
//   - Animation: [Animation] ([Playback]), [Clip], [Mode],
//     [Renderer.AddClip], [Renderer.Ended], [AnimationEnd].
//   - Interpolation: [Teleport].
//   - Cameras: [Renderer.Camera], [Renderer.AddCamera],
//     [Renderer.RemoveCamera], [Renderer.Cameras], [Renderer.CameraAt];
//     the camera itself is package [camera].
//   - Debug overlay: [Overlay], [Renderer.Overlay], [Overlay.SystemStarted].
//
// # Layout
//
// Only this package imports ebitengine; what needs no GPU lives in two
// packages that do not, so that it tests and benchmarks anywhere:
//
//	render                the components, the Renderer, textures, shapes
//	                      (through ebitengine's vector package), texts
//	                      (text/v2), the overlay; tests need a display
//	render/camera         camera math: world ↔ screen, views, following,
//	                      bounds; imports world and geom only
//	render/internal/core  sorting, culling, vertex batches, interpolation
//	                      bookkeeping, animation stepping, text wrapping,
//	                      the overlay's accounting
//
// # A frame
//
// A scene makes its Renderer once, installs it first thing in OnEnter
// (its snapshot system must run before the scene's own fixed systems) and
// draws it from its Draw method, which engine/window finds and calls
// every frame:
//
//	func (s *Level) OnEnter() error {
//		if err := s.r.Install(s.World()); err != nil {
//			return err
//		}
//		// spawn entities with a geom.Position and a Sprite, add systems
//	}
//	func (s *Level) Draw(screen *ebiten.Image) { s.r.Draw(screen) }
//
// At the start of every fixed step the renderer records each
// [geom.Position]; its frame system takes the frame's alpha. Draw places
// every drawable alpha of the way from its recorded position to its
// current one, so motion simulated at 60 Hz is smooth at any frame rate
// ([Teleport] opts an entity out until the next step). Then it sorts the
// drawables by [Order] (layer, then z, then entity, never by walk order),
// and for each camera culls what lies outside its view and draws the rest
// into its viewport: runs of sprites from one image as single
// DrawTriangles calls built in reused buffers, shapes as triangles cached
// until the figure changes, texts with text/v2. A steady frame of sprites
// allocates nothing.
//
// # Errors
//
// Drawing never fails: a sprite with no region, a label with no face, an
// empty figure draw nothing. [Renderer.Install] returns an error when it
// comes after the world's fixed systems; [New] when the overlay key names
// no key; [Renderer.Face] when the font does not parse.
package render
