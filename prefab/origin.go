package prefab

import "github.com/tessera-engine/tessera/world"

// Origin is the component that records which prefab an entity was
// spawned from: every spawn gives it, before the prefab's components, the
// [*Prefab] spawned as it was then (for a child, the child as its
// parent's prefab lists it, one of [Prefab.Children]). It is what [Of]
// and [Changes] read and what [Library.Apply] follows to bring live
// entities up to date after a reload. It costs one pointer per entity in
// a sparse set; [world.Inspect] shows it as Prefab=name. Removing it
// makes the entity one that no prefab made.
var Origin = world.DefineComponent[*Prefab]("Prefab")

// Of returns the name of the prefab e was spawned from and true, or ""
// and false when e is dead or no prefab spawned it. For a child (see
// [Child]) it is the name of the prefab the child is made from. O(1), no
// allocation.
func Of(w *world.World, e world.Entity) (name string, ok bool) {
	if p, ok := Origin.Get(w, e); ok && *p != nil {
		return (*p).name, true
	}
	return "", false
}
