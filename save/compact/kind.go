package compact

import (
	"fmt"
	"strconv"
)

// Kind is the type of a property's values, as a definition names it.
type Kind uint8

// The property kinds. The zero Kind is none of them and fails validation.
const (
	Int     Kind = iota + 1 // signed integers, zigzag-encoded; scaled by step, offset and decimals
	Uint                    // unsigned integers; scaled by step, offset and decimals
	Boolean                 // false and true, as 0 and 1
	Float32                 // any float32, as its 32 IEEE 754 bits
	String                  // non-empty strings, as a UTF-16 length and the characters
)

var kindNames = [...]string{Int: "int", Uint: "uint", Boolean: "boolean", Float32: "float32", String: "string"}

// String returns the kind's name in a definition: "int", "uint",
// "boolean", "float32" or "string".
func (k Kind) String() string {
	if k.valid() {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

func (k Kind) valid() bool { return k >= Int && k <= String }

// numeric reports whether step, offset and decimals apply to k.
func (k Kind) numeric() bool { return k == Int || k == Uint }

// MarshalText returns the kind's name; it fails for a Kind that is none
// of the constants.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.valid() {
		return nil, &Error{Key: -1, Pos: -1, Err: because(ErrDefinition, fmt.Sprintf("property type %d has no name", uint8(k)))}
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText sets k from its name; on an unknown name it fails,
// wrapping [ErrDefinition], and leaves k as it was.
func (k *Kind) UnmarshalText(text []byte) error {
	for i, name := range kindNames {
		if name != "" && name == string(text) {
			*k = Kind(i)
			return nil
		}
	}
	return &Error{Key: -1, Pos: -1, Err: because(ErrDefinition, fmt.Sprintf("unknown property type %q (want int, uint, boolean, float32 or string)", text))}
}
