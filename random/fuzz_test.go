package random_test

import (
	"bufio"
	"bytes"
	"errors"
	"math"
	"os"
	"testing"

	"github.com/tessera-engine/tessera/random"
)

// addStates seeds f with every line of testdata/states.txt, through conv.
func addStates(f *testing.F, conv func(line string) []byte) {
	data, err := os.ReadFile("testdata/states.txt")
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f.Add(conv(sc.Text()))
	}
}

// FuzzStateText: every input either fails with ErrState, leaving the
// state alone, or is a state whose text is the input.
func FuzzStateText(f *testing.F) {
	addStates(f, func(line string) []byte { return []byte(line) })
	f.Fuzz(func(t *testing.T, text []byte) {
		keep := random.State{Seed: 1, Stream: 2, Position: 3}
		st := keep
		if err := st.UnmarshalText(text); err != nil {
			if !errors.Is(err, random.ErrState) || st != keep {
				t.Fatalf("UnmarshalText(%q) = %v, %v", text, st, err)
			}
			return
		}
		if got := st.String(); got != string(text) {
			t.Fatalf("UnmarshalText(%q) then String() = %q", text, got)
		}
	})
}

// FuzzStateBinary: as FuzzStateText, for the binary form.
func FuzzStateBinary(f *testing.F) {
	addStates(f, func(line string) []byte {
		var st random.State
		if st.UnmarshalText([]byte(line)) != nil {
			return []byte(line)
		}
		b, _ := st.MarshalBinary()
		return b
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		keep := random.State{Seed: 1, Stream: 2, Position: 3}
		st := keep
		if err := st.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, random.ErrState) || st != keep {
				t.Fatalf("UnmarshalBinary(%x) = %v, %v", data, st, err)
			}
			return
		}
		if got, _ := st.MarshalBinary(); !bytes.Equal(got, data) {
			t.Fatalf("UnmarshalBinary(%x) then MarshalBinary() = %x", data, got)
		}
	})
}

// FuzzDraws checks the ranges of every draw from any state: Float64 and
// Float32 in [0, 1), IntN, Uint64N and Range inside their bounds.
func FuzzDraws(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), int64(1), int64(0), int64(1))
	f.Add(uint64(1234), uint64(0), uint64(17), int64(6), int64(-3), int64(3))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), int64(math.MaxInt64), int64(math.MinInt64), int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, seed, stream, pos uint64, n, lo, hi int64) {
		var r random.Rand
		st := random.State{Seed: seed, Stream: stream, Position: pos}
		r.Restore(st)
		for i := 0; i < 8; i++ {
			if v := r.Float64(); !(v >= 0 && v < 1) {
				t.Fatalf("%v: Float64() = %v", st, v)
			}
			if v := r.Float32(); !(v >= 0 && v < 1) {
				t.Fatalf("%v: Float32() = %v", st, v)
			}
			if n > 0 {
				if v := r.IntN(int(n)); v < 0 || v >= int(n) {
					t.Fatalf("%v: IntN(%d) = %d", st, n, v)
				}
				if v := r.Uint64N(uint64(n)); v >= uint64(n) {
					t.Fatalf("%v: Uint64N(%d) = %d", st, n, v)
				}
			}
			if lo < hi {
				if v := r.Range(int(lo), int(hi)); v < int(lo) || v >= int(hi) {
					t.Fatalf("%v: Range(%d, %d) = %d", st, lo, hi, v)
				}
				flo, fhi := float64(lo), float64(hi)
				if flo < fhi {
					if v := r.RangeFloat64(flo, fhi); !(v >= flo && v < fhi) {
						t.Fatalf("%v: RangeFloat64(%v, %v) = %v", st, flo, fhi, v)
					}
				}
			}
		}
	})
}
