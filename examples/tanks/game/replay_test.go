package game

import (
	"bytes"
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

// fight is a scripted run of the arena: start, drive up a tile into the
// open row, fire along it (right, where the wraith comes from) while
// turning the turret up and back down, drive a little, and pause for a
// while.
var fight = script(started,
	hold(MoveUp, 2, 18), hold(FireAction, 20, 600), hold(TurnLeft, 150, 170), hold(TurnRight, 250, 270),
	hold(MoveRight, 300, 330), hold(MoveLeft, 340, 370),
	press(PauseAction, 430), press(PauseAction, 450),
)

// record runs fight on the arena with seed 7 for steps steps, recording
// it with the world hash after every step, and returns the game and the
// replay, written to a file's bytes and read back.
func record(t *testing.T, steps uint64) (*Game, *engine.Replay) {
	t.Helper()
	g, h := headless(t, Options{}, 7, fight...)
	if err := h.Record((*world.World).Hash); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(steps); err != nil {
		t.Fatal(err)
	}
	rec := h.Recording()
	var file bytes.Buffer
	if _, err := rec.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ReadReplay(&file)
	if err != nil {
		t.Fatal(err)
	}
	return g, back
}

// TestReplayReproducesTheRun: a recorded run (the title, a fight with
// shells, kills and a pause), written to a replay file and read back,
// plays back on a new game with no input of its own step for step: the
// world hash after every step is the recording's, and the play ends with
// the same tally.
func TestReplayReproducesTheRun(t *testing.T) {
	g, rec := record(t, 600)
	if rec.Seed != 7 || rec.Steps != 600 || len(rec.Hashes) != 600 {
		t.Fatalf("recorded seed %d, %d steps, %d hashes; want 7, 600, 600", rec.Seed, rec.Steps, len(rec.Hashes))
	}
	want := g.Play().Tally()
	if want.Shots == 0 || want.Kills == 0 {
		t.Fatalf("the recorded run shot %d shells and killed %d: a poor test of a replay", want.Shots, want.Kills)
	}
	again := New(Options{})
	h, err := rec.Play(Config(), engine.Game{First: again.First(), Assets: testFiles()}, (*world.World).Hash)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if got := again.Play().Tally(); got != want {
		t.Errorf("the replay ended with %+v, the run with %+v", got, want)
	}
	if got := again.Play().World().Hash(); got != rec.Hashes[len(rec.Hashes)-1] {
		t.Errorf("the replay's last hash %x, the recording's %x", got, rec.Hashes[len(rec.Hashes)-1])
	}
}

// TestReplayFindsWhereRunsPart: a recording with one press of fire taken
// out plays back to the first step whose world differs from the
// recording, and says which step that is: the step the shell would have
// been fired in.
func TestReplayFindsWhereRunsPart(t *testing.T) {
	_, rec := record(t, 300)
	fire := -1
	for i, a := range rec.Actions {
		if a == FireAction {
			fire = i
		}
	}
	var first uint64
	kept := rec.Changes[:0]
	for _, c := range rec.Changes {
		if c.Action == fire && first == 0 {
			first = c.Step // the fire held from here on, and let go later
			continue
		}
		if c.Action == fire && c.Step > first {
			continue
		}
		kept = append(kept, c)
	}
	rec.Changes = kept
	again := New(Options{})
	h, err := rec.Play(Config(), engine.Game{First: again.First(), Assets: testFiles()}, (*world.World).Hash)
	if h != nil {
		defer h.Close()
	}
	var d *engine.Divergence
	if !errors.As(err, &d) || !errors.Is(err, engine.ErrReplay) {
		t.Fatalf("playing back a changed recording: %v; want a *engine.Divergence", err)
	}
	if d.Step != first {
		t.Errorf("the runs part at step %d; want %d, where the fire button went down", d.Step, first)
	}
}
