package engine_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

func TestHoldValueNaN(t *testing.T) {
	in, err := engine.NewInput(engine.StandardInput())
	if err != nil {
		t.Fatal(err)
	}
	in.HoldValue("right", math.NaN())
	in.Sample(nil)
	x, y := in.Fixed().Axis("move")
	if !(x >= -1 && x <= 1) {
		t.Errorf("HoldValue(NaN) (documented as clamped to [0, 1]): Value = %v, Axis = (%v, %v)", in.Fixed().Value("right"), x, y)
	}
	in.HoldValue("right", 0)
	in.SampleAnalog(func(b engine.Button) float64 {
		if b.String() == "GamepadLStickRight" {
			return math.NaN()
		}
		return 0
	})
	x, _ = in.Fixed().Axis("move")
	if x != 0 {
		t.Errorf("SampleAnalog with a NaN stick: Axis x = %v, want 0", x)
	}
}
