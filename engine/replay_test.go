package engine_test

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// walker moves a body by the move axis and counts confirm presses in the
// body's Y: game state that depends on every step's input.
type walker struct {
	scene.Base
	body world.Entity
}

func (s *walker) OnEnter() error {
	s.body = world.Spawn1(s.World(), geom.Position, geom.Vec2{})
	return s.World().AddSystem(world.System{Name: "walk", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		in := engine.InputOf(ctx)
		x, _ := in.Axis("move")
		p := geom.Position.Require(ctx.World, s.body)
		p.X += x
		if in.JustPressed("confirm") {
			p.Y++
		}
		return nil
	}})
}

// positionsHash hashes every Position of w in entity order.
func positionsHash(w *world.World) uint64 {
	h := fnv.New64a()
	var b [8]byte
	for _, e := range w.Entities() {
		if p, ok := geom.Position.Get(w, e); ok {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(p.X))
			h.Write(b[:])
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(p.Y))
			h.Write(b[:])
		}
	}
	return h.Sum64()
}

var walkScript = []engine.ScriptedInput{
	{Step: 3, Action: "right", Down: true}, {Step: 20, Action: "right"},
	{Step: 25, Action: "confirm", Down: true}, {Step: 26, Action: "confirm"},
	{Step: 30, Action: "left", Down: true, Value: 0.5}, {Step: 44, Action: "left"},
	{Step: 50, Action: "confirm", Down: true}, {Step: 51, Action: "confirm"},
}

// record runs the walker with the script and returns the replay and
// where the body ended.
func record(t *testing.T) (*engine.Replay, geom.Vec2) {
	t.Helper()
	s := &walker{}
	h, err := engine.NewHeadless(engine.Config{Input: engine.StandardInput()}, engine.Game{First: s}, engine.HeadlessOptions{Script: walkScript})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	if err := h.Record(positionsHash); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(80); err != nil {
		t.Fatal(err)
	}
	r := h.Recording()
	if r == nil || r.Steps != 80 || len(r.Hashes) != 80 {
		t.Fatalf("recording: %+v", r)
	}
	return r, *geom.Position.Require(s.World(), s.body)
}

// TestReplayReproducesTheRun: a run recorded and played back, through a
// file, ends in the same state with every step's hash the same; no script
// drives the playback, only the recording.
func TestReplayReproducesTheRun(t *testing.T) {
	r, end := record(t)
	if end != (geom.Vec2{X: 17 - 7, Y: 2}) {
		t.Fatalf("the recorded run ended at %v, want (10, 2)", end)
	}
	var file bytes.Buffer
	if _, err := r.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	t.Logf("80 steps: a %d-byte file, %d changes", file.Len(), len(r.Changes))
	back, err := engine.ReadReplay(bytes.NewReader(file.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	s := &walker{}
	h, err := back.Play(engine.Config{Input: engine.StandardInput()}, engine.Game{First: s}, positionsHash)
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	defer h.Close()
	if got := *geom.Position.Require(s.World(), s.body); got != end || h.Loop().Steps() != 80 {
		t.Errorf("played back: body at %v after %d steps, want %v after 80", got, h.Loop().Steps(), end)
	}
}

// TestReplayReportsTheFirstDivergence: a recording whose input was
// changed at step 10 parts from the run there, and Play says so.
func TestReplayReportsTheFirstDivergence(t *testing.T) {
	r, _ := record(t)
	unsorted := *r
	unsorted.Changes = append([]engine.InputChange{{Step: 10, Action: indexOf(r.Actions, "right"), Value: 1}}, r.Changes...)
	if _, err := unsorted.Play(engine.Config{Input: engine.StandardInput()}, engine.Game{First: &walker{}}, positionsHash); !errors.Is(err, engine.ErrReplay) {
		t.Errorf("Play of changes out of order = %v, want ErrReplay", err)
	}
	// A press of confirm at step 10 that the run never had: the run
	// parts there.
	r.Changes = slices.Insert(r.Changes, 0, engine.InputChange{Step: 10, Action: indexOf(r.Actions, "confirm"), Value: 1, Pressed: true})
	r.Changes = slices.Insert(r.Changes, 1, engine.InputChange{Step: 11, Action: indexOf(r.Actions, "confirm"), Value: 0, Released: true})
	slices.SortStableFunc(r.Changes, func(a, b engine.InputChange) int { return cmp.Compare(a.Step, b.Step) })
	_, err := r.Play(engine.Config{Input: engine.StandardInput()}, engine.Game{First: &walker{}}, positionsHash)
	var d *engine.Divergence
	if !errors.As(err, &d) || !errors.Is(err, engine.ErrReplay) || d.Step != 10 {
		t.Errorf("Play of a changed recording = %v, want a divergence at step 10", err)
	}
	if _, err := r.Play(engine.Config{}, engine.Game{First: &walker{}}, positionsHash); !errors.Is(err, engine.ErrReplay) {
		t.Errorf("Play with other actions = %v, want ErrReplay", err)
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// TestReadReplayRefuses: malformed files are errors with a byte offset.
func TestReadReplayRefuses(t *testing.T) {
	r, _ := record(t)
	var good bytes.Buffer
	if _, err := r.WriteTo(&good); err != nil {
		t.Fatal(err)
	}
	b := good.Bytes()
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"not a replay", []byte("PNG\x89 hello")},
		{"truncated", b[:len(b)-3]},
		{"trailing bytes", append(bytes.Clone(b), 0)},
		{"another version", append([]byte("TSRP\x07"), b[5:]...)},
		{"a huge step count and nothing after", []byte("TSRP\x01\x01\x3c\x00\xff\xff\xff\x7f\x00")},
		{"too many actions", []byte("TSRP\x01\x01\x3c\xff\xff\x03")},
	} {
		_, err := engine.ReadReplay(bytes.NewReader(tt.data))
		if !errors.Is(err, engine.ErrReplay) {
			t.Errorf("%s: ReadReplay = %v, want ErrReplay", tt.name, err)
		}
	}
}

// FuzzReadReplay: any bytes either read as a replay that writes back to a
// file reading as the same replay, or fail with ErrReplay; never a panic.
func FuzzReadReplay(f *testing.F) {
	f.Add([]byte("TSRP\x01\x01\x3c\x01\x04jump\x02\x00\x01\x00\x01\x00\x00\x00\x00\x00\x00\xf0\x3f"))
	f.Add([]byte("TSRP"))
	f.Add([]byte(replayV1))
	f.Add([]byte(replayV2))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := engine.ReadReplay(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, engine.ErrReplay) {
				t.Fatalf("error %v does not wrap ErrReplay", err)
			}
			return
		}
		var out bytes.Buffer
		if _, err := r.WriteTo(&out); err != nil {
			t.Fatalf("WriteTo of a replay read back: %v", err)
		}
		again, err := engine.ReadReplay(&out)
		if err != nil || again.Steps != r.Steps || len(again.Changes) > len(r.Changes) || !slices.Equal(again.Parts, r.Parts) || !slices.Equal(again.Digests, r.Digests) {
			t.Fatalf("round trip: %v, %+v vs %+v", err, again, r)
		}
	})
}

// TestMainRecordsAndReplays: Main's -record writes the run's replay file
// when the run ends, and -replay plays a file back: headless, it checks
// every step's world hash, exits 0 saying so when all match, and 1
// naming the step when the recording was not this run's.
func TestMainRecordsAndReplays(t *testing.T) {
	dir := t.TempDir()
	game := func() engine.Game {
		return engine.Game{First: &walker{}, Config: engine.Config{Input: engine.StandardInput()}}
	}
	recorded := filepath.Join(dir, "run.replay")
	var out strings.Builder
	if code := engine.RunMain([]string{"-headless", "-steps", "30", "-record", recorded}, game(), &out); code != 0 {
		t.Fatalf("-record: exit %d: %s", code, out.String())
	}
	r := readReplay(t, recorded)
	if r.Steps != 30 || len(r.Hashes) != 30 || r.Seed != 1 {
		t.Fatalf("-record wrote %d steps, %d hashes, seed %d; want 30, 30 and the default seed 1", r.Steps, len(r.Hashes), r.Seed)
	}

	// A recording with input, made in code, played back by Main.
	h, err := engine.NewHeadless(engine.Config{Input: engine.StandardInput(), Random: engine.RandomConfig{Seed: 5}}, game(), engine.HeadlessOptions{Script: walkScript})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Record(nil); err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(60); err != nil {
		t.Fatal(err)
	}
	walked := h.Recording()
	h.Close()
	for _, tc := range []struct {
		name string
		edit func(*engine.Replay)
		code int
		say  string
	}{
		{"as recorded", func(*engine.Replay) {}, 0, "60 steps, every world hash as recorded"},
		{"one press fewer", func(r *engine.Replay) { r.Changes = r.Changes[:len(r.Changes)-2] }, 1, "component Position: values differ"},
	} {
		r := *walked
		r.Changes = slices.Clone(r.Changes)
		tc.edit(&r)
		path := filepath.Join(dir, "walk.replay")
		writeReplay(t, path, &r)
		out.Reset()
		code := engine.RunMain([]string{"-headless", "-replay", path}, game(), &out)
		if code != tc.code || !strings.Contains(out.String(), tc.say) {
			t.Errorf("%s: -replay exits %d saying %q; want %d and %q", tc.name, code, out.String(), tc.code, tc.say)
		}
	}
	out.Reset()
	if code := engine.RunMain([]string{"-headless", "-replay", recorded, "-record", recorded}, game(), &out); code != 2 {
		t.Errorf("-replay with -record: exit %d (%s); want 2", code, out.String())
	}
}

func readReplay(t *testing.T, path string) *engine.Replay {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := engine.ReadReplay(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func writeReplay(t *testing.T, path string, r *engine.Replay) {
	t.Helper()
	var b bytes.Buffer
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
