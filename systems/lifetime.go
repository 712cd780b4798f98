package systems

import "github.com/tessera-engine/tessera/world"

// Lifetime destroys an entity after a time; [Expire] counts it down.
var Lifetime = world.DefineFields[Lifespan]("Lifetime")

// Lifespan is the value of [Lifetime]: the seconds an entity has left.
// [Expire] takes each step's DT off Seconds and destroys the entity in the
// step in which it reaches zero. The count is in float64 seconds, so
// "0.5 seconds at 60 steps a second" is 30 steps; steps that leave less
// than a nanosecond count as zero, so rounding never adds a step.
type Lifespan struct{ Seconds float64 }

// ExpireName is the name of the system [Expire] returns.
const ExpireName = "systems.lifetime"

// expireSlack is how close to zero a remaining time counts as zero: less
// than the error summing DT in float64 can build up over a game's length.
const expireSlack = 1e-9

// Expire returns a [world.Fixed] system, named [ExpireName], that counts
// down every entity's [Lifetime] and destroys the entities whose time is up
// (at the end of the step, as every destroy during a system run is). It
// walks the entities holding Lifetime with one callback each and allocates
// nothing.
func Expire() world.System {
	return world.System{Name: ExpireName, Phase: world.Fixed, Run: runExpire}
}

func runExpire(ctx *world.Context) error {
	w, dt := ctx.World, ctx.DT
	world.Each1(w, Lifetime, func(e world.Entity, l *Lifespan) {
		l.Seconds -= dt
		if l.Seconds <= expireSlack {
			w.Destroy(e)
		}
	})
	return nil
}
