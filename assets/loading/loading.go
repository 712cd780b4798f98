package loading

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image/color"
	"sync/atomic"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Bar is the progress bar's place and colours. A zero field takes the
// value [DefaultBar] gives it.
type Bar struct {
	X, Y float64    // the bar's top-left corner, in logical pixels; zero is the screen's corner
	W, H float64    // the bar's size; zero means DefaultBar's (200 by 8)
	Back color.RGBA // the unfilled part; zero means dark grey
	Fill color.RGBA // the filled part; zero means white
	Fail color.RGBA // the filled part once the batch has failed; zero means red
}

// DefaultBar is the bar a zero [Bar] stands for.
var DefaultBar = Bar{
	W: 200, H: 8,
	Back: color.RGBA{0x30, 0x30, 0x30, 0xff},
	Fill: color.RGBA{0xf0, 0xf0, 0xf0, 0xff},
	Fail: color.RGBA{0xe0, 0x30, 0x30, 0xff},
}

func (b Bar) withDefaults() Bar {
	var zero color.RGBA
	b.W, b.H = cmp.Or(b.W, DefaultBar.W), cmp.Or(b.H, DefaultBar.H)
	if b.Back == zero {
		b.Back = DefaultBar.Back
	}
	if b.Fill == zero {
		b.Fill = DefaultBar.Fill
	}
	if b.Fail == zero {
		b.Fail = DefaultBar.Fail
	}
	return b
}

// Scene loads a batch of assets, or runs another slow task (its Task, such
// as preparing a saved game), while showing its progress. On entering
// it starts [assets.Batch.Load] (or the task) on a goroutine; each frame its Update
// moves the bar, and once the batch is done it either replaces itself with
// Next (the change takes effect between steps, as every scene change
// does) or, if the batch failed, turns the bar red and calls OnError.
// Leaving the scene before the batch is done cancels the batch and waits
// for the loads in progress to finish, so nothing loads behind the game's
// back and the cache holds whole assets only.
//
// The bar is two entities in the scene's world, drawn as any scene's
// drawables are: the background and, over it (Order.Z 1), the filled
// part, each with a [geom.Position] and a [drawable.Shape] rectangle, and
// tagged [drawable.Screen], so that the bar is placed in logical screen
// pixels whatever the cameras do. Moving the bar changes the fill's size
// in place and allocates nothing. A game that wants more (a title, an
// animation) spawns entities in the World in the OnEnter of a scene that
// embeds this one, after calling this one's, or shows a scene of its own
// beneath it.
//
// The batch's assets land in the loader's cache, where Next finds them
// (loader.Image(path) and so on return at once). Which frame the loading
// ends on depends on the machine, so the game's simulation should start in
// Next, whose steps are deterministic again.
type Scene struct {
	scene.Base

	// Batch is what the scene loads. Entering a scene without a Batch or
	// a Task fails.
	Batch *assets.Batch
	// Task, used when Batch is nil, is any other slow work the scene
	// shows the progress of, such as preparing a saved game
	// (save.Codec.Prepare): it runs on the scene's goroutine, must stop
	// soon once ctx is done, and reports what it has done of its total
	// through progress (from any goroutine). Its error is the scene's,
	// as a batch's is; it has no results.
	Task func(ctx context.Context, progress func(done, total int)) error
	// Next is the scene that replaces this one once the batch has loaded
	// without errors. Nil pops the loading scene instead (for one pushed
	// over a scene that waits for the assets).
	Next scene.Scene
	// OnError, if not nil, is called on the loop's goroutine with the
	// batch's error when it fails. The scene stays, its bar red, until the
	// game changes scene: OnError may log the error and carry on with
	// s.Scenes().Replace(next), or show a scene that reports it.
	OnError func(err error)
	// Bar is where the progress bar is and its colours.
	Bar Bar

	bar      Bar          // Bar with its defaults, as entered
	fill     world.Entity // the bar's filled part
	cancel   context.CancelFunc
	loaded   chan outcome
	progress atomic.Uint64 // done in the high 32 bits, total in the low
	finished bool
	results  []assets.Result
	err      error
}

type outcome struct {
	results []assets.Result
	err     error
}

// New returns a loading scene that loads b, then replaces itself with next.
func New(b *assets.Batch, next scene.Scene) *Scene {
	return &Scene{Batch: b, Next: next}
}

// ErrNoBatch is returned by the OnEnter of a [Scene] whose Batch and
// Task are nil.
var ErrNoBatch = errors.New("loading: the scene has no batch to load")

// ErrPanic is wrapped by the error of a load that panicked (on the
// scene's loading goroutine, where a panic would otherwise end the game).
var ErrPanic = errors.New("loading: the batch's load panicked")

// OnEnter spawns the bar and starts loading the batch.
func (s *Scene) OnEnter() error {
	s.finished, s.results, s.err = false, nil, nil
	s.loaded, s.cancel = nil, nil // of an earlier entry, whose load is over
	s.progress.Store(0)
	s.bar = s.Bar.withDefaults()
	w := s.World()
	at := geom.Position.With(geom.Vec2{X: s.bar.X, Y: s.bar.Y})
	fill := drawable.Rect(0, s.bar.H, s.bar.Fill)
	fill.Z = 1
	w.Spawn(at, drawable.Shape.With(drawable.Rect(s.bar.W, s.bar.H, s.bar.Back)), drawable.Screen.Part())
	s.fill = w.Spawn(at, drawable.Shape.With(fill), drawable.Screen.Part())
	var work func(ctx context.Context, progress func(done, total int)) ([]assets.Result, error)
	switch b, task := s.Batch, s.Task; {
	case b != nil:
		s.progress.Store(uint64(b.Len()))
		work = b.Load
	case task != nil:
		work = func(ctx context.Context, progress func(done, total int)) ([]assets.Result, error) {
			return nil, task(ctx, progress)
		}
	default:
		return ErrNoBatch
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.loaded = make(chan outcome, 1)
	loaded := s.loaded
	go func() {
		var results []assets.Result
		var err error
		func() {
			// A panic here, off the game's goroutine, would end the
			// process: it becomes the load's error (a Batch not made by
			// Loader.Batch panics so, for one).
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%w: %v", ErrPanic, r)
				}
			}()
			results, err = work(ctx, func(done, total int) { s.progress.Store(uint64(done)<<32 | uint64(uint32(total))) })
		}()
		loaded <- outcome{results, err}
	}()
	return nil
}

// Update moves the bar and, once the batch is done, goes on to Next or
// reports the error.
func (s *Scene) Update(dt, alpha float64) {
	fill, ok := drawable.Shape.Get(s.World(), s.fill)
	if !ok || s.finished {
		return
	}
	var o outcome
	ended := false
	select {
	case o = <-s.loaded:
		ended = true
	default:
	}
	done, total := s.Progress()
	fill.Size.X = s.bar.W
	if total > 0 {
		fill.Size.X = s.bar.W * float64(done) / float64(total)
	}
	if !ended {
		return
	}
	s.finish(o)
	if o.err != nil {
		fill.Color = color.NRGBAModel.Convert(s.bar.Fail).(color.NRGBA)
		if s.OnError != nil {
			s.OnError(o.err)
		}
		return
	}
	if s.Next != nil {
		s.Scenes().Replace(s.Next)
	} else {
		s.Scenes().Pop()
	}
}

func (s *Scene) finish(o outcome) {
	s.finished, s.results, s.err = true, o.results, o.err
	s.cancel()
}

// OnExit cancels the batch if it is still loading, and waits for the loads
// in progress to finish.
func (s *Scene) OnExit() {
	if s.loaded != nil && !s.finished {
		s.cancel()
		s.finish(<-s.loaded)
	}
}

// Progress returns how many of the batch's requests have completed, and
// how many there are. It is safe to call from any goroutine.
func (s *Scene) Progress() (done, total int) {
	p := s.progress.Load()
	return int(p >> 32), int(uint32(p))
}

// Err returns the batch's error once it is done (including its
// cancellation, if the scene left before), or nil.
func (s *Scene) Err() error { return s.err }

// Results returns the batch's results once it is done, in the order of its
// requests, or nil before.
func (s *Scene) Results() []assets.Result { return s.results }
