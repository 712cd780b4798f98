package assets

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// ClipMode says how a [Clip] plays its frames.
type ClipMode uint8

const (
	// ClipLoop (the zero value) plays the frames in order and starts
	// again after the last: 0 1 2 0 1 2 ...
	ClipLoop ClipMode = iota
	// ClipOnce plays the frames in order once and stays on the last.
	ClipOnce
	// ClipPingPong plays the frames forward, then backward, and so on,
	// without showing the end frames twice: 0 1 2 1 0 1 2 ...
	ClipPingPong
)

// clipModes are the modes by name, in order.
var clipModes = []string{"loop", "once", "pingpong"}

// String returns "loop", "once" or "pingpong".
func (m ClipMode) String() string {
	if int(m) < len(clipModes) {
		return clipModes[m]
	}
	return fmt.Sprintf("ClipMode(%d)", uint8(m))
}

// MarshalText returns the mode's name, as an atlas file writes it:
// "loop", "once" or "pingpong". It fails for a mode that has none.
func (m ClipMode) MarshalText() ([]byte, error) {
	if int(m) >= len(clipModes) {
		return nil, fmt.Errorf("assets: no clip mode %d", uint8(m))
	}
	return []byte(clipModes[m]), nil
}

// UnmarshalText sets the mode from its name ("loop", "once" or
// "pingpong"). An unknown name is an error that lists the names, or
// suggests the closest.
func (m *ClipMode) UnmarshalText(b []byte) error {
	i := slices.Index(clipModes, string(b))
	if i < 0 {
		return fmt.Errorf("unknown clip mode %q%s", b, modeHint(string(b)))
	}
	*m = ClipMode(i)
	return nil
}

// modeHint suggests the closest mode name, or lists them.
func modeHint(got string) string {
	h := hint(got, clipModes)
	if strings.HasPrefix(h, " (keys: ") {
		return " (modes: " + strings.Join(clipModes, ", ") + ")"
	}
	return h
}

// Clip is a named animation of an atlas: frames shown in turn, FPS of them
// a second, played as Mode says. Atlas files define clips by name (see
// [Loader.Atlas]); [Atlas.Clip] looks them up.
type Clip struct {
	Name string
	// Frames are the frame numbers of the atlas, in the order they play
	// (a frame may come more than once). Never empty in a clip an atlas
	// returns; it is the atlas's own slice and must not be modified.
	Frames []int
	FPS    float64 // frames a second; positive and finite
	Mode   ClipMode
}

// Duration returns the time the clip takes to play once: len(Frames)/FPS
// for ClipLoop and ClipOnce, and for ClipPingPong a whole cycle, forward
// and back, (2·len(Frames)−2)/FPS (1/FPS for a single frame). It is 0
// for a clip without frames or without a positive FPS.
func (c Clip) Duration() time.Duration {
	n := c.cycle()
	if n == 0 || !(c.FPS > 0) {
		return 0
	}
	return time.Duration(float64(n) / c.FPS * float64(time.Second))
}

// cycle returns the number of steps before the clip repeats.
func (c Clip) cycle() int {
	n := len(c.Frames)
	if c.Mode == ClipPingPong && n > 1 {
		return 2*n - 2
	}
	return n
}

// FrameAt returns the frame number (of the atlas) the clip shows t after
// it started, and whether a ClipOnce clip has ended (it shows its last
// frame from then on; loops never end). A negative t shows the first
// frame. O(1), no allocation. Panics if the clip has no frames.
func (c Clip) FrameAt(t time.Duration) (frame int, ended bool) {
	n := len(c.Frames)
	if n == 0 {
		panic(fmt.Errorf("assets: FrameAt of clip %q, which has no frames", c.Name))
	}
	s := 0.0 // steps since the start
	if t > 0 && c.FPS > 0 {
		s = math.Floor(t.Seconds() * c.FPS)
	}
	if c.Mode == ClipOnce {
		if !(s < float64(n)) { // past the end (or so far past it that s is infinite)
			return c.Frames[n-1], true
		}
		return c.Frames[int(s)], false
	}
	cycle := c.cycle()
	step := 0
	if !math.IsInf(s, 0) {
		step = int(math.Mod(s, float64(cycle)))
	}
	if step >= n { // ping-pong, on the way back
		step = cycle - step
	}
	return c.Frames[step], false
}

// Clip returns the clip named name, and whether the atlas has one. O(1),
// no allocation; the clip's Frames are the atlas's own and must not be
// modified. A reload swaps the atlas's frames and clips together: look the
// clip up again after one (the [Atlas.Generation] changes).
func (a *Atlas) Clip(name string) (Clip, bool) {
	s := a.state.Load()
	i, ok := s.clipIndex[name]
	if !ok {
		return Clip{}, false
	}
	return s.clips[i], true
}

// Clips returns the names of the atlas's clips in the order its file
// lists them; nil for an atlas without clips (every atlas [Loader.Grid]
// makes). It allocates a new slice.
func (a *Atlas) Clips() []string {
	s := a.state.Load()
	if len(s.clips) == 0 {
		return nil
	}
	out := make([]string, len(s.clips))
	for i, c := range s.clips {
		out[i] = c.Name
	}
	return out
}

// clipDef is a clip as the atlas file gives it, with its frames resolved
// to numbers and the nodes errors point at.
type clipDef struct {
	Clip
	node *yaml.Node   // the clip's name
	refs []*yaml.Node // per frame, the node naming it
}

var clipKeys = []string{"frames", "fps", "mode"}

// frameNames says what the names of an atlas file's frames are, for
// resolving clips: index maps a name to its frame number; known is false
// when the frames could not be read (another error says why), so that
// names are not reported unknown for it.
type frameNames struct {
	index map[string]int
	names []string // in order, for "did you mean"
	known bool
}

// parseClips reads an atlas file's clips, resolving frame names with
// names. Numbers are checked against the atlas's frames later, by
// [atlasState.setClips], once their count is known (a grid's depends on
// its image).
func parseClips(n *yaml.Node, names frameNames, fail func(*yaml.Node, error, string, ...any)) []clipDef {
	if n.Kind != yaml.MappingNode {
		fail(n, ErrDecode, "clips takes a mapping of clip names to {frames, fps, mode}, got %s", describe(n))
		return nil
	}
	if len(n.Content) == 0 {
		fail(n, ErrDecode, "clips is empty: list at least one clip, or leave clips out")
		return nil
	}
	var out []clipDef
	seen := make(map[string]*yaml.Node)
	budget := hintBudget
	for k, v := range mappingPairs(n, fail) {
		if prev, dup := seen[k.Value]; dup {
			fail(k, ErrDecode, "clip %q given twice (first at line %d)", k.Value, prev.Line)
			continue
		}
		seen[k.Value] = k
		if c, ok := parseClip(k, v, names, &budget, fail); ok {
			out = append(out, c)
		}
	}
	return out
}

// parseClip reads one clip, named by key k.
func parseClip(k, v *yaml.Node, names frameNames, budget *int, fail func(*yaml.Node, error, string, ...any)) (clipDef, bool) {
	name := k.Value
	c := clipDef{Clip: Clip{Name: name}, node: k}
	if v.Kind != yaml.MappingNode {
		fail(v, ErrDecode, "clip %q takes {frames, fps, mode}, got %s", name, describe(v))
		return c, false
	}
	ok := true
	have := make(map[string]bool)
	for fk, fv := range mappingPairs(v, fail) {
		if !slices.Contains(clipKeys, fk.Value) {
			fail(fk, ErrUnknownField, "clip %q: unknown key %q%s", name, fk.Value, hint(fk.Value, clipKeys))
			ok = false
			continue
		}
		if have[fk.Value] {
			fail(fk, ErrDecode, "clip %q: %s given twice", name, fk.Value)
			ok = false
			continue
		}
		have[fk.Value] = true
		switch fk.Value {
		case "frames":
			var good bool
			c.Frames, c.refs, good = clipFrames(name, fv, names, budget, fail)
			ok = ok && good
		case "fps":
			fps, good := fpsValue(name, fv, fail)
			c.FPS, ok = fps, ok && good
		case "mode":
			if fv.Kind != yaml.ScalarNode || fv.ShortTag() != "!!str" {
				fail(fv, ErrDecode, "clip %q: mode takes %s, got %s", name, strings.Join(clipModes, ", "), describe(fv))
				ok = false
			} else if err := c.Mode.UnmarshalText([]byte(fv.Value)); err != nil {
				fail(fv, ErrDecode, "clip %q: %v", name, err)
				ok = false
			}
		}
	}
	for _, req := range []string{"frames", "fps"} {
		if !have[req] {
			fail(k, ErrDecode, "clip %q has no %s", name, req)
			ok = false
		}
	}
	return c, ok
}

// clipFrames reads a clip's list of frames: names, or numbers.
func clipFrames(clip string, n *yaml.Node, names frameNames, budget *int, fail func(*yaml.Node, error, string, ...any)) ([]int, []*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		fail(n, ErrDecode, "clip %q: frames takes a list of frame names or numbers, got %s", clip, describe(n))
		return nil, nil, false
	}
	if len(n.Content) == 0 {
		fail(n, ErrDecode, "clip %q: frames is empty: list at least one frame", clip)
		return nil, nil, false
	}
	frames := make([]int, 0, len(n.Content))
	refs := make([]*yaml.Node, 0, len(n.Content))
	ok := true
	for _, f := range n.Content {
		f = resolve(f)
		switch {
		case f.Kind == yaml.ScalarNode && f.ShortTag() == "!!int":
			var i int64
			if err := f.Decode(&i); err != nil || i < 0 || i >= maxFrames {
				fail(f, ErrBounds, "clip %q: frame %s is not a frame number of the atlas", clip, f.Value)
				ok = false
				continue
			}
			frames, refs = append(frames, int(i)), append(refs, f)
		case f.Kind == yaml.ScalarNode && f.ShortTag() == "!!str":
			if !names.known {
				ok = false
				continue
			}
			i, found := names.index[f.Value]
			if !found {
				fail(f, ErrDecode, "clip %q: no frame %q in the atlas%s", clip, f.Value, nearestName(f.Value, names.names, budget))
				ok = false
				continue
			}
			frames, refs = append(frames, i), append(refs, f)
		default:
			fail(f, ErrDecode, "clip %q: a frame is a name or a number, got %s", clip, describe(f))
			ok = false
		}
	}
	return frames, refs, ok
}

// fpsValue reads a clip's frames a second: a positive, finite number.
func fpsValue(clip string, n *yaml.Node, fail func(*yaml.Node, error, string, ...any)) (float64, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" && n.ShortTag() != "!!float" {
		fail(n, ErrDecode, "clip %q: fps takes a number of frames a second, got %s", clip, describe(n))
		return 0, false
	}
	var fps float64
	if err := n.Decode(&fps); err != nil || !(fps > 0) || math.IsInf(fps, 0) {
		fail(n, ErrDecode, "clip %q: fps is %s; it must be a positive, finite number", clip, n.Value)
		return 0, false
	}
	return fps, true
}

// setClips checks defs' frame numbers against s's frames and stores the
// clips in s. p is the atlas file, for errors.
func (s *atlasState) setClips(p string, defs []clipDef) []*LoadError {
	if len(defs) == 0 {
		s.clips, s.clipIndex = nil, nil
		return nil
	}
	var errs []*LoadError
	s.clips = make([]Clip, 0, len(defs))
	s.clipIndex = make(map[string]int, len(defs))
	for _, d := range defs {
		good := true
		for j, i := range d.Frames {
			if i >= len(s.frames) && len(errs) < maxErrors {
				errs = append(errs, at(p, d.refs[j], ErrBounds, "clip %q: frame %d is not in the atlas, which has %d frames (0 to %d)", d.Name, i, len(s.frames), len(s.frames)-1))
				good = false
			}
		}
		if good {
			s.clipIndex[d.Name] = len(s.clips)
			s.clips = append(s.clips, d.Clip)
		}
	}
	return errs
}

// hintBudget bounds the names one atlas file's "did you mean" hints
// compare: a file of a million frames and as many misspellings would
// otherwise take hours to report.
const hintBudget = 1 << 14

// nearestName suggests the name in names closest to got, for an unknown
// name's message, or returns "" when none is close or the budget of
// comparisons is spent.
func nearestName(got string, names []string, budget *int) string {
	best, bestD := "", min(3, len(got)) // a typo keeps a letter of a short name at least
	for _, n := range names {
		if *budget <= 0 {
			break
		}
		if d := len(n) - len(got); d >= bestD || -d >= bestD {
			continue // the lengths alone are too far apart
		}
		*budget--
		if d := yamltext.Distance(got, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + strconv.Quote(best) + "?)"
}
