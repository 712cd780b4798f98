package render

import (
	"image"
	"unsafe"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// A frame repeats the last when the straight path would keep every one
// of its blocks (see spriteBlock) and there is nothing else to draw: the
// same world, structure, screen, regions and camera, no shape, text or
// screen sprite, and each block's sprites where their step began, with
// the pictures and poses they had. The last frame's batch is then this
// frame's, vertex for vertex and op for op, and the frame does only what
// the straight path does for a kept block: it compares the block and
// notes its positions for the next step when the history's buffer does
// not hold them yet, and its poses, if it has any.
//
// Why a frame of its own: after the GPU's work every line of code a
// frame runs is a cold miss, and most of a steady frame's fixed cost is
// that code (docs/RENDERING.md, stop 27), spread over the frame's set-up,
// the straight path's, the batch's, the orders' and the HUD's. A
// repeated frame runs one function's worth. It is tried only after a
// frame whose every block was kept, so a game whose sprites move pays
// nothing for it but that test; a frame that finds a block changed stops
// there and is prepared whole, its compares before it done twice, and the
// next frame is prepared whole again until one keeps every block.

// repeat prepares the frame for a screen of bounds b of w, the world
// bound, at alpha, and reports whether it could, by repeating the last.
// When it could not, the frame is still to prepare, and what repeat did
// of it (the history's BeginDraw, the notes of the blocks it found
// unchanged) is what preparing it does anyway.
func (r *Renderer) repeat(b image.Rectangle, w *world.World, alpha float64) bool {
	if !r.repeatable || r.noBlocks || r.noStraight || b != r.bounds || r.cache.version != r.memoVersion {
		return false
	}
	if l := r.loader; l != nil && l.Reloads() != r.reloads {
		return false
	}
	f := &r.structure
	epoch := w.StructureEpoch()
	if f.epoch != epoch {
		return false
	}
	// The history's walks, after BeginDraw, as the straight path reads
	// them: a BeginDraw whose new id wraps the ids around clears every
	// stamp and counts a walk. A renderer given another world, or let go
	// of one, resets its history (bind), which counts one too: a frame of
	// another world than the last frame's never repeats it, whatever its
	// epoch.
	r.hist.BeginDraw(len(f.pos), epoch)
	r.poseHist.BeginDraw(len(f.pos), epoch)
	if r.hist.Walks() != r.blocksWalks {
		return false
	}
	// The camera as collectCameras would find it: the one of the last
	// frame's placing, byte for byte, or a new placing is due.
	alpha = min(max(alpha, 0), 1)
	var cam camera.Camera
	if len(f.cameras) > 0 {
		cam = r.cameraAt(f.cameras[0].e, f.cameras[0].c, alpha)
	}
	cam.SetScreen(r.screen.X, r.screen.Y)
	if !sameBytes(unsafe.Slice(&cam, 1), unsafe.Slice(&r.placed[0].in, 1)) {
		return false
	}
	prev := r.hist.Current()
	notes, stamps, noteID := r.hist.Noting()
	pc, sc, wc := f.pos, f.pics, f.poses
	blocks := r.blocks
	n, k := 0, 0
	for _, run := range f.sprites {
		for s0 := run.Start; s0 < run.End; s0 += blockSize {
			s1 := min(s0+blockSize, run.End)
			ps, ss, es := pc[s0:s1], sc[s0:s1], f.ents[k:k+s1-s0]
			k += s1 - s0
			if n == len(blocks) {
				return false
			}
			b := &blocks[n]
			n++
			if !b.unchanged(r, s0, s1, prev, ps, ss, wc) {
				return false
			}
			b.note(s0, ps, es, notes, stamps, noteID)
			if b.posed {
				r.notePoses(b, s0, es, wc)
			}
		}
	}
	if n != len(blocks) {
		return false
	}
	r.alpha = alpha
	r.stats.DrawCalls = 0
	r.keptBlocks = n
	r.repeats++
	return true
}

// unchanged reports whether block b, at slots s0 to s1 of the columns,
// draws what it drew at the last frame: it was kept or could have been
// (reusable: its positions and poses were their step's start), its
// sprites are where their step began (prev), and their pictures and
// poses are byte for byte those it recorded. That its poses are still
// their step's start follows, as for its positions (see spriteBlock):
// the step's start is what the last frame noted, or the same as then.
func (b *spriteBlock) unchanged(r *Renderer, s0, s1 int, prev, ps []geom.Vec2, ss []drawable.Picture, wc []geom.Pose) bool {
	return b.reusable && s1 <= len(prev) && sameBytes(prev[s0:s1], ps) &&
		r.samePictures(b, s0, ss) && (!b.posed || r.samePoses(s0, s1, wc))
}

// note writes the notes of kept block b, its sprites' positions ps at
// slots from s0 of entities es, into the history's buffer for the next
// step (notes and stamps, under noteID), unless that buffer holds them
// already.
func (b *spriteBlock) note(s0 int, ps []geom.Vec2, es []world.Entity, notes []geom.Vec2, stamps []uint64, noteID uint64) {
	if id := uint32(noteID >> 32); b.noted[0] != id && b.noted[1] != id {
		copy(notes[s0:], ps)
		for i, e := range es {
			stamps[s0+i] = noteID | uint64(e.Generation())
		}
		b.noted = [2]uint32{id, b.noted[0]}
	}
}
