package game

import (
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// Autopilot is what the demo's driver does in a step, on top of the
// player's input: the move axis, the turret's turn (-1 to 1) and the
// trigger.
type Autopilot struct {
	Move geom.Vec2
	Turn float64
	Fire bool
}

// The autopilot's distances to the monster it fights, in world units:
// it backs off inside near, closes in beyond far and circles between.
const (
	pilotNear  = 110
	pilotFar   = 200
	pilotRange = 320 // it fires at monsters this close
)

// autopilot returns what the demo's driver does now: it fights the
// nearest monster, turning the turret onto it and firing once it is in
// line and in range, and keeps its distance, circling it. It reads the
// world only, so a demo plays the same every time.
func (p *Play) autopilot(w *world.World) Autopilot {
	var a Autopilot
	at, ok := geom.Position.Get(w, p.tank)
	if !ok {
		return a
	}
	best, target := math.Inf(1), geom.Vec2{}
	for e := range world.Query1(w, Monster) {
		m := *geom.Position.Require(w, e)
		if d := m.Sub(*at).Len(); d < best {
			best, target = d, m
		}
	}
	if math.IsInf(best, 1) {
		return a
	}
	d := target.Sub(*at)
	want := math.Atan2(d.Y, d.X)
	diff := math.Remainder(want-Turret.Require(w, p.turret).Angle, 2*math.Pi)
	a.Turn = max(-1, min(1, diff*4))
	a.Fire = math.Abs(diff) < 0.12 && best < pilotRange
	u := d.Scale(1 / best)
	switch {
	case best < pilotNear:
		a.Move = u.Scale(-1)
	case best > pilotFar:
		a.Move = u
	default:
		a.Move = geom.Vec2{X: -u.Y, Y: u.X}
	}
	return a
}
