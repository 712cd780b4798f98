package systems_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/solarlune/resolv"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The collision benchmarks move n bodies in a square field that grows
// with n, so the density stays the same: 400 square units a body, circles
// of radius 4 (about one contact for every two bodies), 32-unit cells,
// speeds up to 60 units a second on each axis. The naive loop is the
// straightforward use of resolv: move every shape, then IntersectionTest
// each against the shapes in the cells it touches.
const (
	benchArea   = 400.0
	benchRadius = 4.0
	benchCell   = 32
	benchSpeed  = 60.0
)

// benchBody is one body's start.
type benchBody struct {
	p, v  systems.Vec2
	shape systems.Shape
}

// benchBodies returns n bodies scattered over a square field, and the
// field's side. With mixed, half are boxes of 4 to 12 units and half
// convex polygons (triangles to hexagons) of radius 3 to 6; otherwise all
// are circles of benchRadius.
func benchBodies(n int, mixed bool) ([]benchBody, float64) {
	side := math.Sqrt(float64(n) * benchArea)
	r := rand.New(rand.NewPCG(1, 2))
	bs := make([]benchBody, n)
	for i := range bs {
		b := &bs[i]
		b.p = systems.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		b.v = systems.Vec2{X: (2*r.Float64() - 1) * benchSpeed, Y: (2*r.Float64() - 1) * benchSpeed}
		switch {
		case !mixed:
			b.shape = systems.Circle(benchRadius)
		case i%2 == 0:
			b.shape = systems.Box(4+8*r.Float64(), 4+8*r.Float64())
		default:
			k, rad := 3+r.IntN(4), 3+3*r.Float64()
			pts := make([]systems.Vec2, k)
			for j := range pts {
				a := 2 * math.Pi * float64(j) / float64(k)
				pts[j] = systems.Vec2{X: rad * math.Cos(a), Y: rad * math.Sin(a)}
			}
			b.shape = systems.Polygon(pts...)
		}
	}
	return bs, side
}

// benchCollision measures a fixed step of Motion, Confine (bouncing) and
// the collision system over n bodies.
func benchCollision(b *testing.B, n int, mixed, resolvPolygons bool) {
	bs, side := benchBodies(n, mixed)
	col := mustCollision(b, systems.CollisionOptions{
		CellSize: benchCell, ResolvPolygons: resolvPolygons,
	})
	w := world.New()
	for _, s := range []world.System{systems.Motion(), systems.Confine(), col.System()} {
		if err := w.AddSystem(s); err != nil {
			b.Fatal(err)
		}
	}
	bounds := systems.Boundary{Rect: systems.Rect(0, 0, side, side), Mode: systems.Bounce}
	for _, x := range bs {
		e := world.Spawn3(w, systems.Position, x.p, systems.Velocity, x.v, systems.Bounds, bounds)
		systems.Collider.Add(w, e, x.shape)
	}
	ctx := world.Context{Phase: world.Fixed, DT: 1.0 / 60}
	stepOnce := func() {
		if err := w.Run(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	for range 60 { // grow every buffer
		stepOnce()
	}
	contacts := 0
	b.ReportAllocs()
	for b.Loop() {
		stepOnce()
		contacts += col.Stats().Contacts
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/body")
	b.ReportMetric(float64(contacts)/float64(b.N), "contacts/step")
}

// benchNaive measures the same motion with the straightforward resolv
// loop: move every shape, then IntersectionTest each against the shapes
// in the cells it touches.
func benchNaive(b *testing.B, n int, mixed bool) {
	bs, side := benchBodies(n, mixed)
	space := resolv.NewSpace(int(math.Ceil(side)), int(math.Ceil(side)), benchCell, benchCell)
	shapes := make([]resolv.IShape, n)
	vel := make([]systems.Vec2, n)
	for i, x := range bs {
		switch x.shape.Kind {
		case systems.ShapeCircle:
			shapes[i] = resolv.NewCircle(x.p.X, x.p.Y, x.shape.Radius)
		case systems.ShapeBox:
			shapes[i] = resolv.NewRectangle(x.p.X, x.p.Y, x.shape.Size.X, x.shape.Size.Y)
		default:
			pts := make([]resolv.Vector, len(x.shape.Points))
			for j, p := range x.shape.Points {
				pts[j] = resolv.Vector{X: p.X, Y: p.Y}
			}
			shapes[i] = resolv.NewConvexPolygonVec(resolv.Vector{X: x.p.X, Y: x.p.Y}, pts)
		}
		space.Add(shapes[i])
		vel[i] = x.v
	}
	hits := 0
	onHit := func(resolv.IntersectionSet) bool { hits++; return true }
	stepOnce := func() {
		for i, s := range shapes {
			p, v := s.Position(), &vel[i]
			x, y := p.X+v.X/60, p.Y+v.Y/60
			if x < 0 || x > side {
				v.X = -v.X
			}
			if y < 0 || y > side {
				v.Y = -v.Y
			}
			s.SetPosition(x, y)
		}
		for _, s := range shapes {
			s.IntersectionTest(resolv.IntersectionTestSettings{
				TestAgainst: s.SelectTouchingCells(0).FilterShapes(),
				OnIntersect: onHit,
			})
		}
	}
	for range 60 {
		stepOnce()
	}
	hits = 0
	b.ReportAllocs()
	for b.Loop() {
		stepOnce()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/body")
	b.ReportMetric(float64(hits)/2/float64(b.N), "contacts/step")
}

func BenchmarkCollisionStep_Circles1k(b *testing.B)  { benchCollision(b, 1_000, false, false) }
func BenchmarkCollisionStep_Circles10k(b *testing.B) { benchCollision(b, 10_000, false, false) }
func BenchmarkCollisionStep_Mixed1k(b *testing.B)    { benchCollision(b, 1_000, true, false) }

// BenchmarkCollisionStep_MixedResolvPolygons1k is Mixed1k with
// CollisionOptions.ResolvPolygons: resolv's narrow phase for polygons.
func BenchmarkCollisionStep_MixedResolvPolygons1k(b *testing.B) { benchCollision(b, 1_000, true, true) }

func BenchmarkNaiveResolv_Circles1k(b *testing.B)  { benchNaive(b, 1_000, false) }
func BenchmarkNaiveResolv_Circles10k(b *testing.B) { benchNaive(b, 10_000, false) }
func BenchmarkNaiveResolv_Mixed1k(b *testing.B)    { benchNaive(b, 1_000, true) }

// benchVsLimit steps the collidelimit scene of n bodies in a 4096-unit
// square (circles and boxes, one body in ten a mover) with Motion,
// Confine and the collision system, and with the hand-written limit,
// taking turns ten steps at a time so that the machine's noise hits both
// alike. It reports both medians, in ns a body, and the median of the
// rounds' ratios.
func benchVsLimit(b *testing.B, n int) {
	s := newLimitScene(b, n, 4096, 1)
	for range 60 { // grow every buffer
		if err := s.stepSystem(); err != nil {
			b.Fatal(err)
		}
		s.limit.Step(stepDT)
	}
	const chunk = 10
	var sys, lim, ratio []float64
	round := 0
	for b.Loop() {
		var d [2]time.Duration
		for k := range 2 {
			which := (k + round) % 2
			start := time.Now()
			for range chunk {
				step := s.stepSystem
				if which == 1 {
					step = s.stepLimit
				}
				if err := step(); err != nil {
					b.Fatal(err)
				}
			}
			d[which] = time.Since(start)
		}
		round++
		per := float64(chunk * n)
		sys, lim = append(sys, float64(d[0].Nanoseconds())/per), append(lim, float64(d[1].Nanoseconds())/per)
		ratio = append(ratio, float64(d[0])/float64(d[1]))
	}
	b.ReportMetric(median(sys), "ns/body")
	b.ReportMetric(median(lim), "limit-ns/body")
	b.ReportMetric(median(ratio), "x-limit")
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs[len(xs)/2]
}

func BenchmarkCollisionVsLimit_1k(b *testing.B)  { benchVsLimit(b, 1_000) }
func BenchmarkCollisionVsLimit_5k(b *testing.B)  { benchVsLimit(b, 5_000) }
func BenchmarkCollisionVsLimit_10k(b *testing.B) { benchVsLimit(b, 10_000) }

// eachTeleport hides the collision system's TeleportAll, so that
// geom.TeleportAll calls its Teleport once for each entity: how the
// system heard a step's teleports before it had TeleportAll (the one
// dynamic call an entity, then Collision.Teleport, called directly).
type eachTeleport struct{ c *systems.Collision }

func (e eachTeleport) Teleport(x world.Entity) { e.c.Teleport(x) }

// BenchmarkCollisionTeleportAll_10k tells the collision system of 10,000
// bodies that all of them jumped, through geom.TeleportAll, in one call
// (the system is a geom.ManyTeleporter) and once an entity (through
// eachTeleport), the two in turn in every iteration so that the machine's
// load falls on both alike. It reports each's ns per teleport and their
// ratio.
func BenchmarkCollisionTeleportAll_10k(b *testing.B) {
	const n = 10_000
	bs, _ := benchBodies(n, false)
	col := mustCollision(b, systems.CollisionOptions{CellSize: benchCell})
	many, each := world.New(), world.New()
	if err := many.AddSystem(col.System()); err != nil {
		b.Fatal(err)
	}
	es := make([]world.Entity, n)
	for i, x := range bs {
		es[i] = world.Spawn2(many, systems.Position, x.p, systems.Collider, x.shape)
	}
	if err := many.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil); err != nil {
		b.Fatal(err)
	}
	geom.AddTeleporter(each, eachTeleport{col})
	var tMany, tEach time.Duration
	b.ReportAllocs()
	for b.Loop() {
		t0 := time.Now()
		geom.TeleportAll(many, es)
		t1 := time.Now()
		geom.TeleportAll(each, es)
		tMany, tEach = tMany+t1.Sub(t0), tEach+time.Since(t1)
	}
	b.ReportMetric(float64(tMany.Nanoseconds())/float64(b.N*n), "many-ns/teleport")
	b.ReportMetric(float64(tEach.Nanoseconds())/float64(b.N*n), "each-ns/teleport")
	b.ReportMetric(float64(tEach)/float64(tMany), "each/many")
}
