package systems

import "github.com/tessera-engine/tessera/world"

// pairTable finds a pair of entities' contact in O(1): a hash table from
// (A, B) to an index, of the contact list (≥ 0) or, as -1 - k, of the
// step's new pairs. The zero entity is never a collider's, so a zero A
// marks a free slot.
type pairTable struct {
	keys  []pairKey
	vals  []int32
	shift uint // 64 - log2(len(keys))
	n     int
}

type pairKey struct{ a, b world.Entity }

// hash returns the slot where the search for (a, b) starts.
func (t *pairTable) hash(a, b world.Entity) int {
	h := uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b)*0xc2b2ae3d27d4eb4f
	return int(h >> t.shift)
}

// get returns the index stored for (a, b), and whether there is one.
func (t *pairTable) get(a, b world.Entity) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	m := len(t.keys) - 1
	for s := t.hash(a, b); ; s = (s + 1) & m {
		k := t.keys[s]
		if k.a == a && k.b == b {
			return t.vals[s], true
		}
		if k.a == 0 {
			return 0, false
		}
	}
}

// put stores v for (a, b), which must not be in the table.
func (t *pairTable) put(a, b world.Entity, v int32) {
	if 2*(t.n+1) > len(t.keys) {
		t.resize(2 * (t.n + 1))
	}
	m := len(t.keys) - 1
	s := t.hash(a, b)
	for t.keys[s].a != 0 {
		s = (s + 1) & m
	}
	t.keys[s], t.vals[s] = pairKey{a, b}, v
	t.n++
}

// resize makes room for n pairs (rounded up to a power of two) and puts
// the pairs back.
func (t *pairTable) resize(n int) {
	size, shift := 64, uint(64-6)
	for size < n {
		size, shift = 2*size, shift-1
	}
	oldK, oldV := t.keys, t.vals
	t.keys, t.vals, t.shift, t.n = make([]pairKey, size), make([]int32, size), shift, 0
	for s, k := range oldK {
		if k.a != 0 {
			t.put(k.a, k.b, oldV[s])
		}
	}
}

// index empties the table and stores every contact of cs at its index.
// The table keeps the size the most pairs at once needed.
func (t *pairTable) index(cs []Contact) {
	if t.n > 0 {
		clear(t.keys)
		t.n = 0
	}
	if 2*len(cs) > len(t.keys) {
		t.resize(2 * len(cs))
	}
	for k := range cs {
		t.put(cs[k].A, cs[k].B, int32(k))
	}
}
