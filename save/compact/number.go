package compact

import (
	"fmt"
	"math"
	"math/bits"
	"unicode/utf8"
)

// prop is a [Property] compiled for the codec.
type prop struct {
	Property
	step  float64 // Step, 1 for 0
	scale float64 // 10^Decimals
	// integral is set when decimals is 0 and step and offset are
	// integers: values are then integers, computed exactly in 128 bits
	// with istep and ioffset instead of in float64.
	integral bool
	istep    uint64
	ioffset  int64
}

// pow10 holds the powers of ten up to 10^maxDecimals, all exact.
var pow10 = func() (t [maxDecimals + 1]float64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

func compile(p Property) prop {
	c := prop{Property: p, step: p.Step, scale: pow10[p.Decimals]}
	if c.step == 0 {
		c.step = 1
	}
	if p.Kind.numeric() && p.Decimals == 0 &&
		c.step == math.Trunc(c.step) && c.step < two63 &&
		p.Offset == math.Trunc(p.Offset) && p.Offset >= -two63 && p.Offset < two63 {
		c.integral, c.istep, c.ioffset = true, uint64(c.step), int64(p.Offset)
	}
	return c
}

// appendValue appends v, which is present, as p's field. It returns b
// unchanged and why when p cannot hold v exactly.
func (p *prop) appendValue(b []byte, v Value) ([]byte, string) {
	switch p.Kind {
	case Boolean:
		if v.rep != repBool {
			return b, p.cannotHold(v)
		}
		return append(b, lastDigits[v.bits]), ""
	case Float32:
		f, ok := v.Float32()
		if !ok {
			return b, p.cannotHold(v)
		}
		return appendVarint(b, uint64(math.Float32bits(f))), ""
	case String:
		s, ok := v.Text()
		switch {
		case !ok:
			return b, p.cannotHold(v)
		case s == "":
			return b, "empty string: only a non-empty string fits (keep the entity as an object)"
		case !utf8.ValidString(s):
			return b, fmt.Sprintf("string %q is not valid UTF-8", s)
		}
		return append(appendVarint(b, utf16Len(s)), s...), ""
	}
	var stored uint64
	var ok bool
	if p.integral {
		stored, ok = p.storeIntegral(v)
	} else {
		stored, ok = p.storeScaled(v)
	}
	if !ok {
		return b, p.cannotHold(v)
	}
	return appendVarint(b, stored), ""
}

func (p *prop) cannotHold(v Value) string {
	return fmt.Sprintf("%s cannot hold %v exactly", p.describe(), v)
}

// utf16Len returns the length of s in UTF-16 code units.
func utf16Len(s string) uint64 {
	n := uint64(0)
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func zigzag(n int64) uint64   { return uint64(n<<1) ^ uint64(n>>63) }
func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// storeIntegral returns the stored integer of v for an integral property:
// (v − offset) / step, zigzagged for Int, when it is an integer in range.
func (p *prop) storeIntegral(v Value) (uint64, bool) {
	var x i128
	switch v.rep {
	case repInt:
		x = i128FromInt(int64(v.bits))
	case repUint:
		x = i128{lo: v.bits}
	case repFloat, repFloat32:
		f, _ := v.Float64()
		switch {
		case f != math.Trunc(f):
			return 0, false
		case f >= -two63 && f < two63:
			x = i128FromInt(int64(f))
		case f >= 0 && f < two64:
			x = i128{lo: uint64(f)}
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	d := x.add(i128FromInt(p.ioffset).neg())
	neg := d.negative()
	if neg {
		d = d.neg()
	}
	if d.hi >= p.istep { // the quotient would not fit 64 bits
		return 0, false
	}
	q, r := bits.Div64(d.hi, d.lo, p.istep)
	if r != 0 {
		return 0, false
	}
	if p.Kind == Uint {
		return q, !neg || q == 0
	}
	if neg {
		return zigzag(int64(-q)), q <= 1<<63
	}
	return zigzag(int64(q)), q <= math.MaxInt64
}

// loadIntegral returns the value of stored for an integral property:
// stored × step + offset, exactly.
func (p *prop) loadIntegral(stored uint64) (Value, bool) {
	var v i128
	if p.Kind == Uint {
		hi, lo := bits.Mul64(stored, p.istep)
		v = i128{hi, lo}
	} else {
		n := unzigzag(stored)
		mag := uint64(n)
		if n < 0 {
			mag = -mag
		}
		hi, lo := bits.Mul64(mag, p.istep)
		v = i128{hi, lo}
		if n < 0 {
			v = v.neg()
		}
	}
	v = v.add(i128FromInt(p.ioffset))
	fitsInt := v.hi == uint64(int64(v.lo)>>63)
	switch {
	case p.Kind == Uint && v.hi == 0, p.Kind == Int && !fitsInt && v.hi == 0:
		return UintValue(v.lo), true
	case fitsInt:
		return IntValue(int64(v.lo)), true
	}
	return Value{}, false
}

// storeScaled returns the stored integer of v for a property with
// fractional scaling: round((v − offset) / step × 10^decimals), zigzagged
// for Int, when it reads back as exactly v.
func (p *prop) storeScaled(v Value) (uint64, bool) {
	x, ok := v.Float64()
	if !ok {
		return 0, false
	}
	q := math.Round((x - p.Offset) / p.step * p.scale)
	var stored uint64
	if p.Kind == Uint {
		if !(q >= 0 && q < two64) {
			return 0, false
		}
		stored = uint64(q)
	} else {
		if !(q >= -two63 && q < two63) {
			return 0, false
		}
		stored = zigzag(int64(q))
	}
	return stored, p.scaled(q) == x
}

// scaled is the value of the stored number q (unzigzagged) for a property
// with fractional scaling, computed in the order the format defines.
func (p *prop) scaled(q float64) float64 { return q*p.step/p.scale + p.Offset }

// loadScaled returns the value of stored for a property with fractional
// scaling, and whether it is one the property can write back.
func (p *prop) loadScaled(stored uint64) (Value, bool) {
	q := float64(stored)
	if p.Kind == Int {
		q = float64(unzigzag(stored))
	}
	f := p.scaled(q)
	v := FloatValue(f)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return v, false
	}
	_, ok := p.storeScaled(v)
	return v, ok
}

// i128 is a two's complement 128-bit integer, enough for stored × step +
// offset with 64-bit operands.
type i128 struct{ hi, lo uint64 }

func i128FromInt(n int64) i128 { return i128{hi: uint64(n >> 63), lo: uint64(n)} }

func (a i128) add(b i128) i128 {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, carry)
	return i128{hi, lo}
}

func (a i128) neg() i128 { return i128{^a.hi, ^a.lo}.add(i128{lo: 1}) }

func (a i128) negative() bool { return int64(a.hi) < 0 }
