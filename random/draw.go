package random

import (
	"fmt"
	"math"
)

// The conversions every generator shares, from raw words to the values
// its methods return.

// float64Of returns the top 53 bits of u as a float64 in [0, 1).
func float64Of(u uint64) float64 { return float64(u>>11) * 0x1p-53 }

// float32Of returns the top 24 bits of u as a float32 in [0, 1).
func float32Of(u uint32) float32 { return float32(u>>8) * 0x1p-24 }

// checkN panics unless n > 0, naming the method.
func checkN(method string, n int64) {
	if n <= 0 {
		panic(fmt.Errorf("random: %s(%d): n must be positive", method, n))
	}
}

// checkRange panics unless lo < hi, naming the method.
func checkRange(lo, hi int) {
	if lo >= hi {
		panic(fmt.Errorf("random: Range(%d, %d): empty range", lo, hi))
	}
}

// checkFloatRange panics unless lo < hi and hi - lo is finite.
func checkFloatRange(lo, hi float64) {
	if !(lo < hi) || math.IsInf(hi-lo, 0) {
		panic(fmt.Errorf("random: RangeFloat64(%v, %v): want finite lo < hi", lo, hi))
	}
}

// inFloatRange maps f in [0, 1) to [lo, hi): rounding can carry
// lo + (hi-lo)*f up to hi, which is then replaced by the largest float64
// below hi.
func inFloatRange(lo, hi, f float64) float64 {
	v := lo + (hi-lo)*f
	if v >= hi {
		v = math.Nextafter(hi, lo)
	}
	return v
}
