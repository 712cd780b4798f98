package stresskit

import (
	"bytes"
	"errors"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestTime(t *testing.T) {
	calls := make([]int, 3)
	step := make([]func() error, len(calls))
	for i := range step {
		step[i] = func() error { calls[i]++; return nil }
	}
	samples, err := Time([]string{"a", "b", "c"}, step, 25)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 3 {
		t.Fatalf("Time returned %d samples, want 3", len(samples))
	}
	for i, n := range calls {
		if n != 25 {
			t.Errorf("simulation %d stepped %d times, want 25", i, n)
		}
	}
}

func TestTimeErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := Time([]string{"ok", "bad"}, []func() error{
		func() error { return nil },
		func() error { return boom },
	}, 5)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "walk bad") {
		t.Errorf("Time with a failing step = %v, want boom naming walk bad", err)
	}
	if _, err := Time([]string{"a"}, nil, 5); err == nil {
		t.Error("Time with more names than simulations succeeded")
	}
}

func TestNewResult(t *testing.T) {
	for _, tt := range []struct {
		name   string
		rounds []Round
		allocs float64
	}{
		{"every round allocates", []Round{{5, 5}, {5, 10}, {5, 5}}, 1},
		// An allocation of the Go runtime's own (a new thread, its timer
		// heap growing) in one round is not the walk's.
		{"one round's stray allocation", []Round{{5, 0}, {5, 1}, {5, 0}}, 0},
		{"no rounds", nil, 0},
	} {
		s := Sample{Elapsed: 5 * time.Microsecond, Rounds: tt.rounds}
		for _, r := range tt.rounds {
			s.Mallocs += r.Mallocs
		}
		got := NewResult("slots", 100, 10, s)
		want := Result{Walk: "slots", Bodies: 100, Steps: 10, NsPerEntity: 5, AllocsPerStep: tt.allocs}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: NewResult = %+v, want %+v", tt.name, got, want)
		}
	}
}

// sink keeps what the steps allocate on the heap.
var sink []byte

// TestTimeCountsAllocations: a step that allocates nothing measures 0
// allocations a step, on every run, whatever the Go runtime allocates on
// its own meanwhile; one that allocates once a step measures 1.
func TestTimeCountsAllocations(t *testing.T) {
	none := func() error {
		for i := range 20000 { // long enough for the runtime to do things
			sink = sink[:0]
			_ = i
		}
		return nil
	}
	one := func() error { sink = make([]byte, 64); return nil }
	for run := range 20 {
		samples, err := Time([]string{"none", "one"}, []func() error{none, one}, 200)
		if err != nil {
			t.Fatal(err)
		}
		if got := NewResult("none", 1, 200, samples[0]).AllocsPerStep; got != 0 {
			t.Errorf("run %d: a step allocating nothing measured %v allocations a step, want 0", run, got)
		}
		if got := NewResult("one", 1, 200, samples[1]).AllocsPerStep; got != 1 {
			t.Errorf("run %d: a step allocating once measured %v allocations a step, want 1", run, got)
		}
	}
}

func TestTable(t *testing.T) {
	r := Result{Walk: "each", Bodies: 1000, Steps: 60, NsPerEntity: 3.14159, AllocsPerStep: 0}
	for _, tc := range []struct {
		name string
		json bool
		want string
	}{
		{"table", false, "walk              bodies  steps   ns/entity  allocs/step\n" +
			"each                1000     60        3.14            0\n" +
			"ok: every walk matches the limit after 61 steps\n"},
		{"json", true, `{"walk":"each","bodies":1000,"steps":60,"ns_per_entity":3.142,"allocs_per_step":0}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			tab, err := NewTable(&b, tc.json)
			if err != nil {
				t.Fatal(err)
			}
			if err := tab.Write(r); err != nil {
				t.Fatal(err)
			}
			if err := tab.Done(61); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("output\n%s\nwant\n%s", b.String(), tc.want)
			}
		})
	}
}

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		ok   bool
	}{
		{"10000,100000", []int{10000, 100000}, true},
		{" 5, 7", []int{5, 7}, true},
		{"0", nil, false},
		{"10,x", nil, false},
		{"", nil, false},
	} {
		got, err := ParseCounts(tc.in)
		if (err == nil) != tc.ok || len(got) != len(tc.want) {
			t.Errorf("ParseCounts(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("ParseCounts(%q) = %v, want %v", tc.in, got, tc.want)
			}
		}
	}
}

func TestParseNames(t *testing.T) {
	have := []string{"slots", "each", "query"}
	known := func(n string) bool { return slices.Contains(have, n) }
	for _, tt := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"slots", []string{"slots"}, false},
		{"each, slots,each", []string{"each", "slots"}, false},
		{"slots,nope", nil, true},
		{"", nil, true},
	} {
		got, err := ParseNames(tt.in, known, have)
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("ParseNames(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 3}, // the upper of the middle two
	} {
		in := slices.Clone(tt.in)
		if got := Median(in); got != tt.want || !slices.Equal(in, tt.in) {
			t.Errorf("Median(%v) = %v, leaving %v; want %v, leaving it as it was", tt.in, got, in, tt.want)
		}
	}
}

// TestThreadTime: the thread's CPU time moves on with work and never
// back.
func TestThreadTime(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := ThreadTime()
	x := 0
	for i := range 1 << 22 {
		x += i * i
	}
	if end := ThreadTime(); end <= start {
		t.Errorf("ThreadTime() went from %v to %v over a busy loop (%d)", start, end, x)
	}
}
