package render

import (
	"image"
	"math"
	"slices"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// core.Vertex must be ebiten.Vertex's twin for vertices to be handed over
// without a copy: these fail to compile if their sizes differ, and
// TestVertexLayout checks every field's offset.
var (
	_ [unsafe.Sizeof(ebiten.Vertex{}) - unsafe.Sizeof(core.Vertex{})]struct{}
	_ [unsafe.Sizeof(core.Vertex{}) - unsafe.Sizeof(ebiten.Vertex{})]struct{}
)

// ebitenVertices reinterprets vertices as ebitengine's, without a copy.
func ebitenVertices(vs []core.Vertex) []ebiten.Vertex {
	if len(vs) == 0 {
		return nil
	}
	return unsafe.Slice((*ebiten.Vertex)(unsafe.Pointer(&vs[0])), len(vs))
}

// Draw draws w on screen through w's cameras (or the default one), each
// drawable alpha of the way from its position at the start of the last
// fixed step to its current one: the window runtime passes the loop's
// alpha for the scene that steps, and 1 for the scenes beneath it, which
// stand still at their final state. The screen is the logical screen, or
// any image whose bounds start at (0, 0); cameras with an empty Viewport
// cover all of it.
//
// Each drawable is culled by each camera's view, sorted by
// [drawable.Order], and drawn in batches: consecutive sprites from one
// image go out in one DrawTriangles call (up to 16384 of them). A steady
// frame of sprites allocates nothing; shapes allocate only when they
// change, and texts when their text changes (and as ebitengine's text
// package does). A frame in which nothing drawn changed since the last
// (a title screen, a paused game, a covered scene) draws the last
// frame's batch again, at the cost of comparing its sprites, when the
// world draws through one camera and holds sprites only: no
// [drawable.Shape] or [drawable.Text], and no sprite on the
// [drawable.Screen].
func (r *Renderer) Draw(screen *ebiten.Image, w *world.World, alpha float64) {
	r.prepare(screen.Bounds(), w, alpha)
	for i := range r.cams {
		r.issue(screen, i)
	}
	if len(r.hudBatch.Ops) > 0 {
		r.drawOps(screen, &r.hudBatch, identity)
	}
}

// prepare does the work of a Draw that needs no GPU, for a screen of
// bounds b: it repeats the last frame (see repeat) or builds this one.
func (r *Renderer) prepare(b image.Rectangle, w *world.World, alpha float64) {
	r.draws++
	r.bind(w)
	if !r.repeat(b, w, alpha) {
		r.build(b, alpha)
	}
	if r.draws%64 == 0 {
		r.sweep()
	}
}

// build places the cameras, collects and sorts the drawables of the
// world bound and builds every camera's batch, for a screen of bounds b.
func (r *Renderer) build(b image.Rectangle, alpha float64) {
	w := r.w
	// The cache is refreshed by whichever of its renderers first sees a
	// reload; the memo is checked every frame, for the cache's tables also
	// change when any of them resolves a region the first time.
	if l := r.loader; l != nil && l.Reloads() != r.reloads {
		r.reloads = l.Reloads()
		r.cache.refresh()
	}
	if r.cache.version != r.memoVersion {
		r.memo = [1 << memoBits]memoEntry{}
		r.memoVersion, r.quadsKept = r.cache.version, false
	}
	r.alpha = min(max(alpha, 0), 1)
	r.screen, r.bounds = geom.Vec2{X: float64(b.Dx()), Y: float64(b.Dy())}, b
	r.epoch = w.StructureEpoch()
	r.learnStructure()
	r.collectCameras()
	// Where the drawables are now is where they will be when the next
	// step starts: the draw notes it for interpolation (see core.History).
	r.hist.BeginDraw(len(r.structure.pos), r.epoch)
	r.poseHist.BeginDraw(len(r.structure.pos), r.epoch)
	r.stats = Stats{}
	r.items, r.shapes, r.labels = r.items[:0], r.shapes[:0], r.labels[:0]
	r.order.Reset()
	r.hud.Reset()
	if r.cache.white == nil {
		r.cache.whitePixel() // made at the first frame
	}
	for i := range r.cams {
		r.batches[i].White = [2]float32{whiteX + 0.5, whiteY + 0.5}
	}
	fast := r.collect()
	sorted := r.order.Sorted()
	for i := range r.cams {
		bt := &r.batches[i]
		if !fast {
			bt.Reset()
		}
		if len(sorted) > 0 {
			v := r.cams[i].rect
			bt.Append(r.items, sorted, r.cams[i].m, [4]float32{float32(v.Min.X), float32(v.Min.Y), float32(v.Max.X), float32(v.Max.Y)}, r.shapes)
		}
		bt.Finish()
		r.stats.Drawn += bt.Drawn
		r.stats.Culled += bt.Culled
	}
	// A frame without screen drawables leaves the HUD's batch empty, as
	// the last one that had some emptied it: no Build to run, cold.
	if hs := r.hud.Sorted(); len(hs) > 0 || r.hudBuilt {
		r.hudBatch.White = r.batches[0].White
		r.hudBatch.Build(r.items, hs, identity, [4]float32{float32(b.Min.X), float32(b.Min.Y), float32(b.Max.X), float32(b.Max.Y)}, r.shapes)
		r.hudBuilt = len(hs) > 0
		r.stats.Drawn += r.hudBatch.Drawn
		r.stats.Culled += r.hudBatch.Culled
	}
	f := &r.structure
	r.repeatable = r.straight && len(r.cams) == 1 && len(r.items) == 0 && !r.hudBuilt &&
		!f.shapes && !f.texts && !r.noBlocks && r.keptBlocks == len(r.blocks)
}

// collect gathers the frame's items and their keys: shapes and texts
// first, then sprites (see [Renderer.collectSprites]). It reports whether
// the sprites went straight into the one camera's batch, which then holds
// them and needs the sorted items after them.
func (r *Renderer) collect() (fast bool) {
	if r.structure.shapes {
		world.Each2(r.w, geom.Position, drawable.Shape, r.shapeFn)
	}
	if r.structure.texts {
		world.Each2(r.w, geom.Position, drawable.Text, r.textFn)
	}
	fast = r.collectSprites()
	r.stats.Items = len(r.items) + r.fastSprites
	return fast
}

// structure is what a frame needs to know of which components the
// world's entities hold, learnt again only when the world's structure
// epoch moves (with Renderer.hidden, onScreen and posed): the cameras,
// whether any entity has a shape or a text, the slots holding a Position
// and a Sprite, and, once the straight path has walked them (entsKnown),
// their entities in the same order, and the columns a frame reads.
//
// Learning them once is what makes a steady frame cheap at its start as
// well as per sprite: after the GPU's work every line of code and data a
// frame touches is a cold miss, and a walk of the cameras (the world's
// walk machinery, its deferring, the component's sets) or a lookup of
// each (the world's tables, the component's sparse set, the entity's
// generation) is a chain of them (BenchmarkSpriteDrawParts_10 times the
// cold frame). The pointers the walk gave are valid until the next
// structural change (see world.Component.Get), which moves the epoch, so
// a frame reads each camera's value through its pointer.
type structure struct {
	w             *world.World
	epoch         uint64
	cameras       []cameraRef // in the walk's order; collectCameras sorts them
	shapes, texts bool
	sprites       []world.Run // runs of the slots holding Position and Sprite
	ents          []world.Entity
	entsKnown     bool
	// The columns of Position, Sprite and WorldTransform (nil unless
	// Renderer.posed): a column is replaced only when an entity joins the
	// component and the column grows, or by a Restore, and both move the
	// epoch (see world.Fields.Column). Looking each up is a chain of cold
	// misses (the component's handle, the world's table, the storage).
	pos   []geom.Vec2
	pics  []drawable.Picture
	poses []geom.Pose
}

// cameraRef is a camera entity and its Camera value, as learnt with the
// world's structure.
type cameraRef struct {
	e world.Entity
	c *camera.Camera
}

// learnStructure brings r.structure, r.hidden, r.onScreen and r.posed up
// to the world's structure epoch of this frame.
func (r *Renderer) learnStructure() {
	f := &r.structure
	if f.w == r.w && f.epoch == r.epoch {
		return
	}
	w := r.w
	f.w, f.epoch = w, r.epoch
	r.hidden = w.Count(drawable.Hidden) > 0
	r.onScreen = w.Count(drawable.Screen) > 0
	r.posed = w.Count(geom.WorldTransform) > 0
	f.cameras = f.cameras[:0]
	for e, c := range world.Query1(w, drawable.Camera) {
		f.cameras = append(f.cameras, cameraRef{e, c})
	}
	f.shapes = w.Count(drawable.Shape) > 0
	f.texts = w.Count(drawable.Text) > 0
	f.sprites = append(f.sprites[:0], w.Slots(geom.Position, drawable.Sprite).Runs()...)
	f.entsKnown = false
	f.pos, f.pics, f.poses = geom.Position.Column(w), drawable.Sprite.Column(w), nil
	if r.posed {
		f.poses = geom.WorldTransform.Column(w)
	}
}

// next returns a new item at the end of the frame's items. Its fields are
// not zeroed: the caller sets them all.
func (r *Renderer) next() (*core.Item, uint32) {
	n := len(r.items)
	r.items = slices.Grow(r.items, 1)[:n+1]
	return &r.items[n], uint32(n)
}

// orderOf returns the order e's drawables go in: the HUD's for an entity
// with the Screen tag, the world's for the others.
func (r *Renderer) orderOf(e world.Entity) *core.Order {
	if r.onScreen && r.w.Has(e, drawable.Screen) {
		return &r.hud
	}
	return &r.order
}

// identity is the transform of screen drawables: none.
var identity = camera.Affine{A: 1, D: 1}

// place returns the transform that turns by rot and moves to pos.
func place(pos geom.Vec2, rot float64) camera.Affine {
	sin, cos := math.Sincos(rot)
	return camera.Affine{A: cos, B: sin, C: -sin, D: cos, TX: pos.X, TY: pos.Y}
}

// poseOf returns how e's world pose turns and scales its drawables this
// frame: its [geom.WorldTransform]'s rotation and scale (zero axes made
// 1), interpolated between the step's start and now (see core.Poses), or
// no turn and scale 1 when it has none. O(1); one boolean test when the
// world has no WorldTransform at all.
func (r *Renderer) poseOf(e world.Entity) (rot float64, scale geom.Vec2) {
	if r.posed {
		if p, ok := geom.WorldTransform.Get(r.w, e); ok {
			rot, scale, _ = r.poseHist.At(e.Slot(), e.Generation(), p, r.alpha)
			return rot, scale
		}
	}
	return 0, geom.Vec2{X: 1, Y: 1}
}

// placeOf returns the transform that places e's shape or text, which
// turns by rot of its own, at pos: scaled by e's world pose, then turned
// by the pose's rotation and rot, then moved to pos.
func (r *Renderer) placeOf(e world.Entity, pos geom.Vec2, rot float64) camera.Affine {
	if !r.posed {
		return place(pos, rot)
	}
	turn, k := r.poseOf(e)
	m := place(pos, turn+rot)
	m.A, m.B, m.C, m.D = m.A*k.X, m.B*k.X, m.C*k.Y, m.D*k.Y
	return m
}

// note notes where the draw found e, at p, and its world pose, as where
// the next step starts (see core.History and core.Poses).
func (r *Renderer) note(e world.Entity, p *geom.Vec2) {
	r.hist.Note(e.Slot(), e.Generation(), *p)
	if r.posed {
		if wt, ok := geom.WorldTransform.Get(r.w, e); ok {
			r.poseHist.Note(e.Slot(), e.Generation(), wt)
		}
	}
}

// notePoses notes the world poses of es, the entities at slots from s0
// of block b, whose quads are kept, as where the next step starts, unless
// the draw's buffer holds them already (see spriteBlock.noted): as a run
// of wc, the WorldTransform column, when every one has a pose (while the
// block is kept none gains or loses one: that changes the world's
// structure), else one look-up each.
func (r *Renderer) notePoses(b *spriteBlock, s0 int, es []world.Entity, wc []geom.Pose) {
	id := r.poseHist.DrawID()
	if b.posesNoted[0] == id || b.posesNoted[1] == id {
		return
	}
	b.posesNoted = [2]uint32{id, b.posesNoted[0]}
	if b.posedAll && s0+len(es) <= len(wc) {
		r.poseHist.NoteRun(s0, es, wc[s0:s0+len(es)])
		return
	}
	for _, e := range es {
		if wt, ok := geom.WorldTransform.Get(r.w, e); ok {
			r.poseHist.Note(e.Slot(), e.Generation(), wt)
		}
	}
}

func (r *Renderer) collectShape(e world.Entity, p *geom.Vec2, f *drawable.Figure) {
	r.note(e, p)
	if r.hidden && r.w.Has(e, drawable.Hidden) {
		return
	}
	mesh := r.figureMesh(e, f)
	if mesh == nil || len(mesh.Indices) == 0 {
		return
	}
	pos := r.hist.At(e.Slot(), e.Generation(), *p, r.alpha)
	m := r.placeOf(e, pos, f.Rotation)
	it, idx := r.next()
	it.Kind, it.Ref = core.KindShape, uint32(len(r.shapes))
	it.Tint(f.Color)
	it.PlaceBox(mesh.Box, m)
	r.shapes = append(r.shapes, core.Shape{Mesh: mesh, M: m})
	r.orderOf(e).Add(core.Key(int16(f.Layer), f.Z), core.Tie(e.Slot(), core.KindShape), idx)
}

func (r *Renderer) collectText(e world.Entity, p *geom.Vec2, l *drawable.Label) {
	r.note(e, p)
	if l.Text == "" || (r.hidden && r.w.Has(e, drawable.Hidden)) {
		return
	}
	face := r.cache.face(l.Font, l.FontSize())
	if face == nil {
		return
	}
	lc := r.labelText(e, l, face)
	pos := r.hist.At(e.Slot(), e.Generation(), *p, r.alpha)
	m := r.placeOf(e, pos, l.Rotation)
	it, idx := r.next()
	it.Kind, it.Ref = core.KindText, uint32(len(r.labels))
	it.Tint(l.Color)
	x0, y0 := -lc.w*alignShare(l.Align), -lc.h*alignShare(l.VAlign)
	it.PlaceBox([4]float32{float32(x0), float32(y0), float32(x0 + lc.w), float32(y0 + lc.h)}, m)
	r.labels = append(r.labels, labelRef{cache: lc, face: face, m: m, align: textAlign(l.Align), valign: textAlign(l.VAlign)})
	r.orderOf(e).Add(core.Key(int16(l.Layer), l.Z), core.Tie(e.Slot(), core.KindText), idx)
}

// issue draws camera i's batch in its part of screen, whose bounds are
// those the frame was prepared for.
func (r *Renderer) issue(screen *ebiten.Image, i int) {
	v := &r.cams[i]
	rect := v.pix.Intersect(r.bounds)
	if rect.Empty() {
		return
	}
	dst := r.dsts[i].of(screen, r.bounds, rect)
	if c := v.out.Background; c.A != 0 {
		dst.Fill(c)
	}
	r.drawOps(dst, &r.batches[i], v.m)
}

// drawOps draws batch b onto dst; m is the transform its texts are placed
// with.
func (r *Renderer) drawOps(dst *ebiten.Image, b *core.Batch, m camera.Affine) {
	vs := ebitenVertices(b.Vertices)
	for _, op := range b.Ops {
		switch op.Kind {
		case core.OpQuads:
			n := (op.V1 - op.V0) / 4
			dst.DrawTriangles(vs[op.V0:op.V1], b.QuadIndices[:6*n], r.cache.textures[op.Ref].img, &r.triOpts)
		case core.OpMesh:
			r.meshOpts.FillRule = ebiten.FillRuleFillAll
			if op.NonZero {
				r.meshOpts.FillRule = ebiten.FillRuleNonZero
			}
			dst.DrawTriangles(vs[op.V0:op.V1], b.Indices[op.I0:op.I1], r.cache.white, &r.meshOpts)
		case core.OpText:
			it := &r.items[op.Ref]
			r.drawLabel(dst, &r.labels[it.Ref], it.Color, m)
		}
		r.stats.DrawCalls++
	}
}

// sweep drops the caches of entities that no longer draw a shape or a
// text.
func (r *Renderer) sweep() {
	for e, fc := range r.figures {
		if r.draws-fc.used > 64 {
			delete(r.figures, e)
		}
	}
	for e, lc := range r.texts {
		if r.draws-lc.used > 64 {
			delete(r.texts, e)
		}
	}
}
