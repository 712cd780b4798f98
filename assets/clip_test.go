package assets_test

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// clips lists an atlas's clips as "name frames fps mode", in order.
func clips(a *assets.Atlas) []string {
	var out []string
	for _, name := range a.Clips() {
		c, ok := a.Clip(name)
		if !ok || c.Name != name {
			out = append(out, fmt.Sprintf("Clip(%q) = %+v, %v", name, c, ok))
			continue
		}
		out = append(out, fmt.Sprintf("%s %v %v %v", c.Name, c.Frames, c.FPS, c.Mode))
	}
	return out
}

func TestClips(t *testing.T) {
	files := fstest.MapFS{
		"hero.png": {Data: pngFile(48, 16)},
		"hero.yaml": {Data: []byte(`
clips:                      # before the frames they name: the order of keys does not matter
  walk: {frames: [walk-0, walk-1], fps: 8, mode: loop}
  jump: {frames: [jump-0], fps: 12.5, mode: once}
  bob: {frames: [walk-0, 2, walk-1], fps: 3, mode: pingpong}
  idle: {frames: [walk-0], fps: 1}   # mode defaults to loop
image: hero.png
frames:
  walk-0: {x: 0, w: 16, h: 16}
  walk-1: {x: 16, w: 16, h: 16}
  jump-0: {x: 32, w: 16, h: 16}
`)},
		"tiles.yaml": {Data: []byte("image: hero.png\ngrid: {w: 8, h: 8, names: [a, ~, c]}\nclips:\n  all: {frames: [a, 1, c, 11], fps: 2}\n")},
	}
	l := assets.New(files)
	hero, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "clips", clips(hero), []string{"walk [0 1] 8 loop", "jump [2] 12.5 once", "bob [0 2 1] 3 pingpong", "idle [0] 1 loop"})
	if c, ok := hero.Clip("run"); ok {
		t.Errorf("Clip(run) = %+v, true; want false", c)
	}
	tiles, err := l.Atlas("tiles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "grid clips", clips(tiles), []string{"all [0 1 2 11] 2 loop"})

	grid, err := l.Grid("hero.png", assets.Grid{W: 16, H: 16})
	if err != nil {
		t.Fatal(err)
	}
	if got := grid.Clips(); got != nil {
		t.Errorf("a Grid atlas has clips %v", got)
	}
	if n := testing.AllocsPerRun(100, func() { hero.Clip("walk") }); n != 0 {
		t.Errorf("Clip allocates %v times, want 0", n)
	}
}

func TestClipErrors(t *testing.T) {
	frames := "image: a.png\nframes:\n  walk-0: {w: 2, h: 2}\n  walk-1: {x: 2, w: 2, h: 2}\n"
	grid := "image: a.png\ngrid: {w: 2, h: 2, names: [a, b]}\n"
	tests := []struct {
		name, src string
		want      []string
		kind      error
	}{
		{"not a mapping", frames + "clips: [walk]\n", []string{
			"a.yaml:5:8: clips takes a mapping of clip names to {frames, fps, mode}, got a list"}, assets.ErrDecode},
		{"empty", frames + "clips: {}\n", []string{
			"a.yaml:5:8: clips is empty: list at least one clip, or leave clips out"}, assets.ErrDecode},
		{"clip not a mapping", frames + "clips:\n  walk: [walk-0]\n", []string{
			`a.yaml:6:9: clip "walk" takes {frames, fps, mode}, got a list`}, assets.ErrDecode},
		{"clip twice", frames + "clips:\n  walk: {frames: [0], fps: 1}\n  walk: {frames: [1], fps: 1}\n", []string{
			`a.yaml:7:3: clip "walk" given twice (first at line 6)`}, assets.ErrDecode},
		{"unknown key", frames + "clips:\n  walk: {frames: [0], fps: 1, loop: true}\n", []string{
			`a.yaml:6:31: clip "walk": unknown key "loop" (keys: frames, fps, mode)`}, assets.ErrUnknownField},
		{"unknown key, a typo", frames + "clips:\n  walk: {frame: [0], fps: 1}\n", []string{
			`a.yaml:6:3: clip "walk" has no frames`,
			`a.yaml:6:10: clip "walk": unknown key "frame" (did you mean "frames"?)`}, assets.ErrUnknownField},
		{"key twice", frames + "clips:\n  walk: {frames: [0], fps: 1, fps: 2}\n", []string{
			`a.yaml:6:31: clip "walk": fps given twice`}, assets.ErrDecode},
		{"no frames, no fps", frames + "clips:\n  walk: {mode: once}\n", []string{
			`a.yaml:6:3: clip "walk" has no frames`, `a.yaml:6:3: clip "walk" has no fps`}, assets.ErrDecode},
		{"frames empty", frames + "clips:\n  walk: {frames: [], fps: 1}\n", []string{
			`a.yaml:6:18: clip "walk": frames is empty: list at least one frame`}, assets.ErrDecode},
		{"frames not a list", frames + "clips:\n  walk: {frames: walk-0, fps: 1}\n", []string{
			`a.yaml:6:18: clip "walk": frames takes a list of frame names or numbers, got the string "walk-0"`}, assets.ErrDecode},
		{"unknown frame", frames + "clips:\n  walk: {frames: [walk-0, walk-2], fps: 1}\n", []string{
			`a.yaml:6:27: clip "walk": no frame "walk-2" in the atlas (did you mean "walk-0"?)`}, assets.ErrDecode},
		{"unknown frame far from any", frames + "clips:\n  walk: {frames: [run], fps: 1}\n", []string{
			`a.yaml:6:19: clip "walk": no frame "run" in the atlas`}, assets.ErrDecode},
		{"frame not a name", frames + "clips:\n  walk: {frames: [[0]], fps: 1}\n", []string{
			`a.yaml:6:19: clip "walk": a frame is a name or a number, got a list`}, assets.ErrDecode},
		{"frame number too large", frames + "clips:\n  walk: {frames: [0, 2], fps: 1}\n", []string{
			`a.yaml:6:22: clip "walk": frame 2 is not in the atlas, which has 2 frames (0 to 1)`}, assets.ErrBounds},
		{"frame number negative", frames + "clips:\n  walk: {frames: [-1], fps: 1}\n", []string{
			`a.yaml:6:19: clip "walk": frame -1 is not a frame number of the atlas`}, assets.ErrBounds},
		{"fps zero", frames + "clips:\n  walk: {frames: [0], fps: 0}\n", []string{
			`a.yaml:6:28: clip "walk": fps is 0; it must be a positive, finite number`}, assets.ErrDecode},
		{"fps negative", frames + "clips:\n  walk: {frames: [0], fps: -8}\n", []string{
			`a.yaml:6:28: clip "walk": fps is -8; it must be a positive, finite number`}, assets.ErrDecode},
		{"fps infinite", frames + "clips:\n  walk: {frames: [0], fps: .inf}\n", []string{
			`a.yaml:6:28: clip "walk": fps is .inf; it must be a positive, finite number`}, assets.ErrDecode},
		{"fps not a number", frames + "clips:\n  walk: {frames: [0], fps: .nan}\n", []string{
			`a.yaml:6:28: clip "walk": fps is .nan; it must be a positive, finite number`}, assets.ErrDecode},
		{"fps a string", frames + "clips:\n  walk: {frames: [0], fps: fast}\n", []string{
			`a.yaml:6:28: clip "walk": fps takes a number of frames a second, got the string "fast"`}, assets.ErrDecode},
		{"unknown mode", frames + "clips:\n  walk: {frames: [0], fps: 1, mode: pingpng}\n", []string{
			`a.yaml:6:37: clip "walk": unknown clip mode "pingpng" (did you mean "pingpong"?)`}, assets.ErrDecode},
		{"unknown mode far from any", frames + "clips:\n  walk: {frames: [0], fps: 1, mode: backwards}\n", []string{
			`a.yaml:6:37: clip "walk": unknown clip mode "backwards" (modes: loop, once, pingpong)`}, assets.ErrDecode},
		{"mode not a name", frames + "clips:\n  walk: {frames: [0], fps: 1, mode: 2}\n", []string{
			`a.yaml:6:37: clip "walk": mode takes loop, once, pingpong, got the number 2`}, assets.ErrDecode},
		{"grid: unknown name", grid + "clips:\n  c: {frames: [a, bb], fps: 1}\n", []string{
			`a.yaml:4:19: clip "c": no frame "bb" in the atlas (did you mean "b"?)`}, assets.ErrDecode},
		{"grid: frame number beyond the image's cells", grid + "clips:\n  c: {frames: [3, 4], fps: 1}\n", []string{
			`a.yaml:4:19: clip "c": frame 4 is not in the atlas, which has 4 frames (0 to 3)`}, assets.ErrBounds},
		{"no names when the frames fail", "image: a.png\nframes: 3\nclips:\n  c: {frames: [x], fps: 1}\n", []string{
			`a.yaml:2:9: frames takes a mapping of frame names to {x, y, w, h}, got the number 3`}, assets.ErrDecode},
		{"several problems", frames + "clips:\n  a: {frames: [walk-1, wlak-0], fps: 0}\n  b: {frames: [9], fps: 1, mode: x}\n", []string{
			`a.yaml:6:24: clip "a": no frame "wlak-0" in the atlas (did you mean "walk-0"?)`,
			`a.yaml:6:38: clip "a": fps is 0; it must be a positive, finite number`,
			`a.yaml:7:34: clip "b": unknown clip mode "x" (modes: loop, once, pingpong)`}, assets.ErrDecode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{"a.png": {Data: pngFile(4, 4)}, "a.yaml": {Data: []byte(tt.src)}}
			a, err := assets.New(files).Atlas("a.yaml")
			if a != nil || err == nil {
				t.Fatalf("Atlas() = %v, %v; want an error", a, err)
			}
			equal(t, "errors", messages(t, err), tt.want)
			if !errors.Is(err, tt.kind) {
				t.Errorf("Atlas() = %v, want %v", err, tt.kind)
			}
		})
	}
}

// TestClipHintBudget: "did you mean" compares an unknown frame name with
// the frames' names within a budget, so a large file of misspellings
// fails in bounded time.
func TestClipHintBudget(t *testing.T) {
	var b []byte
	b = append(b, "image: a.png\ngrid: {w: 1, h: 1, names: ["...)
	const n = 4000
	for i := range n {
		b = fmt.Appendf(b, "f%04d, ", i)
	}
	b = append(b, "]}\nclips:\n"...)
	for i := range n {
		b = fmt.Appendf(b, "  c%d: {frames: [g%04d], fps: 1}\n", i, i)
	}
	files := fstest.MapFS{"a.png": {Data: pngFile(64, 64)}, "a.yaml": {Data: b}}
	start := time.Now()
	_, err := assets.New(files).Atlas("a.yaml")
	took := time.Since(start)
	errs := assets.Errors(err)
	t.Logf("%d KiB: %d errors in %v; first %v", len(b)>>10, len(errs), took, errs[0])
	if len(errs) != 101 || took > 2*time.Second {
		t.Errorf("%d errors in %v; want 100 and a count, in well under 2s", len(errs), took)
	}
}

func TestClipMode(t *testing.T) {
	for _, m := range []assets.ClipMode{assets.ClipLoop, assets.ClipOnce, assets.ClipPingPong} {
		b, err := m.MarshalText()
		if err != nil || string(b) != m.String() {
			t.Errorf("%v.MarshalText() = %q, %v", m, b, err)
		}
		var back assets.ClipMode
		if err := back.UnmarshalText(b); err != nil || back != m {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, m)
		}
	}
	if _, err := assets.ClipMode(7).MarshalText(); err == nil {
		t.Error("ClipMode(7).MarshalText() succeeded")
	}
	var m assets.ClipMode
	if err := m.UnmarshalText([]byte("Loop")); err == nil || err.Error() != `unknown clip mode "Loop" (did you mean "loop"?)` {
		t.Errorf("UnmarshalText(Loop) = %v", err)
	}
}

func TestClipFrameAt(t *testing.T) {
	frames := []int{10, 11, 12}
	tests := []struct {
		mode  assets.ClipMode
		n     int   // frames of the clip
		want  []int // frames shown at steps 0, 1, 2, ...
		ended int   // first step at which it has ended; -1 never
	}{
		{assets.ClipLoop, 3, []int{10, 11, 12, 10, 11, 12, 10}, -1},
		{assets.ClipOnce, 3, []int{10, 11, 12, 12, 12}, 3},
		{assets.ClipPingPong, 3, []int{10, 11, 12, 11, 10, 11, 12, 11}, -1},
		{assets.ClipPingPong, 2, []int{10, 11, 10, 11}, -1},
		{assets.ClipPingPong, 1, []int{10, 10, 10}, -1},
		{assets.ClipOnce, 1, []int{10, 10}, 1},
	}
	for _, tt := range tests {
		c := assets.Clip{Name: "c", Frames: frames[:tt.n], FPS: 4, Mode: tt.mode}
		var got []int
		for step := range tt.want {
			// The middle of each step, and its start, show the same frame.
			for _, at := range []time.Duration{time.Duration(step) * time.Second / 4, time.Duration(step)*time.Second/4 + time.Second/8} {
				f, ended := c.FrameAt(at)
				if ended != (tt.ended >= 0 && step >= tt.ended) {
					t.Errorf("%v of %d: FrameAt(%v) ended = %v", tt.mode, tt.n, at, ended)
				}
				if at%(time.Second/4) == 0 {
					got = append(got, f)
				}
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v of %d frames: %v, want %v", tt.mode, tt.n, got, tt.want)
		}
	}
	loop := assets.Clip{Frames: frames, FPS: 1e300}
	for _, at := range []time.Duration{-time.Second, 0, 1<<63 - 1} {
		if f, _ := loop.FrameAt(at); f < 10 || f > 12 {
			t.Errorf("FrameAt(%v) at 1e300 fps = %d", at, f)
		}
	}
	for _, tt := range []struct {
		c    assets.Clip
		want time.Duration
	}{
		{assets.Clip{Frames: frames, FPS: 4}, 750 * time.Millisecond},
		{assets.Clip{Frames: frames, FPS: 4, Mode: assets.ClipOnce}, 750 * time.Millisecond},
		{assets.Clip{Frames: frames, FPS: 4, Mode: assets.ClipPingPong}, time.Second},
		{assets.Clip{Frames: frames[:1], FPS: 4, Mode: assets.ClipPingPong}, 250 * time.Millisecond},
		{assets.Clip{FPS: 4}, 0},
	} {
		if got := tt.c.Duration(); got != tt.want {
			t.Errorf("%+v.Duration() = %v, want %v", tt.c, got, tt.want)
		}
	}
}

// TestClipsReload: a reload swaps an atlas's frames and clips together,
// and one that fails keeps both.
func TestClipsReload(t *testing.T) {
	d := newDirFiles(t)
	d.write("hero.png", pngFile(32, 16))
	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {w: 16, h: 16}\nclips:\n  idle: {frames: [a], fps: 1}\n"))
	l := assets.New(os.DirFS(d.dir))
	hero, err := l.Atlas("hero.yaml")
	if err != nil {
		t.Fatal(err)
	}

	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {w: 16, h: 16}\n  b: {x: 16, w: 16, h: 16}\nclips:\n  walk: {frames: [a, b], fps: 8}\n"))
	reload(t, l, []string{"hero.yaml"})
	equal(t, "clips after a reload", clips(hero), []string{"walk [0 1] 8 loop"})
	if _, ok := hero.Clip("idle"); ok {
		t.Error("the clip the file no longer has is still there")
	}

	d.write("hero.yaml", []byte("image: hero.png\nframes:\n  a: {w: 16, h: 16}\nclips:\n  walk: {frames: [a, b], fps: 8}\n"))
	reload(t, l, nil, `hero.yaml:5:22: clip "walk": no frame "b" in the atlas`)
	equal(t, "clips after a failed reload", clips(hero), []string{"walk [0 1] 8 loop"})
	if hero.Len() != 2 {
		t.Errorf("after a failed reload the atlas has %d frames, want 2", hero.Len())
	}

}
