package world

import (
	"encoding/binary"
	"hash"
	"math"
	"math/bits"
	"reflect"
	"unsafe"
)

// Hasher is the 64-bit hash the world hash is made of, and what a
// component's [Options.Hash] function feeds. It is fast (four lanes of
// 16 bytes per 128-bit multiply, in the manner of wyhash and xxh3: about
// 10 bytes a cycle on long writes) and stable: the same bytes give the
// same sum on every run, in every process and on every platform, so a
// hash recorded by one run can be checked by another. It is not a
// cryptographic hash.
//
// The zero Hasher is ready to use. It implements [hash.Hash64]: Write
// adds bytes as they are, with the usual streaming rule (writing "ab" then
// "c" is writing "abc"). [Hasher.Uint64], [Hasher.Int64],
// [Hasher.Float64] and [Hasher.Bool] add 8 bytes each, little-endian;
// [Hasher.Text] adds a string with its length, so that consecutive strings
// cannot run into each other. Nothing it does allocates.
type Hasher struct {
	lanes [4]uint64 // the state after every whole stripe of 64 bytes
	total uint64    // bytes written
	buf   [64]byte  // the bytes of the stripe being filled
	n     int       // bytes in buf
}

var _ hash.Hash64 = (*Hasher)(nil)

// The constants of the mix, those of wyhash.
const (
	hashK0 = 0xa0761d6478bd642f
	hashK1 = 0xe7037ed1a0b428db
	hashK2 = 0x8ebc6af09c88c6e3
	hashK3 = 0x589965cc75374cc3
)

// mum multiplies a and b into 128 bits and folds the halves together.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// stripes mixes the whole stripes of p into the lanes and returns what is
// left, fewer than 64 bytes. The four lanes do not wait for each other,
// so the processor runs their multiplies side by side.
func (h *Hasher) stripes(p []byte) []byte {
	l0, l1, l2, l3 := h.lanes[0], h.lanes[1], h.lanes[2], h.lanes[3]
	le := binary.LittleEndian
	for len(p) >= 64 {
		l0 = mum(le.Uint64(p)^hashK1, le.Uint64(p[8:])^l0^hashK0)
		l1 = mum(le.Uint64(p[16:])^hashK2, le.Uint64(p[24:])^l1^hashK1)
		l2 = mum(le.Uint64(p[32:])^hashK3, le.Uint64(p[40:])^l2^hashK2)
		l3 = mum(le.Uint64(p[48:])^hashK0, le.Uint64(p[56:])^l3^hashK3)
		p = p[64:]
	}
	h.lanes = [4]uint64{l0, l1, l2, l3}
	return p
}

// Write adds p to the hash. It never fails.
func (h *Hasher) Write(p []byte) (int, error) {
	n := len(p)
	h.total += uint64(n)
	if h.n > 0 {
		k := copy(h.buf[h.n:], p)
		h.n += k
		p = p[k:]
		if h.n < len(h.buf) {
			return n, nil
		}
		h.stripes(h.buf[:])
		h.n = 0
	}
	h.n = copy(h.buf[:], h.stripes(p))
	return n, nil
}

// WriteString adds the bytes of s, as Write does, without its length.
// It never fails.
func (h *Hasher) WriteString(s string) (int, error) {
	return h.Write(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// Uint64 adds v as 8 bytes, little-endian.
func (h *Hasher) Uint64(v uint64) {
	if h.n > len(h.buf)-8 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
		return
	}
	binary.LittleEndian.PutUint64(h.buf[h.n:], v)
	h.n += 8
	h.total += 8
	if h.n == len(h.buf) {
		h.stripes(h.buf[:])
		h.n = 0
	}
}

// Int64 adds v as 8 bytes, little-endian, two's complement.
func (h *Hasher) Int64(v int64) { h.Uint64(uint64(v)) }

// Float64 adds the 8 bytes of v's IEEE 754 representation, so 0 and -0
// differ, and NaNs with different bits differ.
func (h *Hasher) Float64(v float64) { h.Uint64(math.Float64bits(v)) }

// Bool adds 1 for true and 0 for false, as 8 bytes.
func (h *Hasher) Bool(v bool) {
	var x uint64
	if v {
		x = 1
	}
	h.Uint64(x)
}

// Text adds s after its length, so that Text("ab") then Text("c") differs
// from Text("a") then Text("bc").
func (h *Hasher) Text(s string) {
	h.Uint64(uint64(len(s)))
	h.WriteString(s)
}

// Sum64 returns the hash of what was written so far. It does not change
// the state: writing more and calling it again is fine.
func (h *Hasher) Sum64() uint64 {
	le := binary.LittleEndian
	x := mum(h.lanes[0]^hashK0, h.lanes[1]^hashK1) ^ mum(h.lanes[2]^hashK2, h.lanes[3]^hashK3)
	var tail [64]byte
	copy(tail[:], h.buf[:h.n])
	for i := 0; i < h.n; i += 16 {
		x = mum(le.Uint64(tail[i:])^hashK1, le.Uint64(tail[i+8:])^x^hashK2)
	}
	return mum(x^hashK3, h.total^hashK0)
}

// Sum appends the big-endian bytes of [Hasher.Sum64] to b.
func (h *Hasher) Sum(b []byte) []byte { return binary.BigEndian.AppendUint64(b, h.Sum64()) }

// Reset empties the hash: it is then a zero Hasher.
func (h *Hasher) Reset() { *h = Hasher{} }

// Size returns 8, the number of bytes Sum appends.
func (h *Hasher) Size() int { return 8 }

// BlockSize returns 64: writes of multiples of 64 bytes go fastest.
func (h *Hasher) BlockSize() int { return 64 }

// hashPlan says how a value is hashed without a Hash function: by its
// plain-data parts in field order. It is built once per component type,
// by reflection, when the component is defined.
type hashPlan struct {
	plain bool     // the type holds plain data only: numbers, booleans, strings, arrays and structs of them
	flat  bool     // plain, and one run of bytes with no padding and no string: a run of values is a run of bytes
	size  uintptr  // the size of a value
	ops   []hashOp // for a plain type, in field order
}

// hashOp is one part of a plain value: a run of bytes, or a string.
type hashOp struct {
	off, size uintptr
	text      bool // a string at off (size is a string header's)
}

// planOf returns the plan of values of type t.
func planOf(t reflect.Type) *hashPlan {
	p := &hashPlan{plain: true, size: t.Size()}
	p.walk(t, 0)
	if !p.plain {
		p.ops = nil
	}
	p.flat = p.plain && (t.Size() == 0 ||
		len(p.ops) == 1 && !p.ops[0].text && p.ops[0].off == 0 && p.ops[0].size == t.Size())
	return p
}

// walk appends the ops of a t at offset off, merging runs of bytes that
// touch, and clears plain at the first part that is not plain data.
func (p *hashPlan) walk(t reflect.Type, off uintptr) {
	if !p.plain {
		return
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		p.bytes(off, t.Size())
	case reflect.String:
		p.ops = append(p.ops, hashOp{off: off, size: t.Size(), text: true})
	case reflect.Array:
		n, elem := t.Len(), t.Elem()
		if n == 0 {
			return
		}
		switch e := planOf(elem); {
		case !e.plain:
			p.plain = false
			return
		case e.flat:
			p.bytes(off, uintptr(n)*elem.Size()) // one run, however long
			return
		}
		for i := range n {
			p.walk(elem, off+uintptr(i)*elem.Size())
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			p.walk(f.Type, off+f.Offset)
		}
	default: // pointers, slices, maps, interfaces, channels, functions
		p.plain = false
	}
}

// bytes appends a run of n bytes at off, merged with the last op when it
// ends there.
func (p *hashPlan) bytes(off, n uintptr) {
	if n == 0 {
		return
	}
	if k := len(p.ops); k > 0 && !p.ops[k-1].text && p.ops[k-1].off+p.ops[k-1].size == off {
		p.ops[k-1].size += n
		return
	}
	p.ops = append(p.ops, hashOp{off: off, size: n})
}

// hash feeds the value at v, of the plan's type, to h. The plan is plain.
func (p *hashPlan) hash(h *Hasher, v unsafe.Pointer) {
	for _, op := range p.ops {
		q := unsafe.Add(v, op.off)
		if op.text {
			h.Text(*(*string)(q))
			continue
		}
		h.Write(unsafe.Slice((*byte)(q), op.size))
	}
}

// hashValue feeds the value at v to h with fn, or by plan when fn is nil,
// and reports whether it could: false for a value that is not plain data
// and has no Hash function. The bytes fn writes are counted into the hash
// after it, so that values of different lengths cannot run into each
// other.
func hashValue[T any](h *Hasher, v *T, fn func(*Hasher, *T), p *hashPlan) bool {
	switch {
	case fn != nil:
		before := h.total
		fn(h, v)
		h.Uint64(h.total - before)
		return true
	case p.plain:
		p.hash(h, unsafe.Pointer(v))
		return true
	}
	return false
}

// bytesOf returns the memory of the values s holds, for hashing a run of
// values of a flat type at once.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(s[0]))
}
