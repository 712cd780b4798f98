package hostile_test

import (
	"testing"
	"time"

	"github.com/tessera-engine/tessera/internal/hostile"
)

func TestMeasure(t *testing.T) {
	c := hostile.Measure(func() { _ = make([]byte, 1<<20) })
	if c.Alloc < 1<<20 || c.Panicked != nil || !c.Within() {
		t.Errorf("a 1 MiB allocation cost %v", c)
	}
	c = hostile.Measure(func() { panic("boom") })
	if c.Panicked != "boom" || c.Within() {
		t.Errorf("a panic: %v, within %v", c, c.Within())
	}
	c = hostile.Measure(func() { _ = make([]byte, hostile.Bytes+1) })
	if c.Within() {
		t.Errorf("an allocation past the bound is within it: %v", c)
	}
	if c := (hostile.Cost{CPU: hostile.Time + time.Millisecond}); c.Within() {
		t.Errorf("processor time past the bound is within it")
	}
}
