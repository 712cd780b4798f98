// Command bench compares Tessera's entity store (package world) with two
// other Go ECS libraries, Ark (github.com/mlange-42/ark) and donburi
// (github.com/yohamta/donburi), and with a hand-written plain-slice
// "limit" doing the same work, on the same workloads in one run.
//
// Usage:
//
//	cd bench && go run . [flags]
//
// The flags are:
//
//	-n list
//		comma-separated entity counts (default 1000,100000)
//	-samples n
//		timed samples per implementation (default 15)
//	-sample-time d
//		least duration of one sample's batch (default 10ms)
//	-workloads list
//		comma-separated workloads (default all): iterate, create,
//		addremove, destroy, get, churn, batchcreate, batchadd,
//		batchremove, batchdestroy, coldcreate, track, objects, snapshot,
//		hash, memory
//	-objects-n n
//		entities of the objects workload (default 10000)
//	-hash-n n
//		entities of the hash workload (default 10000)
//	-memory-n n
//		bodies of the memory workload (default 1000000)
//	-seed n
//		seed of the shuffles and of the churn's choices (default 1)
//	-json
//		print the report as JSON instead of Markdown
//
// Within a workload and size the implementations take turns: every sample
// round runs one batch of each, in an order that rotates from round to
// round, so noise from other programs on the machine hits all of them
// alike. A batch repeats the workload often enough to last -sample-time.
// The report gives, per implementation, the median ns/entity over the
// samples and the median of the per-round ratios to the limit.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// workload is one kind of work every library does.
type workload struct {
	name string
	how  string // what one entity's share of the work is, for the notes
}

// workloads lists the workloads in the order they run and are reported.
var workloads = []workload{
	{"iterate", "one pass over all bodies doing pos += vel. tessera slots: World.Slots(Position, Velocity).Runs() and the two columns resliced per run; tessera each: world.Each2; tessera query: range over world.Query2; ark query: Filter2.Query() with Next/Get; ark columns: the same query with NextTable/GetColumns; donburi: Query.Each with ComponentType.Get; limit: a plain function looping over a []Position and a []Velocity."},
	{"create", "creating bodies one by one with Position and Velocity (tessera Spawn2, ark Map2.NewEntity, donburi Create then SetValue twice; limit: take a free slot or append one to an id/generation table, append to the two value slices). Steady state: the world is reused; each repetition creates N bodies (timed) and then destroys all of them (not timed), so recycled ids and grown storage are reused and growth is not measured."},
	{"addremove", "adding a Mass component to each of N existing bodies, then removing it from each (both timed; one add plus one remove counts as one entity). tessera: Mass is a field component, Fields.Add and World.Remove; ark: Map[Mass].Add/Remove; donburi: donburi.Add/Entry.RemoveComponent; limit: a sparse set for Mass beside the bodies."},
	{"destroy", "destroying bodies with two components, in creation order. Each repetition recreates the N bodies (not timed) and destroys them all (timed)."},
	{"get", "reading Position by id for all N bodies in a shuffled order (the same permutation for every library), summing X. tessera Fields.Get, ark Map[Position].Get, donburi ComponentType.Get(World.Entry(e)); limit: a generation check and an index lookup."},
	{"churn", "one frame with N bodies: destroy 1% of them chosen at random among the live ones, spawn 1%, then move all (tessera with the slot view's runs, ark with its columns, donburi with Query.Each, limit with the plain loop). ns/entity is the frame's time over N."},
	{"batchcreate", "creating N bodies with Position and Velocity in one call (tessera world.SpawnMany2, writing the ids into a slice; ark Map2.NewBatch; limit: N of its spawns, already the least a spawn can do). Each repetition creates them (timed) and destroys them again (not timed)."},
	{"batchadd", "adding Mass to every body with Position and Velocity in one call (tessera world.AddAll over the Position+Velocity view; ark Map[Mass].AddBatch over a Position+Velocity-without-Mass filter's batch; limit: addMass for every body). The removal after each repetition is not timed."},
	{"batchremove", "removing Mass from every body holding it in one call (tessera Slots(Mass).RemoveAll; ark Map[Mass].RemoveBatch over a Mass filter's batch; limit: empties its Mass sparse set at once). The add before each repetition is not timed."},
	{"batchdestroy", "destroying every body with Position and Velocity in one call (tessera Slots(Position, Velocity).DestroyAll; ark World.RemoveEntities over the Position+Velocity filter's batch; limit: moves every slot's generation on, frees it and empties the dense arrays). The batch spawn before each repetition is not timed."},
	{"coldcreate", "create, but into a new, empty world each repetition, so storage grows as bodies arrive (the world itself, and Ark's mappers, are made outside the timing)."},
	{"track", "the slots walk of iterate run as a system, in a world where nothing tracks changes (tessera slots) and in one where a Tracker watches Position and the system declares Writes: Position, so the view it asks for marks the slots it covers (tessera slots tracked)."},
	{"objects", "like iterate, with Position and Velocity as Tessera OBJECT components (sparse sets with packed values) instead of field components; the limit is the same plain loop."},
	{"snapshot", "a World.Snapshot into a reused buffer and a World.Restore from it, of bodies with Position and Velocity as field components and Health (two int32) as an object component (tessera); limit: copy the three components' values into buffers and back with copy, 40 bytes a body each way."},
	{"hash", "World.Hash of bodies with Position, Velocity and Health as in snapshot, at -hash-n entities: ids, membership and values in a canonical order (tessera); limit: the same values' bytes hashed with world.Hasher in one pass per component, with no ids and no membership."},
	{"memory", "live heap bytes per body for bodies with Position and Velocity: runtime.MemStats.HeapAlloc after a GC, after building the world minus before. Tessera's Position+Velocity slot view is built."},
}

// libraries are the setups of each library by workload, in report order.
var libraries = []map[string]setup{limitWorkloads, tesseraWorkloads, arkWorkloads, donburiWorkloads}

// Result is one implementation's timing of one workload at one size.
type Result struct {
	// Workload is the workload's name, such as "iterate".
	Workload string `json:"workload"`
	// Implementation is the library and form, such as "tessera slots".
	Implementation string `json:"implementation"`
	// N is the number of entities each repetition touches.
	N int `json:"n"`
	// NsPerEntity is the median over the samples of a sample's time per
	// entity.
	NsPerEntity float64 `json:"ns_per_entity"`
	// XLimit is the median over the sample rounds of the ratio of this
	// implementation's time to the limit's in the same round.
	XLimit float64 `json:"x_limit"`
	// Reps is how many repetitions one sample's batch ran.
	Reps int `json:"reps"`
	// Samples holds each sample's ns/entity, in round order.
	Samples []float64 `json:"samples_ns_per_entity"`
}

// HeapResult is the live heap one library needs for a number of bodies.
type HeapResult struct {
	// Implementation is the library's name.
	Implementation string `json:"implementation"`
	// N is the number of bodies built.
	N int `json:"n"`
	// BytesPerEntity is the growth of the live heap per body.
	BytesPerEntity float64 `json:"bytes_per_entity"`
}

// TargetCheck is one performance target and whether the run met it.
type TargetCheck struct {
	// N is the size the target was checked at.
	N int `json:"n"`
	// Target names what is checked, such as "iterate: tessera slots".
	Target string `json:"target"`
	// Want is the bound, such as "≤ 1.10 × limit".
	Want string `json:"want"`
	// Got is what the run measured.
	Got string `json:"got"`
	// Met reports whether Got is within Want.
	Met bool `json:"met"`
	// Tie reports, for a race against another library, that neither was
	// more than 3% ahead. A tie is not met.
	Tie bool `json:"tie,omitempty"`
}

// tieBand is how close two libraries' times must be for a race between
// them to count as a tie.
const tieBand = 0.03

// Report is everything one run measured.
type Report struct {
	// Command is the command line the run was started with.
	Command string `json:"command"`
	// Date is when the run started, in RFC 3339 form.
	Date string `json:"date"`
	// Go is the Go version the program was built with.
	Go string `json:"go"`
	// Platform is GOOS/GOARCH.
	Platform string `json:"platform"`
	// CPUs is the number of logical CPUs.
	CPUs int `json:"cpus"`
	// CPU is the CPU model, when the system tells it.
	CPU string `json:"cpu"`
	// Samples is the number of samples per implementation.
	Samples int `json:"samples"`
	// SampleTime is the least duration of one sample's batch.
	SampleTime string `json:"sample_time"`
	// Results holds the timings, by size, then workload, then
	// implementation.
	Results []Result `json:"results"`
	// Heap holds the memory measurement.
	Heap []HeapResult `json:"heap,omitempty"`
	// Targets holds the target checks.
	Targets []TargetCheck `json:"targets"`
}

func main() {
	var (
		sizes      = flag.String("n", "1000,100000", "comma-separated entity `counts`")
		samples    = flag.Int("samples", 15, "timed samples per implementation")
		sampleTime = flag.Duration("sample-time", 10*time.Millisecond, "least `duration` of one sample's batch")
		names      = flag.String("workloads", "", "comma-separated `workloads` (default all)")
		objectsN   = flag.Int("objects-n", 10000, "entities of the objects workload")
		hashN      = flag.Int("hash-n", 10000, "entities of the hash workload")
		memoryN    = flag.Int("memory-n", 1000000, "bodies of the memory workload")
		seed       = flag.Uint64("seed", 1, "seed of the shuffles and churn choices")
		asJSON     = flag.Bool("json", false, "print JSON instead of Markdown")
	)
	flag.Parse()
	ns, err := parseSizes(*sizes)
	switch {
	case err != nil:
	case *samples < 1:
		err = errors.New("-samples must be at least 1")
	case *objectsN < 1:
		err = errors.New("-objects-n must be at least 1")
	case *hashN < 1:
		err = errors.New("-hash-n must be at least 1")
	case *memoryN < 1:
		err = errors.New("-memory-n must be at least 1")
	}
	var chosen map[string]bool
	if err == nil {
		chosen, err = parseWorkloads(*names)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}

	rep := Report{
		Command:    strings.Join(append([]string{"go run ."}, os.Args[1:]...), " "),
		Date:       time.Now().Format(time.RFC3339),
		Go:         runtime.Version(),
		Platform:   runtime.GOOS + "/" + runtime.GOARCH,
		CPUs:       runtime.NumCPU(),
		CPU:        cpuModel(),
		Samples:    *samples,
		SampleTime: sampleTime.String(),
	}
	run := func(name string, n int) {
		fmt.Fprintf(os.Stderr, "%s at %d...\n", name, n)
		var impls []impl
		for _, lib := range libraries {
			if s, ok := lib[name]; ok {
				impls = append(impls, s(n, *seed)...)
			}
		}
		rep.Results = append(rep.Results, summarize(name, n, measure(impls, n, *samples, *sampleTime))...)
	}
	for _, n := range ns {
		for _, wl := range workloads {
			if chosen[wl.name] && !ownSize[wl.name] && wl.name != "memory" {
				run(wl.name, n)
			}
		}
	}
	if chosen["objects"] {
		run("objects", *objectsN)
	}
	if chosen["hash"] {
		run("hash", *hashN)
	}
	if chosen["memory"] {
		for _, hb := range heapBuilders {
			fmt.Fprintf(os.Stderr, "memory of %s at %d...\n", hb.name, *memoryN)
			rep.Heap = append(rep.Heap, HeapResult{hb.name, *memoryN, liveHeap(*memoryN, hb.build)})
		}
	}
	rep.Targets = checkTargets(rep.Results, rep.Heap)

	out := bufio.NewWriter(os.Stdout)
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		writeMarkdown(out, &rep, chosen)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// parseSizes parses the -n flag.
func parseSizes(s string) ([]int, error) {
	var ns []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-n: %q is not a positive count", f)
		}
		if slices.Contains(ns, n) {
			continue // once: the targets pair the samples of one run of each size
		}
		ns = append(ns, n)
	}
	return ns, nil
}

// parseWorkloads parses the -workloads flag; empty means all.
func parseWorkloads(s string) (map[string]bool, error) {
	chosen := make(map[string]bool)
	if strings.TrimSpace(s) == "" {
		for _, wl := range workloads {
			chosen[wl.name] = true
		}
		return chosen, nil
	}
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if !slices.ContainsFunc(workloads, func(wl workload) bool { return wl.name == f }) {
			return nil, fmt.Errorf("-workloads: unknown workload %q", f)
		}
		chosen[f] = true
	}
	return chosen, nil
}

// summarize turns one workload's samples into results, each with its
// ratio to the limit's sample of the same round.
func summarize(name string, n int, ms []measured) []Result {
	li := slices.IndexFunc(ms, func(m measured) bool { return m.name == "limit" })
	out := make([]Result, len(ms))
	for i, m := range ms {
		ratios := make([]float64, len(m.perNs))
		for s, v := range m.perNs {
			ratios[s] = v / ms[li].perNs[s]
		}
		out[i] = Result{
			Workload:       name,
			Implementation: m.name,
			N:              n,
			NsPerEntity:    median(m.perNs),
			XLimit:         median(ratios),
			Reps:           m.reps,
			Samples:        m.perNs,
		}
	}
	return out
}

// ownSize are the workloads run at a size of their own (a flag of their
// own) instead of at every -n, and reported in a table of their own.
var ownSize = map[string]bool{"objects": true, "hash": true}

// ratioTargets are the bounds, in multiples of the limit, that Tessera
// aims for.
var ratioTargets = []struct {
	workload, impl string
	max            float64
}{
	{"iterate", "tessera slots", 1.1},
	{"iterate", "tessera each", 1.6},
	{"iterate", "tessera query", 2.5},
	{"create", "tessera", 2.5},
	{"addremove", "tessera", 1.5},
	{"destroy", "tessera", 1.5},
	{"get", "tessera", 1.3},
	{"churn", "tessera", 1.5},
	{"batchcreate", "tessera", 1.5},
	{"batchadd", "tessera", 1.5},
	{"batchremove", "tessera", 1.5},
	{"batchdestroy", "tessera", 1.5},
	{"snapshot", "tessera", 3.0},
}

// pairTargets bound an implementation's time against another's of the
// same workload, by the median of the per-round ratios: change tracking
// on the slots walk costs at most 5%.
var pairTargets = []struct {
	workload, impl, base string
	max                  float64
}{
	{"track", "tessera slots tracked", "tessera slots", 1.05},
}

// noSlowerRaces are the workloads where Tessera must be no slower than a
// peer (within the tie band counts), not ahead of it: cold spawning.
var noSlowerRaces = map[string]bool{"coldcreate": true}

// objectsEachTarget is the bound on ns/entity of Each2 over two object
// components.
const objectsEachTarget = 10.0

// hashTarget is the bound on ns/entity of the world hash at -hash-n
// entities: at 10,000 entities, 10 ns each is 0.1 ms, 0.6% of a 60 Hz
// step.
const hashTarget = 10.0

// heapTarget is the bound on Tessera's live heap per body (issue 2: no
// more than 64 bytes for 1M Position+Velocity bodies).
const heapTarget = 64.0

// printed returns x as the table prints it with decimals digits, read
// back, so that a verdict never contradicts the numbers beside it.
func printed(x float64, decimals int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', decimals, 64), 64)
	return v
}

// checkTargets checks the ratio targets, the object-component target, and
// that Tessera's fastest form beats every other library's fastest form on
// every workload: the median of the per-round ratios of their times must be
// below 1 by more than tieBand.
func checkTargets(results []Result, heap []HeapResult) []TargetCheck {
	var checks []TargetCheck
	for _, r := range results {
		for _, t := range ratioTargets {
			if r.Workload == t.workload && r.Implementation == t.impl {
				// Judged on the value as printed (two decimals), so that a
				// row never reads "1.10 ≤ 1.10: no".
				checks = append(checks, TargetCheck{
					N:      r.N,
					Target: t.workload + ": " + t.impl,
					Want:   fmt.Sprintf("≤ %.2f × limit", t.max),
					Got:    fmt.Sprintf("%.2f × limit", r.XLimit),
					Met:    printed(r.XLimit, 2) <= printed(t.max, 2),
				})
			}
		}
		if r.Workload == "hash" && r.Implementation == "tessera" {
			checks = append(checks, TargetCheck{
				N:      r.N,
				Target: "hash: tessera",
				Want:   fmt.Sprintf("< %.0f ns/entity", hashTarget),
				Got:    fmt.Sprintf("%.2f ns/entity", r.NsPerEntity),
				Met:    printed(r.NsPerEntity, 2) < hashTarget,
			})
		}
		if r.Workload == "objects" && r.Implementation == "tessera each" {
			checks = append(checks, TargetCheck{
				N:      r.N,
				Target: "objects: tessera each",
				Want:   fmt.Sprintf("< %.0f ns/entity", objectsEachTarget),
				Got:    fmt.Sprintf("%.2f ns/entity", r.NsPerEntity),
				Met:    printed(r.NsPerEntity, 2) < objectsEachTarget,
			})
		}
	}
	for _, t := range pairTargets {
		for _, r := range results {
			if r.Workload != t.workload || r.Implementation != t.impl {
				continue
			}
			for _, b := range results {
				if b.Workload == t.workload && b.N == r.N && b.Implementation == t.base {
					ratio := printed(pairedRatio(r.Samples, b.Samples), 2)
					checks = append(checks, TargetCheck{
						N:      r.N,
						Target: fmt.Sprintf("%s: %s against %s", t.workload, t.impl, t.base),
						Want:   fmt.Sprintf("≤ %.2f ×", t.max),
						Got:    fmt.Sprintf("%.2f ×", ratio),
						Met:    ratio <= printed(t.max, 2),
					})
				}
			}
		}
	}
	var arkHeap float64
	for _, h := range heap {
		if h.Implementation == "ark" {
			arkHeap = h.BytesPerEntity
		}
	}
	for _, h := range heap {
		if h.Implementation != "tessera" {
			continue
		}
		checks = append(checks, TargetCheck{
			N:      h.N,
			Target: "memory: tessera",
			Want:   fmt.Sprintf("≤ %.0f bytes/entity", heapTarget),
			Got:    fmt.Sprintf("%.1f bytes/entity", h.BytesPerEntity),
			Met:    printed(h.BytesPerEntity, 1) <= heapTarget,
		})
		if arkHeap > 0 {
			checks = append(checks, TargetCheck{
				N:      h.N,
				Target: "memory: tessera ahead of ark",
				Want:   "tessera < ark",
				Got:    fmt.Sprintf("%.1f vs %.1f bytes/entity", h.BytesPerEntity, arkHeap),
				Met:    printed(h.BytesPerEntity, 1) < printed(arkHeap, 1),
			})
		}
	}
	type group struct {
		workload string
		n        int
	}
	best := make(map[group]map[string]Result) // library -> its fastest result
	var order []group
	for _, r := range results {
		g := group{r.Workload, r.N}
		if best[g] == nil {
			best[g] = make(map[string]Result)
			order = append(order, g)
		}
		lib, _, _ := strings.Cut(r.Implementation, " ")
		if b, ok := best[g][lib]; !ok || r.NsPerEntity < b.NsPerEntity {
			best[g][lib] = r
		}
	}
	for _, g := range order {
		t, ok := best[g]["tessera"]
		if !ok {
			continue
		}
		for _, lib := range []string{"ark", "donburi"} {
			p, ok := best[g][lib]
			if !ok {
				continue
			}
			// Both ran in the same rounds: pair their samples. Judged as
			// printed, so that two races printing one ratio get one
			// verdict.
			r := printed(pairedRatio(t.Samples, p.Samples), 2)
			check := TargetCheck{
				N:      g.n,
				Target: fmt.Sprintf("%s: tessera ahead of %s", g.workload, lib),
				Want:   fmt.Sprintf("%s < %s", t.Implementation, p.Implementation),
				Got:    fmt.Sprintf("%.2f vs %.2f ns/entity (%.2f×)", t.NsPerEntity, p.NsPerEntity, r),
				Met:    r < printed(1-tieBand, 2),
				Tie:    r >= printed(1-tieBand, 2) && r <= printed(1+tieBand, 2),
			}
			if noSlowerRaces[g.workload] {
				check.Target = fmt.Sprintf("%s: tessera no slower than %s", g.workload, lib)
				check.Want = fmt.Sprintf("%s ≤ %s (a tie counts)", t.Implementation, p.Implementation)
				check.Met, check.Tie = r <= printed(1+tieBand, 2), false
			}
			checks = append(checks, check)
		}
	}
	return checks
}

// pairedRatio returns the median of the per-round ratios of two
// implementations' samples, taken in the same rounds.
func pairedRatio(a, b []float64) float64 {
	ratios := make([]float64, min(len(a), len(b)))
	for i := range ratios {
		ratios[i] = a[i] / b[i]
	}
	return median(ratios)
}

// writeMarkdown writes the report as Markdown tables.
func writeMarkdown(w io.Writer, rep *Report, chosen map[string]bool) {
	fmt.Fprintf(w, "Command: `%s`  \n", rep.Command)
	fmt.Fprintf(w, "%s, %s, %d CPUs", rep.Go, rep.Platform, rep.CPUs)
	if rep.CPU != "" {
		fmt.Fprintf(w, " (%s)", rep.CPU)
	}
	fmt.Fprintf(w, ", %s  \n", rep.Date)
	fmt.Fprintf(w, "%d samples per implementation, each a batch of at least %s; implementations interleaved round-robin.\n", rep.Samples, rep.SampleTime)
	fmt.Fprintf(w, "ns/entity is the median over the samples; × limit is the median of the per-round ratios to the limit.\n")

	var sizes []int
	for _, r := range rep.Results {
		if !ownSize[r.Workload] && !slices.Contains(sizes, r.N) {
			sizes = append(sizes, r.N)
		}
	}
	table := func(keep func(Result) bool) {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "| workload | implementation | ns/entity (median) | × limit |")
		fmt.Fprintln(w, "| --- | --- | ---: | ---: |")
		for _, r := range rep.Results {
			if keep(r) {
				fmt.Fprintf(w, "| %s | %s | %s | %.2f |\n", r.Workload, r.Implementation, formatNs(r.NsPerEntity), r.XLimit)
			}
		}
	}
	for _, n := range sizes {
		fmt.Fprintf(w, "\n## %d entities\n", n)
		table(func(r Result) bool { return r.N == n && !ownSize[r.Workload] })
	}
	if slices.ContainsFunc(rep.Results, func(r Result) bool { return r.Workload == "objects" }) {
		fmt.Fprintf(w, "\n## Two object components\n")
		table(func(r Result) bool { return r.Workload == "objects" })
	}
	if slices.ContainsFunc(rep.Results, func(r Result) bool { return r.Workload == "hash" }) {
		fmt.Fprintf(w, "\n## The world hash\n")
		table(func(r Result) bool { return r.Workload == "hash" })
	}
	if len(rep.Heap) > 0 {
		fmt.Fprintf(w, "\n## Live heap, %d bodies with Position and Velocity\n\n", rep.Heap[0].N)
		fmt.Fprintln(w, "| implementation | bytes/entity |")
		fmt.Fprintln(w, "| --- | ---: |")
		for _, h := range rep.Heap {
			fmt.Fprintf(w, "| %s | %.1f |\n", h.Implementation, h.BytesPerEntity)
		}
	}
	if len(rep.Targets) > 0 {
		fmt.Fprintf(w, "\n## Targets\n\n")
		fmt.Fprintln(w, "| n | target | wanted | got | met |")
		fmt.Fprintln(w, "| ---: | --- | --- | --- | --- |")
		for _, t := range rep.Targets {
			met := "no"
			switch {
			case t.Met:
				met = "yes"
			case t.Tie:
				met = "no (tie, within 3%)"
			}
			fmt.Fprintf(w, "| %d | %s | %s | %s | %s |\n", t.N, t.Target, t.Want, t.Got, met)
		}
	}
	fmt.Fprintf(w, "\n## How each workload is measured\n\n")
	for _, wl := range workloads {
		if chosen[wl.name] {
			fmt.Fprintf(w, "- **%s**: %s\n", wl.name, wl.how)
		}
	}
}

// formatNs formats a time per entity with three significant digits or so.
func formatNs(ns float64) string {
	switch {
	case ns < 10:
		return strconv.FormatFloat(ns, 'f', 2, 64)
	case ns < 100:
		return strconv.FormatFloat(ns, 'f', 1, 64)
	}
	return strconv.FormatFloat(ns, 'f', 0, 64)
}

// cpuModel returns the CPU model Linux reports, or "" elsewhere.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}
