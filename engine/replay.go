package engine

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/world"
)

// A Replay is a recorded run: the engine's seed and step rate, the input
// every fixed step saw, and, when recorded, the hash of the world that
// stepped after each step and the digests of its parts. Played back
// headless ([Replay.Play]), it reproduces the run step for step, and a
// hash that differs names the first step where the two runs part, and,
// with digests, the components and resources that differ there.
//
// Only what fixed steps see is recorded: each action's value and the
// presses and releases a step consumed. Frame-phase systems see no
// recorded input, so game state must change in fixed steps only (the
// rule that makes a game deterministic in the first place).
type Replay struct {
	// Seed is the configuration's seed the run had (random.seed).
	Seed uint64
	// Hz is the run's step rate.
	Hz int
	// Actions are the input's action names, sorted; an InputChange names
	// an action by its index here.
	Actions []string
	// Steps is how many fixed steps were recorded.
	Steps uint64
	// Changes are the input's changes, in step order: what one step saw
	// of an action where it differs from what the step before saw (every
	// action starts at 0, neither pressed nor released).
	Changes []InputChange
	// Hashes holds the world hash after each step, or is empty when the
	// run was recorded without hashing.
	Hashes []uint64
	// Parts are the parts of the world's state that Digests are of (the
	// parts [world.World.Digests] lists), in the order they first held
	// state; a DigestChange names a part by its index here.
	Parts []Part
	// Digests are the changes of the recorded world's digests, in step
	// order: the parts whose digest after a step differs from the one
	// after the step before (every part starts absent). Empty when the
	// run was recorded with a hash function of its own.
	Digests []DigestChange
}

// Part is one part of a world's state, as a [world.Digest] names it: the
// ids, the random generator, a component or a resource by name.
type Part struct {
	Kind world.DigestKind
	Name string
}

// DigestChange is the digest part Part (an index in [Replay.Parts]) had
// after fixed step Step, where it differs from the step before: its hash,
// or Gone when the world no longer had the part (no entity held the
// component, or the world held no value of the resource).
type DigestChange struct {
	Step uint64
	Part int
	Hash uint64
	Gone bool
}

// InputChange is what fixed step Step saw of action Action (an index in
// [Replay.Actions]), where it differs from the step before: the action's
// value, and whether the step consumed a press or a release.
type InputChange struct {
	Step              uint64
	Action            int
	Value             float64
	Pressed, Released bool
}

// state is one action's state as a fixed step sees it.
type state struct {
	value             float64
	pressed, released bool
}

// ErrReplay is wrapped by the errors of reading a replay file and of
// playing one back: a file that is not one, is truncated or over a limit,
// or a run whose world parted from the recording.
var ErrReplay = errors.New("engine: replay")

// Divergence reports the first step at which a played-back run's world
// differed from the recording, or from another run ([Replay.Lockstep]):
// the step, the two hashes, and what differed.
type Divergence struct {
	Step      uint64
	Want, Got uint64
	// Diff lists what differs. Against another run ([Replay.Lockstep]),
	// whose world is at hand, it is [world.World.Diff] of this run's world
	// against the other's: the entities and components. Against a
	// recording with digests ([Replay.Digests]), it is the parts whose
	// digests differ (Entity 0: a recording holds digests, not worlds),
	// Side [world.OnlyThis] for a part only the playback has and
	// [world.OnlyOther] for one only the recording had. Nil when the
	// recording has no digests, or when the run's hash function sees a
	// difference the world's digests do not.
	Diff []world.Difference
	// Detail says the same as Diff in words (its first few entries); ""
	// without one.
	Detail string
}

// Error returns a message such as
// "engine: replay: step 120: world hash 8c2f… differs from the recording's 11aa…",
// followed by what differs when it is known (Detail), such as
// ": component Health: values differ".
func (d *Divergence) Error() string {
	s := fmt.Sprintf("engine: replay: step %d: world hash %016x differs from the recording's %016x", d.Step, d.Got, d.Want)
	if d.Detail != "" {
		s += ": " + d.Detail
	}
	return s
}

// Unwrap returns [ErrReplay].
func (d *Divergence) Unwrap() error { return ErrReplay }

// recorder is a recording in progress, or a replay playing back.
type recorder struct {
	r    *Replay
	hash func(*world.World) uint64 // nil: no hashes
	play bool                      // playing r back rather than recording
	cur  []state                   // by action: what the last step saw
	step uint64                    // steps recorded or played so far
	next int                       // of a playback: the change applied next
	diff *Divergence               // the first divergence of a playback
	// Of a recording with digests: the parts' indices, the digest each
	// had after the last step (absent: not in the world), and scratch for
	// World.Digests.
	digests bool
	part    map[Part]int
	last    []partState
	scratch []world.Digest
}

// partState is one part's digest after a step, as a recording keeps it.
type partState struct {
	hash    uint64
	present bool
	seen    bool // present after this step: cleared before each
}

// Record starts recording the run from the next fixed step: the input
// each step sees and the hash of the running scene's world after each
// step, [world.World.Hash] when hash is nil (or hash's, for a game that
// hashes only part of its state). When hash is nil it records the
// world's digests too ([world.World.Digests], the parts the world hash is
// made of: [Replay.Digests]), so that a playback that parts from the run
// names the components and resources that differ. Stop with
// [Engine.Recording], which returns what was recorded. Recording a run
// that is playing a replay back is an error. The steps of a recording
// allocate only while its slices grow; World.Hash costs about 5 ns an
// entity a step, and the digests as much again, plus 32 bytes a step for
// each part that changed in the step.
func (e *Engine) Record(hash func(*world.World) uint64) error {
	digests := hash == nil
	if hash == nil {
		hash = (*world.World).Hash
	}
	if e.rec != nil && e.rec.play {
		return fmt.Errorf("%w: Record while playing a replay back", ErrReplay)
	}
	names := make([]string, len(e.input.actions))
	for i, a := range e.input.actions {
		names[i] = a.name
	}
	e.rec = &recorder{r: &Replay{Seed: uint64(e.cfg.Random.Seed), Hz: e.loop.Hz(), Actions: names}, hash: hash, cur: make([]state, len(names))}
	if digests {
		e.rec.digests, e.rec.part = true, map[Part]int{}
	}
	return nil
}

// Recording stops recording and returns the replay recorded, or nil if
// the engine is not recording.
func (e *Engine) Recording() *Replay {
	if e.rec == nil || e.rec.play {
		return nil
	}
	r := e.rec.r
	r.Steps = e.rec.step
	e.rec = nil
	return r
}

// stepInput records or plays back the input of the fixed step about to
// run. It allocates only while the recording grows.
func (e *Engine) stepInput() {
	rec := e.rec
	if rec == nil {
		return
	}
	acts := e.input.actions
	if !rec.play {
		for i := range acts {
			now := state{acts[i].value, acts[i].latchPressed > 0, acts[i].latchReleased > 0}
			if now != rec.cur[i] {
				rec.cur[i] = now
				rec.r.Changes = append(rec.r.Changes, InputChange{Step: rec.step, Action: i, Value: now.value, Pressed: now.pressed, Released: now.released})
			}
		}
		rec.step++
		return
	}
	if rec.step >= rec.r.Steps {
		e.Stop() // the recording is over
		return
	}
	for ; rec.next < len(rec.r.Changes) && rec.r.Changes[rec.next].Step == rec.step; rec.next++ {
		c := rec.r.Changes[rec.next]
		rec.cur[c.Action] = state{c.Value, c.Pressed, c.Released}
	}
	for i := range acts {
		a, st := &acts[i], rec.cur[i]
		a.value = st.value
		a.down = a.value >= pressAt
		a.latchPressed, a.latchReleased = b2i(st.pressed), b2i(st.released)
	}
	rec.step++
}

// stepHash records or checks the hash of the world that just stepped,
// step being that step's number.
func (e *Engine) stepHash(w *world.World, step uint64) {
	rec := e.rec
	if rec == nil || rec.hash == nil {
		return
	}
	h := rec.hash(w)
	if !rec.play {
		rec.r.Hashes = append(rec.r.Hashes, h)
		if rec.digests {
			rec.recordDigests(w)
		}
		return
	}
	i := rec.step - 1
	if rec.diff == nil && i < uint64(len(rec.r.Hashes)) && rec.r.Hashes[i] != h {
		rec.diff = &Divergence{Step: step, Want: rec.r.Hashes[i], Got: h}
		if len(rec.r.Digests) > 0 {
			rec.diff.Diff = rec.r.diffDigests(i, w.Digests(nil))
			rec.diff.Detail = describeDiff(rec.diff.Diff)
		}
		e.Stop()
	}
}

// recordDigests appends the changes of w's digests since the last step,
// the recording's step rec.step-1. It allocates only while the
// recording's slices grow and when a part first holds state.
func (rec *recorder) recordDigests(w *world.World) {
	step := rec.step - 1
	rec.scratch = w.Digests(rec.scratch[:0])
	for _, d := range rec.scratch {
		k := Part{d.Kind, d.Name}
		i, ok := rec.part[k]
		if !ok {
			i = len(rec.r.Parts)
			rec.part[k] = i
			rec.r.Parts = append(rec.r.Parts, k)
			rec.last = append(rec.last, partState{})
		}
		p := &rec.last[i]
		p.seen = true
		if !p.present || p.hash != d.Hash {
			p.hash, p.present = d.Hash, true
			rec.r.Digests = append(rec.r.Digests, DigestChange{Step: step, Part: i, Hash: d.Hash})
		}
	}
	for i := range rec.last {
		p := &rec.last[i]
		if p.present && !p.seen {
			p.present = false
			rec.r.Digests = append(rec.r.Digests, DigestChange{Step: step, Part: i, Gone: true})
		}
		p.seen = false
	}
}

// diffDigests returns the parts whose digests in got, a playback's world
// after step, differ from the recording's after that step: first the
// playback's parts in got's order, then the parts only the recording had,
// in the order of Parts. O(changes up to step + parts); it is for the
// step that diverged, once.
func (r *Replay) diffDigests(step uint64, got []world.Digest) []world.Difference {
	want := make([]partState, len(r.Parts))
	for _, c := range r.Digests {
		if c.Step > step {
			break
		}
		want[c.Part] = partState{hash: c.Hash, present: !c.Gone}
	}
	index := make(map[Part]int, len(r.Parts))
	for i, p := range r.Parts {
		index[p] = i
	}
	var out []world.Difference
	for _, d := range got {
		i, ok := index[Part{d.Kind, d.Name}]
		switch {
		case !ok || !want[i].present:
			out = append(out, world.Difference{Kind: d.Kind, Name: d.Name, Side: world.OnlyThis})
		case want[i].hash != d.Hash:
			out = append(out, world.Difference{Kind: d.Kind, Name: d.Name, Side: world.BothDiffer})
		}
		if ok {
			want[i].seen = true
		}
	}
	for i, p := range r.Parts {
		if want[i].present && !want[i].seen {
			out = append(out, world.Difference{Kind: p.Kind, Name: p.Name, Side: world.OnlyOther})
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Play plays the replay back on a new headless run of g with cfg (whose
// seed and step rate are set to the replay's), step by step, feeding each
// step the input it saw when recorded and, when the replay has hashes,
// comparing the hash of the running scene's world after every step, by
// hash ([world.World.Hash] when nil, as [Engine.Record]'s default), with
// the recorded one. It returns the run, stopped after the last recorded
// step or at the first divergence, and nil, or the run and a
// [*Divergence] (wrapping [ErrReplay]), or an error of the run itself.
// When the replay has digests ([Engine.Record] with a nil hash records
// them), the divergence names the components and resources whose digests
// differ from the recording's at that step ([Divergence.Diff]), such as
// "component Health: values differ". The replay's actions must be the
// game's.
func (r *Replay) Play(cfg Config, g Game, hash func(*world.World) uint64) (*Headless, error) {
	if hash == nil {
		hash = (*world.World).Hash
	}
	h, err := r.playback(cfg, g, hash)
	if err != nil {
		return nil, err
	}
	runErr := h.RunSteps(r.Steps)
	if d := h.rec.diff; d != nil {
		return h, errors.Join(d, runErr)
	}
	return h, runErr
}

// Lockstep plays the replay back on two headless runs at once, of a and
// of b (two values of one game, say), one step of each in turn, and
// compares the [world.World.Hash] of their running scenes' worlds after
// every step: the check that a game is the same run whatever differs
// between the two (before is called ahead of each step with the run's
// number, 0 or 1, to set that difference, such as runtime.GOMAXPROCS).
// The recorded hashes are not checked (the recording may have hashed
// with a function of its own): the two runs are compared. It returns nil when all steps agree, or a [*Divergence] at the first step
// that does not, whose Diff lists what b's world holds otherwise than
// a's; or an error of a run. Both runs are closed when it returns.
func (r *Replay) Lockstep(cfg Config, a, b Game, before func(run int)) error {
	var runs [2]*Headless
	for i, g := range []Game{a, b} {
		h, err := r.playback(cfg, g, nil)
		if err != nil {
			for _, o := range runs[:i] {
				o.Close()
			}
			return err
		}
		runs[i] = h
	}
	defer runs[0].Close()
	defer runs[1].Close()
	for step := uint64(0); step < r.Steps; step++ {
		var hw [2]*world.World
		for i, h := range runs {
			if before != nil {
				before(i)
			}
			if err := h.RunSteps(1); err != nil {
				return err
			}
			if d := h.rec.diff; d != nil {
				return fmt.Errorf("run %d: %w", i, d)
			}
			if top := h.scenes.Top(); top != nil {
				hw[i] = top.World()
			}
		}
		if hw[0] == nil || hw[1] == nil {
			if hw[0] != hw[1] {
				return &Divergence{Step: step, Detail: "one run has no scene"}
			}
			continue
		}
		if ha, hb := hw[0].Hash(), hw[1].Hash(); ha != hb {
			d := &Divergence{Step: step, Want: ha, Got: hb, Diff: hw[1].Diff(hw[0])}
			d.Detail = describeDiff(d.Diff)
			return d
		}
	}
	return nil
}

// describeDiff says the first few differences in words.
func describeDiff(diff []world.Difference) string {
	const most = 5
	parts := make([]string, 0, most+1)
	for i, d := range diff {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(diff)-most))
			break
		}
		parts = append(parts, d.String())
	}
	return strings.Join(parts, "; ")
}

// playback returns a headless run of g set to play r back, not started,
// checking its hashes with hash (none when nil).
func (r *Replay) playback(cfg Config, g Game, hash func(*world.World) uint64) (*Headless, error) {
	h, err := NewHeadless(r.Config(cfg), g, HeadlessOptions{})
	if err != nil {
		return nil, err
	}
	if err := h.playBack(r, hash); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

// Config returns cfg with the seed and the step rate the replay was
// recorded with: what an engine that plays it back must be made with
// ([Engine.Play]).
func (r *Replay) Config(cfg Config) Config {
	cfg.Random.Seed, cfg.Loop.Hz = int(r.Seed), r.Hz
	return cfg
}

// Play sets the engine, made with [Replay.Config] and not yet started, to
// play r back from its first step: each fixed step gets the input it saw
// when recorded instead of the devices', and, when the replay has hashes,
// the hash of the running scene's world after the step ([world.World.Hash]
// when hash is nil) is compared with the recorded one. The engine stops
// after the last recorded step or at the first divergence, which
// [Engine.Divergence] then returns. In a window this shows the recorded
// run again; [Replay.Play] is the same on a headless run. It is an error
// to play back on an engine that has started, records or plays already,
// or whose actions, seed or step rate are not the replay's.
func (e *Engine) Play(r *Replay, hash func(*world.World) uint64) error {
	if hash == nil {
		hash = (*world.World).Hash
	}
	return e.playBack(r, hash)
}

// playBack is Play with hash as given: nil checks no hashes.
func (e *Engine) playBack(r *Replay, hash func(*world.World) uint64) error {
	switch {
	case e.started:
		return fmt.Errorf("%w: Play on an engine that has started", ErrReplay)
	case e.rec != nil:
		return fmt.Errorf("%w: Play on an engine that records or plays already", ErrReplay)
	case uint64(e.cfg.Random.Seed) != r.Seed || e.loop.Hz() != r.Hz:
		return fmt.Errorf("%w: the engine runs with seed %d at %d Hz, the recording with seed %d at %d Hz (make it with Replay.Config)", ErrReplay, e.cfg.Random.Seed, e.loop.Hz(), r.Seed, r.Hz)
	}
	names := make([]string, len(e.input.actions))
	for i, a := range e.input.actions {
		names[i] = a.name
	}
	if !slices.Equal(names, r.Actions) {
		return fmt.Errorf("%w: the recording's actions %q are not the game's %q", ErrReplay, r.Actions, names)
	}
	if err := r.check(); err != nil {
		return err
	}
	if len(r.Hashes) == 0 {
		hash = nil
	}
	e.rec = &recorder{r: r, hash: hash, play: true, cur: make([]state, len(names))}
	return nil
}

// Divergence returns the first divergence of the replay the engine plays
// back ([Engine.Play]), or nil while every step has matched (or when it
// plays nothing back).
func (e *Engine) Divergence() *Divergence {
	if e.rec == nil || !e.rec.play {
		return nil
	}
	return e.rec.diff
}

// check reports a replay that cannot be played: changes out of step
// order, past the last step or of an action it does not have, values not
// in [0, 1], or hashes of another number of steps.
func (r *Replay) check() error {
	for i, c := range r.Changes {
		switch {
		case i > 0 && c.Step < r.Changes[i-1].Step:
			return fmt.Errorf("%w: change %d (step %d) comes after one of step %d", ErrReplay, i, c.Step, r.Changes[i-1].Step)
		case c.Step >= r.Steps:
			return fmt.Errorf("%w: change %d is of step %d, past the %d steps recorded", ErrReplay, i, c.Step, r.Steps)
		case c.Action < 0 || c.Action >= len(r.Actions):
			return fmt.Errorf("%w: change %d names action %d of %d", ErrReplay, i, c.Action, len(r.Actions))
		case !(c.Value >= 0 && c.Value <= 1):
			return fmt.Errorf("%w: change %d has the value %v, not in [0, 1]", ErrReplay, i, c.Value)
		}
	}
	if len(r.Hashes) != 0 && uint64(len(r.Hashes)) != r.Steps {
		return fmt.Errorf("%w: %d hashes for %d steps", ErrReplay, len(r.Hashes), r.Steps)
	}
	return r.checkDigests()
}

// checkDigests reports parts of no kind a digest has, named twice or with
// names too long for a file, and digest changes out of step order, past
// the last step, twice of one part in a step or of a part there is not.
func (r *Replay) checkDigests() error {
	if len(r.Parts) > maxReplayParts {
		return fmt.Errorf("%w: %d parts, over %d", ErrReplay, len(r.Parts), maxReplayParts)
	}
	seen := make(map[Part]bool, len(r.Parts))
	for i, p := range r.Parts {
		switch {
		case p.Kind < world.DigestIDs || p.Kind > world.DigestResource:
			return fmt.Errorf("%w: part %d is of kind %d", ErrReplay, i, p.Kind)
		case len(p.Name) > maxReplayName:
			return fmt.Errorf("%w: part %d's name is %d bytes, over %d", ErrReplay, i, len(p.Name), maxReplayName)
		case seen[p]:
			return fmt.Errorf("%w: part %d (%s %q) is listed twice", ErrReplay, i, p.Kind, p.Name)
		}
		seen[p] = true
	}
	last := make([]uint64, len(r.Parts)) // the step of each part's last change, plus one
	for i, c := range r.Digests {
		switch {
		case i > 0 && c.Step < r.Digests[i-1].Step:
			return fmt.Errorf("%w: digest change %d (step %d) comes after one of step %d", ErrReplay, i, c.Step, r.Digests[i-1].Step)
		case c.Step >= r.Steps:
			return fmt.Errorf("%w: digest change %d is of step %d, past the %d steps recorded", ErrReplay, i, c.Step, r.Steps)
		case c.Part < 0 || c.Part >= len(r.Parts):
			return fmt.Errorf("%w: digest change %d names part %d of %d", ErrReplay, i, c.Part, len(r.Parts))
		case last[c.Part] == c.Step+1:
			return fmt.Errorf("%w: digest change %d is the second of part %d in step %d", ErrReplay, i, c.Part, c.Step)
		}
		last[c.Part] = c.Step + 1
	}
	return nil
}

// Replay file limits: a file over them is refused while it is read.
const (
	maxReplayActions = 4096
	maxReplayName    = 256
	maxReplaySteps   = 1 << 28 // over 50 days at 60 Hz
	maxReplayParts   = 1 << 16
)

// replayMagic starts a replay file; the byte after it is the version.
const replayMagic = "TSRP"

// replayVersion is the version WriteTo writes; ReadReplay reads it and
// version 1, which has no digests.
const replayVersion = 2

// WriteTo writes the replay in Tessera's replay file format: a header
// (magic, version, seed, rate, action names, part names), then each
// step's changes since the step before (the actions whose value, press or
// release differ), its hash if there are hashes and its digest changes if
// there are digests. A run of hours at 60 Hz with a held key or two is a
// few kilobytes without hashes; hashes add 8 bytes a step, digests about
// 10 for each part that changes in a step.
func (r *Replay) WriteTo(w io.Writer) (int64, error) {
	if err := r.check(); err != nil {
		return 0, err
	}
	bw := &countWriter{w: bufio.NewWriter(w)}
	bw.Write([]byte(replayMagic))
	bw.uvarint(replayVersion)
	bw.uvarint(r.Seed)
	bw.uvarint(uint64(r.Hz))
	bw.uvarint(uint64(len(r.Actions)))
	for _, a := range r.Actions {
		bw.uvarint(uint64(len(a)))
		bw.Write([]byte(a))
	}
	bw.uvarint(uint64(len(r.Parts)))
	for _, p := range r.Parts {
		bw.uvarint(uint64(p.Kind))
		bw.uvarint(uint64(len(p.Name)))
		bw.Write([]byte(p.Name))
	}
	hashed := uint64(len(r.Hashes)) == r.Steps && r.Steps > 0
	digests := len(r.Digests) > 0
	bw.uvarint(r.Steps)
	bw.uvarint(uint64(b2i(hashed)) | uint64(b2i(digests))<<1)
	next, nextDigest := 0, 0
	for step := range r.Steps {
		n := 0
		for next+n < len(r.Changes) && r.Changes[next+n].Step == step {
			n++
		}
		bw.uvarint(uint64(n))
		for _, c := range r.Changes[next : next+n] {
			bw.uvarint(uint64(c.Action))
			bw.uvarint(uint64(b2i(c.Pressed)) | uint64(b2i(c.Released))<<1)
			bw.uvarint(math.Float64bits(c.Value))
		}
		next += n
		if hashed {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], r.Hashes[step])
			bw.Write(b[:])
		}
		if digests {
			n := 0
			for nextDigest+n < len(r.Digests) && r.Digests[nextDigest+n].Step == step {
				n++
			}
			bw.uvarint(uint64(n))
			for _, c := range r.Digests[nextDigest : nextDigest+n] {
				// The part and whether it is gone in one number; the hash
				// of a part still there after it.
				bw.uvarint(uint64(c.Part)<<1 | uint64(b2i(c.Gone)))
				if !c.Gone {
					var b [8]byte
					binary.LittleEndian.PutUint64(b[:], c.Hash)
					bw.Write(b[:])
				}
			}
			nextDigest += n
		}
	}
	if bw.err == nil {
		bw.err = bw.w.(*bufio.Writer).Flush()
	}
	return bw.n, bw.err
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
	buf [binary.MaxVarintLen64]byte
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

func (c *countWriter) uvarint(v uint64) { c.Write(c.buf[:binary.PutUvarint(c.buf[:], v)]) }

// ReadReplay reads a replay file written by [Replay.WriteTo]. A file that
// is not one, is truncated, has trailing bytes, a value the format cannot
// hold (a press flag over 3, an action index out of range, a value that
// is not a finite number in [0, 1], digests of a part it does not name)
// or goes over a limit (4096 actions, 65536 parts, names of 256 bytes,
// 2^28 steps) is an error wrapping [ErrReplay] that
// gives the byte offset; it never panics, and reads in time and memory
// linear in the file's size.
func ReadReplay(rd io.Reader) (*Replay, error) {
	d := &replayDecoder{r: bufio.NewReader(rd)}
	r := d.replay()
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

type replayDecoder struct {
	r   *bufio.Reader
	off int64
	err error
}

func (d *replayDecoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: byte %d: %s", ErrReplay, d.off, fmt.Sprintf(format, args...))
	}
}

func (d *replayDecoder) byte() byte {
	if d.err != nil {
		return 0
	}
	b, err := d.r.ReadByte()
	if err != nil {
		d.fail("truncated")
		return 0
	}
	d.off++
	return b
}

func (d *replayDecoder) uvarint(what string, max uint64) uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.err != nil {
			return 0
		}
		if shift >= 64 {
			d.fail("%s: a number over 64 bits", what)
			return 0
		}
		b := d.byte()
		if shift == 63 && b > 1 {
			d.fail("%s: a number over 64 bits", what)
			return 0
		}
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			break
		}
	}
	if v > max {
		d.fail("%s %d is over %d", what, v, max)
		return 0
	}
	return v
}

// uint64 reads 8 bytes, little-endian.
func (d *replayDecoder) uint64() uint64 {
	var b [8]byte
	for i := range b {
		b[i] = d.byte()
	}
	return binary.LittleEndian.Uint64(b[:])
}

// parts reads the part names of a version 2 header.
func (d *replayDecoder) parts() []Part {
	n := int(d.uvarint("part count", maxReplayParts))
	var parts []Part
	for range n {
		kind := world.DigestKind(d.uvarint("part kind", uint64(world.DigestResource)))
		if d.err == nil && kind < world.DigestIDs {
			d.fail("part kind 0")
		}
		l := int(d.uvarint("part name length", maxReplayName))
		b := make([]byte, 0, l)
		for range l {
			b = append(b, d.byte())
		}
		if d.err != nil {
			return nil
		}
		parts = append(parts, Part{kind, string(b)})
	}
	return parts
}

// digestChanges reads one step's digest changes and appends them to out.
func (d *replayDecoder) digestChanges(out []DigestChange, step uint64, parts int) []DigestChange {
	n := int(d.uvarint("digest change count", uint64(parts)))
	for range n {
		v := d.uvarint("part index", uint64(max(parts-1, 0))<<1|1)
		c := DigestChange{Step: step, Part: int(v >> 1), Gone: v&1 != 0}
		if !c.Gone {
			c.Hash = d.uint64()
		}
		if d.err != nil {
			return out
		}
		out = append(out, c)
	}
	return out
}

func (d *replayDecoder) replay() *Replay {
	for i := range len(replayMagic) {
		if d.byte() != replayMagic[i] {
			d.fail("not a Tessera replay file")
			return nil
		}
	}
	version := d.uvarint("version", math.MaxUint64)
	if d.err == nil && version != 1 && version != replayVersion {
		d.fail("version %d, want 1 or %d", version, replayVersion)
	}
	r := &Replay{Seed: d.uvarint("seed", math.MaxUint64), Hz: int(d.uvarint("rate", MaxHz))}
	if d.err == nil && r.Hz == 0 {
		d.fail("a rate of 0")
	}
	n := int(d.uvarint("action count", maxReplayActions))
	for range n {
		l := int(d.uvarint("name length", maxReplayName))
		b := make([]byte, 0, l)
		for range l {
			b = append(b, d.byte())
		}
		r.Actions = append(r.Actions, string(b))
	}
	if version >= 2 {
		r.Parts = d.parts()
	}
	r.Steps = d.uvarint("step count", maxReplaySteps)
	maxFlags := uint64(1)
	if version >= 2 {
		maxFlags = 3 // 1: hashes; 2: digests
	}
	flags := d.uvarint("hash and digest flags", maxFlags)
	hashed, digests := flags&1 != 0, flags&2 != 0
	for step := range r.Steps {
		if d.err != nil {
			return nil
		}
		changes := int(d.uvarint("change count", uint64(n)))
		for range changes {
			k := int(d.uvarint("action index", uint64(max(n-1, 0))))
			flags := d.uvarint("edge flags", 3)
			v := math.Float64frombits(d.uvarint("value", math.MaxUint64))
			if d.err == nil && !(v >= 0 && v <= 1) {
				d.fail("value %v is not in [0, 1]", v)
			}
			if d.err != nil {
				return nil
			}
			r.Changes = append(r.Changes, InputChange{Step: step, Action: k, Value: v, Pressed: flags&1 != 0, Released: flags&2 != 0})
		}
		if hashed {
			r.Hashes = append(r.Hashes, d.uint64())
		}
		if digests {
			r.Digests = d.digestChanges(r.Digests, step, len(r.Parts))
		}
	}
	if d.err == nil && digests {
		if err := r.checkDigests(); err != nil {
			d.fail("%v", strings.TrimPrefix(err.Error(), ErrReplay.Error()+": "))
		}
	}
	if d.err == nil {
		if _, err := d.r.ReadByte(); err == nil {
			d.fail("trailing bytes after the last step")
		}
	}
	return r
}
