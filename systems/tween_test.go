package systems_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Scale is a component with fields of several numeric kinds, for tweens.
type Scale struct {
	F32   float32
	I16   int16
	U8    uint8
	Ratio float64
}

var scaleC = world.DefineFields[Scale]("Scale")

func TestTweenField(t *testing.T) {
	tests := []struct {
		name   string
		spec   systems.Tween
		steps  int
		wantX  []float64 // X after each step
		events string    // completion step numbers
	}{
		{"linear", systems.Tween{To: 60, Seconds: 0.1}, 7, []float64{10, 20, 30, 40, 50, 60, 60}, "6"},
		{"delay", systems.Tween{To: 60, Seconds: 0.05, Delay: 0.05}, 7, []float64{0, 0, 0, 20, 40, 60, 60}, "6"},
		{"zero seconds", systems.Tween{To: 5}, 2, []float64{5, 5}, "1"},
		{"ease", systems.Tween{To: 100, Seconds: 0.1, Ease: systems.InQuad}, 6, []float64{100.0 / 36, 400.0 / 36, 25, 1600.0 / 36, 2500.0 / 36, 100}, "6"},
		{"repeat", systems.Tween{To: 30, Seconds: 0.05, Repeat: 1}, 7, []float64{10, 20, 30, 10, 20, 30, 30}, "6"},
		{"yoyo", systems.Tween{To: 30, Seconds: 0.05, Repeat: 2, Yoyo: true}, 10, []float64{10, 20, 30, 20, 10, 0, 10, 20, 30, 30}, "9"},
		{"forever", systems.Tween{To: 30, Seconds: 0.05, Repeat: -1}, 9, []float64{10, 20, 30, 10, 20, 30, 10, 20, 30}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tw := systems.NewTweens()
			w := newWorld(t, tw.System())
			e := world.Spawn1(w, systems.Position, systems.Vec2{Y: 7})
			tt.spec.Name = "slide"
			id := systems.TweenField(tw, e, systems.Position, func(p *systems.Vec2) *float64 { return &p.X }, tt.spec)
			var done []string
			for s := 1; s <= tt.steps; s++ {
				step(t, w, 1)
				p := *systems.Position.Require(w, e)
				// The tweens' clock counts whole nanoseconds, and a step of
				// 1/60 s is 16666667 of them: values are off by up to
				// about 1e-6.
				if math.Abs(p.X-tt.wantX[s-1]) > 1e-4 || p.Y != 7 {
					t.Fatalf("step %d: at %v, want X %v (Y 7)", s, p, tt.wantX[s-1])
				}
				for _, ev := range tw.Completed() {
					if ev.ID != id || ev.Name != "slide" || ev.Entity != e {
						t.Errorf("event %+v, want id %v, name slide, entity %v", ev, id, e)
					}
					done = append(done, fmt.Sprint(s))
				}
			}
			if got := strings.Join(done, " "); got != tt.events {
				t.Errorf("completed at steps %q, want %q", got, tt.events)
			}
		})
	}
}

func TestTweenNumericKinds(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	e := world.Spawn1(w, scaleC, Scale{F32: 1, I16: 100, U8: 10})
	spec := func(to float64) systems.Tween {
		return systems.Tween{To: to, Seconds: 0.1, Ease: systems.InBack} // dips below the start
	}
	systems.TweenField(tw, e, scaleC, func(s *Scale) *float32 { return &s.F32 }, spec(2))
	systems.TweenField(tw, e, scaleC, func(s *Scale) *int16 { return &s.I16 }, spec(-100))
	systems.TweenField(tw, e, scaleC, func(s *Scale) *uint8 { return &s.U8 },
		systems.Tween{To: 0, Seconds: 0.1, Ease: systems.OutBack}) // overshoots below 0
	var u8 []uint8
	var i16 []int16
	for range 6 {
		step(t, w, 1)
		s := scaleC.Require(w, e)
		u8, i16 = append(u8, s.U8), append(i16, s.I16)
	}
	// OutBack overshoots below 0: an unsigned field stops at 0. InBack
	// first backs away from -100: an int16 is rounded to the nearest.
	if got := fmt.Sprint(u8); got != "[4 0 0 0 0 0]" {
		t.Errorf("uint8 field went %s", got)
	}
	if got := fmt.Sprint(i16); got != "[107 118 118 91 24 -100]" {
		t.Errorf("int16 field went %s", got)
	}
	if s := scaleC.Require(w, e); s.F32 != 2 {
		t.Errorf("float32 field ended at %v, want 2", s.F32)
	}
}

func TestTweenStartAndStop(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	var zoom float64
	var log []string
	tw.OnComplete(func(ev systems.TweenEvent) {
		log = append(log, ev.Name)
		if ev.Name == "in" { // chain the next tween from the callback
			tw.Start(zoom, func(v float64) { zoom = v }, systems.Tween{To: 1, Seconds: 0.05, Name: "out"})
		}
	})
	tw.Start(1, func(v float64) { zoom = v }, systems.Tween{To: 2, Seconds: 0.05, Name: "in"})
	stopped := tw.Start(0, func(float64) { t.Error("a stopped tween ran") }, systems.Tween{To: 1, Seconds: 1, Delay: 0.01})
	if !tw.Stop(stopped) || tw.Stop(stopped) || tw.Len() != 1 {
		t.Fatalf("Stop should succeed once and leave one tween, Len() = %d", tw.Len())
	}
	var zooms []string
	for range 7 {
		step(t, w, 1)
		zooms = append(zooms, fmt.Sprintf("%.4g", zoom))
	}
	if got, want := strings.Join(zooms, " "), "1.333 1.667 2 1.667 1.333 1 1"; got != want {
		t.Errorf("zoom went %s, want %s", got, want)
	}
	if got := strings.Join(log, " "); got != "in out" {
		t.Errorf("completions %q, want \"in out\"", got)
	}
}

// TestTweenTargetGone: a tween whose entity dies, or loses the component,
// stops without completing.
func TestTweenTargetGone(t *testing.T) {
	for _, how := range []string{"destroy", "remove"} {
		t.Run(how, func(t *testing.T) {
			tw := systems.NewTweens()
			w := newWorld(t, tw.System())
			e := world.Spawn1(w, systems.Position, systems.Vec2{})
			systems.TweenField(tw, e, systems.Position, func(p *systems.Vec2) *float64 { return &p.Y }, systems.Tween{To: 1, Seconds: 1})
			step(t, w, 2)
			if how == "destroy" {
				w.Destroy(e)
			} else {
				w.Remove(e, systems.Position)
			}
			step(t, w, 100)
			if tw.Len() != 0 || len(tw.Completed()) != 0 {
				t.Errorf("Len() = %d, completed %v; want the tween gone, not completed", tw.Len(), tw.Completed())
			}
		})
	}
}

func TestEasings(t *testing.T) {
	eases := map[string]systems.Ease{
		"Linear": systems.Linear, "InQuad": systems.InQuad, "OutQuad": systems.OutQuad, "InOutQuad": systems.InOutQuad,
		"InCubic": systems.InCubic, "OutCubic": systems.OutCubic, "InOutCubic": systems.InOutCubic,
		"InSine": systems.InSine, "OutSine": systems.OutSine, "InOutSine": systems.InOutSine,
		"InExpo": systems.InExpo, "OutExpo": systems.OutExpo, "InOutExpo": systems.InOutExpo,
		"InBack": systems.InBack, "OutBack": systems.OutBack, "InOutBack": systems.InOutBack,
		"InElastic": systems.InElastic, "OutElastic": systems.OutElastic, "InOutElastic": systems.InOutElastic,
		"InBounce": systems.InBounce, "OutBounce": systems.OutBounce, "InOutBounce": systems.InOutBounce,
	}
	// Values at t = 0.25, 0.5 and 0.75, from easings.net's formulas.
	want := map[string][3]float64{
		"Linear": {0.25, 0.5, 0.75}, "InQuad": {0.0625, 0.25, 0.5625}, "OutQuad": {0.4375, 0.75, 0.9375},
		"InOutQuad": {0.125, 0.5, 0.875}, "InCubic": {0.015625, 0.125, 0.421875}, "OutCubic": {0.578125, 0.875, 0.984375},
		"InOutCubic": {0.0625, 0.5, 0.9375}, "InSine": {0.07612, 0.29289, 0.61732}, "OutSine": {0.38268, 0.70711, 0.92388},
		"InOutSine": {0.14645, 0.5, 0.85355}, "InExpo": {0.00552, 0.03125, 0.17678}, "OutExpo": {0.82322, 0.96875, 0.99448},
		"InOutExpo": {0.01563, 0.5, 0.98438}, "InBack": {-0.06413, -0.08770, 0.18259}, "OutBack": {0.81741, 1.08770, 1.06413},
		"InOutBack": {-0.09968, 0.5, 1.09968}, "InElastic": {-0.00552, -0.01563, 0.08839}, "OutElastic": {0.91161, 1.01563, 1.00552},
		"InOutElastic": {0.01197, 0.5, 0.98803}, "InBounce": {0.02734, 0.23438, 0.52734}, "OutBounce": {0.47266, 0.76563, 0.97266},
		"InOutBounce": {0.11719, 0.5, 0.88281},
	}
	for name, f := range eases {
		t.Run(name, func(t *testing.T) {
			if f(0) != 0 || math.Abs(f(1)-1) > 1e-12 {
				t.Errorf("f(0), f(1) = %v, %v; want 0, 1", f(0), f(1))
			}
			for k, x := range []float64{0.25, 0.5, 0.75} {
				if got := f(x); math.Abs(got-want[name][k]) > 1e-4 {
					t.Errorf("f(%v) = %.5f, want %.5f", x, got, want[name][k])
				}
			}
		})
	}
}

// A tween stopped from its own setter stops there.
func TestTweenStopInsideSetter(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	var id systems.TweenID
	calls := 0
	id = tw.Start(0, func(v float64) {
		calls++
		if v >= 50 {
			tw.Stop(id)
		}
	}, systems.Tween{To: 100, Seconds: 1})
	step(t, w, 60)
	if calls != 30 || tw.Len() != 0 {
		t.Fatalf("the setter stopped the tween at call 30; it was called %d times, Len = %d", calls, tw.Len())
	}
}

// A tween started from a setter runs from the next run on.
func TestTweenStartInsideSetter(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	started := false
	var got float64
	tw.Start(0, func(v float64) {
		if !started {
			started = true
			tw.Start(0, func(v float64) { got = v }, systems.Tween{To: 10, Seconds: 0.1, Name: "child"})
		}
	}, systems.Tween{To: 1, Seconds: 1})
	step(t, w, 30)
	if got != 10 {
		t.Fatalf("the tween started from a setter never ran (value %v); Len = %d", got, tw.Len())
	}
}

// A repeating tween carries the part of the step past each run's end into
// the next, so it keeps time: a 0.11 s loop, 100 times, takes 11 s.
func TestTweenRepeatKeepsTime(t *testing.T) {
	tw := systems.NewTweens()
	tm := systems.NewTimers()
	w := newWorld(t, tw.System(), tm.System())
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Seconds: 0.11, Repeat: 99, Name: "loop"})
	tm.Start(systems.Timer{Delay: 11, Name: "11 s"})
	tweenStep, timerStep := 0, 0
	for s := 1; s <= 1000 && (tweenStep == 0 || timerStep == 0); s++ {
		step(t, w, 1)
		if len(tw.Completed()) > 0 {
			tweenStep = s
		}
		if len(tm.Fired()) > 0 {
			timerStep = s
		}
	}
	if tweenStep != timerStep {
		t.Fatalf("100 runs of 0.11 s completed at step %d; 11 s is step %d", tweenStep, timerStep)
	}
}

// TestTweenSetterPanic: a setter that panics (the world recovers and
// reports it) leaves the list whole: no tween twice, the completion made
// before the panic called back once, the others going on.
func TestTweenSetterPanic(t *testing.T) {
	tw := systems.NewTweens()
	w := newWorld(t, tw.System())
	var done []string
	tw.OnComplete(func(ev systems.TweenEvent) { done = append(done, ev.Name) })
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Name: "a"})                // completes at step 1
	tw.Start(0, func(float64) {}, systems.Tween{To: 1, Seconds: 0.05, Name: "b"}) // 3 steps
	boom := true
	tw.Start(0, func(float64) {
		if boom {
			boom = false
			panic("setter failed")
		}
	}, systems.Tween{To: 1, Seconds: 10, Name: "c"})
	if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err == nil {
		t.Fatal("the panic was not reported")
	}
	step(t, w, 5)
	if tw.Len() != 1 || fmt.Sprint(done) != "[a b]" {
		t.Fatalf("after the panic: Len = %d (want 1: c), completions %v (want [a b])", tw.Len(), done)
	}
}
