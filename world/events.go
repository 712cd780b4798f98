package world

// Event is the handle of a batched event: something that happens to many
// entities in a step ("these moved", "these were hit") and is reported as
// one call with one slice of ids, not one call per entity. Define events
// once, at package level, with [DefineEvent]; subscribe per world.
//
// Ids emitted during a walk or a system run are delivered when the
// outermost one ends, before the removals and destroys it deferred take
// effect, so every entity reported is still alive in the subscriber; ids
// emitted outside walks and system runs are delivered at once. An entity
// emitted twice before a delivery is reported twice.
type Event struct {
	id   int
	name string
}

// eventBuf is one event's state in one world: the ids waiting for
// delivery and the subscribers.
type eventBuf struct {
	name   string
	ids    []Entity
	subs   []subscriber
	queued bool // its id is in World.eventq
	seq    int  // counts subscriptions, for their ids
}

type subscriber struct {
	id int
	fn func(w *World, ids []Entity)
}

// DefineEvent defines a new event named name. Every call makes a new
// event, whatever its name.
func DefineEvent(name string) *Event {
	registry.Lock()
	defer registry.Unlock()
	registry.events++
	return &Event{id: registry.events, name: name}
}

// Name returns the name the event was defined with.
func (ev *Event) Name() string { return ev.name }

// buf returns the event's state in w, making it on first use.
//
// Panics with an [*Error] of code [CodeUndefined] if ev was not made by
// DefineEvent.
func (ev *Event) buf(w *World) *eventBuf {
	if ev.id == 0 {
		panic(&Error{Code: CodeUndefined, Op: "Event", Component: ev.name})
	}
	if ev.id >= len(w.events) {
		w.events = grow(w.events, ev.id+1)
	}
	b := &w.events[ev.id]
	b.name = ev.name
	return b
}

// Emit reports ids to the event's subscribers in w: at once outside walks
// and system runs, otherwise together with every id emitted until the
// outermost one ends (in a system that declares its access, when its
// record is applied, at the end of its group). With no subscriber it does
// nothing. O(len(ids)); steady state allocates nothing.
func (ev *Event) Emit(w *World, ids ...Entity) {
	if w.rec != nil {
		if ev.id == 0 {
			ev.buf(w) // panics
		}
		if len(ids) > 0 {
			w.recordEmit(ev, ids)
		}
		return
	}
	b := ev.buf(w)
	if len(b.subs) == 0 || len(ids) == 0 {
		return
	}
	b.ids = append(b.ids, ids...)
	if !b.queued {
		b.queued = true
		w.eventq = append(w.eventq, ev.id)
	}
	if w.deferring == 0 {
		w.deferring++
		w.endDeferring()
	}
}

// Subscribe makes fn receive the event's batches in w, after the
// subscribers before it, and returns a function that ends the
// subscription. fn gets the ids of one batch in the order they were
// emitted; the slice is the world's and valid only during the call. While
// subscribers run, removals and destroys wait, as in a walk. [World.Clear]
// ends every subscription.
//
// Panics with an [*Error] of code [CodeConcurrent] in a system that
// declares its access.
func (ev *Event) Subscribe(w *World, fn func(w *World, ids []Entity)) (cancel func()) {
	if w.rec != nil {
		panic(&Error{Code: CodeConcurrent, Op: "Subscribe", Component: ev.name, System: w.rec.sysName()})
	}
	b := ev.buf(w)
	b.seq++
	id := b.seq
	b.subs = append(b.subs, subscriber{id, fn})
	return func() {
		b := ev.buf(w)
		for i, s := range b.subs {
			if s.id == id {
				b.subs = append(b.subs[:i:i], b.subs[i+1:]...)
				return
			}
		}
	}
}

// deliverEvents hands every waiting batch to its subscribers, in the order
// the events were first emitted. It runs with deferring at 1.
func (w *World) deliverEvents() {
	for len(w.eventq) > 0 {
		id := w.eventq[0]
		w.eventq = w.eventq[:copy(w.eventq, w.eventq[1:])]
		b := &w.events[id]
		b.queued = false
		ids := b.ids
		b.ids = nil // an Emit during delivery starts a new batch
		for _, s := range b.subs {
			w.callSubscriber(s.fn, ids, b.name)
		}
		if b.ids == nil {
			b.ids = ids[:0] // reuse the buffer
		}
	}
}

// callSubscriber calls fn, recording a panic as a hook's is recorded.
func (w *World) callSubscriber(fn func(*World, []Entity), ids []Entity, event string) {
	mark := w.walkMark()
	defer func() {
		if r := recover(); r != nil {
			err := &Error{Code: CodeHookPanic, Op: "Subscribe", Component: event}
			if cause, ok := r.(error); ok {
				err.Err = cause
			} else {
				err.Value = r
			}
			w.hookErrs = append(w.hookErrs, err)
			if werr := w.endWalksErr(mark); werr != nil {
				w.hookErrs = append(w.hookErrs, werr)
			}
		}
	}()
	fn(w, ids)
}

// clearEvents ends every subscription and drops waiting ids, for Clear.
func (w *World) clearEvents() {
	for i := range w.events {
		w.events[i] = eventBuf{seq: w.events[i].seq}
	}
	w.eventq = w.eventq[:0]
}
