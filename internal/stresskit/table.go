package stresskit

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// Table prints results as a table with a header line, or as JSON lines:
//
//	walk              bodies  steps   ns/entity  allocs/step
//	slots              10000    300        2.10            0
//	ok: every walk matches the limit after 301 steps
//
// or, for JSON, one object per result, ns_per_entity rounded to three
// decimals:
//
//	{"walk":"slots","bodies":10000,"steps":300,"ns_per_entity":2.1,"allocs_per_step":0}
type Table struct {
	w   io.Writer
	enc *json.Encoder // nil for the table
}

// NewTable returns a Table writing to w, as JSON lines if asJSON, and
// prints the table's header line unless asJSON.
func NewTable(w io.Writer, asJSON bool) (*Table, error) {
	t := &Table{w: w}
	if asJSON {
		t.enc = json.NewEncoder(w)
		return t, nil
	}
	_, err := fmt.Fprintf(w, "%-14s %9s %6s %11s %12s\n", "walk", "bodies", "steps", "ns/entity", "allocs/step")
	return t, err
}

// Write prints one result.
func (t *Table) Write(r Result) error {
	if t.enc != nil {
		r.NsPerEntity = math.Round(r.NsPerEntity*1000) / 1000
		return t.enc.Encode(r)
	}
	_, err := fmt.Fprintf(t.w, "%-14s %9d %6d %11.2f %12.4g\n", r.Walk, r.Bodies, r.Steps, r.NsPerEntity, r.AllocsPerStep)
	return err
}

// Done prints the table's last line, saying that every walk matched the
// limit after steps steps; JSON output has no such line.
func (t *Table) Done(steps int) error {
	if t.enc != nil {
		return nil
	}
	_, err := fmt.Fprintf(t.w, "ok: every walk matches the limit after %d steps\n", steps)
	return err
}
