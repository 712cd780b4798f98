package random

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrState is wrapped by the errors of [State.UnmarshalText] and
// [State.UnmarshalBinary] for data that is not a state.
var ErrState = errors.New("random: malformed state")

// State is all there is to a generator ([Rand] or [Stream]): the seed it
// is keyed by, the stream it draws from and how many counter positions it
// has used. It is a comparable value of 24 bytes; two generators with
// equal states draw the same values from then on.
//
// Its text form, as [State.MarshalText] writes it, is
// "seed=S stream=T position=P" with three decimal numbers; its binary form
// is 25 bytes: a version byte (1), then seed, stream and position as
// little-endian uint64s.
type State struct {
	Seed     uint64 // the Philox key
	Stream   uint64 // counter words 2 and 3; 0 for a generator made by [New]
	Position uint64 // counter words 0 and 1: the next position a draw uses
}

// stateVersion is the first byte of the binary form.
const stateVersion = 1

// stateBinaryLen is the length of the binary form.
const stateBinaryLen = 1 + 3*8

// String returns the text form, "seed=S stream=T position=P".
func (s State) String() string { return string(s.appendText(nil)) }

// AppendText appends the text form to b. It never fails.
func (s State) AppendText(b []byte) ([]byte, error) { return s.appendText(b), nil }

// MarshalText returns the text form. It never fails.
func (s State) MarshalText() ([]byte, error) { return s.appendText(nil), nil }

func (s State) appendText(b []byte) []byte {
	b = append(b, "seed="...)
	b = strconv.AppendUint(b, s.Seed, 10)
	b = append(b, " stream="...)
	b = strconv.AppendUint(b, s.Stream, 10)
	b = append(b, " position="...)
	b = strconv.AppendUint(b, s.Position, 10)
	return b
}

// UnmarshalText sets s from the text form, exactly as [State.MarshalText]
// writes it: the three fields in order, single spaces, decimal numbers
// without signs or leading zeros. On error s is left as it was and the
// error, wrapping [ErrState], names the field at fault.
func (s *State) UnmarshalText(text []byte) error {
	rest := string(text)
	var st State
	for i, f := range [...]struct {
		name string
		dst  *uint64
	}{{"seed", &st.Seed}, {"stream", &st.Stream}, {"position", &st.Position}} {
		var field string
		if i < 2 {
			var ok bool
			field, rest, ok = strings.Cut(rest, " ")
			if !ok {
				return fmt.Errorf("%w %q: want seed=S stream=T position=P", ErrState, text)
			}
		} else {
			field = rest
		}
		digits, ok := strings.CutPrefix(field, f.name+"=")
		if !ok {
			return fmt.Errorf("%w %q: field %d is not %s=", ErrState, text, i+1, f.name)
		}
		n, err := strconv.ParseUint(digits, 10, 64)
		if err != nil || digits[0] == '+' || (len(digits) > 1 && digits[0] == '0') {
			return fmt.Errorf("%w %q: %s %q is not a decimal uint64", ErrState, text, f.name, digits)
		}
		*f.dst = n
	}
	*s = st
	return nil
}

// AppendBinary appends the 25-byte binary form to b. It never fails.
func (s State) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, stateVersion)
	b = binary.LittleEndian.AppendUint64(b, s.Seed)
	b = binary.LittleEndian.AppendUint64(b, s.Stream)
	b = binary.LittleEndian.AppendUint64(b, s.Position)
	return b, nil
}

// MarshalBinary returns the 25-byte binary form. It never fails.
func (s State) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, stateBinaryLen))
}

// UnmarshalBinary sets s from the binary form. On error s is left as it
// was and the error wraps [ErrState].
func (s *State) UnmarshalBinary(data []byte) error {
	if len(data) != stateBinaryLen {
		return fmt.Errorf("%w: %d bytes, want %d", ErrState, len(data), stateBinaryLen)
	}
	if data[0] != stateVersion {
		return fmt.Errorf("%w: version byte %d, want %d", ErrState, data[0], stateVersion)
	}
	s.Seed = binary.LittleEndian.Uint64(data[1:])
	s.Stream = binary.LittleEndian.Uint64(data[9:])
	s.Position = binary.LittleEndian.Uint64(data[17:])
	return nil
}
