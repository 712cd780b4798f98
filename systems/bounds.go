package systems

import (
	"math"
	"slices"
	"strconv"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// Bounds keeps an entity's [Position] inside a rectangle, each entity its
// own, in the way its [Boundary] says; [Confine] applies it.
var Bounds = world.DefineFields[Boundary]("Bounds")

// Boundary is the value of [Bounds]: a rectangle and what happens at its
// edges. The rectangle is where Position may be, so for a body drawn
// around its Position inset the rectangle by the body's half size.
type Boundary struct {
	Rect Rectangle
	Mode BoundsMode
}

// BoundsMode says what happens to an entity that leaves its [Boundary].
type BoundsMode uint8

const (
	// Clamp (the zero value) stops the entity at the edge and zeroes the
	// part of its Velocity that points out.
	Clamp BoundsMode = iota
	// Bounce reflects the entity off the edge: the distance it went past
	// the edge is mirrored back inside, and the part of its Velocity that
	// points out is reversed.
	Bounce
	// Wrap moves the entity to the opposite edge, keeping how far it went
	// past this one, as in Asteroids. Velocity is unchanged. The jump is
	// reported as geom.Teleport reports one (the step's wraps together,
	// through geom.TeleportAll, once every body is confined), so a
	// renderer draws the entity at the other edge at once rather than
	// sliding across (and, with a world pose that turns, at its turn at
	// the step's end for that step).
	Wrap
	// DestroyOutside destroys the entity once its Position is strictly
	// outside the rectangle (at the end of the step, as every destroy
	// during a system run is).
	DestroyOutside
)

// boundsModes are the modes by name, in order.
var boundsModes = []string{"clamp", "bounce", "wrap", "destroy-outside"}

// String returns "clamp", "bounce", "wrap" or "destroy-outside".
func (m BoundsMode) String() string {
	if int(m) < len(boundsModes) {
		return boundsModes[m]
	}
	return "BoundsMode(" + strconv.Itoa(int(m)) + ")"
}

// MarshalText returns the mode's name, as prefab data writes it
// (mode: wrap). It fails for a mode that has none.
func (m BoundsMode) MarshalText() ([]byte, error) {
	return nameOf(int(m), boundsModes, "bounds mode")
}

// UnmarshalText sets the mode from its name. An unknown name is an error
// listing the names, and leaves m as it was.
func (m *BoundsMode) UnmarshalText(b []byte) error {
	i, err := lookupName(string(b), boundsModes, "bounds mode")
	if err == nil {
		*m = BoundsMode(i)
	}
	return err
}

// ConfineName is the name of the system [Confine] returns.
const ConfineName = "systems.bounds"

// Confine returns a [world.Fixed] system, named [ConfineName], that applies
// every entity's [Bounds] to its [Position] (and to its [Velocity], when it
// has one) each step. Add it after [Motion]. It tests the bodies in a flat
// loop over the columns of the entities holding Bounds and Position (a
// [world.Slots] view), about a nanosecond a body, and confines those
// outside their rectangle after the loop, in slot order. It allocates
// nothing once its buffers have grown to the world's slots.
func Confine() world.System {
	return world.System{Name: ConfineName, Phase: world.Fixed, Run: runConfine}
}

// confined is what Confine keeps in a world between steps: the entities
// of the slots holding Bounds, which a loop over columns does not give
// and a body outside its rectangle needs (to be destroyed, teleported or
// to find its Velocity), and a buffer for the step's outside slots.
type confined struct {
	gens  []uint32 // by slot, as of structure epoch epoch; valid while ok
	epoch uint64
	ok    bool
	out   []uint32       // the step's slots outside their rectangle
	ents  []world.Entity // their entities
	tele  []world.Entity // the step's wraps, told after every body is confined
}

var confinedOf = world.DefineResource[confined]("systems.confined")

func runConfine(ctx *world.Context) error {
	w := ctx.World
	c := confinedIn(w)
	out := c.out[:0]
	bc, pc := Bounds.Column(w), Position.Column(w)
	for _, r := range w.Slots(Bounds, Position).Runs() {
		for s := r.Start; s < r.End; s++ {
			if s += inside(bc[s:r.End], pc[s:r.End]); s < r.End {
				// A wrap needs no entity, only what inside just
				// read: done now, while it is at hand.
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

// confinedIn returns w's Confine state, made the first time.
func confinedIn(w *world.World) *confined {
	c, ok := confinedOf.Lookup(w)
	if !ok {
		c = &confined{}
		confinedOf.Set(w, c)
	}
	return c
}

// confineFound confines the bodies at slots out, found outside their
// rectangles by a scan that has already wrapped those whose mode is Wrap,
// and tells the step's wraps, in slot order.
func (c *confined) confineFound(w *world.World, out []uint32) {
	c.out = out
	if len(out) == 0 {
		return
	}
	if epoch := w.StructureEpoch(); !c.ok || c.epoch != epoch {
		c.learn(w, epoch)
	}
	// Every body outside is confined before any teleport is told, so
	// that a Teleporter that spawns (and so grows the columns) cannot
	// leave a pointer stale, and the loop over the few outside stays
	// free of calls out of the package but for a destroy (deferred while
	// a system runs) and a velocity's look-up.
	//
	// The entities are made first, in a loop of their own: the
	// generations are cold after a draw, and loads with nothing between
	// them wait for memory together rather than one after another.
	ents := slices.Grow(c.ents[:0], len(out))[:len(out)]
	for i, s := range out {
		ents[i] = world.Entity(uint64(c.gens[s])<<32 | uint64(s))
	}
	c.ents = ents
	bc, pc := Bounds.Column(w), Position.Column(w)
	tele := c.tele[:0]
	for _, e := range ents {
		s := e.Slot()
		if bc[s].Mode == Wrap { // wrapped in the scan
			tele = append(tele, e)
		} else {
			confineOutside(w, e, &bc[s], &pc[s])
		}
	}
	c.tele = tele
	geom.TeleportAll(w, tele) // drawn at the other edge, not sliding across
}

// inside returns how many of the bodies ps are inside their bounds bs
// before the first that is not: the loop every body goes through.
// Inlined into its caller it runs a third slower (registers spill).
//
//go:noinline
func inside(bs []Boundary, ps []Vec2) int {
	bs = bs[:len(ps)]
	for i := range ps {
		if !bs[i].Rect.Contains(ps[i]) {
			return i
		}
	}
	return len(ps)
}

// learn records the entities holding Bounds as of epoch: one walk after
// each change to the world's structure, in a step where a body is
// outside.
func (c *confined) learn(w *world.World, epoch uint64) {
	n := len(Bounds.Column(w))
	c.gens = slices.Grow(c.gens[:0], n)[:n]
	for e := range world.Query1(w, Bounds) {
		c.gens[e.Slot()] = e.Generation()
	}
	c.epoch, c.ok = epoch, true
}

// confineOutside applies b to e, whose Position p is outside b's
// rectangle, and reports whether e jumped (a wrap), which its caller
// tells with geom.TeleportAll.
func confineOutside(w *world.World, e world.Entity, b *Boundary, p *Vec2) (jumped bool) {
	r := b.Rect
	switch b.Mode {
	case DestroyOutside:
		w.Destroy(e)
	case Wrap:
		wrapInto(p, r)
		return true
	case Bounce:
		v, _ := Velocity.Get(w, e)
		p.X = bounce(p.X, r.Min.X, r.Max.X, vx(v))
		p.Y = bounce(p.Y, r.Min.Y, r.Max.Y, vy(v))
	default:
		v, _ := Velocity.Get(w, e)
		p.X = clamp(p.X, r.Min.X, r.Max.X, vx(v))
		p.Y = clamp(p.Y, r.Min.Y, r.Max.Y, vy(v))
	}
	return false
}

// wrapInto wraps p into r on both axes (see [Wrap]).
func wrapInto(p *Vec2, r Rectangle) {
	p.X = wrap(p.X, r.Min.X, r.Max.X)
	p.Y = wrap(p.Y, r.Min.Y, r.Max.Y)
}

func vx(v *Vec2) *float64 {
	if v == nil {
		return nil
	}
	return &v.X
}

func vy(v *Vec2) *float64 {
	if v == nil {
		return nil
	}
	return &v.Y
}

// clamp returns x clamped to [lo, hi] and zeroes *v (if v is not nil) when
// it points out of the edge x was clamped to.
func clamp(x, lo, hi float64, v *float64) float64 {
	switch {
	case x < lo:
		if v != nil && *v < 0 {
			*v = 0
		}
		return lo
	case x > hi:
		if v != nil && *v > 0 {
			*v = 0
		}
		return hi
	}
	return x
}

// bounce reflects x off the edge of [lo, hi] it went past and makes *v (if
// v is not nil) point back inside. A coordinate more than the whole range
// past an edge is clamped instead.
func bounce(x, lo, hi float64, v *float64) float64 {
	switch {
	case x < lo:
		if v != nil {
			*v = math.Abs(*v)
		}
		x = 2*lo - x
	case x > hi:
		if v != nil {
			*v = -math.Abs(*v)
		}
		x = 2*hi - x
	default:
		return x
	}
	return min(max(x, lo), hi)
}

// wrap maps x into [lo, hi), keeping its distance past the edge.
func wrap(x, lo, hi float64) float64 {
	if x >= lo && x <= hi {
		return x
	}
	size := hi - lo
	switch {
	case size <= 0:
		return lo
	case math.IsInf(x, 1): // gone past hi for good: in at lo, as any exit right
		return lo
	case math.IsInf(x, -1):
		return hi
	}
	return lo + wrapOffset(x-lo, size)
}

// wrapOffset returns d modulo size in [0, size): math.Mod, with a
// negative remainder moved up by size. A body that wraps has gone less
// than one size past an edge, where one subtraction or addition gives
// the same float as math.Mod (for size ≤ d < 2·size, d−size is exact,
// as math.Mod is) without math.Mod's loop.
func wrapOffset(d, size float64) float64 {
	switch {
	case d >= size && d < 2*size:
		return d - size
	case d < 0 && d > -size:
		return d + size
	}
	d = math.Mod(d, size)
	if d < 0 {
		d += size
	}
	return d
}
