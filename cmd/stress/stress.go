package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/tessera-engine/tessera/internal/collidelimit"
	"github.com/tessera-engine/tessera/internal/stresskit"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// position and velocity are the field components every body has; body is
// its object component. Positions are in pixels, velocities in pixels per
// second.
type (
	position struct{ X, Y float32 }
	velocity struct{ X, Y float32 }
	body     struct {
		Tint uint32
		Name string
	}
)

var (
	positionC = world.DefineFields[position]("Position")
	velocityC = world.DefineFields[velocity]("Velocity")
	bodyC     = world.DefineComponent[body]("Body")
)

// The bodies move inside a field of fieldW by fieldH pixels and bounce off
// its edges. Velocities start uniform in [-maxSpeed, maxSpeed] on each axis.
const (
	fieldW   = 1280
	fieldH   = 720
	maxSpeed = 240
)

// stepDT is the length of one fixed step in seconds. It is a variable, not
// a constant, so that every walk rounds the same float64 to the same float32
// (a system gets it as Context.DT).
var stepDT = 1.0 / 60

// stepDuration is stepDT as a Duration, for the simulated Context.Now.
const stepDuration = time.Second / 60

// timingWindow is how many of the last steps the worlds time their
// systems over (world.World.SetTimingWindow), for -json: reading the clock
// around a system costs well under 0.1 ns per body at 10,000 bodies.
const timingWindow = 1000

// advance moves a body one step of dt seconds along one axis, from x at
// speed vx, reflects it off the edges 0 and end of the axis, and returns its
// new coordinate and speed. Every walk moves every body with two calls, X
// then Y, so every walk does the same float32 arithmetic in the same order
// for each body. The explicit float32 conversion rounds the product before
// the add, which forbids the compiler from fusing the two into an FMA on
// some walks and not on others.
//
// A move function doing both axes would cost more than the compiler's
// inlining budget, so the walks spell out the two calls.
func advance(x, vx, dt, end float32) (float32, float32) {
	x += float32(vx * dt)
	if x < 0 {
		return -x, -vx
	}
	if x > end {
		return 2*end - x, -vx
	}
	return x, vx
}

// moveAll moves every body of two parallel slices. Reslicing vs to the
// length of ps lets the compiler drop the bounds checks from the loop.
func moveAll(ps []position, vs []velocity, dt float32) {
	vs = vs[:len(ps)]
	for i := range ps {
		p, v := &ps[i], &vs[i]
		p.X, v.X = advance(p.X, v.X, dt, fieldW)
		p.Y, v.Y = advance(p.Y, v.Y, dt, fieldH)
	}
}

// The walks, as the Run functions of a Fixed system. Each moves every body
// of ctx.World once.

// moveSlots walks the runs of the Position+Velocity slot view over the two
// columns: the flat loop the world offers for field components.
func moveSlots(ctx *world.Context) error {
	w, dt := ctx.World, float32(ctx.DT)
	ps, vs := positionC.Column(w), velocityC.Column(w)
	for _, r := range w.Slots(positionC, velocityC).Runs() {
		moveAll(ps[r.Start:r.End], vs[r.Start:r.End], dt)
	}
	return nil
}

// moveEach calls a function per body with Each2.
func moveEach(ctx *world.Context) error {
	dt := float32(ctx.DT)
	world.Each2(ctx.World, positionC, velocityC, func(_ world.Entity, p *position, v *velocity) {
		p.X, v.X = advance(p.X, v.X, dt, fieldW)
		p.Y, v.Y = advance(p.Y, v.Y, dt, fieldH)
	})
	return nil
}

// moveQuery ranges over Query2.
func moveQuery(ctx *world.Context) error {
	dt := float32(ctx.DT)
	for _, row := range world.Query2(ctx.World, positionC, velocityC) {
		p, v := row.A, row.B
		p.X, v.X = advance(p.X, v.X, dt, fieldW)
		p.Y, v.Y = advance(p.Y, v.Y, dt, fieldH)
	}
	return nil
}

// moveEachObject calls a function per body with Each3 over Position,
// Velocity and the Body object component. Naming an object component takes
// the walk off the slot view and onto the sparse sets: it is driven by the
// smallest set and looks each body up in the others.
func moveEachObject(ctx *world.Context) error {
	dt := float32(ctx.DT)
	world.Each3(ctx.World, positionC, velocityC, bodyC, func(_ world.Entity, p *position, v *velocity, _ *body) {
		p.X, v.X = advance(p.X, v.X, dt, fieldW)
		p.Y, v.Y = advance(p.Y, v.Y, dt, fieldH)
	})
	return nil
}

// limitWalk is the name of the walk over plain slices, with no world.
const limitWalk = "limit"

// walk is one way to move the bodies.
type walk struct {
	name string
	run  func(*world.Context) error // the system's Run; nil for the limit
}

// walks lists every walk in the order they are reported by default.
var walks = []walk{
	{"slots", moveSlots},
	{"each", moveEach},
	{"query", moveQuery},
	{"each-object", moveEachObject},
	{limitWalk, nil},
}

// walkNames returns the names of every walk, in default order.
func walkNames() []string {
	names := make([]string, len(walks))
	for i, wk := range walks {
		names[i] = wk.name
	}
	return names
}

// lookupWalk returns the walk called name.
func lookupWalk(name string) (walk, bool) {
	for _, wk := range walks {
		if wk.name == name {
			return wk, true
		}
	}
	return walk{}, false
}

// bodies is the state of n bodies as parallel slices, in spawn order.
type bodies struct {
	pos  []position
	vel  []velocity
	body []body
}

// spawnBodies returns n bodies scattered over the field with random
// velocities, the same for the same n and seed.
func spawnBodies(n int, seed uint64) bodies {
	r := rand.New(rand.NewPCG(seed, 0x7e55e7a))
	b := bodies{
		pos:  make([]position, n),
		vel:  make([]velocity, n),
		body: make([]body, n),
	}
	for i := range n {
		b.pos[i] = position{float32(r.Float64() * fieldW), float32(r.Float64() * fieldH)}
		b.vel[i] = velocity{
			float32((2*r.Float64() - 1) * maxSpeed),
			float32((2*r.Float64() - 1) * maxSpeed),
		}
		b.body[i] = body{Tint: r.Uint32(), Name: "body-" + strconv.Itoa(i)}
	}
	return b
}

// sim is one walk's own copy of the simulation.
type sim interface {
	// step runs one fixed step.
	step() error
	// state returns the bodies' positions and velocities in spawn order,
	// in new slices.
	state() ([]position, []velocity, error)
	// contacts returns the pairs of bodies touching after the last step,
	// by spawn index, sorted; nil without collision.
	contacts() []pair
}

// limitSim moves plain slices directly: the bound the world's walks are
// measured against.
type limitSim struct {
	pos []position
	vel []velocity
	col *collidelimit.Limit // with -collide: the hand-written collision
}

func newLimitSim(init bodies, collide bool) *limitSim {
	s := &limitSim{
		pos: append([]position(nil), init.pos...),
		vel: append([]velocity(nil), init.vel...),
	}
	if collide {
		s.col = newCollideLimit(len(init.pos))
	}
	return s
}

func (s *limitSim) step() error {
	moveAll(s.pos, s.vel, float32(stepDT))
	if s.col != nil {
		collideAt(s.col, s.pos)
	}
	return nil
}

func (s *limitSim) contacts() []pair {
	if s.col == nil {
		return nil
	}
	return limitPairs(s.col)
}

func (s *limitSim) state() ([]position, []velocity, error) {
	return append([]position(nil), s.pos...), append([]velocity(nil), s.vel...), nil
}

// worldSim is a world holding the bodies and one Fixed system that moves
// them; a step is one w.Run of the Fixed phase.
type worldSim struct {
	w     *world.World
	ents  []world.Entity // in spawn order
	steps uint64
	col   *systems.Collision     // with -collide
	index map[world.Entity]int32 // with -collide: spawn index by entity
}

func newWorldSim(wk walk, init bodies, collide bool) (*worldSim, error) {
	w := world.New()
	ents := make([]world.Entity, len(init.pos))
	for i := range ents {
		ents[i] = world.Spawn3(w, positionC, init.pos[i], velocityC, init.vel[i], bodyC, init.body[i])
	}
	w.SetTimingWindow(timingWindow)
	err := w.AddSystem(world.System{Name: "move-" + wk.name, Phase: world.Fixed, Run: wk.run})
	if err != nil {
		return nil, err
	}
	s := &worldSim{w: w, ents: ents}
	if collide {
		if s.col, err = addCollision(w, ents); err != nil {
			return nil, err
		}
		s.index = make(map[world.Entity]int32, len(ents))
		for i, e := range ents {
			s.index[e] = int32(i)
		}
	}
	return s, nil
}

func (s *worldSim) contacts() []pair {
	if s.col == nil {
		return nil
	}
	return systemPairs(s.col, s.index)
}

func (s *worldSim) step() error {
	ctx := world.Context{
		Phase: world.Fixed,
		DT:    stepDT,
		Now:   time.Duration(s.steps) * stepDuration,
		Step:  s.steps,
	}
	s.steps++
	return s.w.Run(ctx, nil)
}

func (s *worldSim) state() ([]position, []velocity, error) {
	ps := make([]position, len(s.ents))
	vs := make([]velocity, len(s.ents))
	for i, e := range s.ents {
		p, okp := positionC.Get(s.w, e)
		v, okv := velocityC.Get(s.w, e)
		if !okp || !okv {
			return nil, nil, fmt.Errorf("body %d (entity %v) lost its position or velocity", i, e)
		}
		ps[i], vs[i] = *p, *v
	}
	return ps, vs, nil
}

// newSim returns a fresh simulation of init for the walk called name; with
// collide, a world walk also steps the collision system, and the limit the
// hand-written one (internal/collidelimit).
func newSim(name string, init bodies, collide bool) (sim, error) {
	wk, ok := lookupWalk(name)
	switch {
	case !ok:
		return nil, fmt.Errorf("unknown walk %q", name)
	case wk.run == nil:
		return newLimitSim(init, collide), nil
	}
	return newWorldSim(wk, init, collide)
}

// bits returns the bits of a body's state, which tell apart what == does
// not, such as 0 and -0.
func bits(p position, v velocity) [4]uint32 {
	return [4]uint32{math.Float32bits(p.X), math.Float32bits(p.Y), math.Float32bits(v.X), math.Float32bits(v.Y)}
}

// checksum hashes the bits of every position and velocity in order
// (64-bit FNV-1a), so equal checksums mean bit-identical states.
func checksum(ps []position, vs []velocity) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i := range ps {
		for _, b := range bits(ps[i], vs[i]) {
			for range 4 {
				h ^= uint64(b & 0xff)
				h *= prime
				b >>= 8
			}
		}
	}
	return h
}

// result is one walk's measurement over one body count; it is also the
// -json output line.
type result = stresskit.Result

// measure runs each named walk over its own copy of n bodies spawned from
// seed: one untimed warm-up step, then steps timed steps, the walks taking
// turns in rounds. It returns one result per name, in order. Then it checks
// every walk's final state against the limit's, running the limit untimed
// if it is not named; the error lists every walk that disagrees, and the
// results come with it. A walk whose step fails stops the measurement.
func measure(names []string, n, steps int, seed uint64, collide bool) ([]result, error) {
	if n <= 0 || steps <= 0 {
		return nil, fmt.Errorf("need at least one body and one step, got %d bodies and %d steps", n, steps)
	}
	all := names
	if !slices.Contains(all, limitWalk) {
		all = append(slices.Clip(names), limitWalk)
	}
	init := spawnBodies(n, seed)
	sims := make([]sim, len(all))
	for i, name := range all {
		s, err := newSim(name, init, collide)
		if err != nil {
			return nil, err
		}
		if err := s.step(); err != nil {
			return nil, fmt.Errorf("walk %s: warm-up step: %w", name, err)
		}
		sims[i] = s
	}
	steppers := make([]func() error, len(sims))
	for i, s := range sims {
		steppers[i] = s.step
	}
	samples, err := stresskit.Time(all, steppers, steps)
	if err != nil {
		return nil, err
	}
	results := make([]result, len(names))
	for i, name := range names {
		results[i] = stresskit.NewResult(name, n, steps, samples[i])
		if ws, ok := sims[i].(*worldSim); ok {
			results[i].Systems = stresskit.SystemTimes(ws.w.Timings())
		}
	}
	return results, verify(all, sims, steps+1)
}

// verify checks that every sim, named by the walk at the same index, left
// every body exactly where the limit's sim did after the given number of
// steps, and returns an error listing those that did not.
func verify(names []string, sims []sim, steps int) error {
	ref := slices.Index(names, limitWalk)
	if ref < 0 {
		return errors.New("no limit to verify the walks against")
	}
	refPos, refVel, err := sims[ref].state()
	if err != nil {
		return err
	}
	want := checksum(refPos, refVel)
	wantPairs := sims[ref].contacts()
	var errs []error
	for i, s := range sims {
		ps, vs, err := s.state()
		if err != nil {
			errs = append(errs, fmt.Errorf("walk %s: %w", names[i], err))
			continue
		}
		if got := checksum(ps, vs); got != want {
			body := 0
			for body < len(refPos)-1 && bits(ps[body], vs[body]) == bits(refPos[body], refVel[body]) {
				body++
			}
			errs = append(errs, fmt.Errorf("walk %s disagrees with the limit after %d steps of %d bodies: checksum %016x, want %016x; body %d is at %+v moving %+v, want %+v moving %+v",
				names[i], steps, len(refPos), got, want, body, ps[body], vs[body], refPos[body], refVel[body]))
		}
		if got := s.contacts(); !slices.Equal(got, wantPairs) {
			errs = append(errs, fmt.Errorf("walk %s: %d touching pairs after %d steps, the limit's collision %d, or other pairs",
				names[i], len(got), steps, len(wantPairs)))
		}
	}
	return errors.Join(errs...)
}
