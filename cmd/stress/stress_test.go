package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/stresskit"
	"github.com/tessera-engine/tessera/systems"
)

// The small configuration the tests run.
const (
	testBodies = 1000
	testSteps  = 50
	testSeed   = 1
)

// stepped returns the state of testBodies bodies after testSteps steps of
// the named walk.
func stepped(t *testing.T, name string) ([]position, []velocity) {
	t.Helper()
	s, err := newSim(name, spawnBodies(testBodies, testSeed), false)
	if err != nil {
		t.Fatal(err)
	}
	for range testSteps {
		if err := s.step(); err != nil {
			t.Fatalf("walk %s: %v", name, err)
		}
	}
	ps, vs, err := s.state()
	if err != nil {
		t.Fatalf("walk %s: %v", name, err)
	}
	if len(ps) != testBodies || len(vs) != testBodies {
		t.Fatalf("walk %s: state has %d positions and %d velocities, want %d", name, len(ps), len(vs), testBodies)
	}
	return ps, vs
}

func TestWalksMatchLimit(t *testing.T) {
	refPos, refVel := stepped(t, limitWalk)
	want := checksum(refPos, refVel)
	for _, name := range walkNames() {
		t.Run(name, func(t *testing.T) {
			ps, vs := stepped(t, name)
			if got := checksum(ps, vs); got != want {
				t.Errorf("checksum %016x, want the limit's %016x", got, want)
			}
			for i := range ps {
				if bits(ps[i], vs[i]) != bits(refPos[i], refVel[i]) {
					t.Fatalf("body %d is at %+v moving %+v, the limit's at %+v moving %+v",
						i, ps[i], vs[i], refPos[i], refVel[i])
				}
			}
		})
	}
}

// TestMotion checks the simulation itself, which the walks could all get
// wrong alike: the bodies move, bounce and stay in the field, and bouncing
// keeps their speed.
func TestMotion(t *testing.T) {
	init := spawnBodies(testBodies, testSeed)
	ps, vs := stepped(t, limitWalk)
	var moved, flippedX, flippedY int
	for i := range ps {
		p, v := ps[i], vs[i]
		if p.X < 0 || p.X > fieldW || p.Y < 0 || p.Y > fieldH {
			t.Errorf("body %d left the field: %+v", i, p)
		}
		v0 := init.vel[i]
		if abs(v.X) != abs(v0.X) || abs(v.Y) != abs(v0.Y) {
			t.Errorf("body %d changed speed: %+v, was %+v", i, v, v0)
		}
		if p != init.pos[i] {
			moved++
		}
		if v.X != v0.X {
			flippedX++
		}
		if v.Y != v0.Y {
			flippedY++
		}
	}
	if moved < testBodies*9/10 {
		t.Errorf("only %d of %d bodies moved", moved, testBodies)
	}
	if flippedX == 0 || flippedY == 0 {
		t.Errorf("bounces off the X and Y edges: %d and %d, want some of each", flippedX, flippedY)
	}
}

func abs(f float32) float32 { return float32(math.Abs(float64(f))) }

func TestSpawnIsDeterministic(t *testing.T) {
	a, b := spawnBodies(100, 7), spawnBodies(100, 7)
	if !slices.Equal(a.pos, b.pos) || !slices.Equal(a.vel, b.vel) || !slices.Equal(a.body, b.body) {
		t.Error("two spawns with the same seed differ")
	}
	if c := spawnBodies(100, 8); slices.Equal(a.pos, c.pos) {
		t.Error("spawns with seeds 7 and 8 are the same")
	}
}

// TestStepAllocs checks that a steady-state step allocates nothing, system
// runner included. testing.AllocsPerRun rounds down, which forgives the Go
// runtime's own rare allocations (see the package doc).
func TestStepAllocs(t *testing.T) {
	for _, name := range walkNames() {
		t.Run(name, func(t *testing.T) {
			s, err := newSim(name, spawnBodies(testBodies, testSeed), false)
			if err != nil {
				t.Fatal(err)
			}
			var stepErr error
			allocs := testing.AllocsPerRun(100, func() {
				if err := s.step(); err != nil {
					stepErr = err
				}
			})
			if stepErr != nil {
				t.Fatal(stepErr)
			}
			if allocs != 0 {
				t.Errorf("a step allocates %v times, want 0", allocs)
			}
		})
	}
}

func TestMeasure(t *testing.T) {
	names := walkNames()
	results, err := measure(names, testBodies, testSteps, testSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(names) {
		t.Fatalf("%d results for %d walks", len(results), len(names))
	}
	for i, r := range results {
		if r.Walk != names[i] || r.Bodies != testBodies || r.Steps != testSteps {
			t.Errorf("result %d is %+v, want walk %s, %d bodies, %d steps", i, r, names[i], testBodies, testSteps)
		}
		if r.NsPerEntity <= 0 || r.AllocsPerStep < 0 {
			t.Errorf("result %d is %+v, want a positive time and no negative allocations", i, r)
		}
	}
}

func TestMeasureWithoutLimit(t *testing.T) {
	results, err := measure([]string{"slots", "each"}, testBodies, 3, testSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].Walk != "slots" || results[1].Walk != "each" {
		t.Errorf("results %+v, want slots and each only", results)
	}
}

// TestVerifyCatchesMismatch nudges one body of one walk and checks that
// the verification names the walk and the body.
func TestVerifyCatchesMismatch(t *testing.T) {
	init := spawnBodies(testBodies, testSeed)
	names := []string{"slots", "each", limitWalk}
	sims := make([]sim, len(names))
	for i, name := range names {
		s, err := newSim(name, init, false)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if err := s.step(); err != nil {
				t.Fatal(err)
			}
		}
		sims[i] = s
	}
	if err := verify(names, sims, 5); err != nil {
		t.Fatalf("before the nudge: %v", err)
	}

	const nudged = 123
	ws := sims[1].(*worldSim)
	p, ok := positionC.Get(ws.w, ws.ents[nudged])
	if !ok {
		t.Fatal("body has no position")
	}
	p.Y = math.Nextafter32(p.Y, fieldH)
	err := verify(names, sims, 5)
	if err == nil {
		t.Fatal("verify accepted a nudged body")
	}
	for _, want := range []string{"walk each disagrees", "body 123 "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "walk slots") {
		t.Errorf("error %q blames slots, which was not nudged", err)
	}

	// 0 and -0 compare equal but are not the same bits.
	p.Y = 0
	sims[2].(*limitSim).pos[nudged].Y = float32(math.Copysign(0, -1))
	if err := verify(names, sims, 5); err == nil || !strings.Contains(err.Error(), "body 123 ") {
		t.Errorf("verify of 0 against -0: %v, want an error naming body 123", err)
	}
}

// TestJSON runs the command with -json and checks that every line is a
// JSON object with exactly the documented fields: a world walk's with the
// timing of its system.
func TestJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-json", "-bodies", "200,300", "-steps", "10"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
	}
	limitKeys := []string{"allocs_per_step", "bodies", "ns_per_entity", "steps", "walk"}
	worldKeys := []string{"allocs_per_step", "bodies", "ns_per_entity", "steps", "systems", "walk"}
	var walksSeen []string
	dec := json.NewDecoder(&stdout)
	for line := 1; ; line++ {
		var raw map[string]json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		keys := make([]string, 0, len(raw))
		for k := range raw {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		wantKeys := worldKeys
		if string(raw["walk"]) == `"`+limitWalk+`"` {
			wantKeys = limitKeys
		}
		if !slices.Equal(keys, wantKeys) {
			t.Errorf("line %d has fields %v, want %v", line, keys, wantKeys)
		}
		var r struct {
			Walk          string
			Bodies, Steps int
			NsPerEntity   float64 `json:"ns_per_entity"`
			AllocsPerStep float64 `json:"allocs_per_step"`
		}
		for k, v := range raw {
			var err error
			switch k {
			case "walk":
				err = json.Unmarshal(v, &r.Walk)
			case "bodies":
				err = json.Unmarshal(v, &r.Bodies)
			case "steps":
				err = json.Unmarshal(v, &r.Steps)
			case "ns_per_entity":
				err = json.Unmarshal(v, &r.NsPerEntity)
			case "allocs_per_step":
				err = json.Unmarshal(v, &r.AllocsPerStep)
			case "systems":
				var ts []stresskit.SystemTime
				if err = json.Unmarshal(v, &ts); err == nil && (len(ts) != 1 || ts[0].Samples != 11 || ts[0].RunMin > ts[0].RunAvg || ts[0].RunAvg > ts[0].RunMax) {
					err = fmt.Errorf("want the move system's timing over 11 runs, got %+v", ts)
				}
			}
			if err != nil {
				t.Errorf("line %d, field %s: %v", line, k, err)
			}
		}
		wantBodies := 200
		if line > len(walks) {
			wantBodies = 300
		}
		if r.Bodies != wantBodies || r.Steps != 10 || r.NsPerEntity <= 0 || r.AllocsPerStep < 0 {
			t.Errorf("line %d is %+v, want %d bodies, 10 steps, a positive time, no negative allocations", line, r, wantBodies)
		}
		walksSeen = append(walksSeen, r.Walk)
	}
	if want := slices.Concat(walkNames(), walkNames()); !slices.Equal(walksSeen, want) {
		t.Errorf("walks %v, want %v", walksSeen, want)
	}
	if stderr.Len() > 0 {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}

func TestTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-bodies", "100", "-steps", "5", "-walk", "query,limit"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("output has %d lines, want 4:\n%s", len(lines), stdout.String())
	}
	for i, want := range [][]string{
		{"walk", "bodies", "steps", "ns/entity", "allocs/step"},
		{"query", "100", "5"},
		{"limit", "100", "5"},
		{"ok:", "every", "walk", "matches", "the", "limit", "after", "6", "steps"},
	} {
		if got := strings.Fields(lines[i]); len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
			t.Errorf("line %d is %q, want it to start with %q", i+1, lines[i], want)
		}
	}
}

func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"-h"}, 0},
		{[]string{"-walk", "slots,nope"}, 2},
		{[]string{"-walk", ""}, 2},
		{[]string{"-bodies", "0"}, 2},
		{[]string{"-bodies", "10,x"}, 2},
		{[]string{"-steps", "0"}, 2},
		{[]string{"-seed", "-1"}, 2},
		{[]string{"extra"}, 2},
		{[]string{"-frames", "5"}, 2},        // -frames is for -window
		{[]string{"-window", "-json"}, 2},    // the window prints no table
		{[]string{"-window", "-collide"}, 2}, // nor steps the benchmark
		{[]string{"-parallel", "-collide"}, 2},
		{[]string{"-parallel", "-window"}, 2},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("%q: exit status %d, want %d; stderr:\n%s", tc.args, code, tc.code, stderr.String())
		}
		if stdout.Len() > 0 {
			t.Errorf("%q: printed %q to stdout", tc.args, stdout.String())
		}
		if !strings.Contains(stderr.String(), "Usage of stress") {
			t.Errorf("%q: stderr does not show the usage:\n%s", tc.args, stderr.String())
		}
	}

	cfg, err := parseFlags([]string{"-walk", " each , slots,each", "-bodies", "5, 7", "-seed", "9", "-json"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.walks, []string{"each", "slots"}) || !slices.Equal(cfg.bodies, []int{5, 7}) ||
		cfg.seed != 9 || !cfg.json || cfg.steps != 600 {
		t.Errorf("config %+v", cfg)
	}

	// -sprites has body counts of its own, unless -bodies says otherwise.
	for _, tc := range []struct {
		args []string
		want []int
	}{
		{[]string{"-sprites"}, []int{1000, 10000, 50000}},
		{[]string{"-sprites", "-bodies", "300"}, []int{300}},
		{[]string{"-bodies", "300", "-sprites"}, []int{300}},
		{nil, []int{10000, 100000}},
	} {
		cfg, err := parseFlags(tc.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(cfg.bodies, tc.want) {
			t.Errorf("%q: bodies %v, want %v", tc.args, cfg.bodies, tc.want)
		}
	}
}

// TestMeasureCollide: with the collision system stepping every world walk
// and the hand-written one the limit, every walk still matches the limit,
// since collision moves nothing, and finds the same touching pairs.
func TestMeasureCollide(t *testing.T) {
	results, err := measure(walkNames(), testBodies, testSteps, testSeed, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(walkNames()) {
		t.Fatalf("%d results, want %d", len(results), len(walkNames()))
	}
}

// TestVerifyComparesContacts: with -collide, a walk whose collision
// reports other touching pairs than the limit's is an error.
func TestVerifyComparesContacts(t *testing.T) {
	init := spawnBodies(testBodies, testSeed)
	names := []string{"slots", limitWalk}
	sims := make([]sim, len(names))
	for i, name := range names {
		s, err := newSim(name, init, true)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if err := s.step(); err != nil {
				t.Fatal(err)
			}
		}
		sims[i] = s
	}
	if n := len(sims[1].contacts()); n == 0 {
		t.Fatal("no contacts in the limit: nothing to compare")
	}
	if err := verify(names, sims, 5); err != nil {
		t.Fatalf("before the change: %v", err)
	}
	ws := sims[0].(*worldSim)
	*systems.Collider.Require(ws.w, ws.ents[0]) = systems.Circle(200) // touches many more
	if err := ws.step(); err != nil {
		t.Fatal(err)
	}
	if err := sims[1].step(); err != nil {
		t.Fatal(err)
	}
	if err := verify(names, sims, 6); err == nil || !strings.Contains(err.Error(), "touching pairs") {
		t.Errorf("verify = %v, want an error about the touching pairs", err)
	}
}
