package poll

import (
	"testing"
	"time"
)

func TestDue(t *testing.T) {
	clock := time.Unix(1000, 0)
	p := Every(100 * time.Millisecond)
	p.now = func() time.Time { return clock }
	steps := []struct {
		advance time.Duration
		want    bool
	}{
		{0, true}, // the first call is due
		{0, false},
		{99 * time.Millisecond, false},
		{time.Millisecond, true}, // 100 ms since the last due call
		{50 * time.Millisecond, false},
		{time.Second, true},
		{0, false},
	}
	for i, s := range steps {
		clock = clock.Add(s.advance)
		if got := p.Due(); got != s.want {
			t.Errorf("step %d (+%v): Due() = %v, want %v", i, s.advance, got, s.want)
		}
	}
}

func TestAlwaysDue(t *testing.T) {
	for _, p := range []Pace{{}, Every(0), Every(-time.Second)} {
		for i := range 3 {
			if !p.Due() {
				t.Errorf("%+v: call %d: Due() = false, want true", p, i)
			}
		}
	}
}
