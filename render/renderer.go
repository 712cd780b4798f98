package render

import (
	"cmp"
	"image"
	"math"
	"slices"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// Options configure a [Renderer]. The zero value draws sprites with
// nearest-neighbour filtering and shapes without anti-aliasing.
type Options struct {
	// Filter is how sprites are sampled when scaled or turned; the zero
	// value is ebiten.FilterNearest, right for pixel art.
	Filter ebiten.Filter
	// AntiAlias smooths the edges of shapes, at the cost of more draw
	// calls; the zero value draws hard edges.
	AntiAlias bool
}

// Renderer draws one world: its sprites, shapes and texts
// ([drawable.Sprite], [drawable.Shape], [drawable.Text]), through its
// cameras ([drawable.Camera]), each drawable between its positions at the
// last two fixed steps, turned and scaled by its entity's
// [geom.WorldTransform] (between its last two poses, too) on top of its
// own rotation and scale, and each camera between its last two
// positions, zooms and rotations. The
// engine's window runtime keeps one per scene and calls
// [Renderer.BeforeStep] before each of the scene's fixed steps and
// [Renderer.Draw] every frame; games never hold one.
//
// A Renderer is not safe for concurrent use: use it on the game loop's
// goroutine.
type Renderer struct {
	cache *Cache
	// The cache's loader, and how many reloads it had counted when this
	// renderer last refreshed the cache: a frame reads the loader's count
	// without waiting for the cache's line first.
	loader  *assets.Loader
	reloads uint64
	opts    Options
	w       *world.World // the world drawn, once BeforeStep or Draw saw it

	// The fields a frame reads first, and nearly all a frame that
	// repeats the last reads of the renderer itself (see repeat), but for
	// its histories, structure and records: together in the struct's
	// first lines, since after the GPU's work each line is a cold miss.
	draws       uint64          // Draw calls, for sweeping the caches
	memoVersion uint64          // the cache's version the memo is valid for (see memo)
	blocksWalks uint64          // the history's walks when blocks were drawn (see blocks)
	bounds      image.Rectangle // the screen's bounds during a Draw
	screen      geom.Vec2       // and its size
	alpha       float64
	stats       Stats
	keptBlocks  int // blocks kept by the last frame: all of them makes the next repeatable
	repeats     int // frames that repeated the last, for tests
	// repeatable is set when the last frame kept every block and drew
	// nothing else, so that this one may repeat it.
	repeatable bool
	noBlocks   bool // tests: place every sprite, keep no block

	hist     core.History // entities' positions at the start of the step
	camHist  core.History // cameras' positions at the start of the step
	poseHist core.Poses   // entities' world poses at the start of the step
	camLens  core.Poses   // cameras' turns and zooms at the start of the step (see lensOf)

	// slowSprites is set when the last frame's sprites could not go
	// straight into the batch (see collectSprites), so this one does not
	// try; fastSprites counts the sprites that did.
	slowSprites bool
	fastSprites int
	straight    bool   // the last frame's sprites went the straight path
	noStraight  bool   // tests: never take it
	epoch       uint64 // the world's structure epoch during a Draw
	structure   structure
	// The straight path's memos: regions resolved lately (memo, at the
	// end), valid while the cache's version is memoVersion, and what each
	// quad of the first batch was written from, valid while quadsKept.
	quadKeys  []quadKey
	quadsKept bool
	// The straight path's blocks at the last frame (see spriteBlock),
	// drawn through blocksView after blocksWalks walks of the history,
	// and, by slot, the pictures of the blocks that may be kept, whole,
	// by region or by index into their block's regions (see
	// spriteBlock.shared).
	blocks     []spriteBlock
	blocksView blockView
	pics       []drawable.Picture
	regions    [][2]uint64
	kinds      []uint8

	// Whether any entity is Hidden, has the Screen tag, has a
	// WorldTransform: learnt with structure.
	hidden   bool
	onScreen bool
	posed    bool
	poses    []geom.Pose // by slot, the poses of the kept blocks that have some
	items    []core.Item
	order    core.Order
	hud      core.Order // the Screen items, drawn after the cameras
	hudBatch core.Batch
	hudBuilt bool // hudBatch holds the last frame's screen drawables
	shapes   []core.Shape
	labels   []labelRef
	cams     []view         // this frame's cameras, in drawing order
	placed   []placedCamera // by index in cams, the last placing of each
	batches  []core.Batch   // by camera
	dsts     []viewport     // by camera
	figures  map[world.Entity]*figureCache
	texts    map[world.Entity]*labelCache
	triOpts  ebiten.DrawTrianglesOptions
	meshOpts ebiten.DrawTrianglesOptions
	textOpts text.DrawOptions

	// Method values made once, so the walks allocate nothing.
	camSnapFn func(world.Entity, *camera.Camera)
	shapeFn   func(world.Entity, *geom.Vec2, *drawable.Figure)
	textFn    func(world.Entity, *geom.Vec2, *drawable.Label)

	// The region memo (6 KB) goes last, so that the fields every frame
	// reads lie together in a few cache lines and one page rather than on
	// both sides of it: after the GPU's work each line is a cold miss,
	// whatever it holds, and each page one more. (The orders' radix
	// counts are behind a pointer for the same reason: see core.Order.)
	memo [1 << memoBits]memoEntry
}

// view is a camera drawn this frame: a copy of the component's value at
// its interpolated position, its entity's slot for the order, and, once
// collectCameras has placed it on the screen, its placing, which the
// frame's batches and its draw calls all use.
type view struct {
	cam   camera.Camera
	depth int
	slot  int
	*placedCamera
	// same is set when the camera is, byte for byte, the one last placed
	// at its index (see placedCamera): for index 0, which every frame
	// has, the last frame's.
	same bool
}

// placedCamera is what collectCameras made of a camera at one index at
// the last frame it changed: the camera as it came, on the screen (in),
// and what placing it gave. Placing is a pure function of in's bytes, so
// a frame whose camera at that index has the same bytes takes the rest
// without placing it again: a steady frame then runs none of the
// camera's code (its turn's Sincos, Clamp, Transform, View), each a cold
// miss after the GPU's work, and copies none of it.
type placedCamera struct {
	in    camera.Camera
	out   camera.Camera   // in, clamped to its Bounds
	m     camera.Affine   // world to screen
	area  geom.Rectangle  // on the screen
	rect  geom.Rectangle  // the camera's view of the world (Camera.View)
	pix   image.Rectangle // area's pixels
	valid bool
}

// New returns a renderer drawing from c's pictures and faces.
func New(c *Cache, opts Options) *Renderer {
	r := &Renderer{
		cache:   c,
		loader:  c.loader,
		opts:    opts,
		figures: make(map[world.Entity]*figureCache),
		texts:   make(map[world.Entity]*labelCache),
	}
	r.triOpts.Filter = opts.Filter
	r.meshOpts.AntiAlias = opts.AntiAlias
	r.camSnapFn = r.snapshotCamera
	r.shapeFn = r.collectShape
	r.textFn = r.collectText
	return r
}

// bind makes w the world drawn, forgetting what was recorded of another.
func (r *Renderer) bind(w *world.World) {
	if r.w == w {
		return
	}
	if r.w != nil {
		geom.RemoveTeleporter(r.w, r)
	}
	r.w = w
	r.hist.Reset()
	r.camHist.Reset()
	r.poseHist.Reset()
	r.camLens.Reset()
	clear(r.figures)
	clear(r.texts)
	geom.AddTeleporter(w, r) // geom.Teleport, from any system, reaches Renderer.Teleport
}

// Release lets go of the world drawn: the window runtime calls it when
// the renderer's scene leaves.
func (r *Renderer) Release() {
	if r.w != nil {
		geom.RemoveTeleporter(r.w, r)
		r.w = nil
	}
	r.structure.w = nil
}

// BeforeStep records every [geom.Position] and [geom.WorldTransform] of w
// and every camera's position, zoom and rotation, which Draw interpolates
// from: call it at the start of each of w's fixed steps. It allocates
// only when the world has grown.
func (r *Renderer) BeforeStep(w *world.World) {
	r.bind(w)
	r.hist.Snapshot(w)
	r.poseHist.Snapshot(w)
	r.camHist.NextStep()
	r.camLens.NextStep()
	world.Each1(w, drawable.Camera, r.camSnapFn)
}

// Settle makes everything draw where it is, at any alpha, until the next
// [Renderer.BeforeStep]: the window runtime settles a scene's renderer
// when another scene covers it, so that it is drawn at its final state
// while covered and after it is uncovered, until it steps again. O(1).
func (r *Renderer) Settle() {
	r.hist.NextStep()
	r.camHist.NextStep()
	r.poseHist.NextStep()
	r.camLens.NextStep()
}

func (r *Renderer) snapshotCamera(e world.Entity, c *camera.Camera) {
	r.camHist.Record(e.Slot(), e.Generation(), c.Position)
	r.camLens.Record(e.Slot(), e.Generation(), lensOf(c))
}

// lensOf returns camera c's rotation and zoom as a pose, for its history:
// the pose's scale is the zoom in effect on both axes.
func lensOf(c *camera.Camera) geom.Pose {
	z := c.Zoom
	if z <= 0 {
		z = 1
	}
	return geom.Pose{Rotation: c.Rotation, Scale: geom.Vec2{X: z, Y: z}}
}

// cameraAt returns camera c of entity e as drawn at alpha: its position,
// zoom and rotation each between its values at the step's start and now
// (its zoom in a straight line, its turn the short way round). A camera
// whose zoom and rotation did not change in the step keeps their bytes,
// so that a steady camera compares equal to its last placing.
func (r *Renderer) cameraAt(e world.Entity, c *camera.Camera, alpha float64) camera.Camera {
	cam := *c
	s, g := e.Slot(), e.Generation()
	cam.Position = r.camHist.At(s, g, c.Position, alpha)
	l := lensOf(c)
	if rot, k, still := r.camLens.At(s, g, &l, alpha); !still {
		cam.Rotation, cam.Zoom = rot, k.X
	}
	return cam
}

// Teleport makes e draw at its current position and with its current
// world pose rather than between its last two, until the next fixed
// step: [geom.Teleport] reaches it for the world the renderer draws. O(1). A dead e changes nothing: the history
// forgets a slot's position only when it was recorded for e's
// generation, which no other entity has.
func (r *Renderer) Teleport(e world.Entity) {
	if r.w != nil {
		r.hist.Teleport(e.Slot(), e.Generation())
		r.camHist.Teleport(e.Slot(), e.Generation())
		r.poseHist.Teleport(e.Slot(), e.Generation())
		r.camLens.Teleport(e.Slot(), e.Generation())
	}
}

// TeleportAll is [Renderer.Teleport] for each of es, in one loop: what
// [geom.TeleportAll] calls for a step's many teleports (Confine's
// wraps). O(len(es)).
func (r *Renderer) TeleportAll(es []world.Entity) {
	if r.w != nil {
		r.hist.TeleportAll(es)
		r.camHist.TeleportAll(es)
		r.poseHist.TeleportAll(es)
		r.camLens.TeleportAll(es)
	}
}

// Stats counts what the last [Renderer.Draw] did.
type Stats struct {
	Items     int // drawables collected: visible entities' sprites, shapes and texts
	Drawn     int // drawables drawn, summed over the cameras
	Culled    int // drawables outside a camera's view, summed over the cameras
	DrawCalls int // DrawTriangles calls and texts drawn
}

// Add returns the sum of s and t, for the stats of several renderers.
func (s Stats) Add(t Stats) Stats {
	return Stats{s.Items + t.Items, s.Drawn + t.Drawn, s.Culled + t.Culled, s.DrawCalls + t.DrawCalls}
}

// Stats returns what the last Draw did.
func (r *Renderer) Stats() Stats { return r.stats }

// collectCameras gathers this frame's cameras, in drawing order: every
// [drawable.Camera] of the world at its interpolated position, by Depth
// then entity slot, or the default camera if there is none.
func (r *Renderer) collectCameras() {
	r.cams = r.cams[:0]
	for _, ref := range r.structure.cameras {
		r.collectCamera(ref.e, ref.c)
	}
	if len(r.cams) == 0 {
		r.cams = append(r.cams, view{})
	}
	if len(r.cams) > 1 {
		slices.SortFunc(r.cams, func(a, b view) int {
			if c := cmp.Compare(a.depth, b.depth); c != 0 {
				return c
			}
			return cmp.Compare(a.slot, b.slot)
		})
	}
	if len(r.placed) < len(r.cams) {
		r.placed = slices.Grow(r.placed, len(r.cams)-len(r.placed))[:len(r.cams)]
	}
	for i := range r.cams {
		v, p := &r.cams[i], &r.placed[i]
		v.placedCamera = p
		v.cam.SetScreen(r.screen.X, r.screen.Y)
		if v.same = p.valid && sameBytes(unsafe.Slice(&v.cam, 1), unsafe.Slice(&p.in, 1)); v.same {
			continue
		}
		p.in, p.out = v.cam, v.cam
		// The camera steps inside its Bounds, but it may not have stepped
		// yet on this screen (a camera centred in OnEnter), or its zoom
		// may have changed since.
		p.out.Clamp()
		p.m, p.area, p.rect = p.out.Transform(), p.out.Area(), p.out.View()
		a := p.area
		p.pix = image.Rect(int(math.Floor(a.Min.X)), int(math.Floor(a.Min.Y)), int(math.Ceil(a.Max.X)), int(math.Ceil(a.Max.Y)))
		p.valid = true
	}
	for len(r.batches) < len(r.cams) {
		r.batches = append(r.batches, core.Batch{})
		r.dsts = append(r.dsts, viewport{})
	}
}

func (r *Renderer) collectCamera(e world.Entity, c *camera.Camera) {
	r.cams = append(r.cams, view{cam: r.cameraAt(e, c, r.alpha), depth: c.Depth, slot: e.Slot()})
}

// viewport is a camera's part of the screen, kept between frames because
// SubImage allocates.
type viewport struct {
	screen *ebiten.Image
	rect   image.Rectangle
	img    *ebiten.Image
}

// of returns the part at rect of screen, whose bounds are bounds.
func (v *viewport) of(screen *ebiten.Image, bounds, rect image.Rectangle) *ebiten.Image {
	if rect == bounds {
		return screen
	}
	if v.screen != screen || v.rect != rect {
		v.screen, v.rect = screen, rect
		v.img = screen.SubImage(rect).(*ebiten.Image)
	}
	return v.img
}
