package core

import (
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/render/camera"
)

// BenchmarkBatchBuild_10k and _50k measure the GPU-free part of a frame
// of n sprites from one texture: placing each sprite's quad, sorting the
// keys and building one camera's vertices. It is what package render adds
// to the DrawTriangles calls themselves.
func BenchmarkBatchBuild_10k(b *testing.B) { benchBuild(b, 10_000) }
func BenchmarkBatchBuild_50k(b *testing.B) { benchBuild(b, 50_000) }

func benchBuild(b *testing.B, n int) {
	rng := rand.New(rand.NewPCG(1, 1))
	type body struct{ x, y float64 }
	bodies := make([]body, n)
	for i := range bodies {
		bodies[i] = body{rng.Float64() * 1280, rng.Float64() * 720}
	}
	items := make([]Item, n)
	var o Order
	var batch Batch
	cam := camera.Camera{Position: Vec(640, 360)}
	cam.SetScreen(1280, 720)
	m := cam.Transform()
	v := cam.View()
	view := [4]float32{float32(v.Min.X), float32(v.Min.Y), float32(v.Max.X), float32(v.Max.Y)}
	frame := func() {
		o.Reset()
		key := Key(0, 0)
		for i, p := range bodies {
			it := &items[i]
			it.Kind, it.Ref = KindSprite, 1
			it.Src = [4]float32{1, 1, 2, 2}
			it.Tint(color.NRGBA{R: 80, G: 200, B: 255, A: 255})
			it.PlaceQuad(p.x, p.y, 3, 3, 0.5, 0.5, 1, 1, 0)
			o.Add(key, Tie(i, KindSprite), uint32(i))
		}
		batch.Build(items, o.Sorted(), m, view, nil)
	}
	frame()
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sprite")
}
