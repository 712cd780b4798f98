package compact

import (
	"math"
	"strconv"
)

// Value is one property value: absent, an integer, a float, a boolean or
// a string. It is a small comparable value; == compares representation,
// so IntValue(1) != FloatValue(1) though both hold 1. The accessors
// (Int64, Float64, …) convert between representations when, and only
// when, the conversion is exact.
//
// A decoded Value has the representation its property gives it: an Int
// or Uint property with integral step and offset and no decimals decodes
// to an integer (a uint property to a Uint where the value is not
// negative, an int property to an Int where it fits int64), one with
// fractional scaling to a float64, a Float32 property to a float32, a
// Boolean to a bool and a String to a string.
type Value struct {
	rep  rep
	bits uint64 // the int64, uint64, float64 or float32 bits, or 0/1
	str  string
}

// rep is a Value's representation.
type rep uint8

const (
	repAbsent rep = iota
	repInt
	repUint
	repFloat
	repFloat32
	repBool
	repString
)

// Absent is the zero Value: no value. A property whose value is absent is
// written as "!" (or left out at the end of a string).
var Absent Value

// IntValue returns v as a Value.
func IntValue(v int64) Value { return Value{rep: repInt, bits: uint64(v)} }

// UintValue returns v as a Value.
func UintValue(v uint64) Value { return Value{rep: repUint, bits: v} }

// FloatValue returns v as a Value.
func FloatValue(v float64) Value { return Value{rep: repFloat, bits: math.Float64bits(v)} }

// Float32Value returns v as a Value; it keeps v's bits exactly, NaN
// payloads included.
func Float32Value(v float32) Value { return Value{rep: repFloat32, bits: uint64(math.Float32bits(v))} }

// BoolValue returns v as a Value.
func BoolValue(v bool) Value {
	if v {
		return Value{rep: repBool, bits: 1}
	}
	return Value{rep: repBool}
}

// StringValue returns s as a Value. Only a non-empty, valid UTF-8 string
// fits a String property.
func StringValue(s string) Value { return Value{rep: repString, str: s} }

// IsAbsent reports whether v holds no value.
func (v Value) IsAbsent() bool { return v.rep == repAbsent }

// Number bounds as float64s: 2⁶³ and 2⁶⁴, both exact.
const (
	two63 = 1 << 63
	two64 = 1 << 64
)

// Int64 returns v as an int64 when v is a number equal to one.
func (v Value) Int64() (int64, bool) {
	switch v.rep {
	case repInt:
		return int64(v.bits), true
	case repUint:
		return int64(v.bits), v.bits <= math.MaxInt64
	case repFloat, repFloat32:
		f, _ := v.Float64()
		if f == math.Trunc(f) && f >= -two63 && f < two63 {
			return int64(f), true
		}
	}
	return 0, false
}

// Uint64 returns v as a uint64 when v is a number equal to one.
func (v Value) Uint64() (uint64, bool) {
	switch v.rep {
	case repUint:
		return v.bits, true
	case repInt:
		return v.bits, int64(v.bits) >= 0
	case repFloat, repFloat32:
		f, _ := v.Float64()
		if f == math.Trunc(f) && f >= 0 && f < two64 {
			return uint64(f), true
		}
	}
	return 0, false
}

// Float64 returns v as a float64 when v is a number a float64 holds
// exactly (every float and float32, integers up to 2⁵³ and some above).
func (v Value) Float64() (float64, bool) {
	switch v.rep {
	case repFloat:
		return math.Float64frombits(v.bits), true
	case repFloat32:
		return float64(math.Float32frombits(uint32(v.bits))), true
	case repInt:
		i := int64(v.bits)
		f := float64(i)
		return f, f < two63 && int64(f) == i
	case repUint:
		f := float64(v.bits)
		return f, f < two64 && uint64(f) == v.bits
	}
	return 0, false
}

// Float32 returns v as a float32 when v is a number a float32 holds
// exactly. A float32 Value always converts, NaN included; a float64 NaN
// does not.
func (v Value) Float32() (float32, bool) {
	if v.rep == repFloat32 {
		return math.Float32frombits(uint32(v.bits)), true
	}
	f, ok := v.Float64()
	if !ok {
		return 0, false
	}
	g := float32(f)
	return g, float64(g) == f
}

// Bool returns v's boolean when v is one.
func (v Value) Bool() (bool, bool) { return v.bits == 1, v.rep == repBool }

// Text returns v's string when v is one. (String formats any Value.)
func (v Value) Text() (string, bool) { return v.str, v.rep == repString }

// String formats v for messages: a number or boolean as Go prints it, a
// string quoted, and an absent value as "absent".
func (v Value) String() string {
	switch v.rep {
	case repInt:
		return strconv.FormatInt(int64(v.bits), 10)
	case repUint:
		return strconv.FormatUint(v.bits, 10)
	case repFloat:
		return strconv.FormatFloat(math.Float64frombits(v.bits), 'g', -1, 64)
	case repFloat32:
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(v.bits))), 'g', -1, 32)
	case repBool:
		return strconv.FormatBool(v.bits == 1)
	case repString:
		return strconv.Quote(v.str)
	}
	return "absent"
}
