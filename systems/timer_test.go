package systems_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// firings runs n steps of tm's world and returns, per step with firings,
// "step:name#count" entries.
func firings(t *testing.T, w *world.World, tm *systems.Timers, n int) string {
	t.Helper()
	var out []string
	for s := 1; s <= n; s++ {
		step(t, w, 1)
		for _, ev := range tm.Fired() {
			out = append(out, fmt.Sprintf("%d:%s#%d", s, ev.Name, ev.Count))
		}
	}
	return strings.Join(out, " ")
}

func TestTimers(t *testing.T) {
	tests := []struct {
		name   string
		timers []systems.Timer
		steps  int
		want   string
	}{
		{"zero timer fires at the next step", []systems.Timer{{Name: "a"}}, 3, "1:a#1"},
		{"delay", []systems.Timer{{Name: "a", Delay: 0.5}}, 40, "30:a#1"},
		{"one second is 60 steps exactly", []systems.Timer{{Name: "a", Delay: 1}}, 70, "60:a#1"},
		{"repeating", []systems.Timer{{Name: "a", Delay: 0.1, Every: 0.25}}, 40, "6:a#1 21:a#2 36:a#3"},
		{"repeating from the next step", []systems.Timer{{Name: "a", Every: 128 * stepDT}}, 300, "1:a#1 129:a#2 257:a#3"},
		{"repeating from the next step, period under a step", []systems.Timer{{Name: "a", Every: stepDT / 2}}, 3, "1:a#1 2:a#2 2:a#3 3:a#4 3:a#5"},
		{"repeating faster than the step", []systems.Timer{{Name: "a", Every: stepDT / 2, Delay: stepDT / 2}}, 2, "1:a#1 1:a#2 2:a#3 2:a#4"},
		{"order by due time, then start", []systems.Timer{{Name: "late", Delay: 0.03}, {Name: "b", Delay: 0.01}, {Name: "a", Delay: 0.01}}, 2, "1:b#1 1:a#1 2:late#1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm := systems.NewTimers()
			w := newWorld(t, tm.System())
			for _, x := range tt.timers {
				tm.Start(x)
			}
			if got := firings(t, w, tm, tt.steps); got != tt.want {
				t.Errorf("firings = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTimerStopAndCallbacks(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	var log []string
	var tick systems.TimerID
	tick = tm.Start(systems.Timer{Name: "tick", Every: stepDT, Do: func(ev systems.TimerEvent) {
		log = append(log, fmt.Sprintf("tick%d", ev.Count))
		if ev.ID != tick {
			t.Errorf("event id %v, want %v", ev.ID, tick)
		}
		if ev.Count == 3 {
			// Started during the run: fires at the next run at the
			// earliest, even with no delay; there it ties with tick's
			// fourth firing, which was started first.
			tm.Start(systems.Timer{Name: "child", Do: func(systems.TimerEvent) { log = append(log, "child") }})
		}
		if ev.Count == 5 {
			tm.Stop(tick)
		}
	}})
	once := tm.Start(systems.Timer{Name: "never", Delay: 0.05})
	if !tm.Stop(once) || tm.Stop(once) || tm.Stop(0) || tm.Stop(12345) {
		t.Error("Stop of a running timer should be true once, and false for anything else")
	}
	step(t, w, 10)
	if got, want := strings.Join(log, " "), "tick1 tick2 tick3 tick4 child tick5"; got != want {
		t.Errorf("callbacks ran %q, want %q", got, want)
	}
	if tm.Len() != 0 {
		t.Errorf("Len() = %d after every timer ended, want 0", tm.Len())
	}
	if want := 10 * stepDT; tm.Now().Seconds() < want-1e-6 || tm.Now().Seconds() > want+1e-6 {
		t.Errorf("Now() = %v, want %vs", tm.Now(), want)
	}
}

func TestTimerOfEntity(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	e := w.Create()
	tm.Start(systems.Timer{Name: "blink", Delay: 0.1, Every: 0.1, Entity: e})
	got := firings(t, w, tm, 13)
	w.Destroy(e)
	got += "|" + firings(t, w, tm, 30)
	if want := "6:blink#1 12:blink#2|"; got != want {
		t.Errorf("firings = %q, want %q (none once the entity is dead)", got, want)
	}
	if tm.Len() != 0 {
		t.Errorf("Len() = %d, want 0: the dead entity's timer ended", tm.Len())
	}
}

func TestTimersReset(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	tm.Start(systems.Timer{Every: 1})
	step(t, w, 5)
	w.Clear() // disposes of the system
	if tm.Len() != 0 || tm.Now() != 0 {
		t.Errorf("after Clear: Len %d, Now %v; want 0, 0", tm.Len(), tm.Now())
	}
}

// A timer whose Every is too large for a Duration (here +Inf, "never
// again") must not hang the step.
func TestTimerHugeEveryFiresOnce(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	n := 0
	tm.Start(systems.Timer{Name: "once-then-never", Every: math.Inf(1), Do: func(systems.TimerEvent) { n++ }})
	done := make(chan struct{})
	go func() {
		step(t, w, 1)
		close(done)
	}()
	select {
	case <-done:
		if n != 1 {
			t.Fatalf("Every: +Inf (never again) fired %d times in its first step, want 1", n)
		}
	case <-time.After(3 * time.Second):
		t.Fatalf("one step did not finish in 3s; the timer has fired %d times so far", n)
	}
}

// A timer with a delay too large for a Duration, started once the clock
// is past zero, must not fire at the next step.
func TestTimerHugeDelayNeverFires(t *testing.T) {
	tm := systems.NewTimers()
	w := newWorld(t, tm.System())
	step(t, w, 1) // clock > 0
	tm.Start(systems.Timer{Name: "far future", Delay: 1e10})
	step(t, w, 1)
	if got := tm.Fired(); len(got) != 0 {
		t.Fatalf("a timer 1e10 s away fired after one step: %+v", got)
	}
}
