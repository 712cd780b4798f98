package core

import "math"

// Entry is one item's place in the draw order: items draw by Hi, then by
// Lo, both ascending. Index is the item's index in the frame's items.
type Entry struct {
	Hi, Lo uint64
	Index  uint32
}

// Key returns the major part of a sort key: the layer, then z. Any z
// sorts, negative ones and ±Inf included; NaN sorts after +Inf.
func Key(layer int16, z float32) uint64 {
	switch {
	case z != z: // every NaN, whatever its sign and payload bits
		z = float32(math.NaN())
		bits := math.Float32bits(z)&^(1<<31) | 1<<31 // a positive NaN, after +Inf
		return uint64(uint16(layer)^0x8000)<<32 | uint64(bits)
	case z == 0:
		z = 0 // -0 and +0 are one z: ties go to the slot
	}
	bits := math.Float32bits(z)
	if bits&(1<<31) != 0 {
		bits = ^bits // negative: larger magnitudes sort first
	} else {
		bits |= 1 << 31
	}
	return uint64(uint16(layer)^0x8000)<<32 | uint64(bits)
}

// Tie returns the minor part of a sort key: the entity's slot, then the
// kind. It makes the order total, so it never depends on the order items
// were collected in.
func Tie(slot int, k Kind) uint64 { return uint64(slot)<<2 | uint64(k) }

// Order sorts a frame's entries. Its zero value is ready to use; it
// reuses its buffers, so a steady frame allocates nothing.
//
// The radix sort's counts (16 KB) are made the first time entries out of
// order need them, and held behind a pointer: an Order is a few words,
// which lie among its owner's other per-frame fields rather than a page
// or more away, where each frame would pay a cold page for one header.
type Order struct {
	entries, tmp []Entry
	hist         *[16][256]uint32
}

// Reset empties the order for a new frame.
func (o *Order) Reset() { o.entries = o.entries[:0] }

// Add adds an entry.
func (o *Order) Add(hi, lo uint64, index uint32) {
	o.entries = append(o.entries, Entry{Hi: hi, Lo: lo, Index: index})
}

// Keep drops the entries added after the first n.
func (o *Order) Keep(n int) { o.entries = o.entries[:min(n, len(o.entries))] }

// Least returns the entry that sorts first, and false if there is none.
// O(entries).
func (o *Order) Least() (Entry, bool) {
	if len(o.entries) == 0 {
		return Entry{}, false
	}
	least := o.entries[0]
	for _, e := range o.entries[1:] {
		if e.Before(least) {
			least = e
		}
	}
	return least, true
}

// Before reports whether e sorts before f.
func (e Entry) Before(f Entry) bool { return e.Hi < f.Hi || e.Hi == f.Hi && e.Lo < f.Lo }

// Len returns the number of entries.
func (o *Order) Len() int { return len(o.entries) }

// Sorted sorts the entries and returns them; the slice is the order's
// own, valid until the next Reset. Entries already in order (the common
// case: one layer, one z, collected in slot order) cost one pass;
// otherwise a least-significant-digit radix sort runs, one pass over the
// keys per byte in which they differ. No allocation in steady state.
func (o *Order) Sorted() []Entry {
	e := o.entries
	if sorted(e) {
		return e
	}
	if o.hist == nil {
		o.hist = new([16][256]uint32)
	}
	hist := o.hist
	*hist = [16][256]uint32{}
	for i := range e {
		lo, hi := e[i].Lo, e[i].Hi
		for d := range 8 {
			hist[d][byte(lo>>(8*d))]++
			hist[8+d][byte(hi>>(8*d))]++
		}
	}
	if cap(o.tmp) < len(e) {
		o.tmp = make([]Entry, len(e))
	}
	src, dst := e, o.tmp[:len(e)]
	n := uint32(len(e))
	for d := range 16 {
		h := &hist[d]
		if h[byte(digitOf(&src[0], d))] == n {
			continue // every key has this byte: the pass would change nothing
		}
		var sum uint32
		for b := range h {
			c := h[b]
			h[b] = sum
			sum += c
		}
		for i := range src {
			b := byte(digitOf(&src[i], d))
			dst[h[b]] = src[i]
			h[b]++
		}
		src, dst = dst, src
	}
	o.entries, o.tmp = src, dst[:cap(dst)]
	return o.entries
}

// digitOf returns the entry's key shifted so that digit d (0–7 from Lo's
// low byte, 8–15 from Hi's) is its low byte.
func digitOf(e *Entry, d int) uint64 {
	if d < 8 {
		return e.Lo >> (8 * d)
	}
	return e.Hi >> (8 * (d - 8))
}

// sorted reports whether e is in ascending key order.
func sorted(e []Entry) bool {
	for i := 1; i < len(e); i++ {
		a, b := &e[i-1], &e[i]
		if a.Hi > b.Hi || (a.Hi == b.Hi && a.Lo > b.Lo) {
			return false
		}
	}
	return true
}
