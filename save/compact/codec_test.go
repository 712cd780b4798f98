package compact_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

// TestWorkedExample is the format's known answer, part by part.
func TestWorkedExample(t *testing.T) {
	table := testTable(t)
	e := compact.Entity{Type: "grass", Fields: fields(
		"x", compact.UintValue(7920), "y", compact.UintValue(15440), "harvestProgress", compact.UintValue(633000))}
	s, err := table.Encode(e)
	if err != nil || s != "#g(q-!ok{)" {
		t.Fatalf("Encode(%v) = %q, %v; want %q", e, s, err, "#g(q-!ok{)")
	}
	parts := []struct{ what, chars string }{
		{"key 0", "#"}, {"x: 247 = 22 + 5·45", "g("}, {"y: 482 = 32 + 10·45", "q-"},
		{"harvestAmount absent", "!"}, {"harvestProgress: 633000 = 30 + 26·45 + 42·45² + 6·45³", "ok{)"},
	}
	rest := s
	for _, p := range parts {
		if !strings.HasPrefix(rest, p.chars) {
			t.Fatalf("%s: string continues %q, want %q", p.what, rest, p.chars)
		}
		rest = rest[len(p.chars):]
	}
	got, err := table.Decode(s)
	if err != nil || got.Type != "grass" || !equalFields(got.Fields, e.Fields) {
		t.Errorf("Decode(%q) = %v, %v; want %v", s, got, err, e)
	}
}

func TestEncode(t *testing.T) {
	table := testTable(t)
	tests := []struct {
		name string
		e    compact.Entity
		want string
	}{
		{"no fields", compact.Entity{Type: "grass"}, "#"},
		{"trailing absent left out", compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(16))}, "##"},
		{"explicit absent", compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(16), "y", compact.Absent)}, "##"},
		{"any field order", compact.Entity{Type: "grass", Fields: fields("harvestProgress", compact.UintValue(633000), "y", compact.UintValue(15440), "x", compact.UintValue(7920))}, "#g(q-!ok{)"},
		{"float value on the grid", compact.Entity{Type: "grass", Fields: fields("x", compact.FloatValue(7920))}, "#g("},
		{"int value", compact.Entity{Type: "grass", Fields: fields("x", compact.IntValue(7920))}, "#g("},
		{"shared definition keys", compact.Entity{Type: "pine", Fields: fields("age", compact.UintValue(44))}, "&O"},
		{"birch", compact.Entity{Type: "birch", Fields: fields("age", compact.UintValue(45))}, "'P$"},
		{"int zigzag -1", compact.Entity{Type: "mixed", Fields: fields("i", compact.IntValue(-1))}, "$$"},
		{"int zigzag 1", compact.Entity{Type: "mixed", Fields: fields("i", compact.IntValue(1))}, "$%"},
		{"int min", compact.Entity{Type: "mixed", Fields: fields("i", compact.IntValue(math.MinInt64))}, "$" + varint(math.MaxUint64)},
		{"uint max", compact.Entity{Type: "mixed", Fields: fields("u", compact.UintValue(math.MaxUint64))}, "$!" + varint(math.MaxUint64)},
		{"booleans", compact.Entity{Type: "mixed", Fields: fields("b", compact.BoolValue(true))}, "$!!$"},
		{"float32 bits", compact.Entity{Type: "mixed", Fields: fields("f", compact.Float32Value(1))}, "$!!!" + varint(0x3f800000)},
		{"float64 a float32 holds", compact.Entity{Type: "mixed", Fields: fields("f", compact.FloatValue(0.5))}, "$!!!" + varint(0x3f000000)},
		{"string", compact.Entity{Type: "mixed", Fields: fields("s", compact.StringValue("hi!"))}, "$!!!!&hi!"},
		{"string in UTF-16 units", compact.Entity{Type: "mixed", Fields: fields("s", compact.StringValue("é😀"))}, "$!!!!&é😀"},
		{"decimals", compact.Entity{Type: "mixed", Fields: fields("cents", compact.FloatValue(-12.34))}, "$!!!!!" + varint(2*1234-1)},
		{"fractional step and offset", compact.Entity{Type: "mixed", Fields: fields("half", compact.FloatValue(2.5))}, "$!!!!!!" + varint(7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := table.Encode(tt.e)
			if err != nil || got != tt.want {
				t.Errorf("Encode(%v) = %q, %v; want %q", tt.e, got, err, tt.want)
			}
		})
	}
}

// varint writes v the obvious way, for expected strings.
func varint(v uint64) string {
	const more = "PQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}"
	const last = "#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNO"
	var b strings.Builder
	for ; v >= 45; v /= 45 {
		b.WriteByte(more[v%45])
	}
	b.WriteByte(last[v])
	return b.String()
}

func TestEncodeNoFit(t *testing.T) {
	table := testTable(t)
	tests := []struct {
		name     string
		e        compact.Entity
		property string
		msg      string
	}{
		{"unknown type", compact.Entity{Type: "worker"}, "", "no definition"},
		{"property the definition lacks", compact.Entity{Type: "grass", Fields: fields("z", compact.UintValue(1))}, "z", "no such property"},
		{"off the step", compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(7921))}, "x", "cannot hold 7921"},
		{"below the offset", compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(15))}, "x", "cannot hold"},
		{"negative uint", compact.Entity{Type: "grass", Fields: fields("harvestAmount", compact.IntValue(-1))}, "harvestAmount", "cannot hold -1"},
		{"fraction in an integer", compact.Entity{Type: "grass", Fields: fields("harvestAmount", compact.FloatValue(1.5))}, "harvestAmount", "cannot hold 1.5"},
		{"NaN in an integer", compact.Entity{Type: "grass", Fields: fields("harvestAmount", compact.FloatValue(math.NaN()))}, "harvestAmount", "cannot hold"},
		{"huge float", compact.Entity{Type: "grass", Fields: fields("harvestAmount", compact.FloatValue(1e30))}, "harvestAmount", "cannot hold"},
		{"uint above 64 bits after the offset", compact.Entity{Type: "mixed", Fields: fields("half", compact.FloatValue(1e300))}, "half", "cannot hold"},
		{"int beyond int64", compact.Entity{Type: "mixed", Fields: fields("i", compact.UintValue(math.MaxInt64+1))}, "i", "cannot hold"},
		{"string in a number", compact.Entity{Type: "grass", Fields: fields("x", compact.StringValue("16"))}, "x", "cannot hold"},
		{"bool in a number", compact.Entity{Type: "grass", Fields: fields("x", compact.BoolValue(true))}, "x", "cannot hold"},
		{"number in a bool", compact.Entity{Type: "mixed", Fields: fields("b", compact.IntValue(1))}, "b", "cannot hold"},
		{"float64 a float32 does not hold", compact.Entity{Type: "mixed", Fields: fields("f", compact.FloatValue(0.1))}, "f", "cannot hold 0.1"},
		{"float64 NaN in a float32", compact.Entity{Type: "mixed", Fields: fields("f", compact.FloatValue(math.NaN()))}, "f", "cannot hold"},
		{"empty string", compact.Entity{Type: "mixed", Fields: fields("s", compact.StringValue(""))}, "s", "empty string"},
		{"invalid UTF-8", compact.Entity{Type: "mixed", Fields: fields("s", compact.StringValue("\xff"))}, "s", "UTF-8"},
		{"number in a string", compact.Entity{Type: "mixed", Fields: fields("s", compact.IntValue(3))}, "s", "cannot hold"},
		{"too many decimals", compact.Entity{Type: "mixed", Fields: fields("cents", compact.FloatValue(0.001))}, "cents", "cannot hold 0.001"},
		{"off a fractional step", compact.Entity{Type: "mixed", Fields: fields("half", compact.FloatValue(0.25))}, "half", "cannot hold 0.25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := []byte("kept")
			got, err := table.AppendEncode(dst, tt.e)
			if !errors.Is(err, compact.ErrNoFit) {
				t.Fatalf("AppendEncode(%v) error = %v, want ErrNoFit", tt.e, err)
			}
			if string(got) != "kept" {
				t.Errorf("AppendEncode on error returned %q, want dst unchanged", got)
			}
			var ce *compact.Error
			if !errors.As(err, &ce) || ce.Type != tt.e.Type || ce.Property != tt.property || ce.Pos != -1 {
				t.Errorf("error %#v, want type %q, property %q, no position", ce, tt.e.Type, tt.property)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
}

func TestEncodeDuplicate(t *testing.T) {
	table := testTable(t)
	e := compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(16), "x", compact.UintValue(48))}
	_, err := table.Encode(e)
	if !errors.Is(err, compact.ErrDuplicate) || errors.Is(err, compact.ErrNoFit) {
		t.Errorf("Encode(%v) error = %v, want ErrDuplicate", e, err)
	}
	if want := `compact: type "grass" (key 0): property "x": property given twice`; err == nil || err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

func TestDecode(t *testing.T) {
	table := testTable(t)
	tests := []struct {
		s    string
		typ  string
		want []compact.Field
	}{
		{"#", "grass", nil},
		{"#!!!!", "grass", nil}, // trailing absent fields written out
		{"P#", "grass", nil},    // a zero high digit changes nothing
		{"#g(q-!ok{)", "grass", fields("x", compact.UintValue(7920), "y", compact.UintValue(15440), "harvestProgress", compact.UintValue(633000))},
		{"&O", "pine", fields("age", compact.UintValue(44))},
		{"$$", "mixed", fields("i", compact.IntValue(-1))},
		{"$" + varint(math.MaxUint64), "mixed", fields("i", compact.IntValue(math.MinInt64))},
		{"$!" + varint(math.MaxUint64), "mixed", fields("u", compact.UintValue(math.MaxUint64))},
		{"$!!$", "mixed", fields("b", compact.BoolValue(true))},
		{"$!!#", "mixed", fields("b", compact.BoolValue(false))},
		{"$!!!" + varint(0x7fc00001), "mixed", fields("f", compact.Float32Value(math.Float32frombits(0x7fc00001)))},
		{"$!!!!#", "mixed", nil}, // string length 0: null, read as absent
		{"$!!!!&é😀", "mixed", fields("s", compact.StringValue("é😀"))},
		{"$!!!!&!#!", "mixed", fields("s", compact.StringValue("!#!"))},
		{"$!!!!!" + varint(2*1234-1), "mixed", fields("cents", compact.FloatValue(-12.34))},
		{"$!!!!!!" + varint(7), "mixed", fields("half", compact.FloatValue(2.5))},
	}
	for _, tt := range tests {
		typ, got, err := table.AppendDecode(nil, tt.s)
		if err != nil || typ != tt.typ || !equalFields(got, tt.want) {
			t.Errorf("AppendDecode(%q) = %q, %v, %v; want %q, %v", tt.s, typ, got, err, tt.typ, tt.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	table := testTable(t)
	tests := []struct {
		s        string
		kind     error
		key      int
		property string
		pos      int
	}{
		{"", compact.ErrTruncated, -1, "", 0},
		{"P", compact.ErrTruncated, -1, "", 1},
		{"!", compact.ErrDigit, -1, "", 0},
		{" #", compact.ErrDigit, -1, "", 0},
		{"#g", compact.ErrTruncated, 0, "x", 2},
		{"#g(q\\", compact.ErrDigit, 0, "y", 4},
		{"#g(q-!ok{)#", compact.ErrTrailing, 0, "", 10},
		{"#" + strings.Repeat("}", 12) + "#", compact.ErrOverflow, 0, "x", 12},
		{"#" + varint(math.MaxUint64)[:11] + "R$", compact.ErrOverflow, 0, "x", 13},
		{"#" + varint(math.MaxUint64), compact.ErrRange, 0, "x", 1}, // × 32 + 16 passes 64 bits
		{"5", compact.ErrUnknownKey, -1, "", 0},
		{"%P", compact.ErrTruncated, 2, "age", 2},
		{"$!!%", compact.ErrRange, 1, "b", 3},
		{"$!!!" + varint(1<<32), compact.ErrRange, 1, "f", 4},
		{"$!!!!(ab", compact.ErrTruncated, 1, "s", 5},
		{"$!!!!%\xff", compact.ErrText, 1, "s", 6},
		{"$!!!!$😀", compact.ErrText, 1, "s", 6},
		{"$!!!!!!" + varint(math.MaxUint64), compact.ErrRange, 1, "half", 7},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			keep := fields("kept", compact.IntValue(1))
			typ, got, err := table.AppendDecode(keep, tt.s)
			if !errors.Is(err, tt.kind) {
				t.Fatalf("AppendDecode(%q) error = %v, want %v", tt.s, err, tt.kind)
			}
			if typ != "" || len(got) != 1 {
				t.Errorf("AppendDecode(%q) on error = %q, %v; want \"\" and dst unchanged", tt.s, typ, got)
			}
			var ce *compact.Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if ce.Key != tt.key || ce.Property != tt.property || ce.Pos != tt.pos {
				t.Errorf("error %q: key %d, property %q, byte %d; want key %d, property %q, byte %d",
					err, ce.Key, ce.Property, ce.Pos, tt.key, tt.property, tt.pos)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	table := testTable(t)
	_, err := table.Decode("#g(q")
	want := `compact: byte 4: type "grass" (key 0): property "y": truncated string: the string ends inside a number`
	if err == nil || err.Error() != want {
		t.Errorf("Decode(\"#g(q\") error = %q, want %q", err, want)
	}
	_, err = table.Decode("$!!!!(ab")
	want = `compact: byte 5: type "mixed" (key 1): property "s": truncated string: string of length 5 runs past the end`
	if err == nil || err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	_, err = table.Encode(compact.Entity{Type: "grass", Fields: fields("x", compact.UintValue(7921))})
	want = `compact: type "grass" (key 0): property "x": entity does not fit its definition: uint step 32 offset 16 cannot hold 7921 exactly`
	if err == nil || err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

func TestCodecAllocations(t *testing.T) {
	table := testTable(t)
	e := compact.Entity{Type: "grass", Fields: fields(
		"x", compact.UintValue(7920), "y", compact.UintValue(15440), "harvestProgress", compact.UintValue(633000))}
	buf := make([]byte, 0, 64)
	dst := make([]compact.Field, 0, 8)
	if n := testing.AllocsPerRun(100, func() {
		b, _ := table.AppendEncode(buf, e)
		_, _, _ = table.AppendDecode(dst, string(b[:0])+"#g(q-!ok{)")
	}); n != 0 {
		t.Errorf("AppendEncode + AppendDecode allocate %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = table.Encode(e) }); n != 1 {
		t.Errorf("Encode allocates %v times, want 1 (the string)", n)
	}
}
