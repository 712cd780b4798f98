package systems

import "github.com/tessera-engine/tessera/world"

// MirrorPositions returns a [world.Fixed] system named name that copies,
// every step, the float32 position component src into [Position] for
// every entity holding both. It lets a world that moves its bodies in a
// position type of its own (cmd/stress does, in float32) use the
// collision system, which reads Position: add it after the systems that
// move the bodies and before [Collision.System]. It is a flat loop over
// the two columns and allocates nothing.
func MirrorPositions[T ~struct{ X, Y float32 }](name string, src *world.Fields[T]) world.System {
	run := func(ctx *world.Context) error {
		w := ctx.World
		from, to := src.Column(w), Position.Column(w)
		for _, r := range w.Slots(src, Position).Runs() {
			f, p := from[r.Start:r.End], to[r.Start:r.End]
			p = p[:len(f)]
			for i := range f {
				v := struct{ X, Y float32 }(f[i])
				p[i] = Vec2{X: float64(v.X), Y: float64(v.Y)}
			}
		}
		return nil
	}
	return world.System{Name: name, Phase: world.Fixed, Run: run}
}
