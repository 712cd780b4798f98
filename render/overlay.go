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

// Overlay is a renderer's debug overlay, drawn over every camera: frames
// and fixed steps per second, the steps the last frame ran and those
// dropped, the entity count, what the last draw drew, each timed system's
// run time (average and longest over the last full second, with a bar
// each), and a page of the world's [world.Inspect] listing, turned with
// Page Up and Page Down.
//
// A key from the configuration shows and hides it ([Options.OverlayKey]).
// Hidden, it costs one key read a frame, and each system run one boolean
// test; it measures and draws nothing.
type Overlay struct {
	r       *Renderer
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
	started              time.Duration // when the system running now started
	timed                bool          // the system running now is timed (the overlay was shown when it started)
	drawing              core.Window
	inspect              []string
	inspectAt            time.Duration
	shownPage, pageRows  int
}

// timing is the run time of one timed system.
type timing struct {
	name  string
	phase world.Phase
	w     core.Window
}

// init sets the overlay up for r.
func (o *Overlay) init(r *Renderer, opts Options) error {
	o.r = r
	start := time.Now()
	o.clock = func() time.Duration { return time.Since(start) }
	if opts.OverlayKey != "" {
		if err := o.key.UnmarshalText([]byte(opts.OverlayKey)); err != nil {
			return fmt.Errorf("render: overlay key %q: %w", opts.OverlayKey, err)
		}
		o.hasKey = true
	}
	if opts.ShowOverlay {
		o.Show()
	}
	return nil
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
// [Renderer.Install] sets it on its world, so the overlay times every
// system of the world, in both phases, while it is shown. A system is
// known by its name and phase, so a scene entered again continues the same
// row.
func (o *Overlay) SystemStarted(name string, phase world.Phase) {
	// Whether this run is timed is decided at its start: a system that
	// shows the overlay (its key, read in render's frame system) must not
	// be timed from a stale start.
	o.timed = o.visible
	if o.timed {
		o.started = o.clock()
	}
}

// SystemEnded: see [Overlay.SystemStarted].
func (o *Overlay) SystemEnded(name string, phase world.Phase) {
	if !o.timed || !o.visible {
		return
	}
	o.timed = false
	now := o.clock()
	o.row(name, phase).w.Add(now, now-o.started)
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

// frame runs in render.frame: it reads the keys and, when shown, counts
// the frame and its steps.
func (o *Overlay) frame(ctx *world.Context) {
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
	o.count(ctx, o.clock())
}

// count accounts for a frame whose frame-phase context is ctx, at now.
func (o *Overlay) count(ctx *world.Context, now time.Duration) {
	steps, dropped := 0, 0
	if o.begun {
		steps = int(ctx.Step - o.prevStep)
		dropped = core.Dropped(ctx.DT, ctx.Now-o.prevNow, steps, o.r.stepLen)
	}
	o.begun, o.prevStep, o.prevNow = true, ctx.Step, ctx.Now
	o.lastSteps, o.lastDrop = steps, dropped
	o.frames.Count(now, 1)
	o.steps.Count(now, steps)
	o.drops.Count(now, dropped)
}

// drawn accounts for a Draw that started at start.
func (o *Overlay) drawn(start time.Duration) {
	now := o.clock()
	o.drawing.Add(now, now-start)
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

// draw draws the overlay on screen. It allocates (formatting, the
// inspect listing): it runs only while the overlay is shown.
func (o *Overlay) draw(screen *ebiten.Image) {
	now := o.clock()
	for _, w := range []*core.Window{&o.frames, &o.steps, &o.drops, &o.drawing} {
		w.Tick(now)
	}
	w := o.r.w
	entities := 0
	if w != nil {
		entities = w.Len()
	}
	st := o.r.stats
	lines := []string{
		fmt.Sprintf("FPS %.1f  TPS %.1f  steps %d  dropped %d/s",
			o.frames.Last().Rate(), o.steps.Last().Rate(), o.lastSteps, o.drops.Last().N),
		fmt.Sprintf("entities %d  drawn %d  culled %d  calls %d", entities, st.Drawn, st.Culled, st.DrawCalls),
		fmt.Sprintf("%-5s %-*s %*s %*s", "phase", nameCols, "system", numCols, "avg µs", numCols, "max µs"),
	}
	type row struct{ avg, max time.Duration }
	var rows []row
	for _, t := range o.systems {
		t.w.Tick(now)
		s := t.w.Last()
		lines = append(lines, fmt.Sprintf("%-5s %-*s %*.1f %*.1f", t.phase, nameCols, trim(t.name, nameCols), numCols, micros(s.Avg()), numCols, micros(s.Max)))
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
