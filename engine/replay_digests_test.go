package engine_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// Drift is the component drifter's divergent system writes.
var Drift = world.DefineFields[struct{ N int32 }]("Drift")

// drifter is a walker whose "drift" system gives the body a Drift of n
// at step 40 (none when n is 0) and takes it away at step 50: a game that
// is not the same run when n differs, as a system that read the wall
// clock or a global counter would be.
type drifter struct {
	walker
	n int
}

func (s *drifter) OnEnter() error {
	if err := s.walker.OnEnter(); err != nil {
		return err
	}
	return s.World().AddSystem(world.System{Name: "drift", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		switch {
		case ctx.Step == 40 && s.n != 0:
			Drift.Add(ctx.World, s.body, struct{ N int32 }{int32(s.n)})
		case ctx.Step == 50:
			ctx.World.Remove(s.body, Drift)
		}
		return nil
	}})
}

// recordDrifter records 60 steps of a drifter of n with the default hash,
// which records digests, and returns the replay and the world as it ended.
func recordDrifter(t *testing.T, n int) (*engine.Replay, *world.World) {
	t.Helper()
	s := &drifter{n: n}
	h := newHeadless(t, engine.Config{Input: engine.StandardInput()}, s, engine.HeadlessOptions{Script: walkScript})
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if err := h.Record(nil); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(60); err != nil {
		t.Fatal(err)
	}
	r := h.Recording()
	if r == nil || r.Steps != 60 || len(r.Hashes) != 60 || len(r.Digests) == 0 {
		t.Fatalf("recording: %+v, want 60 steps, hashes and digests", r)
	}
	return r, s.World()
}

// TestPlayNamesWhatDiffers: a playback whose drift system writes another
// value, or adds a component the recorded run did not, or does not add
// one it did, parts at step 40, and the divergence names the component,
// from a replay in memory and from one read back from its file.
func TestPlayNamesWhatDiffers(t *testing.T) {
	tests := []struct {
		name         string
		record, play int
		side         world.DiffSide
		say          string
	}{
		{"another value", 1, 2, world.BothDiffer, "component Drift: values differ"},
		{"only in the playback", 0, 2, world.OnlyThis, "component Drift: only in this world"},
		{"only in the recording", 1, 0, world.OnlyOther, "component Drift: only in the other world"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := recordDrifter(t, tt.record)
			var file bytes.Buffer
			if _, err := r.WriteTo(&file); err != nil {
				t.Fatal(err)
			}
			back, err := engine.ReadReplay(&file)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []*engine.Replay{r, back} {
				h, err := r.Play(engine.Config{Input: engine.StandardInput()}, engine.Game{First: &drifter{n: tt.play}}, nil)
				if h != nil {
					h.Close()
				}
				var d *engine.Divergence
				if !errors.As(err, &d) || !errors.Is(err, engine.ErrReplay) {
					t.Fatalf("Play = %v, want a divergence", err)
				}
				want := []world.Difference{{Kind: world.DigestComponent, Name: "Drift", Side: tt.side}}
				if d.Step != 40 || !slices.Equal(d.Diff, want) || !strings.Contains(err.Error(), "step 40") || !strings.Contains(err.Error(), tt.say) {
					t.Errorf("Play = %v (step %d, diff %v); want step 40, diff %v, saying %q", err, d.Step, d.Diff, want, tt.say)
				}
				if testing.Verbose() {
					t.Log(err)
				}
			}
		})
	}
}

// TestRecordDigests: the digest changes of a recording, applied in order
// up to its last step, are the digests of the world it ended with; a
// component that no entity holds any more is Gone at the step it went.
func TestRecordDigests(t *testing.T) {
	r, w := recordDrifter(t, 1)
	type state struct {
		hash    uint64
		present bool
	}
	model := map[engine.Part]state{}
	gone := false
	for _, c := range r.Digests {
		p := r.Parts[c.Part]
		model[p] = state{c.Hash, !c.Gone}
		if c.Gone && p.Name == "Drift" {
			gone = c.Step == 50
		}
	}
	got := map[engine.Part]state{}
	for p, s := range model {
		if s.present {
			got[p] = s
		}
	}
	want := map[engine.Part]state{}
	for _, d := range w.Digests(nil) {
		want[engine.Part{Kind: d.Kind, Name: d.Name}] = state{d.Hash, true}
	}
	if len(got) != len(want) {
		t.Errorf("the recording's digests after its last step: %v; the world's %v", got, want)
	}
	for p, s := range want {
		if got[p] != s {
			t.Errorf("part %v: recorded %+v, the world's %+v", p, got[p], s)
		}
	}
	if !gone {
		t.Errorf("Drift's digest changes %v: want it gone at step 50", r.Digests)
	}

	// Recording with a hash function of its own records no digests.
	h := newHeadless(t, engine.Config{Input: engine.StandardInput()}, &drifter{n: 1}, engine.HeadlessOptions{})
	if err := h.Record(positionsHash); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(5); err != nil {
		t.Fatal(err)
	}
	if r := h.Recording(); len(r.Digests) != 0 || len(r.Parts) != 0 {
		t.Errorf("a recording with its own hash has digests %v of parts %v, want none", r.Digests, r.Parts)
	}
}

// TestReplayDigestsRoundTrip: a replay's parts and digests survive its
// file, and a file of version 1, which has none, still reads.
func TestReplayDigestsRoundTrip(t *testing.T) {
	r, _ := recordDrifter(t, 1)
	var file bytes.Buffer
	if _, err := r.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ReadReplay(&file)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Parts, r.Parts) || !slices.Equal(back.Digests, r.Digests) || !slices.Equal(back.Hashes, r.Hashes) {
		t.Errorf("read back: parts %v, %d digest changes; want %v, %d", back.Parts, len(back.Digests), r.Parts, len(r.Digests))
	}
	v1, err := engine.ReadReplay(bytes.NewReader([]byte(replayV1)))
	if err != nil || v1.Steps != 2 || len(v1.Digests) != 0 {
		t.Errorf("ReadReplay of a version 1 file = %+v, %v; want 2 steps and no digests", v1, err)
	}
}

// Replay files written by hand: one of version 1 (an action "jump", two
// steps, the first pressing it) and one of version 2 with a part "A" and
// its digest after its one step.
const (
	replayV1 = "TSRP\x01\x01\x3c\x01\x04jump\x02\x00\x01\x00\x01\x00\x00"
	replayV2 = "TSRP\x02\x01\x3c\x00\x01\x03\x01A\x01\x02\x00\x01\x00\x01\x02\x03\x04\x05\x06\x07\x08"
)

// TestReadReplayRefusesDigests: malformed digests are errors, in a file
// and in a replay written to one.
func TestReadReplayRefusesDigests(t *testing.T) {
	if r, err := engine.ReadReplay(strings.NewReader(replayV2)); err != nil || len(r.Parts) != 1 || len(r.Digests) != 1 || r.Digests[0].Hash != 0x0807060504030201 {
		t.Fatalf("ReadReplay of a good version 2 file = %+v, %v", r, err)
	}
	for _, tt := range []struct{ name, data string }{
		{"a digest of a part not named", strings.Replace(replayV2, "\x01\x00\x01\x02", "\x01\x02\x01\x02", 1)},
		{"a part of kind 0", strings.Replace(replayV2, "\x01\x03\x01A", "\x01\x00\x01A", 1)},
		{"a part of kind 5", strings.Replace(replayV2, "\x01\x03\x01A", "\x01\x05\x01A", 1)},
		{"a part named twice", strings.Replace(replayV2, "\x01\x03\x01A\x01\x02", "\x02\x03\x01A\x03\x01A\x01\x02", 1)},
		{"two digests of a part in one step", strings.Replace(replayV2, "\x01\x03\x01A\x01\x02\x00\x01\x00", "\x02\x03\x01A\x03\x01B\x01\x02\x00\x02\x00\x01\x02\x03\x04\x05\x06\x07\x08\x00", 1)},
		{"digest flags in version 1", strings.Replace(replayV1, "\x02\x00\x01\x00", "\x02\x02\x01\x00", 1)},
		{"truncated digest", replayV2[:len(replayV2)-1]},
	} {
		if _, err := engine.ReadReplay(strings.NewReader(tt.data)); !errors.Is(err, engine.ErrReplay) || !strings.Contains(err.Error(), "byte ") {
			t.Errorf("%s: ReadReplay = %v, want ErrReplay at a byte", tt.name, err)
		}
	}
	bad := engine.Replay{Seed: 1, Hz: 60, Steps: 2, Parts: []engine.Part{{Kind: world.DigestComponent, Name: "A"}}}
	for _, tt := range []struct {
		name    string
		digests []engine.DigestChange
	}{
		{"out of step order", []engine.DigestChange{{Step: 1}, {Step: 0}}},
		{"past the last step", []engine.DigestChange{{Step: 2}}},
		{"of a part not named", []engine.DigestChange{{Part: 1}}},
		{"twice in a step", []engine.DigestChange{{}, {Gone: true}}},
	} {
		r := bad
		r.Digests = tt.digests
		if _, err := r.WriteTo(&bytes.Buffer{}); !errors.Is(err, engine.ErrReplay) {
			t.Errorf("WriteTo of digests %s = %v, want ErrReplay", tt.name, err)
		}
	}
}
