package world

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"unsafe"
)

// DigestKind says which part of a world's state a [Digest] or a
// [Difference] is about.
type DigestKind uint8

const (
	// DigestIDs is the ids: every slot's generation, how many slots were
	// ever used and the free slots in the order Create takes them.
	DigestIDs DigestKind = iota + 1
	// DigestRand is the state of the world's random generator
	// ([World.Rand]).
	DigestRand
	// DigestComponent is a component (a relationship and its reverse side
	// are two): which entities hold it and their values.
	DigestComponent
	// DigestResource is a resource in snapshots or the hash (see
	// [ResourceOptions]).
	DigestResource
)

// String returns "ids", "rand", "component" or "resource".
func (k DigestKind) String() string {
	switch k {
	case DigestIDs:
		return "ids"
	case DigestRand:
		return "rand"
	case DigestComponent:
		return "component"
	case DigestResource:
		return "resource"
	}
	return fmt.Sprintf("DigestKind(%d)", uint8(k))
}

// Digest is the hash of one part of a world's state, for telling which
// part two runs disagree on when their world hashes differ.
type Digest struct {
	Kind DigestKind
	// Name is the component's or resource's name; "" for the ids and the
	// random generator.
	Name string
	// Count is how many entities hold the component, how many are alive
	// for the ids, 1 for a resource and 0 for the generator.
	Count int
	// Hash is the part's hash.
	Hash uint64
	// Values reports whether the values went into Hash: false for an
	// object component or resource whose type holds references and that
	// gives no Hash function (see [Options.Hash]), whose Hash covers only
	// who holds it.
	Values bool
}

// String formats the digest as "component Position (12): 3f2a…".
func (d Digest) String() string {
	name := d.Kind.String()
	if d.Name != "" {
		name += " " + d.Name
	}
	s := fmt.Sprintf("%s (%d): %016x", name, d.Count, d.Hash)
	if !d.Values {
		s += " (members only)"
	}
	return s
}

// Hash returns a 64-bit hash of w's state: the ids, the random
// generator's state, every component's members and values and every
// relationship's links (as [World.Digests] lists them), and the resources
// in snapshots or the hash. It is canonical: values go in by entity slot,
// never in map order, walk order or by address, so two worlds in the same
// state hash the same whatever the history that led there (the packed
// order of object components, which walks follow, is left out), and a
// world restored from a [Snapshot] hashes as the snapshotted one did. It
// is stable from run to run and between processes and platforms of the
// same byte order (every platform Go runs games on is little-endian), and
// does not depend on the order components were defined in.
//
// Field components go in as their bytes (padding left out), a run of
// slots at a time; object components by their [Options.Hash] or their
// fields (see there). About 5 ns per entity with two field components and
// an object component, at 10,000 entities (see docs/BENCHMARKS.md); no
// allocation, unless a Hash function allocates. It uses scratch space in
// w, so like everything else on a World it must not run at the same time
// as another call on it.
//
// Panics if a Hash function panics.
func (w *World) Hash() uint64 {
	var sum uint64
	n := 0
	w.digests(func(d Digest) {
		sum += d.term()
		n++
	})
	return mum(sum^hashK1, uint64(n)^hashK2)
}

// Digests appends to dst the hash of every part of w's state that
// [World.Hash] covers, and returns the extended slice: the ids, the
// random generator, then each component held by at least one entity in
// the order components were defined, then each resource in snapshots or
// the hash that w holds, in the order resources were defined. Record
// them beside a run's hashes to tell, when a replay's hash differs, which
// part differs; [World.Diff] says which entities, when both worlds are at
// hand. It allocates only to grow dst.
func (w *World) Digests(dst []Digest) []Digest {
	w.digests(func(d Digest) { dst = append(dst, d) })
	return dst
}

// term is a digest's share of the world hash: the world hash is the sum
// of the terms, so it does not depend on the order of the parts.
func (d Digest) term() uint64 {
	var h Hasher
	h.Uint64(uint64(d.Kind))
	h.Text(d.Name)
	h.Uint64(uint64(d.Count))
	h.Uint64(d.Hash)
	return h.Sum64()
}

// digests yields the digest of every part of w's state.
func (w *World) digests(yield func(Digest)) {
	h := &w.state.hasher
	h.Reset()
	h.Uint64(uint64(len(w.gens)))
	h.Write(bytesOf(w.gens))
	h.Uint64(uint64(len(w.free)))
	h.Write(bytesOf(w.free))
	yield(Digest{Kind: DigestIDs, Count: w.alive, Hash: h.Sum64(), Values: true})

	st := w.state.rng.State()
	h.Reset()
	h.Uint64(st.Seed)
	h.Uint64(st.Stream)
	h.Uint64(st.Position)
	yield(Digest{Kind: DigestRand, Hash: h.Sum64(), Values: true})

	for id, s := range w.sets {
		if s == nil || s.count == 0 {
			continue
		}
		h.Reset()
		values := w.stores[id].digest(h, &w.state.member)
		yield(Digest{Kind: DigestComponent, Name: s.name, Count: s.count, Hash: h.Sum64(), Values: values})
	}

	for _, r := range statefulResources() {
		id := r.resourceID()
		if id >= len(w.resources) || w.resources[id] == nil {
			continue
		}
		h.Reset()
		values := r.hash(h, w.resources[id])
		yield(Digest{Kind: DigestResource, Name: r.resourceName(), Count: 1, Hash: h.Sum64(), Values: values})
	}
}

// hashBits feeds a membership bitmap to h, without its trailing zero
// words: membership, not the bitmap's length, is the state.
func hashBits(h *Hasher, b []uint64) {
	n := len(b)
	for n > 0 && b[n-1] == 0 {
		n--
	}
	h.Uint64(uint64(n))
	h.Write(bytesOf(b[:n]))
}

// A component's digest is its membership bitmap, then its values. A field
// component's go in slot order, a run of slots as one run of bytes. An
// object component's values are packed in an order that depends on the
// history, so they go in as the sum, over the members, of a term hashing
// the member's slot with its value: the sum does not depend on the order
// the terms are added in, so the packed array is read as it lies, and
// successive terms do not wait for each other. Diff compares members by
// such terms, for field components too.

// flatTerm is the term of the member in slot whose value is the bytes b:
// one 128-bit multiply per 16 bytes, the slot mixed into the first.
func flatTerm(slot uint32, b []byte) uint64 {
	x := uint64(slot) * hashK3
	for len(b) >= 16 {
		x = mum(binary.LittleEndian.Uint64(b)^x^hashK1, binary.LittleEndian.Uint64(b[8:])^hashK2)
		b = b[16:]
	}
	if len(b) > 0 {
		var t [16]byte
		copy(t[:], b)
		x = mum(binary.LittleEndian.Uint64(t[:])^x^hashK1, binary.LittleEndian.Uint64(t[8:])^hashK2)
	}
	return x
}

// flatTerm8 and flatTerm16 are flatTerm of 8 and 16 bytes, the words a
// and b, small enough to inline into the loops over members.
func flatTerm8(slot uint32, a uint64) uint64 {
	return mum(a^uint64(slot)*hashK3^hashK1, hashK2)
}

func flatTerm16(slot uint32, a, b uint64) uint64 {
	return mum(a^uint64(slot)*hashK3^hashK1, b^hashK2)
}

// sumFlat returns the sum of the terms of the values vals, of a flat
// type, held by the slots dense[0], dense[1] and so on, or, when dense is
// nil, by the slots from first on.
func sumFlat[T any](vals []T, dense []uint32, first int) uint64 {
	var sum uint64
	b := bytesOf(vals)
	slot := func(i int) uint32 { return uint32(first + i) }
	if dense != nil {
		dense = dense[:len(vals)]
		slot = func(i int) uint32 { return dense[i] }
	}
	switch size := int(unsafe.Sizeof(*new(T))); {
	case size == 8 && dense == nil:
		for i := range vals {
			sum += flatTerm8(uint32(first+i), binary.LittleEndian.Uint64(b[8*i:]))
		}
	case size == 8:
		for i, slot := range dense {
			sum += flatTerm8(slot, binary.LittleEndian.Uint64(b[8*i:]))
		}
	case size == 16 && dense == nil:
		for i := range vals {
			sum += flatTerm16(uint32(first+i), binary.LittleEndian.Uint64(b[16*i:]), binary.LittleEndian.Uint64(b[16*i+8:]))
		}
	case size == 16:
		for i, slot := range dense {
			sum += flatTerm16(slot, binary.LittleEndian.Uint64(b[16*i:]), binary.LittleEndian.Uint64(b[16*i+8:]))
		}
	default:
		for i := range vals {
			sum += flatTerm(slot(i), b[size*i:size*(i+1)])
		}
	}
	return sum
}

// hasherTerm is the term of the member in slot whose value m was fed.
func hasherTerm(slot uint32, m *Hasher) uint64 { return mum(uint64(slot)^hashK3, m.Sum64()^hashK1) }

// digest feeds the component's state to h, with m for scratch, and
// reports whether values went in (see Digest.Values).
func (s *storage[T]) digest(h, m *Hasher) bool {
	hashBits(h, s.bits)
	var sum uint64
	values := true
	switch {
	case s.field && !s.owned: // a tag: members only, and that is all there is
	case s.field && s.plan.flat: // in slot order, a run of values as a run of bytes
		forRuns(s.bits, func(start, end int) { h.Write(bytesOf(s.vals[start:end])) })
	case s.field:
		forMembers(s.bits, func(slot uint32) { s.plan.hash(h, unsafe.Pointer(&s.vals[slot])) })
	case s.hashFn == nil && s.plan.flat:
		sum = sumFlat(s.vals, s.dense, 0)
	default:
		for i, slot := range s.dense[:len(s.vals)] {
			m.Reset()
			values = hashValue(m, &s.vals[i], s.hashFn, s.plan) && values
			sum += hasherTerm(slot, m)
		}
	}
	h.Uint64(sum)
	return values
}

// hashSlot returns the term of the member in slot, with m for scratch,
// and whether its value went in.
func (s *storage[T]) hashSlot(m *Hasher, slot uint32) (uint64, bool) {
	v := s.at(slot)
	switch {
	case s.field && !s.owned:
		return flatTerm(slot, nil), true
	case s.plan.flat && (s.field || s.hashFn == nil):
		return flatTerm(slot, bytesOf(unsafe.Slice(v, 1))), true
	}
	// Padded field values go through the plan, as object values do.
	m.Reset()
	ok := hashValue(m, v, s.hashFn, s.plan)
	return hasherTerm(slot, m), ok
}

func (r *relationStore) digest(h, m *Hasher) bool {
	hashBits(h, r.bits)
	var sum uint64
	forMembers(r.bits, func(slot uint32) {
		t, _ := r.hashSlot(m, slot)
		sum += t
	})
	h.Uint64(sum)
	return true
}

func (r *relationStore) hashSlot(m *Hasher, slot uint32) (uint64, bool) {
	m.Reset()
	hashList(m, r.targets(slot))
	return hasherTerm(slot, m), true
}

func (v *reverseStore) digest(h, m *Hasher) bool {
	hashBits(h, v.bits)
	var sum uint64
	forMembers(v.bits, func(slot uint32) {
		t, _ := v.hashSlot(m, slot)
		sum += t
	})
	h.Uint64(sum)
	return true
}

func (v *reverseStore) hashSlot(m *Hasher, slot uint32) (uint64, bool) {
	m.Reset()
	hashList(m, v.srcs[slot])
	return hasherTerm(slot, m), true
}

// hashList feeds a list of entities to h, in its order (which
// [Relation.Targets] and [Relation.Sources] answer with).
func hashList(h *Hasher, ids []Entity) {
	h.Uint64(uint64(len(ids)))
	h.Write(bytesOf(ids))
}

// DiffSide says which world of a [World.Diff] holds what differs.
type DiffSide uint8

const (
	// BothDiffer: both worlds hold it, with different values or states.
	BothDiffer DiffSide = iota
	// OnlyThis: only the world Diff was called on holds it.
	OnlyThis
	// OnlyOther: only the other world holds it.
	OnlyOther
)

// Difference is one thing two worlds disagree on (see [World.Diff]).
type Difference struct {
	Kind DigestKind // what differs: the ids, the generator, a component or a resource
	// Name is the component's or resource's name; "" otherwise.
	Name string
	// Entity is the entity that differs: one alive in one world only
	// (Kind DigestIDs), or one alive in both whose component differs. It is
	// 0 for a difference of the world as a whole (the free slots, the
	// generator, a resource).
	Entity Entity
	Side   DiffSide
}

// String formats the difference, as "7v1 Position: values differ",
// "7v1: alive only in this world" or "rand: states differ".
func (d Difference) String() string {
	subject := d.Kind.String()
	switch {
	case d.Entity != 0 && d.Name != "":
		subject = d.Entity.String() + " " + d.Name
	case d.Entity != 0:
		subject = d.Entity.String()
	case d.Name != "":
		subject = d.Kind.String() + " " + d.Name
	}
	what := "values differ"
	switch {
	case d.Kind == DigestIDs && d.Entity != 0 && d.Side == OnlyThis:
		what = "alive only in this world"
	case d.Kind == DigestIDs && d.Entity != 0:
		what = "alive only in the other world"
	case d.Kind == DigestIDs:
		what = "slots or free slots differ"
	case d.Kind == DigestRand:
		what = "states differ"
	case d.Side == OnlyThis:
		what = "only in this world"
	case d.Side == OnlyOther:
		what = "only in the other world"
	}
	return subject + ": " + what
}

// Diff returns what w and other disagree on, for a replay that finds its
// hash differs from the recorded run's, or a test: first the world-wide
// parts (the ids' slots and free slots, the random generator, the
// resources in snapshots or the hash), then by entity slot each entity
// alive in one world only and each component an entity alive in both
// holds in one only or with a different value. Values are compared by
// their hash (see [World.Hash]), so components hashed by their members
// only compare by members. Nil means [World.Hash] is the same.
// O(slots × components); it allocates the result and is meant for tools
// and tests, not for every step.
func (w *World) Diff(other *World) []Difference {
	var out []Difference
	if len(w.gens) != len(other.gens) || !slices.Equal(w.free, other.free) {
		out = append(out, Difference{Kind: DigestIDs})
	}
	if w.state.rng.State() != other.state.rng.State() {
		out = append(out, Difference{Kind: DigestRand})
	}
	out = diffResources(out, w, other)
	world := len(out)
	for slot := range max(len(w.gens), len(other.gens)) {
		a, b := genAt(w, slot), genAt(other, slot)
		if a == b {
			continue
		}
		if a != 0 {
			out = append(out, Difference{Kind: DigestIDs, Entity: makeEntity(uint32(slot), a), Side: OnlyThis})
		}
		if b != 0 {
			out = append(out, Difference{Kind: DigestIDs, Entity: makeEntity(uint32(slot), b), Side: OnlyOther})
		}
	}
	for id := range max(len(w.sets), len(other.sets)) {
		out = diffComponent(out, w, other, id)
	}
	slices.SortStableFunc(out[world:], func(x, y Difference) int { return cmp.Compare(uint32(x.Entity), uint32(y.Entity)) })
	return out
}

// genAt returns the generation of the entity alive in slot, 0 for none.
func genAt(w *World, slot int) uint32 {
	if slot < len(w.gens) {
		return w.gens[slot]
	}
	return 0
}

// diffComponent appends the differences of component id between the
// entities alive in both worlds.
func diffComponent(out []Difference, w, other *World, id int) []Difference {
	sa, sb := w.set(id), other.set(id)
	if (sa == nil || sa.count == 0) && (sb == nil || sb.count == 0) {
		return out
	}
	name := ""
	var words int
	if sa != nil {
		name, words = sa.name, len(sa.bits)
	}
	if sb != nil {
		name, words = sb.name, max(words, len(sb.bits))
	}
	ha, hb := &w.state.member, &other.state.member
	for wi := range words {
		var word uint64
		if sa != nil && wi < len(sa.bits) {
			word |= sa.bits[wi]
		}
		if sb != nil && wi < len(sb.bits) {
			word |= sb.bits[wi]
		}
		for ; word != 0; word &= word - 1 {
			slot := uint32(wi*64 + bits.TrailingZeros64(word))
			gen := genAt(w, int(slot))
			if gen == 0 || gen != genAt(other, int(slot)) {
				continue // alive in one world only: reported as such
			}
			e := makeEntity(slot, gen)
			inA, inB := sa != nil && sa.has(slot), sb != nil && sb.has(slot)
			switch {
			case inA && !inB:
				out = append(out, Difference{Kind: DigestComponent, Name: name, Entity: e, Side: OnlyThis})
			case inB && !inA:
				out = append(out, Difference{Kind: DigestComponent, Name: name, Entity: e, Side: OnlyOther})
			default:
				ta, va := w.stores[id].hashSlot(ha, slot)
				tb, vb := other.stores[id].hashSlot(hb, slot)
				if va && vb && ta != tb {
					out = append(out, Difference{Kind: DigestComponent, Name: name, Entity: e, Side: BothDiffer})
				}
			}
		}
	}
	return out
}

// diffResources appends the differences of the resources in snapshots or
// the hash.
func diffResources(out []Difference, w, other *World) []Difference {
	for _, r := range statefulResources() {
		id := r.resourceID()
		va, vb := resourceAt(w, id), resourceAt(other, id)
		switch {
		case va == nil && vb == nil:
		case vb == nil:
			out = append(out, Difference{Kind: DigestResource, Name: r.resourceName(), Side: OnlyThis})
		case va == nil:
			out = append(out, Difference{Kind: DigestResource, Name: r.resourceName(), Side: OnlyOther})
		default:
			ha, hb := &w.state.hasher, &other.state.hasher
			ha.Reset()
			hb.Reset()
			if r.hash(ha, va) && r.hash(hb, vb) && ha.Sum64() != hb.Sum64() {
				out = append(out, Difference{Kind: DigestResource, Name: r.resourceName(), Side: BothDiffer})
			}
		}
	}
	return out
}

// resourceAt returns w's value of resource id, or nil.
func resourceAt(w *World, id int) any {
	if id < len(w.resources) {
		return w.resources[id]
	}
	return nil
}

// forMembers calls fn for every slot set in b, in ascending order.
func forMembers(b []uint64, fn func(slot uint32)) {
	for wi, word := range b {
		for ; word != 0; word &= word - 1 {
			fn(uint32(wi*64 + bits.TrailingZeros64(word)))
		}
	}
}

// forRuns calls fn for every run of consecutive slots set in b, in
// ascending order.
func forRuns(b []uint64, fn func(start, end int)) {
	start := -1
	for wi, word := range b {
		base := wi * 64
		switch word {
		case 0:
			if start >= 0 {
				fn(start, base)
				start = -1
			}
			continue
		case ^uint64(0):
			if start < 0 {
				start = base
			}
			continue
		}
		for bit := 0; bit < 64; {
			if start < 0 {
				rest := word >> bit
				if rest == 0 {
					break
				}
				bit += bits.TrailingZeros64(rest)
				start = base + bit
			}
			rest := ^word >> bit
			if rest == 0 {
				break // the run goes on into the next word
			}
			bit += bits.TrailingZeros64(rest)
			fn(start, base+bit)
			start = -1
		}
	}
	if start >= 0 {
		fn(start, len(b)*64)
	}
}
