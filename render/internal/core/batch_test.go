package core

import (
	"image/color"
	"math"
	"testing"

	"github.com/tessera-engine/tessera/render/camera"
)

var identity = camera.Affine{A: 1, D: 1}

// everything is a view that culls nothing.
var everything = [4]float32{-1e9, -1e9, 1e9, 1e9}

// sprite returns an item of texture tex, w×h at (x, y), top-left origin.
func sprite(tex uint32, x, y float64, w, h float32) Item {
	it := Item{Kind: KindSprite, Ref: tex, Src: [4]float32{0, 0, w, h}}
	it.Tint(color.NRGBA{})
	it.PlaceQuad(x, y, w, h, 0, 0, 1, 1, 0)
	return it
}

// inOrder returns entries naming items 0..n-1 in that order.
func inOrder(n int) []Entry {
	e := make([]Entry, n)
	for i := range e {
		e[i] = Entry{Lo: uint64(i), Index: uint32(i)}
	}
	return e
}

func opKinds(ops []Op) []OpKind {
	var k []OpKind
	for _, op := range ops {
		k = append(k, op.Kind)
	}
	return k
}

func TestBuildGroupsByTexture(t *testing.T) {
	items := []Item{
		sprite(1, 0, 0, 8, 8), sprite(1, 10, 0, 8, 8), // one op
		sprite(2, 20, 0, 8, 8), // a texture change opens another
		sprite(1, 30, 0, 8, 8), // and back: a third, to keep the order
	}
	var b Batch
	b.Build(items, inOrder(len(items)), identity, everything, nil)
	want := []Op{
		{Kind: OpQuads, Ref: 1, V0: 0, V1: 8},
		{Kind: OpQuads, Ref: 2, V0: 8, V1: 12},
		{Kind: OpQuads, Ref: 1, V0: 12, V1: 16},
	}
	if len(b.Ops) != len(want) {
		t.Fatalf("ops = %+v, want %+v", b.Ops, want)
	}
	for i := range want {
		if b.Ops[i] != want[i] {
			t.Errorf("op %d = %+v, want %+v", i, b.Ops[i], want[i])
		}
	}
	if len(b.QuadIndices) < 12 {
		t.Fatalf("QuadIndices has %d entries, want at least 12 for two quads", len(b.QuadIndices))
	}
	if got := b.QuadIndices[:12]; got[6] != 4 || got[11] != 6 {
		t.Errorf("QuadIndices = %v, want the pattern 0 1 2 1 3 2 repeated 4 higher", got)
	}
}

func TestBuildVertices(t *testing.T) {
	it := sprite(1, 10, 20, 4, 2)
	it.Src = [4]float32{16, 0, 20, 2}
	it.Tint(color.NRGBA{R: 255, G: 0, B: 0, A: 128})
	cam := camera.Camera{Position: Vec(12, 21), Zoom: 2}
	cam.SetScreen(100, 100)
	var b Batch
	b.Build([]Item{it}, inOrder(1), cam.Transform(), everything, nil)
	want := []Vertex{
		{DstX: 46, DstY: 48, SrcX: 16, SrcY: 0},
		{DstX: 54, DstY: 48, SrcX: 20, SrcY: 0},
		{DstX: 46, DstY: 52, SrcX: 16, SrcY: 2},
		{DstX: 54, DstY: 52, SrcX: 20, SrcY: 2},
	}
	for i := range want {
		want[i].ColorR, want[i].ColorA = 1, 128.0/255
		if b.Vertices[i] != want[i] {
			t.Errorf("vertex %d = %+v, want %+v", i, b.Vertices[i], want[i])
		}
	}
}

func TestBuildCulls(t *testing.T) {
	items := []Item{
		sprite(1, 0, 0, 8, 8),     // inside
		sprite(1, 100, 100, 8, 8), // outside
		sprite(1, -7, -7, 8, 8),   // overlaps the corner
		sprite(1, -20, 50, 8, 8),  // left of it
		sprite(1, 49.5, 10, 8, 8), // overlaps the right edge
	}
	var b Batch
	b.Build(items, inOrder(len(items)), identity, [4]float32{0, 0, 50, 50}, nil)
	if b.Drawn != 3 || b.Culled != 2 {
		t.Errorf("drawn %d, culled %d; want 3 and 2", b.Drawn, b.Culled)
	}
	if len(b.Vertices) != 12 {
		t.Errorf("%d vertices, want 12", len(b.Vertices))
	}
}

func TestBuildSplitsAtMaxQuads(t *testing.T) {
	n := MaxQuads + 10
	items := make([]Item, n)
	for i := range items {
		items[i] = sprite(3, float64(i%100), 0, 1, 1)
	}
	var b Batch
	b.Build(items, inOrder(n), identity, everything, nil)
	if len(b.Ops) != 2 || b.Ops[0].V1-b.Ops[0].V0 != 4*MaxQuads || b.Ops[1].V1-b.Ops[1].V0 != 40 {
		t.Fatalf("ops = %+v, want one of %d quads and one of 10", b.Ops, MaxQuads)
	}
	if len(b.QuadIndices) != 6*MaxQuads {
		t.Errorf("QuadIndices has %d entries, want %d", len(b.QuadIndices), 6*MaxQuads)
	}
	if last := b.QuadIndices[len(b.QuadIndices)-1]; int(last) >= 4*MaxQuads {
		t.Errorf("last quad index %d does not fit an op's vertices", last)
	}
}

func TestBuildShapesAndText(t *testing.T) {
	square := &Mesh{XY: []float32{0, 0, 1, 0, 0, 1, 1, 1}, Indices: []uint16{0, 1, 2, 1, 3, 2}}
	square.SetBox()
	concave := &Mesh{XY: []float32{0, 0, 4, 0, 1, 1, 0, 4}, Indices: []uint16{0, 1, 2, 0, 2, 3}, NonZero: true}
	concave.SetBox()
	shapes := []Shape{
		{Mesh: square, M: camera.Affine{A: 10, D: 10, TX: 5}},
		{Mesh: square, M: camera.Affine{A: 2, D: 2}},
		{Mesh: concave, M: identity},
		{Mesh: square, M: identity},
	}
	var items []Item
	for i, sh := range shapes {
		it := Item{Kind: KindShape, Ref: uint32(i)}
		it.Tint(color.NRGBA{G: 255, A: 255})
		it.PlaceBox(sh.Mesh.Box, sh.M)
		items = append(items, it)
	}
	items = append(items, Item{Kind: KindText, Box: everything}, sprite(1, 0, 0, 1, 1))
	order := inOrder(len(items))
	var b Batch
	b.White = [2]float32{1.5, 1.5}
	b.Build(items, order, identity, everything, shapes)
	wantKinds := []OpKind{OpMesh, OpMesh, OpMesh, OpText, OpQuads}
	if got := opKinds(b.Ops); len(got) != len(wantKinds) {
		t.Fatalf("op kinds = %v, want %v", got, wantKinds)
	}
	first := b.Ops[0] // the two squares share an op
	if first.V1-first.V0 != 8 || first.I1-first.I0 != 12 || first.NonZero {
		t.Errorf("first mesh op = %+v, want two squares: 8 vertices, 12 indices", first)
	}
	if got := b.Indices[first.I0+6]; got != 4 {
		t.Errorf("second square's first index = %d, want 4 (after the first's vertices)", got)
	}
	if v := b.Vertices[first.V0+3]; v.DstX != 15 || v.DstY != 10 || v.SrcX != 1.5 || v.ColorG != 1 {
		t.Errorf("first square's far corner = %+v, want (15, 10) sampling the white texel", v)
	}
	if !b.Ops[1].NonZero || b.Ops[2].NonZero {
		t.Errorf("ops 1 and 2 = %+v, %+v; want the concave mesh alone with NonZero, then the last square", b.Ops[1], b.Ops[2])
	}
	if b.Ops[3].Ref != 4 {
		t.Errorf("text op names item %d, want 4", b.Ops[3].Ref)
	}
}

func TestBuildAllocs(t *testing.T) {
	items := make([]Item, 5000)
	for i := range items {
		items[i] = sprite(uint32(i%3), float64(i%300), float64(i/300), 4, 4)
	}
	order := inOrder(len(items))
	var b Batch
	b.Build(items, order, identity, everything, nil)
	if n := testing.AllocsPerRun(20, func() { b.Build(items, order, identity, everything, nil) }); n != 0 {
		t.Errorf("Build allocs = %v, want 0", n)
	}
}

func TestPlaceQuad(t *testing.T) {
	tests := []struct {
		name              string
		ox, oy, sx, sy, r float64
		want              [8]float32
	}{
		{"top-left origin", 0, 0, 1, 1, 0, [8]float32{10, 20, 14, 20, 10, 22, 14, 22}},
		{"centred", 0.5, 0.5, 1, 1, 0, [8]float32{8, 19, 12, 19, 8, 21, 12, 21}},
		{"scaled about the origin", 0.5, 1, 2, 3, 0, [8]float32{6, 14, 14, 14, 6, 20, 14, 20}},
		{"mirrored", 0, 0, -1, 1, 0, [8]float32{10, 20, 6, 20, 10, 22, 6, 22}},
		{"quarter turn", 0, 0, 1, 1, math.Pi / 2, [8]float32{10, 20, 10, 24, 8, 20, 8, 24}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var it Item
			it.PlaceQuad(10, 20, 4, 2, tt.ox, tt.oy, tt.sx, tt.sy, tt.r)
			for i := range tt.want {
				if math.Abs(float64(it.Quad[i]-tt.want[i])) > 1e-5 {
					t.Fatalf("Quad = %v, want %v", it.Quad, tt.want)
				}
			}
			for i := 0; i < 8; i += 2 {
				if it.Quad[i] < it.Box[0] || it.Quad[i] > it.Box[2] || it.Quad[i+1] < it.Box[1] || it.Quad[i+1] > it.Box[3] {
					t.Errorf("corner %v lies outside Box %v", it.Quad[i:i+2], it.Box)
				}
			}
		})
	}
}

func TestTransformBox(t *testing.T) {
	m := camera.Affine{A: 0, B: 2, C: -2, D: 0, TX: 100} // turn a quarter, scale 2
	got := TransformBox([4]float32{0, 0, 10, 5}, m)
	want := [4]float32{90, 0, 100, 20}
	if got != want {
		t.Errorf("TransformBox = %v, want %v", got, want)
	}
}

func TestBuildQuadIndicesCoverEveryOp(t *testing.T) {
	// A long run of sprites closed by a text, not by another sprite.
	var items []Item
	for i := range 10 {
		items = append(items, sprite(1, float64(i), 0, 1, 1))
	}
	items = append(items, Item{Kind: KindText, Box: everything}, sprite(1, 0, 0, 1, 1))
	var b Batch
	b.Build(items, inOrder(len(items)), identity, everything, nil)
	if len(b.QuadIndices) < 60 {
		t.Errorf("QuadIndices has %d entries, want 60 for the first op's ten quads", len(b.QuadIndices))
	}
}
