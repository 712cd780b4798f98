package world_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// Components for benchmarks: two field components, as most bodies have,
// and two object components.
type benchPos struct{ X, Y float64 }
type benchVel struct{ X, Y float64 }

var (
	bPos  = world.DefineFields[benchPos]("BenchPosition")
	bVel  = world.DefineFields[benchVel]("BenchVelocity")
	bOPos = world.DefineComponent[benchPos]("BenchObjectPosition")
	bOVel = world.DefineComponent[benchVel]("BenchObjectVelocity")
	bTag  = world.DefineTag("BenchTag")
)

var benchSizes = []int{10_000, 50_000, 100_000, 200_000}

// perEntity reports the benchmark's time per entity touched.
func perEntity(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
}

func benchWorld(n int) (*world.World, []world.Entity) {
	w := world.New()
	ids := make([]world.Entity, n)
	for i := range ids {
		ids[i] = world.Spawn2(w, bPos, benchPos{X: float64(i)}, bVel, benchVel{X: 1, Y: 1})
	}
	return w, ids
}

func BenchmarkWalkSlots(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, _ := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				p, v := bPos.Column(w), bVel.Column(w)
				for _, r := range w.Slots(bPos, bVel).Runs() {
					moveRun(p[r.Start:r.End], v[r.Start:r.End])
				}
			}
			perEntity(b, n)
		})
	}
}

// BenchmarkWalkFixedCost is BenchmarkWalkSlots's walk over a world of one
// entity: what a walk costs besides its entities (the columns, the view's
// look-up, the runs), paid by every system on every step.
func BenchmarkWalkFixedCost(b *testing.B) {
	w, _ := benchWorld(1)
	b.ReportAllocs()
	for b.Loop() {
		p, v := bPos.Column(w), bVel.Column(w)
		for _, r := range w.Slots(bPos, bVel).Runs() {
			moveRun(p[r.Start:r.End], v[r.Start:r.End])
		}
	}
}

func moveRun(p []benchPos, v []benchVel) {
	v = v[:len(p)]
	for i := range p {
		p[i].X += v[i].X
		p[i].Y += v[i].Y
	}
}

func BenchmarkWalkLimit(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p, v := make([]benchPos, n), make([]benchVel, n)
			b.ReportAllocs()
			for b.Loop() {
				moveRun(p, v)
			}
			perEntity(b, n)
		})
	}
}

func BenchmarkWalkEach(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, _ := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				eachMove(w)
			}
			perEntity(b, n)
		})
	}
}

func BenchmarkWalkEachObjects(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w := world.New()
			for i := range n {
				world.Spawn2(w, bOPos, benchPos{X: float64(i)}, bOVel, benchVel{X: 1, Y: 1})
			}
			b.ReportAllocs()
			for b.Loop() {
				world.Each2(w, bOPos, bOVel, func(_ world.Entity, p *benchPos, v *benchVel) {
					p.X += v.X
					p.Y += v.Y
				})
			}
			perEntity(b, n)
		})
	}
}

func BenchmarkWalkQuery(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, _ := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				queryMove(w)
			}
			perEntity(b, n)
		})
	}
}

// eachMove is a function of its own because b.Loop keeps the calls in
// its body from being inlined, and Each's speed is its inlined walk.
func eachMove(w *world.World) {
	world.Each2(w, bPos, bVel, func(_ world.Entity, p *benchPos, v *benchVel) {
		p.X += v.X
		p.Y += v.Y
	})
}

// queryMove is a function of its own because b.Loop keeps the calls in
// its body from being inlined, and Query's speed is its inlined loop.
func queryMove(w *world.World) {
	for _, row := range world.Query2(w, bPos, bVel) {
		row.A.X += row.B.X
		row.A.Y += row.B.Y
	}
}

func BenchmarkSpawn(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, ids := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				for i := range ids {
					w.Destroy(ids[i])
				}
				for i := range ids {
					ids[i] = world.Spawn2(w, bPos, benchPos{X: 1}, bVel, benchVel{Y: 1})
				}
			}
			// Each round destroys and spawns n entities; BenchmarkDestroy
			// measures the destroy half alone.
			perEntity(b, n)
		})
	}
}

func BenchmarkDestroy(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, ids := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for i := range ids {
					if !w.IsAlive(ids[i]) {
						ids[i] = world.Spawn2(w, bPos, benchPos{X: 1}, bVel, benchVel{Y: 1})
					}
				}
				b.StartTimer()
				for _, e := range ids {
					w.Destroy(e)
				}
			}
			perEntity(b, n)
		})
	}
}

func BenchmarkAddRemove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, ids := benchWorld(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, e := range ids {
					bTag.Add(w, e)
				}
				for _, e := range ids {
					w.Remove(e, bTag)
				}
			}
			perEntity(b, n)
		})
	}
}

// sumX reads every entity's position. It is a function of its own because
// b.Loop keeps the calls in its body from being inlined, and Get is meant
// to be inlined.
func sumX(w *world.World, ids []world.Entity) float64 {
	var sum float64
	for _, e := range ids {
		if p, ok := bPos.Get(w, e); ok {
			sum += p.X
		}
	}
	return sum
}

func BenchmarkGetRandom(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, ids := benchWorld(n)
			r := rand.New(rand.NewPCG(1, 2))
			r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
			b.ReportAllocs()
			var sum float64
			for b.Loop() {
				sum += sumX(w, ids)
			}
			perEntity(b, n)
			if sum == 0 {
				b.Fatal("no position read")
			}
		})
	}
}
