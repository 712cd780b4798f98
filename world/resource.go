package world

// Resource is the handle of a per-world value that belongs to no entity:
// state systems share, such as input, the camera or a random source. Each
// world holds at most one value per resource. Define resources once, at
// package level, with [DefineResource]; engines use them to hand systems
// what the [Context] does not carry.
type Resource[T any] struct {
	id   int
	name string
}

// DefineResource defines a new resource named name. Every call makes a new
// resource, whatever its name.
func DefineResource[T any](name string) *Resource[T] {
	registry.Lock()
	defer registry.Unlock()
	registry.resources++
	return &Resource[T]{id: registry.resources, name: name}
}

// Name returns the name the resource was defined with.
func (r *Resource[T]) Name() string { return r.name }

func (r *Resource[T]) resourceID() int { return r.id }

// Set makes v the world's value of the resource, replacing any value it
// had; nil removes it. O(1); it allocates only the first time the world
// holds a resource with an id this high. In a system that declares its
// access, it takes effect at once, for the world and the systems that run
// after it.
//
// Panics with an [*Error] of code [CodeUndefined] if r was not made by
// DefineResource, and of code [CodeUndeclared] in a system that declares
// its access but not WritesResources of r.
func (r *Resource[T]) Set(w *World, v *T) {
	if r.id == 0 {
		panic(&Error{Code: CodeUndefined, Op: "Resource.Set", Value: r.name})
	}
	if w.rec != nil {
		// The world made room for every resource the system declares
		// (World.prepare): the store lands in the array the world and its
		// lanes share, and no table grows.
		if a := w.rec.acc; a == nil || !a.resW.has(r.id) || r.id >= len(w.resources) {
			w.rec.undeclared("Resource.Set", r.name, 0, "WritesResources")
		}
		w.resources[r.id] = v
		return
	}
	if v == nil {
		if r.id < len(w.resources) {
			w.resources[r.id] = nil
		}
		return
	}
	w.resources = grow(w.resources, r.id+1)
	w.resources[r.id] = v
}

// Lookup returns the world's value of the resource and true, or nil and
// false when it has none. O(1), no allocation.
func (r *Resource[T]) Lookup(w *World) (*T, bool) {
	if debugChecks && w.rec != nil {
		w.checkResource(r.id, r.name, false)
	}
	if r.id < len(w.resources) {
		v, ok := w.resources[r.id].(*T)
		return v, ok
	}
	return nil, false
}
