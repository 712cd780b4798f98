package compact_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/save/compact"
)

func TestValueConversionsAreExact(t *testing.T) {
	type want struct {
		i64 bool
		u64 bool
		f64 bool
		f32 bool
	}
	tests := []struct {
		v    compact.Value
		want want
	}{
		{compact.IntValue(-3), want{true, false, true, true}},
		{compact.IntValue(math.MaxInt64), want{true, true, false, false}},
		{compact.IntValue(1 << 53), want{true, true, true, true}},
		{compact.IntValue(1<<53 + 1), want{true, true, false, false}},
		{compact.UintValue(math.MaxUint64), want{false, true, false, false}},
		{compact.UintValue(1 << 63), want{false, true, true, true}},
		{compact.FloatValue(2), want{true, true, true, true}},
		{compact.FloatValue(-0.5), want{false, false, true, true}},
		{compact.FloatValue(0.1), want{false, false, true, false}},
		{compact.FloatValue(1 << 63), want{false, true, true, true}},
		{compact.FloatValue(-1 << 63), want{true, false, true, true}},
		{compact.FloatValue(1 << 64), want{false, false, true, true}},
		{compact.FloatValue(math.NaN()), want{false, false, true, false}},
		{compact.FloatValue(math.Inf(1)), want{false, false, true, true}},
		{compact.Float32Value(float32(math.NaN())), want{false, false, true, true}},
		{compact.Float32Value(3), want{true, true, true, true}},
		{compact.BoolValue(true), want{}},
		{compact.StringValue("1"), want{}},
		{compact.Absent, want{}},
	}
	for _, tt := range tests {
		_, i := tt.v.Int64()
		_, u := tt.v.Uint64()
		_, f := tt.v.Float64()
		_, g := tt.v.Float32()
		if got := (want{i, u, f, g}); got != tt.want {
			t.Errorf("%v: Int64, Uint64, Float64, Float32 ok = %v, want %v", tt.v, got, tt.want)
		}
	}
	if n, ok := compact.FloatValue(-7).Int64(); !ok || n != -7 {
		t.Errorf("FloatValue(-7).Int64() = %d, %v", n, ok)
	}
	if b, ok := compact.BoolValue(true).Bool(); !ok || !b {
		t.Errorf("BoolValue(true).Bool() = %v, %v", b, ok)
	}
	if s, ok := compact.StringValue("a").Text(); !ok || s != "a" {
		t.Errorf("StringValue(a).Text() = %q, %v", s, ok)
	}
	if !compact.Absent.IsAbsent() || compact.IntValue(0).IsAbsent() {
		t.Errorf("IsAbsent is wrong")
	}
	for v, want := range map[compact.Value]string{
		compact.Absent: "absent", compact.IntValue(-1): "-1", compact.UintValue(2): "2", compact.FloatValue(0.25): "0.25",
		compact.Float32Value(0.1): "0.1", compact.BoolValue(false): "false", compact.StringValue("a\n"): `"a\n"`,
	} {
		if got := v.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}
