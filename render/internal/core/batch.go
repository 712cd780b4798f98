package core

import (
	"slices"

	"github.com/tessera-engine/tessera/render/camera"
)

// OpKind is what an [Op] draws.
type OpKind uint8

const (
	// OpQuads draws quads from one texture: Vertices[V0:V1] with
	// QuadIndices[:(V1-V0)/4*6].
	OpQuads OpKind = iota + 1
	// OpMesh draws shape meshes over a white texel: Vertices[V0:V1] with
	// Indices[I0:I1], relative to V0.
	OpMesh
	// OpText draws one text, the item Ref names.
	OpText
)

// Op is one draw call of a camera's batch.
type Op struct {
	Kind OpKind
	// NonZero asks an OpMesh for the non-zero fill rule (a concave
	// polygon's fill), which DrawTriangles applies to the whole call: such
	// a mesh gets an Op of its own.
	NonZero bool
	// Ref is the texture of an OpQuads, or the item index of an OpText.
	Ref    uint32
	V0, V1 int32
	I0, I1 int32
}

// Mesh is a shape as triangles, in the shape's own coordinates.
type Mesh struct {
	XY      []float32 // x, y of each vertex
	Indices []uint16  // three per triangle, into the vertices
	// NonZero says the triangles need the non-zero fill rule (they are a
	// fan over a concave outline).
	NonZero bool
	Box     [4]float32 // bounds of the vertices: min x, min y, max x, max y
}

// SetBox computes Box from XY.
func (m *Mesh) SetBox() {
	if len(m.XY) < 2 {
		m.Box = [4]float32{}
		return
	}
	b := [4]float32{m.XY[0], m.XY[1], m.XY[0], m.XY[1]}
	for i := 2; i+1 < len(m.XY); i += 2 {
		x, y := m.XY[i], m.XY[i+1]
		b[0], b[1], b[2], b[3] = min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y)
	}
	m.Box = b
}

// Shape is a mesh placed in the world: M maps its coordinates to the
// world's.
type Shape struct {
	Mesh *Mesh
	M    camera.Affine
}

// Batch is what one camera draws in a frame: vertices in screen
// coordinates and the Ops that draw them, in order. Its zero value is
// ready to use; it keeps its buffers from frame to frame, so a steady
// frame allocates nothing.
type Batch struct {
	Vertices []Vertex
	// QuadIndices is the index pattern every OpQuads draws with, long
	// enough for the largest one.
	QuadIndices []uint16
	Indices     []uint16 // OpMesh indices
	Ops         []Op

	// White is the texel that OpMesh vertices sample: the middle of a
	// white pixel in the image render draws shapes with.
	White [2]float32

	// Drawn and Culled count the items of the last Build.
	Drawn, Culled int
}

// Build replaces the batch's content with the items in order, seen
// through a camera whose world-to-screen transform is m and whose view
// (world box: min x, min y, max x, max y) is view: [Batch.Reset], then
// [Batch.Append], then [Batch.Finish].
//
// Cost: O(items), no allocation once the buffers have grown.
func (b *Batch) Build(items []Item, order []Entry, m camera.Affine, view [4]float32, shapes []Shape) {
	b.Reset()
	b.Append(items, order, m, view, shapes)
	b.Finish()
}

// Reset empties the batch, keeping its buffers.
func (b *Batch) Reset() {
	b.Vertices, b.Indices, b.Ops = b.Vertices[:0], b.Indices[:0], b.Ops[:0]
	b.Drawn, b.Culled = 0, 0
}

// Append adds the items in order after what the batch holds. Items whose
// Box misses the view are culled. Consecutive sprites of one texture
// share an Op, up to [MaxQuads]; so do consecutive shapes that need no
// non-zero fill. shapes holds the meshes KindShape items name by Ref.
// O(items), no allocation once the buffers have grown.
func (b *Batch) Append(items []Item, order []Entry, m camera.Affine, view [4]float32, shapes []Shape) {
	a, bb, c, d := float32(m.A), float32(m.B), float32(m.C), float32(m.D)
	tx, ty := float32(m.TX), float32(m.TY)
	var cur *Op // the Op still open for more of the same
	for _, e := range order {
		it := &items[e.Index]
		if !Visible(it.Box, view) {
			b.Culled++
			continue
		}
		b.Drawn++
		switch it.Kind {
		case KindSprite:
			if cur == nil || cur.Kind != OpQuads || cur.Ref != it.Ref || cur.V1-cur.V0 >= 4*MaxQuads {
				cur = b.open(Op{Kind: OpQuads, Ref: it.Ref})
			}
			q, s, col := &it.Quad, &it.Src, &it.Color
			n := len(b.Vertices)
			// No need to zero the new vertices: every field DrawTriangles
			// reads is written below.
			b.Vertices = slices.Grow(b.Vertices, 4)[:n+4]
			v := b.Vertices[n : n+4 : n+4]
			for k := range 4 {
				x, y := q[2*k], q[2*k+1]
				v[k].DstX = a*x + c*y + tx
				v[k].DstY = bb*x + d*y + ty
				v[k].ColorR, v[k].ColorG, v[k].ColorB, v[k].ColorA = col[0], col[1], col[2], col[3]
			}
			v[0].SrcX, v[0].SrcY = s[0], s[1]
			v[1].SrcX, v[1].SrcY = s[2], s[1]
			v[2].SrcX, v[2].SrcY = s[0], s[3]
			v[3].SrcX, v[3].SrcY = s[2], s[3]
			cur.V1 += 4
		case KindShape:
			sh := &shapes[it.Ref]
			mesh := sh.Mesh
			nv := len(mesh.XY) / 2
			if nv == 0 {
				continue
			}
			if cur == nil || cur.Kind != OpMesh || cur.NonZero || mesh.NonZero || int(cur.V1-cur.V0)+nv > maxMeshVertices {
				cur = b.open(Op{Kind: OpMesh, NonZero: mesh.NonZero, I0: int32(len(b.Indices)), I1: int32(len(b.Indices))})
			}
			base := uint16(cur.V1 - cur.V0)
			for _, i := range mesh.Indices {
				b.Indices = append(b.Indices, base+i)
			}
			cur.I1 = int32(len(b.Indices))
			t := sh.M.Then(m)
			ma, mb, mc, md := float32(t.A), float32(t.B), float32(t.C), float32(t.D)
			mx, my := float32(t.TX), float32(t.TY)
			col := &it.Color
			for i := 0; i < nv; i++ {
				x, y := mesh.XY[2*i], mesh.XY[2*i+1]
				b.Vertices = append(b.Vertices, Vertex{
					DstX: ma*x + mc*y + mx, DstY: mb*x + md*y + my,
					SrcX: b.White[0], SrcY: b.White[1],
					ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: col[3],
				})
			}
			cur.V1 += int32(nv)
		case KindText:
			b.open(Op{Kind: OpText, Ref: e.Index})
			cur = nil
		}
	}
}

// Finish makes the quad index pattern long enough for the batch's
// largest OpQuads. Call it after the last Append or AddQuad of a frame.
func (b *Batch) Finish() {
	maxQuads := 0
	for i := range b.Ops {
		if op := &b.Ops[i]; op.Kind == OpQuads {
			maxQuads = max(maxQuads, int(op.V1-op.V0)/4)
		}
	}
	if 6*maxQuads > len(b.QuadIndices) {
		b.QuadIndices = appendQuadIndices(b.QuadIndices, maxQuads)
	}
}

// open appends an Op starting at the end of the vertices and returns it.
// The pointer is valid until the next open.
func (b *Batch) open(op Op) *Op {
	op.V0, op.V1 = int32(len(b.Vertices)), int32(len(b.Vertices))
	b.Ops = append(b.Ops, op)
	return &b.Ops[len(b.Ops)-1]
}
