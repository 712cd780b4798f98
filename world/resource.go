package world

import "reflect"

// Resource is the handle of a per-world value that belongs to no entity:
// state systems share, such as input, the camera or a random source. Each
// world holds at most one value per resource. Define resources once, at
// package level, with [DefineResource]; engines use them to hand systems
// what the [Context] does not carry.
type Resource[T any] struct {
	id   int
	name string
	opts ResourceOptions[T]
}

// ResourceOptions configure a resource at its definition
// ([DefineResource]): whether it is part of the world's state for
// snapshots and the world hash. The zero ResourceOptions leave it out of
// both.
//
// A resource is out of snapshots unless it asks, because a world cannot
// tell game state from the things a game keeps beside it: a score or a
// turn counter must roll back with the world, the engine's input for the
// step, an asset cache, an audio player or a debug overlay must not, and
// some cannot be copied at all. So snapshots hold the resources that give
// a Copy, and a restore leaves every other one as it is.
type ResourceOptions[T any] struct {
	// Copy puts the resource in snapshots: [World.Snapshot] copies the
	// world's value with it, and [World.Restore] copies it back into the
	// value the world holds (so a *T kept by a system or the engine sees
	// the restored state), sets a new one if the world holds none, and
	// removes the world's value if the snapshot's world held none. Copy
	// writes into *dst a copy of *src sharing no memory that changes in
	// place, as [Options.Copy] does: for a plain struct, *dst = *src.
	// dst holds the zero value or a value no world holds any more, whose
	// memory Copy may reuse. Nil leaves the resource out of snapshots.
	Copy func(dst, src *T)
	// Hash feeds the value to h for the world hash, as [Options.Hash]
	// does. Nil hashes a resource that gives a Copy by its fields when T
	// is plain data (numbers, booleans, strings, arrays and structs of
	// them), and by its presence only otherwise; a resource with neither
	// Copy nor Hash is left out of the hash.
	Hash func(h *Hasher, v *T)
}

// DefineResource defines a new resource named name, with the options
// given, if any (see [ResourceOptions]). Every call makes a new resource,
// whatever its name.
//
// Panics with an [*Error] of code [CodeInvalidDefinition] if more than one
// ResourceOptions is given.
func DefineResource[T any](name string, opts ...ResourceOptions[T]) *Resource[T] {
	if len(opts) > 1 {
		panic(&Error{Code: CodeInvalidDefinition, Op: "DefineResource", Component: name, Value: "more than one ResourceOptions"})
	}
	r := &Resource[T]{name: name}
	if len(opts) == 1 {
		r.opts = opts[0]
	}
	var plan *hashPlan
	if r.opts.Copy != nil || r.opts.Hash != nil {
		plan = planOf(reflect.TypeFor[T]())
	}
	registry.Lock()
	defer registry.Unlock()
	registry.resources++
	r.id = registry.resources
	if plan != nil {
		registry.stateful = append(registry.stateful, resourceState[T]{r, plan})
	}
	return r
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

// stateResource is a resource that is part of the world's state, in
// snapshots or the hash (see ResourceOptions): the untyped face its
// typed options need.
type stateResource interface {
	resourceID() int
	resourceName() string
	// snapshot copies w's value, if any, into p (made when nil) and
	// returns it; nil when the resource is not in snapshots.
	snapshot(w *World, p resourcePart) resourcePart
	// hash feeds w's value v (a *T) to h and reports whether its value,
	// not only its presence, was hashed.
	hash(h *Hasher, v any) bool
}

// resourceState is the stateResource of a resource with a Copy or a
// Hash.
type resourceState[T any] struct {
	r    *Resource[T]
	plan *hashPlan
}

func (s resourceState[T]) resourceID() int      { return s.r.id }
func (s resourceState[T]) resourceName() string { return s.r.name }

func (s resourceState[T]) hash(h *Hasher, v any) bool {
	p, _ := v.(*T)
	if p == nil {
		return false
	}
	return hashValue(h, p, s.r.opts.Hash, s.plan)
}

// resourceSnap is one resource's state in a Snapshot.
type resourceSnap[T any] struct {
	copyFn  func(dst, src *T)
	id      int
	name    string
	present bool // the world held a value
	val     T    // its copy
	stage   T    // what Restore copies val into before it applies anything
	staged  bool
}

func (s resourceState[T]) snapshot(w *World, p resourcePart) resourcePart {
	if s.r.opts.Copy == nil {
		return nil
	}
	d, _ := p.(*resourceSnap[T])
	if d == nil {
		d = &resourceSnap[T]{copyFn: s.r.opts.Copy, id: s.r.id, name: s.r.name}
	}
	v, _ := s.r.Lookup(w)
	d.present = v != nil
	if v != nil {
		d.copyFn(&d.val, v)
	}
	return d
}

func (d *resourceSnap[T]) partName() string { return d.name }

func (d *resourceSnap[T]) stageValue() {
	if d.present {
		d.copyFn(&d.stage, &d.val)
		d.staged = true
	}
}

func (d *resourceSnap[T]) unstage() { d.staged = false }

// apply puts the staged value into w: into the value w holds, so that a
// pointer kept to it sees the restored state, or into a new one. What w
// held goes to the stage, whose memory the next Copy may reuse.
func (d *resourceSnap[T]) apply(w *World) {
	if !d.present {
		if d.id < len(w.resources) {
			w.resources[d.id] = nil
		}
		return
	}
	var live *T
	if d.id < len(w.resources) {
		live, _ = w.resources[d.id].(*T)
	}
	if live == nil {
		live = new(T)
		w.resources = grow(w.resources, d.id+1)
		w.resources[d.id] = live
	}
	*live, d.stage = d.stage, *live
	d.staged = false
}

// resourcePart is one resource's state in a Snapshot.
type resourcePart interface {
	partName() string
	stageValue() // calls Copy: may panic
	unstage()
	apply(w *World)
}
