package systems

import (
	"fmt"
	"strconv"

	"github.com/tessera-engine/tessera/world"
)

// CollisionName is the default name of the system [Collision.System]
// returns.
const CollisionName = "systems.collision"

// The bounds of the options (see [CollisionOptions]).
const (
	defaultCellSize    = 32
	minCellSize        = 1.0 / 64
	maxCellSize        = 1 << 16
	defaultMaxSubsteps = 32
	maxMaxSubsteps     = 4096
)

// CollisionOptions configures [NewCollision]. The zero value is usable;
// [NewCollision] refuses values outside the ranges given here.
type CollisionOptions struct {
	// Name is the system's name; "" means [CollisionName]. Two collision
	// systems in one world need two names.
	Name string
	// CellSize is the side of the broad phase's square grid cells, in
	// world units: 0 means 32, otherwise from 1/64 to 65,536. Cells one
	// to four times as big as the common collider work best: smaller
	// ones make moving colliders change cells often, larger ones put more
	// colliders in each. The grid has no bounds and only the cells that
	// hold a collider exist, so the cell size sets no area and costs no
	// memory of its own. A collider covering more than 1,024 cells is
	// kept apart and visited by every test (see [Collision]).
	CellSize float64
	// MaxSubsteps caps how many pieces a mover's step is cut into (see
	// [Collision]): 0 means 32, otherwise from 1 to 4,096.
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

// OptionError reports an option [NewCollision] cannot use, naming it.
type OptionError struct {
	Option string // such as "CellSize"
	Value  any
	Want   string // the values it takes
}

// Error returns a message such as
// "systems: CollisionOptions.CellSize is -1, want 0 (32) or from 0.015625 to 65536".
func (e *OptionError) Error() string {
	return fmt.Sprintf("systems: CollisionOptions.%s is %v, want %s", e.Option, e.Value, e.Want)
}

// Unwrap returns [ErrBadOption].
func (e *OptionError) Unwrap() error { return ErrBadOption }

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

// contactKinds are the kinds by name, by value (0 has none).
var contactKinds = []string{"", "enter", "stay", "exit"}

// String returns "enter", "stay" or "exit".
func (k ContactKind) String() string {
	if b, err := k.MarshalText(); err == nil {
		return string(b)
	}
	return "ContactKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText returns the kind's name: "enter", "stay" or "exit". It
// fails for the zero kind and unknown ones.
func (k ContactKind) MarshalText() ([]byte, error) {
	return nameOf(int(k), contactKinds, "contact kind")
}

// UnmarshalText sets the kind from its name. An unknown name is an error
// listing the names, and leaves k as it was.
func (k *ContactKind) UnmarshalText(b []byte) error {
	i, err := lookupName(string(b), contactKinds, "contact kind")
	if err == nil {
		*k = ContactKind(i)
	}
	return err
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
	// and a solid it was pushed out of in the step, Normal and Depth are
	// those of the deepest of the step's pushes: the overlap before it.
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
	Bodies   int // colliders in the system
	Cells    int // grid cells holding a collider
	Large    int // colliders too large to file in cells, tested against every moved one
	Moved    int // colliders that moved or changed, and so were tested again
	Tests    int // shape-against-shape tests
	Contacts int // pairs touching at the end of the step
}

// Collision keeps a broad phase in step with a world and reports the
// contacts between colliders: an entity with a [Collider] and a
// [Position] has a shape there, placed at Position plus the collider's
// Offset. Add its system ([Collision.System]) to the world's fixed phase
// after the systems that move bodies (such as [Motion]).
//
// # A step
//
// Each step walks the colliders once. A collider seen for the first time
// is filed in the grid cells its bounds cover; one whose entity died, or
// that lost its Collider or Position, leaves them; one that moved into
// other cells is filed again. The grid is uniform and unbounded: only the
// cells holding a collider exist, found through a hash table, so a
// collider collides wherever it is, and memory follows the colliders. A
// collider covering more than 1,024 cells is kept on a short list instead,
// which every test and query visits too.
//
// Only colliders that moved, or whose shape, tags, mask or trigger flag
// changed, are tested again: each against the colliders in the cells it
// covers. A pair where neither moved keeps its contact from the last step
// untested. The shapes are tested here, with arithmetic that allocates
// nothing: circles and boxes exactly, and pairs with a polygon by the
// separating-axis test resolv's MTV comes from, which unlike resolv's
// Intersection also finds a shape wholly inside another.
// [CollisionOptions].ResolvPolygons uses resolv's Intersection for
// polygons instead. Touching (zero overlap) is not a contact.
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
// With ResolvPolygons the system calls resolv, which keeps package-level
// mutable state (shape ids, scratch slices) and is not safe for use by
// two goroutines at once. Step every world that has a collision system
// on one goroutine; the tests do not use t.Parallel for this reason.
type Collision struct {
	name           string
	cellSize       float64
	maxSub         int
	resolvPolygons bool
	grid           grid
	large          []int32 // bodies too large to file in cells
	w              *world.World
	step           uint32
	stamp          uint32
	bodies         []body
	ids            []bodyID    // parallel to bodies
	in             [][4]int32  // parallel to bodies: the cells a body in at most four is filed in, in scan order
	info           []shapeInfo // parallel to bodies
	bySlot         []int32     // entity slot -> body index + 1
	free           []int32
	live           int        // live bodies
	seen           int        // live bodies this step's walk visited
	moved          []int32    // bodies moved this step
	hasMoved       []bool     // parallel to bodies: in moved, so tested again
	movers         []int32    // movers seen this step
	contacts       []Contact  // sorted by (A, B)
	meta           []pairMeta // parallel to contacts
	pairs          pairTable  // (A, B) -> index in contacts or added
	indexed        bool       // pairs holds contacts as they are
	added          []newPair
	order          []pairOrder // added, sorted
	spare          []Contact   // the merge's other buffer
	spareM         []pairMeta  // the merge's other buffer
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

// NewCollision returns a collision system with no colliders, or an
// [*OptionError] naming the first option it cannot use. A Collision
// serves one world at a time: add its system to one world, and to the
// next only after the first was cleared.
func NewCollision(opts CollisionOptions) (*Collision, error) {
	c := &Collision{
		name: opts.Name, cellSize: opts.CellSize,
		maxSub: opts.MaxSubsteps, resolvPolygons: opts.ResolvPolygons,
	}
	if c.name == "" {
		c.name = CollisionName
	}
	switch {
	case c.cellSize == 0:
		c.cellSize = defaultCellSize
	case !(c.cellSize >= minCellSize && c.cellSize <= maxCellSize):
		return nil, &OptionError{Option: "CellSize", Value: opts.CellSize,
			Want: fmt.Sprintf("0 (%d) or from %v to %v", defaultCellSize, minCellSize, maxCellSize)}
	}
	switch {
	case c.maxSub == 0:
		c.maxSub = defaultMaxSubsteps
	case c.maxSub < 0 || c.maxSub > maxMaxSubsteps:
		return nil, &OptionError{Option: "MaxSubsteps", Value: opts.MaxSubsteps,
			Want: fmt.Sprintf("0 (%d) or from 1 to %d", defaultMaxSubsteps, maxMaxSubsteps)}
	}
	c.grid = newGrid(c.cellSize)
	c.visit = c.sync
	return c, nil
}

// System returns the [world.Fixed] system that steps the collision. Its
// Dispose empties it, so a world's Clear leaves the Collision
// ready for the next world (callbacks stay registered). It is exclusive
// (see [world.System]): resolv keeps package-level mutable state, so the
// collision step never runs beside another system.
func (c *Collision) System() world.System {
	return world.System{Name: c.name, Phase: world.Fixed, Run: c.run, Dispose: c.Reset, Exclusive: true}
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
// the system. Once the system has run in a world, [geom.Teleport] in that
// world calls it too (as Confine does on a wrap), so game code can say
// "this entity jumped" once for the collision system and the renderer.
func (c *Collision) Teleport(e world.Entity) {
	if i := c.lookup(e); i >= 0 {
		c.info[i].teleport = true
	}
}

// TeleportAll is [Collision.Teleport] for each of es, in one loop: what
// [geom.TeleportAll] calls for a step's many teleports (Confine's wraps),
// so that each costs a look-up and a store rather than a dynamic call
// too. O(len(es)), no allocation.
func (c *Collision) TeleportAll(es []world.Entity) {
	for _, e := range es {
		if i := c.lookup(e); i >= 0 {
			c.info[i].teleport = true
		}
	}
}

// Reset forgets every collider and every contact, without reporting
// exits; callbacks stay registered.
func (c *Collision) Reset() {
	c.grid.reset()
	clear(c.bodies)
	clear(c.ids)
	clear(c.in)
	clear(c.hasMoved)
	clear(c.info)
	clear(c.bySlot)
	c.bodies, c.ids, c.in, c.hasMoved, c.info = c.bodies[:0], c.ids[:0], c.in[:0], c.hasMoved[:0], c.info[:0]
	c.free, c.large = c.free[:0], c.large[:0]
	c.moved, c.movers, c.contacts, c.meta, c.added = c.moved[:0], c.movers[:0], c.contacts[:0], c.meta[:0], c.added[:0]
	c.pairs.index(nil)
	c.errs, c.stats, c.w, c.live, c.indexed = c.errs[:0], CollisionStats{}, nil, 0, true
}
