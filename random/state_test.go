package random_test

import (
	"bytes"
	"encoding"
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/random"
)

var (
	_ encoding.TextMarshaler     = random.State{}
	_ encoding.TextAppender      = random.State{}
	_ encoding.TextUnmarshaler   = (*random.State)(nil)
	_ encoding.BinaryMarshaler   = random.State{}
	_ encoding.BinaryAppender    = random.State{}
	_ encoding.BinaryUnmarshaler = (*random.State)(nil)
)

func TestStateText(t *testing.T) {
	tests := []struct {
		st   random.State
		text string
	}{
		{random.State{}, "seed=0 stream=0 position=0"},
		{random.State{Seed: 1234, Position: 17}, "seed=1234 stream=0 position=17"},
		{random.State{Seed: ^uint64(0), Stream: 9, Position: 1 << 40}, "seed=18446744073709551615 stream=9 position=1099511627776"},
	}
	for _, tt := range tests {
		got, err := tt.st.MarshalText()
		if err != nil || string(got) != tt.text {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", tt.st, got, err, tt.text)
		}
		if s := tt.st.String(); s != tt.text {
			t.Errorf("String() = %q, want %q", s, tt.text)
		}
		var back random.State
		if err := back.UnmarshalText([]byte(tt.text)); err != nil || back != tt.st {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.text, back, err, tt.st)
		}
	}
}

func TestStateTextErrors(t *testing.T) {
	bad := []string{
		"", "seed=1", "seed=1 stream=2", "seed=1 stream=2 position=", "seed=1 stream=2 position=x",
		"seed=01 stream=0 position=0", "seed=+1 stream=0 position=0", "seed=-1 stream=0 position=0",
		"seed=1  stream=0 position=0", "seed=1 stream=0 position=0 ", "stream=0 seed=1 position=0",
		"seed=18446744073709551616 stream=0 position=0", "Seed=1 stream=0 position=0",
	}
	keep := random.State{Seed: 5, Stream: 6, Position: 7}
	for _, text := range bad {
		st := keep
		err := st.UnmarshalText([]byte(text))
		if !errors.Is(err, random.ErrState) {
			t.Errorf("UnmarshalText(%q) error = %v, want ErrState", text, err)
		}
		if st != keep {
			t.Errorf("UnmarshalText(%q) changed the state to %v", text, st)
		}
	}
}

func TestStateBinary(t *testing.T) {
	st := random.State{Seed: 0x0102030405060708, Stream: 0x1112131415161718, Position: 0x2122232425262728}
	b, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{1,
		8, 7, 6, 5, 4, 3, 2, 1,
		0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
		0x28, 0x27, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21}
	if !bytes.Equal(b, want) {
		t.Errorf("MarshalBinary() = %x, want %x", b, want)
	}
	var back random.State
	if err := back.UnmarshalBinary(b); err != nil || back != st {
		t.Errorf("UnmarshalBinary(%x) = %v, %v; want %v", b, back, err, st)
	}
	for _, bad := range [][]byte{nil, b[:24], append(b, 0), append([]byte{2}, b[1:]...)} {
		keep := st
		if err := keep.UnmarshalBinary(bad); !errors.Is(err, random.ErrState) || keep != st {
			t.Errorf("UnmarshalBinary(%x) = %v, %v; want ErrState and no change", bad, keep, err)
		}
	}
}
