package world_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// TestHasherStreams: how the bytes are split between writes does not
// matter, and the typed writes are the bytes they document.
func TestHasherStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		var whole world.Hasher
		whole.Write(data)
		for split := range 5 {
			var h world.Hasher
			rest := data
			for len(rest) > 0 {
				k := min(len(rest), 1+r.IntN(20))
				if split == 0 {
					k = 1
				}
				h.Write(rest[:k])
				rest = rest[k:]
			}
			if h.Sum64() != whole.Sum64() {
				t.Fatalf("%d bytes in random pieces: %x, want %x as one Write", n, h.Sum64(), whole.Sum64())
			}
		}
		// Uint64 is its 8 little-endian bytes, wherever the stream is.
		var a, b world.Hasher
		a.Write(data)
		b.Write(data)
		v := r.Uint64()
		a.Uint64(v)
		b.Write(binary.LittleEndian.AppendUint64(nil, v))
		if a.Sum64() != b.Sum64() {
			t.Fatalf("after %d bytes, Uint64(%x) differs from writing its bytes", n, v)
		}
	}
}

// TestHasherTypedWrites: Text carries its length, the others are 8 bytes
// each, Sum64 does not change the state, Reset empties it.
func TestHasherTypedWrites(t *testing.T) {
	sum := func(f func(h *world.Hasher)) uint64 {
		var h world.Hasher
		f(&h)
		return h.Sum64()
	}
	if sum(func(h *world.Hasher) { h.Text("ab"); h.Text("c") }) == sum(func(h *world.Hasher) { h.Text("a"); h.Text("bc") }) {
		t.Errorf(`Text("ab"), Text("c") hashes as Text("a"), Text("bc")`)
	}
	if sum(func(h *world.Hasher) { h.WriteString("ab"); h.WriteString("c") }) != sum(func(h *world.Hasher) { h.Write([]byte("abc")) }) {
		t.Errorf(`WriteString does not stream as Write does`)
	}
	if sum(func(h *world.Hasher) { h.Float64(0) }) == sum(func(h *world.Hasher) { h.Float64(math.Copysign(0, -1)) }) {
		t.Errorf("Float64(0) hashes as Float64(-0)")
	}
	if sum(func(h *world.Hasher) { h.Bool(true) }) != sum(func(h *world.Hasher) { h.Uint64(1) }) ||
		sum(func(h *world.Hasher) { h.Int64(-1) }) != sum(func(h *world.Hasher) { h.Uint64(^uint64(0)) }) {
		t.Errorf("Bool and Int64 are not the 8 bytes they document")
	}
	if sum(func(*world.Hasher) {}) == sum(func(h *world.Hasher) { h.Write(make([]byte, 16)) }) {
		t.Errorf("no bytes hash as 16 zero bytes: the length is lost")
	}
	var h world.Hasher
	h.Text("state")
	first := h.Sum64()
	if h.Sum64() != first {
		t.Errorf("Sum64 changed the state")
	}
	if got := h.Sum(nil); binary.BigEndian.Uint64(got) != first || h.Size() != 8 || h.BlockSize() != 64 {
		t.Errorf("Sum = %x, Size %d, BlockSize %d; want %x, 8, 64", got, h.Size(), h.BlockSize(), first)
	}
	h.Reset()
	if h.Sum64() != new(world.Hasher).Sum64() {
		t.Errorf("Reset did not empty the hash")
	}
}

// TestHasherKnownAnswers pins the hash: a replay recorded by one build is
// checked by the next, so a change of these values is a change of every
// recorded hash, to be made on purpose only.
func TestHasherKnownAnswers(t *testing.T) {
	seq := make([]byte, 100)
	for i := range seq {
		seq[i] = byte(i)
	}
	tests := []struct {
		name string
		data []byte
		want uint64
	}{
		{"empty", nil, 0xe3e45dce1ba92d09},
		{"a", []byte("a"), 0x76beb93d8c19f23c},
		{"16 bytes", seq[:16], 0x59605a1b0a709a01},
		{"17 bytes", seq[:17], 0xdd025d2a9e395e8c},
		{"100 bytes", seq, 0x2a792ff2ebea3aea},
	}
	for _, tt := range tests {
		var h world.Hasher
		h.Write(tt.data)
		if got := h.Sum64(); got != tt.want {
			t.Errorf("%s: Sum64 = %#x, want %#x", tt.name, got, tt.want)
		}
	}
}
