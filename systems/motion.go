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
	if w.Count(Acceleration) > 0 {
		accelerate(w, vel, dt)
	}
	if w.Count(Damping) > 0 {
		damp(w, vel, dt)
	}
	if w.Count(MaxSpeed) > 0 {
		limit(w, vel)
	}
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
