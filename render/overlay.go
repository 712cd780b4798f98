package render

import (
	"fmt"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// Overlay is the debug overlay, drawn over every scene: frames
// and fixed steps per second, the steps the last frame ran and those
// dropped, the entity count, what the last draw drew, each timed system's
// run time (average and longest over the last full second, with a bar
// each; with the world's own timing on, see [world.World.SetTimingWindow],
// also the average time its command buffer took to apply), and a page of
// the world's [world.Inspect] listing, turned with Page Up and Page Down.
//
// The engine's window runtime makes one, shows and hides it on the key
// the configuration names (debug.overlay_key), times the systems of the
// scene that steps and draws it last. Hidden, it costs one key read a
// frame, and each system run one boolean test; it measures and draws
// nothing.
type Overlay struct {
	visible bool
	clock   func() time.Duration // a monotonic clock; tests replace it

	key                    ebiten.Key
	hasKey                 bool
	keyWas, upWas, downWas bool
	page                   int

	begun                bool
	prevStep             uint64
	prevNow              time.Duration
	lastSteps, lastDrop  int
	frames, steps, drops core.Window
	systems              []*timing
	drawing              core.Window
	drawStart            time.Duration
	inspect              []string
	inspectAt            time.Duration
	shownPage, pageRows  int
}

// timing is the run time of one timed system. Systems that declare their
// access run at once (see [world.System]), so each keeps its own start.
type timing struct {
	name    string
	phase   world.Phase
	w       core.Window
	started time.Duration // when its run now in progress started
	timed   bool          // that run is timed (the overlay was shown when it started)
}

// NewOverlay returns a hidden overlay that key shows and hides, as the
// configuration names keys (ebitengine's names: "F3", "Backquote"); ""
// means no key. It returns an error if key names no key.
func NewOverlay(key string) (*Overlay, error) {
	o := &Overlay{}
	start := time.Now()
	o.clock = func() time.Duration { return time.Since(start) }
	if key != "" {
		if err := o.key.UnmarshalText([]byte(key)); err != nil {
			return nil, fmt.Errorf("render: overlay key %q: %w", key, err)
		}
		o.hasKey = true
	}
	return o, nil
}

// Visible reports whether the overlay is shown.
func (o *Overlay) Visible() bool { return o.visible }

// Show shows the overlay. Its numbers start afresh: the per-second ones
// appear after a second.
func (o *Overlay) Show() {
	if o.visible {
		return
	}
	o.visible, o.begun = true, false
	o.frames.Reset()
	o.steps.Reset()
	o.drops.Reset()
	o.drawing.Reset()
	for _, t := range o.systems {
		t.w.Reset()
	}
	o.inspect = o.inspect[:0]
}

// Hide hides the overlay.
func (o *Overlay) Hide() { o.visible = false }

// Toggle shows the overlay if it is hidden and hides it if it is shown.
func (o *Overlay) Toggle() {
	if o.visible {
		o.Hide()
	} else {
		o.Show()
	}
}

// SystemStarted and SystemEnded make the overlay a [world.RunObserver]:
// the window runtime sets it on every scene's world, so the overlay times
// every system, in both phases, while it is shown. A system is
// known by its name and phase, so a scene entered again continues the same
// row. The world serializes the calls of systems that run at once, and
// their runs overlap: each row keeps its own start.
func (o *Overlay) SystemStarted(name string, phase world.Phase) {
	// Whether this run is timed is decided at its start: a system that
	// shows the overlay (its key, read in render's frame system) must not
	// be timed from a stale start.
	if !o.visible {
		return
	}
	t := o.row(name, phase)
	t.started, t.timed = o.clock(), true
}

// SystemEnded: see [Overlay.SystemStarted].
func (o *Overlay) SystemEnded(name string, phase world.Phase) {
	if !o.visible {
		return
	}
	t := o.row(name, phase)
	if !t.timed {
		return
	}
	t.timed = false
	now := o.clock()
	t.w.Add(now, now-t.started)
}

// row returns the timing row of a system, adding it on first use.
func (o *Overlay) row(name string, phase world.Phase) *timing {
	for _, t := range o.systems {
		if t.name == name && t.phase == phase {
			return t
		}
	}
	t := &timing{name: name, phase: phase}
	o.systems = append(o.systems, t)
	return t
}

// Frame runs once a frame, after the frame's steps: it reads the keys
// and, when shown, counts the frame and its steps. step is the number of
// fixed steps run so far, now the simulated time, dt the frame's length
// in seconds and stepLen one step's length.
func (o *Overlay) Frame(step uint64, now time.Duration, dt float64, stepLen time.Duration) {
	if o.hasKey {
		down := ebiten.IsKeyPressed(o.key)
		if down && !o.keyWas {
			o.Toggle()
		}
		o.keyWas = down
	}
	if !o.visible {
		return
	}
	up, down := ebiten.IsKeyPressed(ebiten.KeyPageUp), ebiten.IsKeyPressed(ebiten.KeyPageDown)
	if up && !o.upWas && o.page > 0 {
		o.page--
	}
	if down && !o.downWas {
		o.page++
	}
	o.upWas, o.downWas = up, down
	o.count(step, now, dt, stepLen, o.clock())
}

// count accounts for a frame that ended at step and simulated time now,
// dt seconds long, at the clock's wall time at.
func (o *Overlay) count(step uint64, now time.Duration, dt float64, stepLen, at time.Duration) {
	steps, dropped := 0, 0
	if o.begun {
		steps = int(step - o.prevStep)
		dropped = core.Dropped(dt, now-o.prevNow, steps, stepLen)
	}
	o.begun, o.prevStep, o.prevNow = true, step, now
	o.lastSteps, o.lastDrop = steps, dropped
	o.frames.Count(at, 1)
	o.steps.Count(at, steps)
	o.drops.Count(at, dropped)
}

// StartDraw and EndDraw bracket the drawing of the scenes, which the
// overlay times while it is shown.
func (o *Overlay) StartDraw() {
	if o.visible {
		o.drawStart = o.clock()
	}
}

// EndDraw: see [Overlay.StartDraw].
func (o *Overlay) EndDraw() {
	if o.visible {
		now := o.clock()
		o.drawing.Add(now, now-o.drawStart)
	}
}

// The overlay's look. ebitenutil's debug font is 6 × 16 pixels a glyph.
const (
	glyphW, lineH = 6, 16
	maxBarW       = 80 // the longest bar, in pixels, room permitting
	nameCols      = 18
	numCols       = 7
	inspectRows   = 12 // entities on a page of the inspect listing, room permitting
)

var (
	overlayBack = color.NRGBA{0, 0, 0, 0xc0}
	barAvg      = color.NRGBA{0x40, 0xd0, 0x60, 0xff}
	barMax      = color.NRGBA{0xe0, 0x80, 0x30, 0xff}
)

// Draw draws the overlay on screen, if it is shown, about w (the world
// of the scene that steps; nil for none) and st (what the scenes' last
// draws did). It allocates (formatting, the inspect listing): it runs
// only while the overlay is shown.
func (o *Overlay) Draw(screen *ebiten.Image, w *world.World, st Stats) {
	if !o.visible {
		return
	}
	now := o.clock()
	for _, w := range []*core.Window{&o.frames, &o.steps, &o.drops, &o.drawing} {
		w.Tick(now)
	}
	entities := 0
	var applies map[string]time.Duration // by phase and name, when the world times its systems
	if w != nil {
		entities = w.Len()
		if w.TimingWindow() > 0 {
			applies = make(map[string]time.Duration)
			for _, t := range w.Timings() {
				applies[t.Phase.String()+" "+t.System] = t.Apply.Avg
			}
		}
	}
	header := fmt.Sprintf("%-5s %-*s %*s %*s", "phase", nameCols, "system", numCols, "avg µs", numCols, "max µs")
	if applies != nil {
		header += fmt.Sprintf(" %*s", numCols, "apply")
	}
	lines := []string{
		fmt.Sprintf("FPS %.1f  TPS %.1f  steps %d  dropped %d/s",
			o.frames.Last().Rate(), o.steps.Last().Rate(), o.lastSteps, o.drops.Last().N),
		fmt.Sprintf("entities %d  drawn %d  culled %d  calls %d", entities, st.Drawn, st.Culled, st.DrawCalls),
		header,
	}
	type row struct{ avg, max time.Duration }
	var rows []row
	for _, t := range o.systems {
		t.w.Tick(now)
		s := t.w.Last()
		line := fmt.Sprintf("%-5s %-*s %*.1f %*.1f", t.phase, nameCols, trim(t.name, nameCols), numCols, micros(s.Avg()), numCols, micros(s.Max))
		if a, ok := applies[t.phase.String()+" "+t.name]; ok {
			line += fmt.Sprintf(" %*.1f", numCols, micros(a))
		}
		lines = append(lines, line)
		rows = append(rows, row{s.Avg(), s.Max})
	}
	d := o.drawing.Last()
	lines = append(lines, fmt.Sprintf("%-5s %-*s %*.1f %*.1f", "", nameCols, "Draw", numCols, micros(d.Avg()), numCols, micros(d.Max)))
	rows = append(rows, row{d.Avg(), d.Max})
	firstBar := len(lines) - len(rows)

	b := screen.Bounds()
	room := min((b.Dy()-4)/lineH-len(lines)-1, inspectRows+1)
	if w != nil && room > 1 { // a header line and at least one entry
		lines = append(lines, o.inspectPage(w, now, room)...)
	}

	cols := (b.Dx() - 8) / glyphW
	width := 0
	for i, l := range lines {
		lines[i] = trim(l, cols)
		width = max(width, len([]rune(lines[i])))
	}
	barX := 4 + glyphW*(6+nameCols+2*numCols+2) + 4
	if applies != nil {
		barX += glyphW * (numCols + 1)
	}
	barW := min(maxBarW, b.Dx()-barX-4)
	vector.DrawFilledRect(screen, float32(b.Min.X), float32(b.Min.Y), float32(max(glyphW*width+8, barX+barW+4)), float32(lineH*len(lines)+8), overlayBack, false)
	for i, l := range lines {
		ebitenutil.DebugPrintAt(screen, l, b.Min.X+4, b.Min.Y+4+lineH*i)
	}
	var longest time.Duration
	for _, r := range rows {
		longest = max(longest, r.max)
	}
	if longest == 0 || barW <= 0 {
		return
	}
	x0 := float32(b.Min.X + barX)
	for i, r := range rows {
		y := float32(b.Min.Y + 4 + lineH*(firstBar+i) + 4)
		vector.DrawFilledRect(screen, x0, y+6, float32(barW)*float32(r.max)/float32(longest), 2, barMax, false)
		vector.DrawFilledRect(screen, x0, y, float32(barW)*float32(r.avg)/float32(longest), 6, barAvg, false)
	}
}

// inspectPage returns the overlay's page of the world's inspect listing,
// rows entries long, refreshed twice a second and when the page turns.
func (o *Overlay) inspectPage(w *world.World, now time.Duration, rows int) []string {
	pages := max(1, (w.Len()+rows-2)/(rows-1))
	o.page = min(o.page, pages-1)
	if len(o.inspect) == 0 || o.shownPage != o.page || o.pageRows != rows || now-o.inspectAt >= time.Second/2 {
		o.shownPage, o.pageRows, o.inspectAt = o.page, rows, now
		per := rows - 1
		all := world.Inspect(w, (o.page+1)*per, 48)
		from := min(o.page*per, len(all))
		o.inspect = append(o.inspect[:0], fmt.Sprintf("entities %d-%d of %d (page %d/%d, PgUp/PgDn)",
			min(from+1, len(all)), len(all), w.Len(), o.page+1, pages))
		for _, in := range all[from:] {
			o.inspect = append(o.inspect, in.String())
		}
	}
	return o.inspect
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// trim cuts s to n runes.
func trim(s string, n int) string {
	if r := []rune(s); len(r) > n && n > 0 {
		return string(r[:n-1]) + "~" // the debug font has Latin-1 only
	}
	return s
}
