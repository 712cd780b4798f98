// Package world is Tessera's entity-component-system store: entities with
// generational ids, components kept in sparse sets or in numeric columns,
// walks that allocate nothing, and systems run in a fixed and a frame phase.
// It imports the standard library only, so it builds and tests anywhere.
//
// # Outline
//
//   - Entities: [World.Create], [World.Spawn], [Spawn1] … [Spawn4],
//     [World.Destroy], [World.IsAlive], [World.Len], [World.Entities],
//     [Entity.Slot].
//   - Object components (any Go value): [DefineComponent], [Component.Add],
//     [Component.Get], [Component.Require], [Component.Set]; tags:
//     [DefineTag].
//   - Field components (numeric columns): [DefineFields], [Fields.Add],
//     [Fields.Get], [Fields.Column], [Fields.Set].
//   - Component options: [Options] (lifecycle hooks Added, Removed, Died,
//     Teardown; Requires and Default).
//   - Untyped operations: [World.Has], [World.Remove], [World.Count],
//     [World.ComponentsOf], [Add], [Get], [Set].
//   - Relationships: [DefineRelation] ([RelationOptions]), [Relation.Set],
//     [Relation.Unset], [Relation.Target], [Relation.Targets],
//     [Relation.Sources], [Reverse]; the hierarchy [ChildOf] and [Children].
//   - Walks: [Query1] … [Query4], [Each1] … [Each4], [World.Slots],
//     [First1] … [First4]; after a panic: [World.Recover].
//   - Batches: [SpawnMany1] … [SpawnMany4], [AddMany], [World.RemoveMany],
//     [World.DestroyMany], [AddAll], [Slots.RemoveAll], [Slots.DestroyAll].
//   - Change detection: [World.Track], [Tracker.Added], [Tracker.Changed],
//     [System.Writes], [World.StructureEpoch].
//   - Batched events: [DefineEvent], [Event.Emit], [Event.Subscribe].
//   - Systems: [System], [World.AddSystem], [World.RemoveSystem],
//     [World.Run], [World.Clear]; timing them: [RunObserver],
//     [World.SetRunObserver].
//   - Resources (per-world values no entity owns): [DefineResource],
//     [Resource.Set], [Resource.Lookup], [ResourceOptions].
//   - The state as a whole: [World.Snapshot] and [World.Restore] with a
//     [Snapshot]; the world hash [World.Hash], [World.Digests] ([Digest]),
//     [World.Diff] ([Difference]), [Hasher] and [Options.Copy],
//     [Options.Hash]; the world's generator [World.Rand], [World.Seed].
//   - Tools: [Inspect].
//   - Errors: [Error] with its [Code] ([CodeOf]), [SystemError],
//     [PanicError] and the Err sentinels.
//
// # Ids
//
// An [Entity] is 64 bits: its slot in the low 32 and its slot's generation
// in the high 32. Destroying an entity frees its slot and moves the slot's
// generation on, so an id kept after its entity died stays dead for good:
// IsAlive, Has and Get answer false for it and Destroy ignores it, even once
// the slot holds a new entity. Keep ids as Entity values; narrowing one to
// 32 bits keeps the slot and loses the generation.
//
// # Components
//
// An object component ([DefineComponent]) holds any Go value, kept by value
// in a sparse set: finding an entity's value is two array reads, and walking
// every value is a walk over packed arrays. A tag ([DefineTag]) records
// presence only and stores no values.
//
// A field component ([DefineFields]) is a struct of fixed-size numbers kept
// in a column: one []T per component and world, indexed by the entity's
// slot. Columns hold no pointers, so the garbage collector never scans
// them, and a loop over one is as plain as a loop over a slice. Add writes
// the whole value, so a reused slot never shows the numbers its last owner
// left in fields the new value leaves out.
//
// # Walks
//
//	walk                              cost                          use for
//	Query1 … Query4 (range-over-func) a row per entity; inlined     readable code, hot loops
//	                                  over field components
//	Each1 … Each4 (callback)          no allocation per entity;     hot loops, object components
//	                                  inlined over field components walked every step
//	Slots(A, B).Runs() + Column       flat loop over contiguous     numeric data on many bodies
//	                                  slices
//
// Over field components only, the compiler inlines a Query or Each walk
// into the caller, loop body (or fn's literal) included, for about twice a
// flat loop's cost; walks naming an object component call the body once
// per entity. To be inlined, those walks have no deferred call: see
// [Each2] for what a panic out of them does.
//
// First1 … First4 return the first match, for singletons. A walk that
// names an object component starts from the smallest of the sets it names,
// so Each2(w, Rare, Common, fn) costs what Rare costs; it goes in the order
// of that set's packed array, which is not creation order. A walk over
// field components and tags only goes in slot order through the cached
// [Slots] view, whose cost is one AND per 64 slots, and only after a
// membership change. Sort yourself when order matters.
//
// [World.Slots] is cached per set of components and recomputed only after
// an entity joined or left one of those sets; [Slots.Runs] hands out
// ranges of consecutive slots, so each column can be resliced to a run and
// looped over with no bounds check per entity.
//
// # Structural changes during walks
//
// While a walk (an Each call or a Query loop) or a system run is in
// progress, [World.Destroy] and [World.Remove] wait until it ends; until
// then the entity still answers IsAlive and Has as before, so nothing is
// skipped or visited twice. Adds and spawns take effect at once, but the
// walk in progress does not visit what they added. Outside walks every
// change is immediate. A loop over a Slots view is not a walk.
//
// # Systems
//
// A [System] has a name, a [Phase] ([Fixed] or [Frame]), a run function
// receiving a [Context], and an optional Dispose. Systems of a phase run in
// the order they were added; [World.Run] reports one that returns an error
// or panics as a [*SystemError] naming it, and with an error handler the
// systems after it still run. [World.Clear] removes every entity and every
// system.
//
// # Lifecycle, relationships and changes
//
// A component's [Options] give it hooks, run at defined points whether or
// not a walk is in progress, and components it requires, which join
// before it. A [Relation] links source entities to targets and keeps the
// reverse index; [ChildOf] is the built-in hierarchy, whose children die
// with their parent. A [Tracker] drains, for one consumer, the entities
// whose component was added or changed since it last looked. All of these
// ride on the deferral above: while walks, system runs or hooks run,
// removals and destroys wait, and the outermost one to end applies them
// in order, hooks included.
//
// # The state as a whole
//
// [World.Snapshot] copies a world's whole state (ids, components,
// relationships, the generator of [World.Rand], the resources that give a
// Copy) into a reusable [Snapshot]; [World.Restore] puts it back, all or
// nothing and without hooks, after which the world answers exactly as the
// snapshotted one did. [World.Hash] is a canonical hash of that state,
// independent of walk order, map order and addresses, for replays that
// check they are the same run; [World.Diff] names what two worlds
// disagree on.
//
// # Errors
//
// Misuse on the hot path panics with an error value: [Component.Require]
// on an entity without the component, or an Add to a dead entity, panics
// with an [*Error] such as
// "world: Require[Health] on entity 12v3: missing component", whose
// [Code] is stable and which errors.Is matches against
// [ErrMissingComponent] or [ErrDeadEntity]. A system runner recovers such
// a panic and reports it with the system's name; [World.Recover] does the
// same for other code. The tesseradebug build tag checks the invariants
// the unchecked paths rest on (see checks.go) on every access.
package world
