package main

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestParallelFormsMatch: both forms of each workload leave every body
// where the plain loop does (measureParallel checks it), and report
// positive times, no allocation and the parallel world's systems.
func TestParallelFormsMatch(t *testing.T) {
	for _, kind := range []string{"systems", "walk"} {
		r, err := measureParallel(kind, 3*parallelBatch+7, 5, testSeed) // batches of which the last is short
		if err != nil {
			t.Fatal(err)
		}
		names := []string{}
		for _, s := range r.Systems {
			names = append(names, s.System)
		}
		wantNames := []string{"move"}
		if kind == "systems" {
			wantNames = []string{"move-a", "move-b"}
		}
		if r.SeqMsPerStep <= 0 || r.ParMsPerStep <= 0 || r.Speedup <= 0 || r.Workers < 1 || !slices.Equal(names, wantNames) {
			t.Errorf("%s: %+v", kind, r)
		}
	}
}

func TestParallelOutput(t *testing.T) {
	t.Run("table", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-parallel", "-bodies", "500", "-steps", "3"}, &stdout, &stderr); code != 0 {
			t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		for i, want := range [][]string{
			{"parallel", "bodies", "steps", "seq", "ms/step", "par", "ms/step", "speed-up", "allocs/step"},
			{"systems", "500", "3"},
			{"walk", "500", "3"},
			{"ok:", "every", "form", "matches", "the", "plain", "loop", "after", "4", "steps"},
		} {
			if i >= len(lines) {
				t.Fatalf("output has %d lines:\n%s", len(lines), stdout.String())
			}
			if got := strings.Fields(lines[i]); len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
				t.Errorf("line %d is %q, want it to start with %q", i+1, lines[i], want)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-parallel", "-json", "-bodies", "500", "-steps", "3"}, &stdout, &stderr); code != 0 {
			t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
		}
		dec := json.NewDecoder(&stdout)
		var seen []string
		for {
			var r parallelResult
			if err := dec.Decode(&r); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if r.Bodies != 500 || r.Steps != 3 || r.Speedup <= 0 || len(r.Systems) == 0 || r.Systems[0].Samples != 4 {
				t.Errorf("line %+v", r)
			}
			seen = append(seen, r.Workload)
		}
		if !slices.Equal(seen, []string{"systems", "walk"}) {
			t.Errorf("workloads %v", seen)
		}
	})
}
