package stresskit

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Rounds is how many slices [Time] cuts the timed steps into. The walks
// take turns slice by slice, each turn starting with a different walk, so a
// drift in the machine's speed during a run weighs on every walk alike,
// while each walk still runs many steps in a row with its data in cache.
const Rounds = 10

// Sample is what [Time] measured of one simulation.
type Sample struct {
	Elapsed time.Duration // wall time of the timed steps
	Mallocs uint64        // heap allocations during them, in all
	Rounds  []Round       // each round's share
}

// Round is what one round of [Time] counted of one simulation.
type Round struct {
	Steps   int
	Mallocs uint64
}

// AllocsPerStep returns the median over the rounds of each round's heap
// allocations per step. The count is process-wide, and the Go runtime
// allocates on its own now and then (its timer heap growing, a thread it
// starts when runtime.ReadMemStats starts the world again), so such an
// allocation lands in one round of some simulation;
// the median leaves it out, while a step that allocates shows in every
// round. 0 without rounds.
func (s Sample) AllocsPerStep() float64 {
	var per []float64
	for _, r := range s.Rounds {
		if r.Steps > 0 {
			per = append(per, float64(r.Mallocs)/float64(r.Steps))
		}
	}
	if len(per) == 0 {
		return 0
	}
	slices.Sort(per)
	if n := len(per); n%2 == 0 {
		return (per[n/2-1] + per[n/2]) / 2
	}
	return per[len(per)/2]
}

// Time runs steps calls of each function in steps, which advance one copy
// of a simulation by one fixed step each, and returns what each cost, in
// order. The copies take turns in [Rounds] rounds. It collects garbage
// first, so that no collection of the caller's setup lands in the timed
// steps. The first error stops it; it names the copy by names[i].
func Time(names []string, step []func() error, steps int) ([]Sample, error) {
	if len(names) != len(step) {
		return nil, fmt.Errorf("stresskit: %d names for %d simulations", len(names), len(step))
	}
	runtime.GC()
	out := make([]Sample, len(step))
	for i := range out {
		out[i].Rounds = make([]Round, 0, Rounds)
	}
	chunk := (steps + Rounds - 1) / Rounds
	var ms runtime.MemStats
	for done, round := 0, 0; done < steps; round++ {
		k := min(chunk, steps-done)
		for j := range step {
			i := (j + round) % len(step)
			runtime.ReadMemStats(&ms)
			before := ms.Mallocs
			start := time.Now()
			for range k {
				if err := step[i](); err != nil {
					return nil, fmt.Errorf("walk %s: %w", names[i], err)
				}
			}
			out[i].Elapsed += time.Since(start)
			runtime.ReadMemStats(&ms)
			n := ms.Mallocs - before
			out[i].Mallocs += n
			out[i].Rounds = append(out[i].Rounds, Round{Steps: k, Mallocs: n})
		}
		done += k
	}
	return out, nil
}

// Result is one walk's measurement over one body count: a row of the
// table, and a line of the JSON output.
type Result struct {
	Walk          string  `json:"walk"`
	Bodies        int     `json:"bodies"`
	Steps         int     `json:"steps"`
	NsPerEntity   float64 `json:"ns_per_entity"`
	AllocsPerStep float64 `json:"allocs_per_step"`
	// Systems is the timing of the world's systems over the last steps
	// (world.World.Timings), for the JSON output; none for a walk with no
	// world.
	Systems []SystemTime `json:"systems,omitempty"`
}

// NewResult returns the result of a walk of bodies bodies that took s over
// steps steps: the mean time of a step divided by the number of bodies,
// and the allocations a step ([Sample.AllocsPerStep]).
func NewResult(walk string, bodies, steps int, s Sample) Result {
	return Result{
		Walk:          walk,
		Bodies:        bodies,
		Steps:         steps,
		NsPerEntity:   float64(s.Elapsed.Nanoseconds()) / float64(steps) / float64(bodies),
		AllocsPerStep: s.AllocsPerStep(),
	}
}

// ParseCounts parses a comma-separated list of positive integers, such as
// the value of a -bodies flag.
func ParseCounts(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive body count", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// ParseNames parses a comma-separated list of names (walks), dropping
// repeats and keeping the order; known tells a valid name, and have lists
// them for the error.
func ParseNames(s string, known func(string) bool, have []string) ([]string, error) {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if !known(f) {
			return nil, fmt.Errorf("unknown walk %q (have %s)", f, strings.Join(have, ", "))
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// Median returns the median of xs (of an even count, the upper of the
// middle two), 0 for none; xs is left as it was.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
