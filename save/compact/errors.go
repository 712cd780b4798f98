package compact

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors, for errors.Is. Every error of the package is an
// [*Error] wrapping one of them.
var (
	// ErrDefinition is wrapped by the errors of [NewTable] and [LoadTable]
	// about a definition that is not valid: no type or both type and types,
	// a type or key used twice, a property without a name or with a bad
	// step, offset or decimals.
	ErrDefinition = errors.New("compact: invalid definition")
	// ErrNoFit is wrapped by the errors of [Table.Encode] about an entity
	// that no compact string can hold: its type has no definition, it has
	// a property its definition lacks, or a value its property's type
	// cannot hold exactly (an empty string among them). Keep such an
	// entity as a plain object.
	ErrNoFit = errors.New("compact: entity does not fit its definition")
	// ErrDuplicate is wrapped by the errors of [Table.Encode] about an
	// entity that gives one property twice.
	ErrDuplicate = errors.New("compact: property given twice")
	// ErrTruncated is wrapped by decoding errors about a string that ends
	// inside a number, or whose string value's length runs past its end.
	ErrTruncated = errors.New("compact: truncated string")
	// ErrDigit is wrapped by decoding errors about a character that is
	// not a base-45 digit where a number is expected (or a "!" where the
	// definition key must be).
	ErrDigit = errors.New("compact: not a digit")
	// ErrOverflow is wrapped by decoding errors about a number above
	// 2⁶⁴−1.
	ErrOverflow = errors.New("compact: number overflows 64 bits")
	// ErrUnknownKey is wrapped by decoding errors about a definition key
	// the table does not hold.
	ErrUnknownKey = errors.New("compact: unknown definition key")
	// ErrRange is wrapped by decoding errors about a number its property
	// cannot stand for: a boolean other than 0 or 1, float32 bits above
	// 32 bits, an integer beyond int64 and uint64 once step and offset are
	// applied, a scaled number that would not encode back to itself.
	ErrRange = errors.New("compact: value out of range")
	// ErrText is wrapped by decoding errors about a string value that is
	// not valid UTF-8 or whose length ends inside a surrogate pair.
	ErrText = errors.New("compact: invalid string value")
	// ErrTrailing is wrapped by decoding errors about characters after the
	// last property of the definition.
	ErrTrailing = errors.New("compact: characters after the last property")
)

// Error is one problem with a definition, an entity or an entity string:
// which definition and property it concerns, where in the string it is,
// and what is wrong. Err wraps one of the sentinel errors.
type Error struct {
	Key      int    // the definition key; -1 when not known
	Type     string // the entity type; "" when not known
	Property string // the property's name; "" when the problem is not in one
	Pos      int    // byte offset in the entity string, from 0; -1 when not decoding
	Err      error
}

// Error returns a message such as
// `compact: byte 3: type "grass" (key 0): property "y": truncated string: the string ends inside a number`.
// Parts that are unknown are left out.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("compact: ")
	if e.Pos >= 0 {
		b.WriteString("byte ")
		b.WriteString(strconv.Itoa(e.Pos))
		b.WriteString(": ")
	}
	switch {
	case e.Type != "" && e.Key >= 0:
		b.WriteString("type ")
		b.WriteString(strconv.Quote(e.Type))
		b.WriteString(" (key ")
		b.WriteString(strconv.Itoa(e.Key))
		b.WriteString("): ")
	case e.Type != "":
		b.WriteString("type ")
		b.WriteString(strconv.Quote(e.Type))
		b.WriteString(": ")
	case e.Key >= 0:
		b.WriteString("key ")
		b.WriteString(strconv.Itoa(e.Key))
		b.WriteString(": ")
	}
	if e.Property != "" {
		b.WriteString("property ")
		b.WriteString(strconv.Quote(e.Property))
		b.WriteString(": ")
	}
	if e.Err == nil {
		b.WriteString("<nil>")
	} else {
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "compact: "))
	}
	return b.String()
}

// Unwrap returns the error's cause, which wraps a sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// detail is a sentinel with the words that say what exactly is wrong:
// errors.Is matches the sentinel, and the message is "sentinel: msg".
type detail struct {
	kind error
	msg  string
}

func (d *detail) Error() string { return d.kind.Error() + ": " + d.msg }
func (d *detail) Unwrap() error { return d.kind }

// because returns an error of kind saying msg.
func because(kind error, msg string) error { return &detail{kind, msg} }
