package core

import (
	"math"
	"testing"
)

// TestKeyNegativeNaN: a NaN z computed at run time (0/0, Inf-Inf) on amd64
// is the "default NaN" 0xFFC00000, whose sign bit is set; it sorts after
// +Inf, as Key's doc says, not before -Inf.
func TestKeyNegativeNaN(t *testing.T) {
	zero := float32(0)
	z := zero / zero // what a game's Z = y / h gives when h is 0
	t.Logf("0/0 = %#08x", math.Float32bits(z))
	if Key(0, z) <= Key(0, float32(math.Inf(1))) {
		t.Errorf("Key(0, 0/0) = %#x sorts before Key(0, +Inf) = %#x (and before -Inf: %v); doc: NaN sorts after +Inf",
			Key(0, z), Key(0, float32(math.Inf(1))), Key(0, z) < Key(0, float32(math.Inf(-1))))
	}
}

// TestKeyNegativeZero: Z = -0 and Z = +0 are equal as float32, so the
// order falls to the entity slot.
func TestKeyNegativeZero(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	var o Order
	o.Add(Key(0, 0), Tie(1, KindSprite), 0)       // slot 1, z = +0
	o.Add(Key(0, negZero), Tie(2, KindSprite), 1) // slot 2, z = -0
	got := o.Sorted()
	if got[0].Index != 0 {
		t.Errorf("slot 2 (z=-0) draws before slot 1 (z=+0); equal z must fall back to slot order")
	}
}
