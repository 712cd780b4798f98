package world_test

import (
	"testing"

	"github.com/tessera-engine/tessera/world"
)

type pos struct{ X, Y float64 }
type vel struct{ X, Y float64 }

var (
	Pos  = world.DefineFields[pos]("Position")
	Vel  = world.DefineFields[vel]("Velocity")
	OPos = world.DefineComponent[pos]("OPosition")
	OVel = world.DefineComponent[vel]("OVelocity")
)

func BenchmarkProbe(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		w := world.New()
		for i := range n {
			world.Spawn2(w, Pos, pos{float64(i), 0}, Vel, vel{1, 1})
		}
		for i := range n {
			world.Spawn2(w, OPos, pos{float64(i), 0}, OVel, vel{1, 1})
		}
		ps := make([]pos, n)
		vs := make([]vel, n)
		for i := range vs {
			vs[i] = vel{1, 1}
		}
		b.Run("limit", func(b *testing.B) {
			for b.Loop() {
				for i := range ps {
					ps[i].X += vs[i].X
					ps[i].Y += vs[i].Y
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
		b.Run("slots", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, v := Pos.Column(w), Vel.Column(w)
				for _, r := range w.Slots(Pos, Vel).Runs() {
					pp, vv := p[r.Start:r.End], v[r.Start:r.End]
					vv = vv[:len(pp)]
					for i := range pp {
						pp[i].X += vv[i].X
						pp[i].Y += vv[i].Y
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
		b.Run("each", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				world.Each2(w, Pos, Vel, func(_ world.Entity, p *pos, v *vel) { p.X += v.X; p.Y += v.Y })
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
		b.Run("eachobj", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				world.Each2(w, OPos, OVel, func(_ world.Entity, p *pos, v *vel) { p.X += v.X; p.Y += v.Y })
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
		b.Run("query", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range world.Query2(w, Pos, Vel) {
					r.A.X += r.B.X
					r.A.Y += r.B.Y
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
	}
}
