package systems

import (
	"math"

	"github.com/tessera-engine/tessera/world"
)

// MotionName is the name of the system [Motion] returns.
const MotionName = "systems.motion"

// Motion returns a [world.Fixed] system, named [MotionName], that moves
// every entity holding [Position] and [Velocity] by Velocity·DT each step.
// Before that, and only for the entities holding them, it adds
// [Acceleration]·DT to Velocity, applies [Damping], then caps Velocity at
// [MaxSpeed] (semi-implicit Euler: the new velocity moves the body).
//
// Each stage is a flat loop over the columns of the entities holding its
// components (a [world.Slots] view), so the cost is a few nanoseconds per
// body and stage and nothing is allocated.
func Motion() world.System {
	return world.System{Name: MotionName, Phase: world.Fixed, Run: runMotion}
}

func runMotion(ctx *world.Context) error {
	w, dt := ctx.World, ctx.DT
	vel := Velocity.Column(w)
	steer(w, vel, dt)
	pos := Position.Column(w)
	for _, r := range w.Slots(Position, Velocity).Runs() {
		p, v := pos[r.Start:r.End], vel[r.Start:r.End]
		v = v[:len(p)]
		for i := range p {
			p[i].X += v[i].X * dt
			p[i].Y += v[i].Y * dt
		}
	}
	return nil
}

// MotionInBoundsName is the name of the system [MotionInBounds] returns.
const MotionInBoundsName = "systems.motion-in-bounds"

// MotionInBounds returns a [world.Fixed] system, named
// [MotionInBoundsName], that does what [Motion] followed at once by
// [Confine] does, in one pass over the bodies instead of two: the same
// positions, velocities, teleports and destroys, in the same order. Use
// it in place of the two when nothing has to run between moving the
// bodies and confining them; a system that must see bodies where Motion
// left them (one that pushes bodies apart before they are kept inside,
// say) goes between a Motion and a Confine instead.
//
// The one pass covers the common world, where the entities holding
// [Position] and [Velocity] are those holding Position and [Bounds]. In
// any other world it runs Motion's loop and then Confine's, so it is
// never wrong, only not faster. Its cost is then what the two cost; in
// the one pass, about what reading each body's position, velocity and
// Boundary once costs.
func MotionInBounds() world.System {
	return world.System{Name: MotionInBoundsName, Phase: world.Fixed, Run: runMotionInBounds}
}

func runMotionInBounds(ctx *world.Context) error {
	w, dt := ctx.World, ctx.DT
	movers := w.Slots(Position, Velocity)
	if all := w.Slots(Position, Velocity, Bounds); all.Len() != movers.Len() || all.Len() != w.Slots(Bounds, Position).Len() {
		// Not the same bodies: a body with bounds and no velocity, or
		// one moving without bounds, has no place in the one pass.
		if err := runMotion(ctx); err != nil {
			return err
		}
		return runConfine(ctx)
	}
	vel := Velocity.Column(w)
	steer(w, vel, dt)
	c := confinedIn(w)
	out := c.out[:0]
	pc, bc := Position.Column(w), Bounds.Column(w)
	for _, r := range movers.Runs() {
		for s := r.Start; s < r.End; s++ {
			if s += moveInside(pc[s:r.End], vel[s:r.End], bc[s:r.End], dt); s < r.End {
				if b := &bc[s]; b.Mode == Wrap {
					wrapInto(&pc[s], b.Rect)
				}
				out = append(out, uint32(s))
			}
		}
	}
	c.confineFound(w, out)
	return nil
}

// moveInside moves the bodies ps by their velocities vs over dt, up to
// and including the first that ends outside its bounds bs, and returns
// how many it moved before that one: Motion's loop and Confine's scan in
// one. Like inside, it runs slower inlined into its caller.
//
//go:noinline
func moveInside(ps, vs []Vec2, bs []Boundary, dt float64) int {
	vs, bs = vs[:len(ps)], bs[:len(ps)]
	for i := range ps {
		p := Vec2{X: ps[i].X + vs[i].X*dt, Y: ps[i].Y + vs[i].Y*dt}
		ps[i] = p
		if !bs[i].Rect.Contains(p) {
			return i
		}
	}
	return len(ps)
}

// steer applies the velocity stages of Motion: [Acceleration],
// [Damping] and [MaxSpeed], each only when some entity holds it.
func steer(w *world.World, vel []Vec2, dt float64) {
	if w.Count(Acceleration) > 0 {
		accelerate(w, vel, dt)
	}
	if w.Count(Damping) > 0 {
		damp(w, vel, dt)
	}
	if w.Count(MaxSpeed) > 0 {
		limit(w, vel)
	}
}

func accelerate(w *world.World, vel []Vec2, dt float64) {
	acc := Acceleration.Column(w)
	for _, r := range w.Slots(Velocity, Acceleration).Runs() {
		v, a := vel[r.Start:r.End], acc[r.Start:r.End]
		a = a[:len(v)]
		for i := range v {
			v[i].X += a[i].X * dt
			v[i].Y += a[i].Y * dt
		}
	}
}

func damp(w *world.World, vel []Vec2, dt float64) {
	drag := Damping.Column(w)
	// Bodies of a kind share a rate, so the exponential is computed again
	// only when the rate changes from one body to the next.
	rate, keep := 0.0, 1.0
	for _, r := range w.Slots(Velocity, Damping).Runs() {
		v, d := vel[r.Start:r.End], drag[r.Start:r.End]
		d = d[:len(v)]
		for i := range v {
			if d[i].Rate != rate {
				rate, keep = d[i].Rate, math.Exp(-d[i].Rate*dt)
			}
			v[i].X *= keep
			v[i].Y *= keep
		}
	}
}

func limit(w *world.World, vel []Vec2) {
	caps := MaxSpeed.Column(w)
	for _, r := range w.Slots(Velocity, MaxSpeed).Runs() {
		v, m := vel[r.Start:r.End], caps[r.Start:r.End]
		m = m[:len(v)]
		for i := range v {
			s2 := v[i].X*v[i].X + v[i].Y*v[i].Y
			if lim := m[i].Max; math.IsInf(s2, 1) && !math.IsInf(lim, 1) {
				// An infinite speed: the cap along the direction of its
				// infinite components (scaling would make NaN).
				x, y := infSign(v[i].X), infSign(v[i].Y)
				n := math.Hypot(x, y)
				v[i].X, v[i].Y = max(lim, 0)*x/n, max(lim, 0)*y/n
			} else if s2 > lim*lim {
				k := 0.0
				if lim > 0 {
					k = lim / math.Sqrt(s2)
				}
				v[i].X *= k
				v[i].Y *= k
			}
		}
	}
}

// infSign returns 1 for +Inf, -1 for -Inf and 0 for anything else.
func infSign(x float64) float64 {
	switch {
	case math.IsInf(x, 1):
		return 1
	case math.IsInf(x, -1):
		return -1
	}
	return 0
}
