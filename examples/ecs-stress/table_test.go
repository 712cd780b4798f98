package main

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/examples/ecs-stress/game"
)

// TestTable runs the headless table and checks its lines: the header,
// one row per walk and the limit, and the verdict.
func TestTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := table([]string{"-headless", "-bodies", "300", "-steps", "5", "-walk", "query,slots"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	want := [][]string{
		{"walk", "bodies", "steps", "ns/entity", "allocs/step"},
		{"query", "300", "5"},
		{"slots", "300", "5"},
		{"limit", "300", "5"},
		{"ok:", "every", "walk", "matches", "the", "limit", "after", "6", "steps"},
	}
	if len(lines) != len(want) {
		t.Fatalf("output has %d lines, want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i := range want {
		if got := strings.Fields(lines[i]); len(got) < len(want[i]) || !slices.Equal(got[:len(want[i])], want[i]) {
			t.Errorf("line %d is %q, want it to start with %q", i+1, lines[i], want[i])
		}
	}
}

// TestJSON runs the headless mode with -json and -collide over two body
// counts and checks every line's fields.
func TestJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := table([]string{"-headless", "-json", "-collide", "-bodies", "200,400", "-steps", "4"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr.String())
	}
	walks := append(game.Walks(), limitWalk)
	dec := json.NewDecoder(&stdout)
	var seen []string
	for line := 1; ; line++ {
		var r struct {
			Walk          *string  `json:"walk"`
			Bodies        *int     `json:"bodies"`
			Steps         *int     `json:"steps"`
			NsPerEntity   *float64 `json:"ns_per_entity"`
			AllocsPerStep *float64 `json:"allocs_per_step"`
		}
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if r.Walk == nil || r.Bodies == nil || r.Steps == nil || r.NsPerEntity == nil || r.AllocsPerStep == nil {
			t.Fatalf("line %d lacks a field: %+v", line, r)
		}
		wantBodies := 200
		if line > len(walks) {
			wantBodies = 400
		}
		if *r.Bodies != wantBodies || *r.Steps != 4 || *r.NsPerEntity <= 0 || *r.AllocsPerStep < 0 {
			t.Errorf("line %d: %s %d bodies %d steps %g ns %g allocs; want %d bodies, 4 steps, a positive time",
				line, *r.Walk, *r.Bodies, *r.Steps, *r.NsPerEntity, *r.AllocsPerStep, wantBodies)
		}
		seen = append(seen, *r.Walk)
	}
	if want := slices.Concat(walks, walks); !slices.Equal(seen, want) {
		t.Errorf("walks %v, want %v", seen, want)
	}
}

// TestFlags: the table's flags and keys, their errors (status 2, saying
// why, nothing on stdout), and what they parse to.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"-headless", "-h"}, 0, "-bodies"},
		{[]string{"-headless", "-walk", "slots,nope"}, 2, "unknown walk"},
		{[]string{"-headless", "-bodies", "0"}, 2, "positive body count"},
		{[]string{"-headless", "-steps", "0"}, 2, "-steps"},
		{[]string{"-headless", "extra"}, 2, "unexpected"},
		{[]string{"-headless", "-window.width", "0"}, 2, "window.width"},
		{[]string{"-headless", "-seed", "-1"}, 2, "seed"},
	} {
		var stdout, stderr bytes.Buffer
		if code := table(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("%q: exit status %d, want %d; stderr:\n%s", tc.args, code, tc.code, stderr.String())
		}
		if stdout.Len() > 0 {
			t.Errorf("%q: printed %q to stdout", tc.args, stdout.String())
		}
		if !strings.Contains(stderr.String(), tc.say) {
			t.Errorf("%q: stderr does not say %q:\n%s", tc.args, tc.say, stderr.String())
		}
	}

	o, err := parseFlags([]string{"-headless", "-walk", " each , slots,each", "-bodies", "5, 7", "-seed", "9", "-collide"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.walks, []string{"each", "slots"}) || !slices.Equal(o.bodies, []int{5, 7}) ||
		o.seed != 9 || !o.collide || o.steps != 300 {
		t.Errorf("options %+v", o)
	}
	if got := o.engine.Input.Actions[game.ActionAdd]; len(got) == 0 {
		t.Errorf("input.actions.add = %v, want the default bindings", got)
	}
}

// TestHeadless: -headless anywhere before -- asks for the table.
func TestHeadless(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"-bodies", "5"}, false},
		{[]string{"-bodies", "5", "-headless"}, true},
		{[]string{"--headless=true"}, true},
		{[]string{"--", "-headless"}, false},
	} {
		if got := headless(tc.args); got != tc.want {
			t.Errorf("headless(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
