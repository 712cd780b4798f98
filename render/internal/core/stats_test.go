package core

import (
	"testing"
	"time"
)

func TestWindow(t *testing.T) {
	var w Window
	ms := time.Millisecond
	w.Add(0, 2*ms)
	w.Add(500*ms, 4*ms)
	if got := w.Last(); got != (Sample{}) {
		t.Errorf("before a second passed: Last() = %+v, want zero", got)
	}
	w.Add(1000*ms, 6*ms) // closes the first second, then counts in the next
	got := w.Last()
	if got.N != 2 || got.Avg() != 3*ms || got.Max != 4*ms || got.Span != time.Second {
		t.Errorf("Last() = %+v (avg %v), want 2 runs, avg 3ms, max 4ms over 1s", got, got.Avg())
	}
	w.Count(1500*ms, 30)
	w.Tick(2500 * ms)
	if got := w.Last(); got.N != 31 || got.Rate() != 31/1.5 {
		t.Errorf("Last() = %+v, rate %v; want 31 events over 1.5 s", got, got.Rate())
	}
}
