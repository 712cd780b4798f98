package systems

import (
	"math"
	"strconv"

	"github.com/solarlune/resolv"
	"github.com/tessera-engine/tessera/world"
)

// CollisionName is the default name of the system [Collision.System]
// returns.
const CollisionName = "systems.collision"

// shapesPerCell is how many shapes a grid cell has room for before resolv
// must grow it.
const shapesPerCell = 4

// CollisionOptions configures [NewCollision]. The zero value is usable.
type CollisionOptions struct {
	// Name is the system's name; "" means [CollisionName]. Two collision
	// systems in one world need two names.
	Name string
	// Area is the part of the world the space's grid covers, rounded up
	// to whole cells. A collider outside that collides with nothing and
	// no query finds it; one partly inside collides where it is inside.
	// A collider covering more grid cells than a box twice the area's
	// size each way, plus 65,536, is refused as a ColliderError: a typo such as a radius of 1e7 would
	// make every move visit billions of cells.
	// The zero value means Rect(0, 0, 4096, 4096).
	Area Rectangle
	// CellSize is the side of the grid's square cells, in world units,
	// rounded up to a whole number. Cells one to four times as big as the
	// common collider work best: smaller ones make moving colliders change
	// cells often, larger ones put more colliders in each. Each cell costs
	// about 100 bytes. 0 means 32.
	CellSize float64
	// MaxSubsteps caps how many pieces a mover's step is cut into (see
	// [Collision]). 0 means 32.
	MaxSubsteps int
	// ResolvPolygons tests the pairs that involve a polygon with resolv's
	// Intersection, taking its MTV as the separation, instead of the
	// built-in separating-axis test. Both find the same contacts and, but
	// for ties between equally short axes, the same separations; resolv's
	// costs about seven times as much and allocates about twenty times a
	// pair, every step the pair is tested (see the Mixed benchmarks).
	// Where resolv finds nothing because one shape lies wholly inside the
	// other, the built-in test still decides.
	ResolvPolygons bool
}

// ContactKind says what a [Contact] reports about a pair of colliders.
type ContactKind uint8

const (
	// ContactEnter: the pair touches in this step and did not in the last.
	ContactEnter ContactKind = iota + 1
	// ContactStay: the pair touched in the last step and still does.
	ContactStay
	// ContactExit: the pair touched in the last step and no longer does,
	// or one of the two lost its collider (the entity died, or the
	// component or its Position was removed). Normal and Depth are those
	// of the last step they touched in.
	ContactExit
)

// String returns "enter", "stay" or "exit".
func (k ContactKind) String() string {
	switch k {
	case ContactEnter:
		return "enter"
	case ContactStay:
		return "stay"
	case ContactExit:
		return "exit"
	}
	return "ContactKind(" + strconv.Itoa(int(k)) + ")"
}

// Contact is one pair of colliders that touch, or just stopped touching.
// A is always the lower entity id, so every pair has one spelling.
type Contact struct {
	Kind ContactKind
	A, B world.Entity
	// Normal is the unit vector along which A leaves B the shortest way;
	// -Normal is B's way out of A.
	Normal Vec2
	// Depth is how far they overlap along Normal: moving A by
	// Normal·Depth (or B by -Normal·Depth) separates them. For a mover
	// and the solid it was pushed out of, it is the overlap before the
	// push.
	Depth float64
	// Trigger reports that at least one of the two is a trigger.
	Trigger bool
}

// Other returns the entity e touches in c and true, or false when e is
// neither A nor B.
func (c Contact) Other(e world.Entity) (world.Entity, bool) {
	switch e {
	case c.A:
		return c.B, true
	case c.B:
		return c.A, true
	}
	return 0, false
}

// NormalFor returns the unit vector along which e leaves the other
// collider: Normal for A, -Normal for B (and for an entity in neither).
func (c Contact) NormalFor(e world.Entity) Vec2 {
	if e == c.A {
		return c.Normal
	}
	return flip(c.Normal)
}

// CollisionStats describes the last step of a [Collision].
type CollisionStats struct {
	Bodies   int // colliders in the space
	Moved    int // colliders that moved or changed, and so were tested again
	Tests    int // shape-against-shape tests
	Contacts int // pairs touching at the end of the step
}

// Collision keeps a resolv space in step with a world and reports the
// contacts between colliders: an entity with a [Collider] and a
// [Position] has a shape in the space, placed at Position plus the
// collider's Offset. Add its system ([Collision.System]) to the world's
// fixed phase after the systems that move bodies (such as [Motion]).
//
// # A step
//
// Each step walks the colliders once. A collider seen for the first time
// gets a resolv shape (a circle or a convex polygon, reused from one
// removed earlier when it can); one whose entity died, or that lost its
// Collider or Position, leaves the space; one that moved into other grid
// cells is moved in the space (SetPosition, which re-bins it without
// allocating). One that moved within its cells keeps its resolv shape
// where it was until resolv next computes with it: re-binning costs more
// than the rest of the step, and the grid is right either way. Nothing
// rebuilds the space.
//
// Only colliders that moved, or whose shape, tags, mask or trigger flag
// changed, are tested again: each against the colliders in the grid cells
// it covers, in cell order (so the cells and neighbours a test reads are
// still in the cache from the last one). A pair where neither moved keeps
// its contact from the last step untested. The shapes are tested here,
// with arithmetic that allocates nothing: circles and boxes exactly, and
// pairs with a polygon by the separating-axis test resolv's MTV comes
// from, which unlike resolv's Intersection also finds a shape wholly
// inside another. resolv's Intersection costs about seven times as much
// and allocates on every hit; [CollisionOptions].ResolvPolygons uses it
// for polygons anyway. Touching (zero overlap) is not a contact.
//
// The contacts of a step are one list, sorted by (A, B), kept from step
// to step: a step whose contacts are the same as the last one's allocates
// nothing. Read it with [Collision.Contacts] from a later system, or
// register callbacks ([Collision.OnEnter], [Collision.OnStay],
// [Collision.OnExit]), which run at the end of the collision system's run
// in the list's order.
//
// # Movers
//
// A solid collider on an entity with a [Mover] is moved against the
// solids rather than through them. The collision system sweeps it from
// where the last step left it to its new Position in substeps no longer
// than a quarter of its smallest width, and after each substep pushes it
// out of the solids it overlaps along the contact's separation (Normal
// and Depth), deepest first. A mover so meets any solid in its way less
// than halfway in and leaves on the side it came from: it cannot pass
// through a solid, however thin. The part of its [Velocity] and of the
// rest of its move that points into the solid is removed, so it slides
// along walls and comes to rest on floors; its [Movement] flags say what
// it touched. The resolved position is written back to Position. Movers
// do not block one another. A step longer than MaxSubsteps substeps is
// cut into longer substeps and may pass through thin walls; to put a
// mover somewhere without sweeping it there, call [Collision.Teleport].
//
// # Queries
//
// [Collision.AtPoint], [Collision.InRect], [Collision.Raycast] and
// [Collision.RaycastAll] answer from the state the last step left, using
// the grid to visit only nearby colliders.
//
// # Concurrency
//
// resolv keeps package-level mutable state (shape ids, scratch slices), so
// it is not safe for use by two goroutines at once, even on two spaces. A
// collision system must never run, or be queried, concurrently with
// anything else that uses resolv, including another collision system:
// step every world that has one on the same goroutine. Its tests do not
// use t.Parallel for this reason.
type Collision struct {
	name           string
	area           Rectangle
	cell           float64
	cols           int
	rows           int
	maxSub         int
	resolvPolygons bool
	space          *resolv.Space
	w              *world.World
	step           uint32
	stamp          uint32
	bodies         []body
	info           []shapeInfo // parallel to bodies
	bySlot         []int32     // entity slot -> body index + 1
	free           []int32
	live           int                     // live bodies
	circles        []*resolv.Circle        // parked, ready for reuse
	polys          []*resolv.ConvexPolygon // parked, ready for reuse
	moved          []int32                 // bodies moved this step
	sorted         []int32                 // moved, by cell
	count          []int32                 // byCell's counts, per cell
	movers         []int32                 // movers seen this step
	contacts       []Contact               // sorted by (A, B)
	meta           []pairMeta              // parallel to contacts
	added          []newPair
	spare          []Contact  // the merge's other buffer
	spareM         []pairMeta // the merge's other buffer
	enter          []func(Contact)
	stay           []func(Contact)
	exit           []func(Contact)
	errs           []error
	stats          CollisionStats
	visit          func(world.Entity, *Shape, *Vec2)
	scratchA       []Vec2
	scratchB       []Vec2
	hits           []RayHit
}

// NewCollision returns a collision system with an empty space. A
// Collision serves one world at a time: add its system to one world, and
// to the next only after the first was cleared.
func NewCollision(opts CollisionOptions) *Collision {
	c := &Collision{
		name: opts.Name, area: opts.Area, cell: math.Ceil(opts.CellSize),
		maxSub: opts.MaxSubsteps, resolvPolygons: opts.ResolvPolygons,
	}
	if c.name == "" {
		c.name = CollisionName
	}
	if c.area.Empty() {
		c.area = Rect(0, 0, 4096, 4096)
	}
	if !(c.cell >= 1) {
		c.cell = 32
	}
	if c.maxSub <= 0 {
		c.maxSub = 32
	}
	c.cols = int(math.Ceil(c.area.Dx() / c.cell))
	c.rows = int(math.Ceil(c.area.Dy() / c.cell))
	c.space = resolv.NewSpace(c.cols*int(c.cell), c.rows*int(c.cell), int(c.cell), int(c.cell))
	// resolv starts every cell with no room and grows it one allocation at
	// a time, which the first minutes of a scene would pay for as bodies
	// spread out. Give each room for a few shapes up front, from one array.
	room := make([]resolv.IShape, c.cols*c.rows*shapesPerCell)
	for y := range c.rows {
		for x := range c.cols {
			k := (y*c.cols + x) * shapesPerCell
			c.space.Cell(x, y).Shapes = room[k : k : k+shapesPerCell]
		}
	}
	c.visit = c.sync
	return c
}

// System returns the [world.Fixed] system that steps the collision. Its
// Dispose empties the space, so a world's Clear leaves the Collision
// ready for the next world (callbacks stay registered).
func (c *Collision) System() world.System {
	return world.System{Name: c.name, Phase: world.Fixed, Run: c.run, Dispose: c.Reset}
}

// Contacts returns the contacts of the last step, enters, stays and exits
// together, sorted by A and then B. The slice is reused by the next step:
// read it, do not keep it or change it.
func (c *Collision) Contacts() []Contact { return c.contacts }

// OnEnter calls fn, at the end of every step from now on, for each pair
// that started touching in it.
func (c *Collision) OnEnter(fn func(Contact)) { c.enter = append(c.enter, fn) }

// OnStay calls fn, at the end of every step from now on, for each pair
// that kept touching in it.
func (c *Collision) OnStay(fn func(Contact)) { c.stay = append(c.stay, fn) }

// OnExit calls fn, at the end of every step from now on, for each pair
// that stopped touching in it, or of which one lost its collider.
func (c *Collision) OnExit(fn func(Contact)) { c.exit = append(c.exit, fn) }

// Stats describes the last step.
func (c *Collision) Stats() CollisionStats { return c.stats }

// Teleport makes the next step take e's Position as it is, without
// sweeping e there from where it was: for a mover that respawns or goes
// through a door. It does nothing for an entity without a collider in
// the space. Once the system has run in a world, [geom.Teleport] in that
// world calls it too (as Confine does on a wrap), so game code can say
// "this entity jumped" once for the collision system and the renderer.
func (c *Collision) Teleport(e world.Entity) {
	if i := c.lookup(e); i >= 0 {
		c.info[i].teleport = true
	}
}

// Reset empties the space and forgets every contact, without reporting
// exits; callbacks stay registered.
func (c *Collision) Reset() {
	c.space.RemoveAll()
	clear(c.bodies)
	clear(c.info)
	clear(c.circles)
	clear(c.polys)
	clear(c.bySlot)
	c.bodies, c.info, c.circles, c.polys, c.free = c.bodies[:0], c.info[:0], c.circles[:0], c.polys[:0], c.free[:0]
	c.moved, c.movers, c.contacts, c.meta, c.added = c.moved[:0], c.movers[:0], c.contacts[:0], c.meta[:0], c.added[:0]
	c.errs, c.stats, c.w, c.live = c.errs[:0], CollisionStats{}, nil, 0
}
