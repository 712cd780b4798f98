package game_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/internal/runner/game"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
)

// play runs a game headless from its title.
type play struct {
	t *testing.T
	g *game.Game
	h *engine.Headless
}

func newPlay(t *testing.T, seed uint64) *play {
	t.Helper()
	g := game.New(seed)
	h, err := engine.NewHeadless(game.Config(), engine.Game{First: g.First(), Assets: game.Files()}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h.Events().Subscribe(func(ev engine.Event) {
		if ev.Kind == engine.EventError {
			t.Errorf("error event: %v", ev)
		}
	})
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return &play{t: t, g: g, h: h}
}

// tap presses action for one step.
func (p *play) tap(action string) {
	p.t.Helper()
	if err := p.h.Input().Hold(action, true); err != nil {
		p.t.Fatal(err)
	}
	p.steps(1)
	if err := p.h.Input().Hold(action, false); err != nil {
		p.t.Fatal(err)
	}
	p.steps(1)
}

func (p *play) steps(n uint64) {
	p.t.Helper()
	if err := p.h.RunSteps(n); err != nil {
		p.t.Fatal(err)
	}
}

// until runs steps until cond holds, failing after max steps.
func (p *play) until(what string, max int, cond func() bool) {
	p.t.Helper()
	for range max {
		if cond() {
			return
		}
		p.steps(1)
	}
	p.t.Fatalf("after %d steps: never %s", max, what)
}

func (p *play) run() *game.Run {
	r, _ := p.h.Scenes().Top().(*game.Run)
	return r
}

func (p *play) over() bool {
	_, ok := p.h.Scenes().Top().(*game.Over)
	return ok
}

// sounds returns the paths of the sounds asked for so far.
func (p *play) sounds() []string {
	var out []string
	for _, s := range p.h.Sounds() {
		out = append(out, s.Path.String())
	}
	return out
}

// TestIdleRunEnds: a run nobody jumps in ends at the first obstacle, with
// no points, the hit sound and the game-over scene over the run.
func TestIdleRunEnds(t *testing.T) {
	p := newPlay(t, 1)
	p.steps(10)
	if _, ok := p.h.Scenes().Top().(*game.Title); !ok {
		t.Fatalf("top scene %T, want the title", p.h.Scenes().Top())
	}
	p.tap("jump")
	p.until("a run starts", 10, func() bool { return p.run() != nil })
	r := p.run()
	p.until("the run ends", 60*10, p.over)
	if !r.Over() || r.Points() != 0 || p.g.Last != 0 {
		t.Errorf("idle run: over %v, points %d, last %d; want over with 0", r.Over(), r.Points(), p.g.Last)
	}
	if got := p.sounds(); !slices.Contains(got, game.SoundHit) || slices.Contains(got, game.SoundPoint) {
		t.Errorf("sounds %q: want the hit and no point", got)
	}
	if p.h.Scenes().Len() != 2 {
		t.Errorf("%d scenes on the stack, want the run under the game-over scene", p.h.Scenes().Len())
	}
}

// jumper holds jump when the nearest obstacle ahead is close: a player
// who clears every obstacle.
func (p *play) jumper(steps int) {
	for range steps {
		if p.over() || p.run() == nil {
			return
		}
		w := p.run().World()
		rx := geom.Position.Require(w, p.run().Runner()).X
		near := false
		for _, e := range w.Entities() {
			if _, ok := game.Obstacles.Get(w, e); ok {
				if x := geom.Position.Require(w, e).X; x > rx && x-rx < 34 {
					near = true
				}
			}
		}
		if err := p.h.Input().Hold("jump", near); err != nil {
			p.t.Fatal(err)
		}
		p.steps(1)
	}
}

// TestJumperScores: a player who jumps each obstacle in time scores a
// point for each, heard as a point sound, and the score text says so; the
// runner's sprite plays the jump clip in the air.
func TestJumperScores(t *testing.T) {
	p := newPlay(t, 1)
	p.tap("confirm")
	p.until("a run starts", 10, func() bool { return p.run() != nil })
	r := p.run()
	sawJumpFrame := false
	for range 60 * 20 / 10 {
		p.jumper(10)
		if p.run() == nil {
			break
		}
		pic := drawable.Sprite.Require(r.World(), r.Runner())
		if n := pic.Region.Frame.String(); n == "17" || n == "18" {
			sawJumpFrame = true
		}
	}
	if r.Points() < 5 {
		t.Fatalf("after 20 s of good jumps: %d points, want at least 5 (over: %v)", r.Points(), r.Over())
	}
	if !sawJumpFrame {
		t.Error("the runner never showed a frame of its jump clip")
	}
	n := 0
	for _, s := range p.sounds() {
		if s == game.SoundPoint {
			n++
		}
	}
	if n != r.Points() {
		t.Errorf("%d point sounds for %d points", n, r.Points())
	}
	var text string
	for _, e := range r.World().Entities() {
		if l, ok := drawable.Text.Get(r.World(), e); ok && r.World().Has(e, drawable.Screen) {
			text = l.Text
		}
	}
	if want := itoa(r.Points()); text != want {
		t.Errorf("score text %q, want %q", text, want)
	}
}

// TestRunAgain: from the game-over scene, confirm starts a fresh run; the
// best score is kept.
func TestRunAgain(t *testing.T) {
	p := newPlay(t, 2)
	p.tap("confirm")
	p.until("a run starts", 10, func() bool { return p.run() != nil })
	p.jumper(60 * 6)
	p.until("the run ends", 60*30, p.over)
	first := p.g.Last
	p.steps(40) // past the game-over scene's wait
	p.tap("confirm")
	p.until("a second run starts", 10, func() bool { return p.run() != nil && p.g.Runs == 2 })
	if p.h.Scenes().Len() != 1 || p.run().Points() != 0 || p.g.Best != first {
		t.Errorf("second run: %d scenes, %d points, best %d; want 1 scene, 0 points, best %d", p.h.Scenes().Len(), p.run().Points(), p.g.Best, first)
	}
}

// TestDeterministic: the same seed and input give the same run.
func TestDeterministic(t *testing.T) {
	var results [2][2]float64
	for i := range results {
		p := newPlay(t, 7)
		p.tap("confirm")
		p.until("a run starts", 10, func() bool { return p.run() != nil })
		r := p.run()
		p.jumper(60 * 8)
		results[i] = [2]float64{float64(r.Points()), geom.Position.Require(r.World(), r.Runner()).Y}
	}
	if results[0] != results[1] {
		t.Errorf("two runs of seed 7 differ: %v", results)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// TestMisnamedFrame: a prefab naming a frame its atlas does not have is a
// load error naming the file, line and column, when the title is entered;
// never a blank sprite.
func TestMisnamedFrame(t *testing.T) {
	bad := overlayFS(game.Files(), "prefabs/extra.yaml", "broken:\n  components:\n    Sprite: {atlas: sprites/tiles.yaml, frame: gras}\n")
	h, err := engine.NewHeadless(game.Config(), engine.Game{First: game.New(1).First(), Assets: bad}, engine.HeadlessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	err = h.Start()
	if err == nil || !strings.Contains(err.Error(), "prefabs/extra.yaml:3:") || !strings.Contains(err.Error(), `"gras"`) {
		t.Errorf("Start() = %v, want a load error at prefabs/extra.yaml:3 naming the frame", err)
	}
}

// overlayFS is files with one more file.
func overlayFS(files fs.FS, name, content string) fs.FS {
	return assets.WithFiles(files, map[string][]byte{name: []byte(content)})
}
