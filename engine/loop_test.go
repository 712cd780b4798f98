package engine_test

import (
	"math"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// recorder is a Stepper that records what the loop asks of it.
type recorder struct {
	fixed    []world.Context
	frames   []world.Context
	stopLeft int // steps to run before FixedStep returns false; 0 never
}

func (r *recorder) FixedStep(ctx *world.Context) bool {
	r.fixed = append(r.fixed, *ctx)
	if r.stopLeft > 0 {
		r.stopLeft--
		return r.stopLeft > 0
	}
	return true
}

func (r *recorder) Frame(ctx *world.Context) { r.frames = append(r.frames, *ctx) }

const step60 = time.Second / 60 // 16.666666ms, a hair short of a 60 Hz step

func ms(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestFixedLoopSteps(t *testing.T) {
	type frame struct {
		d         time.Duration
		wantSteps int
		wantAlpha float64
		wantDrop  int
	}
	tests := []struct {
		name    string
		hz, max int
		frames  []frame
	}{
		{"60 Hz at 60 FPS", 60, 8, []frame{
			// 1/60 s in whole nanoseconds is 2/3 ns short of a step, so
			// the first frame owes none; after that each owes one.
			{step60, 0, 1, 0}, {step60, 1, 1, 0}, {step60, 1, 1, 0},
		}},
		{"60 Hz at 30 FPS", 60, 8, []frame{
			{ms(100.0 / 3), 1, 1, 0}, {ms(100.0 / 3), 2, 1, 0},
		}},
		{"60 Hz at 144 FPS runs zero or one step", 60, 8, []frame{
			{ms(1000.0 / 144), 0, 60.0 / 144, 0},
			{ms(1000.0 / 144), 0, 120.0 / 144, 0},
			{ms(1000.0 / 144), 1, 180.0/144 - 1, 0},
		}},
		{"exact frames at 50 Hz", 50, 8, []frame{
			{20 * time.Millisecond, 1, 0, 0}, {10 * time.Millisecond, 0, 0.5, 0}, {30 * time.Millisecond, 2, 0, 0},
		}},
		{"zero and negative frames owe nothing", 50, 8, []frame{
			{0, 0, 0, 0}, {-time.Second, 0, 0, 0}, {5 * time.Millisecond, 0, 0.25, 0},
		}},
		{"a stall runs max steps and drops the rest", 50, 8, []frame{
			{10 * time.Millisecond, 0, 0.5, 0},
			{time.Second, 8, 0.5, 42}, // owed 50.5: 8 run, 42 dropped, the half kept
			{10 * time.Millisecond, 1, 0, 0},
		}},
		{"max steps 1", 100, 1, []frame{
			{35 * time.Millisecond, 1, 0.5, 2},
		}},
		{"exactly max steps drops nothing", 100, 4, []frame{
			{40 * time.Millisecond, 4, 0, 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := engine.NewFixedLoop(tt.hz, tt.max)
			var r recorder
			total := 0
			for i, f := range tt.frames {
				got := l.Tick(f.d, &r)
				total += got.Steps
				if got.Steps != f.wantSteps || !near(got.Alpha, f.wantAlpha) || got.Dropped != f.wantDrop {
					t.Errorf("frame %d: Tick(%v) = %d steps, alpha %v, %d dropped; want %d, %v, %d",
						i, f.d, got.Steps, got.Alpha, got.Dropped, f.wantSteps, f.wantAlpha, f.wantDrop)
				}
				if n := len(r.frames); n != i+1 || !near(r.frames[n-1].Alpha, got.Alpha) {
					t.Fatalf("frame %d: %d frame phases, want %d with the tick's alpha", i, n, i+1)
				}
			}
			if len(r.fixed) != total || l.Steps() != uint64(total) {
				t.Errorf("%d fixed steps run, Steps() = %d; want %d", len(r.fixed), l.Steps(), total)
			}
		})
	}
}

func TestFixedLoopContexts(t *testing.T) {
	l := engine.NewFixedLoop(50, 8)
	var r recorder
	l.Tick(50*time.Millisecond, &r) // 2.5 steps
	if len(r.fixed) != 2 {
		t.Fatalf("%d steps, want 2", len(r.fixed))
	}
	for i, ctx := range r.fixed {
		want := world.Context{Phase: world.Fixed, DT: 0.02, Now: time.Duration(i) * 20 * time.Millisecond, Step: uint64(i)}
		if ctx != want {
			t.Errorf("step %d context = %+v, want %+v", i, ctx, want)
		}
	}
	want := world.Context{Phase: world.Frame, DT: 0.05, Alpha: 0.5, Now: 50 * time.Millisecond, Step: 2}
	if got := r.frames[0]; got != want {
		t.Errorf("frame context = %+v, want %+v", got, want)
	}
}

func TestFixedLoopTickSteps(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	var r recorder
	for range 60 {
		if got := l.TickSteps(1, &r); got.Steps != 1 || got.Alpha != 0 {
			t.Fatalf("TickSteps(1) = %+v, want 1 step and alpha 0", got)
		}
	}
	if l.Now() != time.Second {
		t.Errorf("Now() after 60 steps at 60 Hz = %v, want 1s", l.Now())
	}
	if last := r.fixed[59]; last.Now != 59*time.Second/60 || last.Step != 59 {
		t.Errorf("last step: Now %v, Step %d; want %v, 59", last.Now, last.Step, 59*time.Second/60)
	}
}

func TestFixedLoopSetHz(t *testing.T) {
	l := engine.NewFixedLoop(50, 8)
	var r recorder
	l.Tick(30*time.Millisecond, &r) // 1 step, half a step owed
	l.SetHz(100)                    // half a 50 Hz step is one 100 Hz step
	if !near(l.Alpha(), 1) {
		t.Fatalf("Alpha() after SetHz(100) = %v, want 1 (10 ms owed is a whole step)", l.Alpha())
	}
	got := l.Tick(5*time.Millisecond, &r)
	if got.Steps != 1 || !near(got.Alpha, 0.5) {
		t.Errorf("Tick(5ms) at 100 Hz = %d steps, alpha %v; want 1, 0.5", got.Steps, got.Alpha)
	}
	last := r.fixed[len(r.fixed)-1]
	if last.DT != 0.01 || last.Now != 20*time.Millisecond || last.Step != 1 {
		t.Errorf("first 100 Hz step: DT %v, Now %v, Step %d; want 0.01, 20ms, 1", last.DT, last.Now, last.Step)
	}
	if l.Now() != 35*time.Millisecond {
		t.Errorf("Now() = %v, want 35ms: the clock carries on across the change", l.Now())
	}
}

func TestFixedLoopPauseAndScale(t *testing.T) {
	tests := []struct {
		name      string
		setup     func(l *engine.FixedLoop)
		frame     time.Duration
		frames    int
		wantSteps uint64
		wantDT    float64 // of the last frame phase
	}{
		{"paused: frames run, steps don't", func(l *engine.FixedLoop) { l.Pause() }, 20 * time.Millisecond, 10, 0, 0.02},
		{"half speed", func(l *engine.FixedLoop) { l.SetTimeScale(0.5) }, 20 * time.Millisecond, 10, 5, 0.01},
		{"double speed", func(l *engine.FixedLoop) { l.SetTimeScale(2) }, 20 * time.Millisecond, 10, 20, 0.04},
		{"paused then resumed", func(l *engine.FixedLoop) { l.Pause(); l.Resume() }, 20 * time.Millisecond, 10, 10, 0.02},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := engine.NewFixedLoop(50, 8)
			tt.setup(l)
			var r recorder
			for range tt.frames {
				l.Tick(tt.frame, &r)
			}
			if l.Steps() != tt.wantSteps || len(r.frames) != tt.frames {
				t.Errorf("%d steps and %d frame phases, want %d and %d", l.Steps(), len(r.frames), tt.wantSteps, tt.frames)
			}
			if dt := r.frames[len(r.frames)-1].DT; !near(dt, tt.wantDT) {
				t.Errorf("frame DT = %v, want %v", dt, tt.wantDT)
			}
			for _, ctx := range r.fixed {
				if ctx.DT != 0.02 {
					t.Fatalf("a step's DT = %v, want 0.02 whatever the scale", ctx.DT)
				}
			}
		})
	}
}

func TestFixedLoopStoppedStepsStayOwed(t *testing.T) {
	l := engine.NewFixedLoop(100, 8)
	r := recorder{stopLeft: 2}
	got := l.Tick(45*time.Millisecond, &r) // owes 4.5, stopped after 2
	if got.Steps != 2 || !got.Stopped || len(r.frames) != 1 || got.Alpha != 1 {
		t.Fatalf("Tick = %+v with %d frame phases; want 2 steps, stopped, 1 frame phase, alpha 1", got, len(r.frames))
	}
	got = l.Tick(0, &r)
	if got.Steps != 2 || !near(got.Alpha, 0.5) {
		t.Errorf("next Tick(0) = %+v, want the 2 owed steps and alpha 0.5", got)
	}
}

func TestFixedLoopDefaultsAndPanics(t *testing.T) {
	l := engine.NewFixedLoop(0, 0)
	if l.Hz() != 60 || l.MaxSteps() != 8 || l.TimeScale() != 1 {
		t.Errorf("NewFixedLoop(0, 0): hz %d, max steps %d, scale %v; want 60, 8, 1", l.Hz(), l.MaxSteps(), l.TimeScale())
	}
	for name, f := range map[string]func(){
		"SetHz(0)":            func() { l.SetHz(0) },
		"SetMaxSteps(-1)":     func() { l.SetMaxSteps(-1) },
		"SetTimeScale(-1)":    func() { l.SetTimeScale(-1) },
		"SetTimeScale(NaN)":   func() { l.SetTimeScale(math.NaN()) },
		"NewFixedLoop(-5, 8)": func() { engine.NewFixedLoop(-5, 8) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if _, ok := recover().(error); !ok {
					t.Errorf("%s did not panic with an error", name)
				}
			}()
			f()
		})
	}
}

type nopStepper struct{}

func (nopStepper) FixedStep(*world.Context) bool { return true }
func (nopStepper) Frame(*world.Context)          {}

func TestFixedLoopTickAllocs(t *testing.T) {
	l := engine.NewFixedLoop(60, 8)
	var s nopStepper
	if n := testing.AllocsPerRun(100, func() { l.Tick(ms(25), s) }); n != 0 {
		t.Errorf("Tick allocs = %v, want 0", n)
	}
}
