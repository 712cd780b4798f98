// Package systems holds the systems a game would otherwise write first:
// motion, bounds, lifetimes, timers, tweens and collision. It imports
// world, the standard library and github.com/solarlune/resolv, never
// ebitengine or the engine, so all of it tests headless. Its field
// components (Position, Velocity, …) are the ones render and the examples
// share.
//
// # Outline
//
//   - Geometry: [Vec2], [Rectangle], [Rect].
//   - Motion: [Position], [Velocity], [Acceleration], [Damping] ([Drag]),
//     [MaxSpeed] ([SpeedLimit]) and the system [Motion].
//   - Bounds: [Bounds] ([Boundary], [BoundsMode]: [Clamp], [Bounce],
//     [Wrap], [DestroyOutside]) and the system [Confine]; both in one pass:
//     [MotionInBounds].
//   - Lifetime: [Lifetime] ([Lifespan]) and the system [Expire].
//   - Timers: [NewTimers], [Timers.Start] with a [Timer], [Timers.Stop],
//     [Timers.Fired] ([TimerEvent]), [Timers.System].
//   - Tweens: [NewTweens], [TweenField], [Tweens.Start] with a [Tween],
//     [Tweens.Completed] and [Tweens.OnComplete] ([TweenEvent]), [Ease]
//     and the easings [Linear] … [InOutBounce].
//   - Collision: [Collider] ([Shape]: [Box], [Circle], [Polygon]), [Mover]
//     ([Movement]), [NewCollision] with [CollisionOptions], [Collision.System],
//     [Collision.Contacts] and [Collision.OnEnter], [Collision.OnStay],
//     [Collision.OnExit] ([Contact], [ContactKind]), the queries
//     [Collision.AtPoint], [Collision.InRect], [Collision.Raycast],
//     [Collision.RaycastAll] ([RayHit]), [Collision.Stats]
//     ([CollisionStats]).
//   - Hierarchies: [LocalTransform] ([Transform]), [geom.WorldTransform]
//     ([geom.Pose]) and the system [Transforms], which places children of
//     [world.ChildOf] parents.
//   - For worlds with positions of their own: [MirrorPositions].
//   - Errors: [ColliderError], [ErrBadCollider], [OptionError],
//     [ErrBadOption].
//
// # Systems
//
// Every system here runs in the [world.Fixed] phase. [Motion], [Confine]
// and [Expire] are plain functions of the world and return a
// [world.System] each; [Timers], [Tweens] and [Collision] hold state (a
// clock, running tweens, a collision grid) and hand out their system with a
// System method, whose Dispose empties them when the world is cleared.
// Add them in the order a step should run, typically:
//
//	w.AddSystem(systems.Motion())   // move
//	w.AddSystem(systems.Confine())  // keep inside bounds
//	w.AddSystem(col.System())       // collide, push movers out of walls
//	w.AddSystem(timers.System())    // fire timers
//	w.AddSystem(tweens.System())    // drive tweens
//	w.AddSystem(systems.Expire())   // destroy what has had its time
//
// Where nothing runs between Motion and Confine, [MotionInBounds] does
// both in one pass over the bodies, reading each body once instead of twice.
//
// The per-step lists ([Collision.Contacts], [Timers.Fired],
// [Tweens.Completed]) are read by later systems of the same step, or
// through callbacks, which run at the end of the system's run. None of
// them depends on the engine: to put them on the engine's event bus, a
// game registers a callback that emits an event (see docs/SYSTEMS.md).
//
// # Numbers and determinism
//
// Positions and velocities are float64 (see [Vec2]). Timers and tweens
// count simulated time in whole nanoseconds, so they fire on the same
// step on every machine; nothing reads the wall clock. Contacts are
// sorted by entity id, so what a step reports does not depend on map
// order or on the order of the world's walks.
//
// # Concurrency
//
// A world and its systems run on one goroutine. The collision system uses
// resolv (with ResolvPolygons), which keeps package-level mutable state:
// never step or query it concurrently with any other resolv user (see
// [Collision]).
package systems
