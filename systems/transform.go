package systems

import (
	"math"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// LocalTransform places an entity relative to its [world.ChildOf] parent:
// [Transforms] computes its [Position] and its [geom.WorldTransform] (the
// rotation and scale that come out of it in the world) from it and the
// parent's every step. It requires both, so they join with it. The world
// position is Position itself, so everything that reads Position
// (collision, bounds, the renderer) sees children where they are, and the
// renderer turns and scales their drawables by their WorldTransform.
var LocalTransform = world.DefineFields("LocalTransform", world.Options[Transform]{
	Requires: []world.ComponentType{Position, geom.WorldTransform},
})

// Transform is the value of [LocalTransform]: an entity's placement in its
// parent's frame.
type Transform struct {
	// Offset is where the entity is from its parent's position, in the
	// parent's frame: scaled by the parent's scale, then rotated by the
	// parent's rotation.
	Offset Vec2
	// Rotation is the entity's rotation, in radians, added to its
	// parent's (clockwise on screen, as y grows down).
	Rotation float64
	// Scale multiplies the parent's scale, per axis. A zero axis, as in
	// the zero Transform, means 1: write a small scale to make an entity
	// vanish.
	Scale Vec2
}

// TransformName is the name of the system [Transforms] returns.
const TransformName = "systems.transform"

// Transforms returns a [world.Fixed] system, named [TransformName], that
// places every entity holding [LocalTransform] and a [world.ChildOf]
// parent relative to that parent: its [Position] is the parent's plus the
// Offset, scaled and rotated by the parent's [geom.WorldTransform]; its
// rotation is the parent's plus its own, its scale the parent's times its
// own. Parents are placed before their children, whatever the order the
// entities were made in, so a hierarchy of any depth is right within one
// step. An entity without LocalTransform (a root, or a child placed by
// other code) keeps the Position and WorldTransform it has, and its
// children are placed from them.
//
// Add it after the systems that move parents ([Motion]) and before those
// that read positions ([Confine], collision, the renderer's snapshot).
// A child's Position is computed: move the parent, or change the
// Offset, rather than giving a child a Velocity. The writes go through
// [world.Fields.Set], so change trackers see them and a NaN is refused
// (the system returns that error). O(entities with LocalTransform), each
// placed once per step; steady state allocates nothing.
func Transforms() world.System {
	t := &transforms{}
	return world.System{Name: TransformName, Phase: world.Fixed, Run: t.run}
}

// transforms is the system's state: which slots it placed this step, and
// a stack of ancestors still to place.
type transforms struct {
	placed []uint64 // per slot: the run that placed it
	runs   uint64
	stack  []world.Entity
	err    error
}

func (t *transforms) run(ctx *world.Context) error {
	w := ctx.World
	t.runs++
	t.err = nil
	for e := range world.Query1(w, LocalTransform) {
		t.place(w, e)
	}
	return t.err
}

// place places e, placing first each ancestor with a LocalTransform not
// placed yet in this run, with a stack rather than recursion, so depth
// costs no goroutine stack.
func (t *transforms) place(w *world.World, e world.Entity) {
	t.stack = append(t.stack[:0], e)
	for len(t.stack) > 0 {
		top := t.stack[len(t.stack)-1]
		if t.done(top) {
			t.stack = t.stack[:len(t.stack)-1]
			continue
		}
		parent, ok := world.ChildOf.Target(w, top)
		if ok && !t.done(parent) && w.Has(parent, LocalTransform) {
			t.stack = append(t.stack, parent) // the parent first
			continue
		}
		t.stack = t.stack[:len(t.stack)-1]
		t.mark(top)
		if ok {
			t.compute(w, top, parent)
		}
	}
}

func (t *transforms) done(e world.Entity) bool {
	s := e.Slot()
	return s < len(t.placed) && t.placed[s] == t.runs
}

func (t *transforms) mark(e world.Entity) {
	s := e.Slot()
	if s >= len(t.placed) {
		t.placed = append(t.placed, make([]uint64, s+1-len(t.placed))...)
	}
	t.placed[s] = t.runs
}

// compute sets e's Position and WorldTransform from its LocalTransform and
// parent's, which is placed.
func (t *transforms) compute(w *world.World, e, parent world.Entity) {
	local := LocalTransform.Require(w, e)
	var from Vec2
	if p, ok := Position.Get(w, parent); ok {
		from = *p
	}
	pose := geom.Pose{Scale: Vec2{X: 1, Y: 1}}
	if p, ok := geom.WorldTransform.Get(w, parent); ok {
		pose = geom.Pose{Rotation: p.Rotation, Scale: p.UnitScale()}
	}
	off := Vec2{X: local.Offset.X * pose.Scale.X, Y: local.Offset.Y * pose.Scale.Y}
	if pose.Rotation != 0 {
		sin, cos := math.Sincos(pose.Rotation)
		off = Vec2{X: off.X*cos - off.Y*sin, Y: off.X*sin + off.Y*cos}
	}
	ls := geom.Pose{Scale: local.Scale}.UnitScale()
	if err := Position.Set(w, e, from.Add(off)); err != nil && t.err == nil {
		t.err = err
	}
	if err := geom.WorldTransform.Set(w, e, geom.Pose{
		Rotation: pose.Rotation + local.Rotation,
		Scale:    Vec2{X: pose.Scale.X * ls.X, Y: pose.Scale.Y * ls.Y},
	}); err != nil && t.err == nil {
		t.err = err
	}
}
