package compact_test

import (
	"bufio"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

// fuzzTable is testTable's definitions plus edge scalings: integers near
// the ends of 64 bits, and float scalings where many stored numbers give
// one value.
func fuzzTable(t testing.TB) *compact.Table {
	t.Helper()
	table, err := compact.NewTable(grass, mixed, trees,
		compact.Definition{Type: "wide", Properties: []compact.Property{
			{Name: "big", Kind: compact.Int, Step: 1 << 40, Offset: -(1 << 62)},
			{Name: "neg", Kind: compact.Uint, Offset: -5},
			{Name: "tiny", Kind: compact.Uint, Step: 1e-300, Decimals: 18},
		}},
		compact.Definition{Type: "coarse", Properties: []compact.Property{
			{Name: "far", Kind: compact.Int, Step: 0.1, Offset: 1e300},
			{Name: "max", Kind: compact.Uint, Step: math.MaxFloat64 / 4},
		}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

var decodeErrors = []error{
	compact.ErrTruncated, compact.ErrDigit, compact.ErrOverflow, compact.ErrUnknownKey,
	compact.ErrRange, compact.ErrText, compact.ErrTrailing,
}

// FuzzDecode decodes any string: it fails with an *Error at a byte inside
// the string wrapping one decoding sentinel, or it succeeds, and then the
// entity encodes again to a string that decodes to the very same entity
// and encodes to itself.
func FuzzDecode(f *testing.F) {
	data, err := os.ReadFile("testdata/strings.txt")
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "# ") {
			f.Add(line)
		}
	}
	table := fuzzTable(f)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := table.Decode(s)
		if err != nil {
			var ce *compact.Error
			if !errors.As(err, &ce) || ce.Pos < 0 || ce.Pos > len(s) {
				t.Fatalf("Decode(%q) error %v: want an *Error at a byte of the string", s, err)
			}
			n := 0
			for _, kind := range decodeErrors {
				if errors.Is(err, kind) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("Decode(%q) error %v wraps %d decoding sentinels, want 1", s, err, n)
			}
			return
		}
		again, err := table.Encode(e)
		if err != nil {
			t.Fatalf("Decode(%q) = %v, which does not encode: %v", s, e, err)
		}
		e2, err := table.Decode(again)
		if err != nil || e2.Type != e.Type || !equalFields(e2.Fields, e.Fields) {
			t.Fatalf("Decode(%q) = %v; encoded again as %q, which decodes to %v, %v", s, e, again, e2, err)
		}
		if third, err := table.Encode(e2); err != nil || third != again {
			t.Fatalf("encoding %q is not stable: %q, then %q, %v", s, again, third, err)
		}
	})
}
