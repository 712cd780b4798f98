package core

// Vertex is a vertex of a triangle to draw. It has exactly the fields, in
// the same order and of the same types, as ebitengine's Vertex (v2.8), so
// a []Vertex is reinterpreted as the []ebiten.Vertex that DrawTriangles
// takes without a copy; package render checks the layout in a test.
type Vertex struct {
	DstX, DstY                     float32 // screen position
	SrcX, SrcY                     float32 // texel, in the source image's bounds
	ColorR, ColorG, ColorB, ColorA float32 // straight-alpha colour scale
	Custom0, Custom1               float32 // unused; shaders only
	Custom2, Custom3               float32
}

// MaxQuads is the most quads one Op holds: their vertices must all be
// addressable by a uint16 index.
const MaxQuads = 1 << 16 / 4

// maxMeshVertices is the most vertices one mesh Op holds.
const maxMeshVertices = 1 << 16

// appendQuadIndices extends the index pattern of consecutive quads (0 1 2,
// 1 3 2, then the same 4 higher, ...) in idx to cover n quads.
func appendQuadIndices(idx []uint16, n int) []uint16 {
	for q := len(idx) / 6; q < n; q++ {
		b := uint16(4 * q)
		idx = append(idx, b, b+1, b+2, b+1, b+3, b+2)
	}
	return idx
}
