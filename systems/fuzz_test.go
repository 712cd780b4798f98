package systems_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// fuzzBytes reads a fuzzer's bytes as numbers, zeros once they run out.
type fuzzBytes []byte

func (b *fuzzBytes) byte() byte {
	if len(*b) == 0 {
		return 0
	}
	v := (*b)[0]
	*b = (*b)[1:]
	return v
}

// float returns a small number (a byte, signed, over 4) most of the time,
// and any float64 at all (NaN, ±Inf, 1e300, subnormals) when the first
// byte is odd.
func (b *fuzzBytes) float() float64 {
	if b.byte()&1 == 0 {
		return float64(int8(b.byte())) / 4
	}
	var raw [8]byte
	for i := range raw {
		raw[i] = b.byte()
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(raw[:]))
}

func (b *fuzzBytes) vec() systems.Vec2 { return systems.Vec2{X: b.float(), Y: b.float()} }

// shape returns a collider of any kind, valid or not.
func (b *fuzzBytes) shape() systems.Shape {
	var s systems.Shape
	switch k := b.byte(); k % 4 {
	case 0:
		s = systems.Box(b.float(), b.float())
	case 1:
		s = systems.Circle(b.float())
	case 2:
		pts := make([]systems.Vec2, b.byte()%9)
		for i := range pts {
			pts[i] = b.vec()
		}
		s = systems.Polygon(pts...)
	default:
		s = systems.Shape{Kind: systems.ShapeKind(b.byte())}
	}
	if b.byte()%4 == 0 {
		s.Offset = b.vec()
	}
	s.Tags, s.Mask = systems.Tags(b.byte()%4), systems.Tags(b.byte()%4)
	s.Trigger = b.byte()%5 == 0
	return s
}

// FuzzCollision builds a collision system from fuzzed options and steps
// fuzzed colliders (random kinds, sizes, points, offsets, tags, movers,
// positions and velocities, NaNs and 1e300s included), reshaping and
// destroying some between steps, and asks every query. Nothing may
// panic; the options either work or are refused with an OptionError
// naming one, and a step's error is a ColliderError. The contacts are
// sorted, with A below B, each pair once.
func FuzzCollision(f *testing.F) {
	f.Add(0.0, 0, false, []byte{})
	f.Add(32.0, 32, false, []byte{1, 0, 20, 0, 20, 0, 8, 0, 8, 0, 0, 0, 0, 1, 0, 40, 0, 0, 0, 3, 0, 3})
	f.Add(4.0, 8, true, []byte("\x02\x05\x00\x10\x00\x10\x00\xf0\x00\x10\x01\x00\x00\x00\x00\x00\x00\xf0\x7f"))
	f.Add(1e300, -1, false, []byte{0})
	f.Add(math.NaN(), 0, false, []byte{0})
	f.Add(0.015625, 4096, false, []byte{3, 1, 1, 0, 0, 0, 0, 0, 0, 0xe0, 0x7f, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, cell float64, maxSub int, resolvPolygons bool, data []byte) {
		col, err := systems.NewCollision(systems.CollisionOptions{CellSize: cell, MaxSubsteps: maxSub, ResolvPolygons: resolvPolygons})
		if err != nil {
			var oe *systems.OptionError
			if !errors.As(err, &oe) || oe.Option != "CellSize" && oe.Option != "MaxSubsteps" || col != nil {
				t.Fatalf("NewCollision(%v, %v) = %v, %v; want a system or an OptionError naming an option", cell, maxSub, col, err)
			}
			return
		}
		in := fuzzBytes(data)
		w := newWorld(t, systems.Motion(), col.System())
		var es []world.Entity
		for range min(int(in.byte())%32+1, len(data)/4+1) {
			e := world.Spawn3(w, systems.Position, in.vec(), systems.Velocity, in.vec(), systems.Collider, in.shape())
			if in.byte()%3 == 0 {
				systems.Mover.Add(w, e, systems.Movement{Up: in.vec()})
			}
			es = append(es, e)
		}
		ents := make([]world.Entity, 0, 8)
		hits := make([]systems.RayHit, 0, 8)
		for range 4 {
			err := w.Run(world.Context{Phase: world.Fixed, DT: 1.0 / 60}, nil)
			if err != nil && !errors.Is(err, systems.ErrBadCollider) {
				t.Fatalf("step: %v, want nil or ColliderErrors", err)
			}
			cs := col.Contacts()
			for k, c := range cs {
				if !(c.A < c.B) || k > 0 && !(cs[k-1].A < c.A || cs[k-1].A == c.A && cs[k-1].B < c.B) {
					t.Fatalf("contacts out of order or repeated at %d: %v", k, cs)
				}
			}
			p, q := in.vec(), in.vec()
			ents = col.AtPoint(p, systems.Tags(in.byte()%4), ents[:0])
			if !slices.IsSorted(ents) {
				t.Fatalf("AtPoint(%v) = %v, not sorted", p, ents)
			}
			ents = col.InRect(systems.Rect(p.X, p.Y, q.X, q.Y), 0, ents[:0])
			col.Raycast(p, q, 0)
			hits = col.RaycastAll(p, q, 0, hits[:0])
			if len(es) > 0 {
				e := es[int(in.byte())%len(es)]
				switch in.byte() % 4 {
				case 0:
					w.Destroy(e)
				case 1:
					if s, ok := systems.Collider.Get(w, e); ok {
						*s = in.shape()
					}
				case 2:
					if p, ok := systems.Position.Get(w, e); ok {
						*p = in.vec()
						col.Teleport(e)
					}
				}
			}
		}
	})
}
