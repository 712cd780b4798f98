package assets_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// mixed is a batch's worth of files, some good, some not.
func mixed(t *testing.T) fstest.MapFS {
	files := testFS(t)
	for i := range 12 {
		files[fmt.Sprintf("gen/%02d.png", i)] = &fstest.MapFile{Data: pngFile(i+1, 1)}
	}
	files["bad.png"] = &fstest.MapFile{Data: []byte("not a png")}
	files["bad.yaml"] = &fstest.MapFile{Data: []byte("image: hero.png\nframes: {a: {w: 99, h: 1}}\n")}
	return files
}

func mixedBatch(l *assets.Loader) *assets.Batch {
	b := l.Batch(assets.Request{Kind: assets.KindImage, Path: "hero.png"})
	for i := range 12 {
		b.Add(assets.KindImage, fmt.Sprintf("gen/%02d.png", i))
	}
	return b.Add(assets.KindImage, "bad.png", "missing.png").
		Add(assets.KindAtlas, "hero.yaml", "bad.yaml").
		AddGrid("tiles.png", assets.Grid{W: 8, H: 8, Margin: 1, Spacing: 1}).
		Add(assets.KindFont, "ui.ttf").
		Add(assets.KindSound, "jump.wav", "theme.ogg", "hero.png").
		Add(assets.KindData, "tuning.yaml").
		Add(assets.KindImage, "hero.png") // twice: the same asset
}

func TestBatch(t *testing.T) {
	var first string
	var firstLoaded []assets.Request
	for _, workers := range []int{1, 2, 4, 0} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			l := assets.New(mixed(t))
			b := mixedBatch(l)
			b.Workers = workers
			var calls [][2]int
			results, err := b.Load(context.Background(), func(done, total int) {
				calls = append(calls, [2]int{done, total}) // no lock: calls are never concurrent
			})
			if len(calls) != b.Len()+1 {
				t.Fatalf("%d progress calls, want %d", len(calls), b.Len()+1)
			}
			for i, c := range calls {
				if c != [2]int{i, b.Len()} {
					t.Errorf("progress call %d = %v, want [%d %d]", i, c, i, b.Len())
				}
			}
			if len(results) != b.Len() {
				t.Fatalf("%d results, want %d", len(results), b.Len())
			}
			var desc []string
			for _, r := range results {
				switch {
				case r.Err != nil && r.Asset != nil:
					t.Errorf("%v: both an asset and an error", r.Request)
				case r.Err == nil && r.Asset == nil:
					t.Errorf("%v: neither an asset nor an error", r.Request)
				}
				desc = append(desc, fmt.Sprintf("%v %T", r.Request, r.Asset))
			}
			if results[0].Asset != results[len(results)-1].Asset {
				t.Error("the same image asked for twice gave two assets")
			}
			want := []string{
				"image bad.png: not a PNG file (the loader decodes PNG only)",
				"image missing.png: file does not exist",
				`atlas bad.yaml:2:10: frame "a" (0,0)-(99,1) is outside the image hero.png (0,0)-(48,16)`,
				"sound hero.png: not a WAV or Ogg Vorbis file",
			}
			var got []string
			for _, r := range results {
				if r.Err != nil {
					got = append(got, r.Kind.String()+" "+r.Err.Error())
				}
			}
			equal(t, "result errors", got, want)
			equal(t, "Load() error", messages(t, err), []string{
				"bad.png: not a PNG file (the loader decodes PNG only)",
				"missing.png: file does not exist",
				`bad.yaml:2:10: frame "a" (0,0)-(99,1) is outside the image hero.png (0,0)-(48,16)`,
				"hero.png: not a WAV or Ogg Vorbis file",
			})
			if first == "" {
				first, firstLoaded = fmt.Sprint(desc, err), l.Loaded()
				return
			}
			if got := fmt.Sprint(desc, err); got != first {
				t.Errorf("results and error differ from the first run:\n%s\n%s", got, first)
			}
			if got := l.Loaded(); fmt.Sprint(got) != fmt.Sprint(firstLoaded) {
				t.Errorf("cache differs from the first run:\n%v\n%v", got, firstLoaded)
			}
		})
	}
}

func TestBatchAgain(t *testing.T) {
	fsys := newCountingFS(testFS(t))
	l := assets.New(fsys)
	b := l.Batch().Add(assets.KindImage, "hero.png")
	for range 2 {
		if _, err := b.Load(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
	if c := fsys.count("hero.png"); c != 2 {
		t.Errorf("hero.png opened %d times after two loads of a batch, want 2 (once)", c)
	}
	results, err := l.Batch().Load(context.Background(), func(done, total int) {
		if done != 0 || total != 0 {
			t.Errorf("progress(%d, %d) of an empty batch", done, total)
		}
	})
	if len(results) != 0 || err != nil {
		t.Errorf("empty batch: %v, %v", results, err)
	}
	func() {
		defer func() {
			if err, ok := recover().(error); !ok || err.Error() != "assets: Load of a Batch not made by Loader.Batch" {
				t.Errorf("Load of a zero Batch panicked with %v", err)
			}
		}()
		new(assets.Batch).Load(context.Background(), nil)
	}()
	_, err = l.Batch(assets.Request{Kind: 0, Path: "hero.png"}).Load(context.Background(), nil)
	if !errors.Is(err, assets.ErrFormat) || err.Error() != "hero.png: unknown asset kind Kind(0)" {
		t.Errorf("Load(kind 0) = %v", err)
	}
}

// TestBatchCancel cancels a batch while its second request loads (and
// the other workers' loads are held too), and checks that the batch
// returns once they complete, that they do complete, and that the cache
// holds only what fully loaded.
func TestBatchCancel(t *testing.T) {
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			fsys := newCountingFS(mixed(t))
			gate := make(chan struct{}) // holds every file but the first
			for i := 1; i < 12; i++ {
				fsys.gate[fmt.Sprintf("gen/%02d.png", i)] = gate
			}
			fsys.opened = make(chan string, 100)
			l := assets.New(fsys)
			b := l.Batch().Add(assets.KindImage, "gen/00.png", "gen/01.png")
			for i := 2; i < 12; i++ {
				b.Add(assets.KindImage, fmt.Sprintf("gen/%02d.png", i))
			}
			b.Workers = workers
			ctx, cancel := context.WithCancel(context.Background())
			type outcome struct {
				results []assets.Result
				err     error
				last    int
			}
			out := make(chan outcome)
			go func() {
				var o outcome
				o.results, o.err = b.Load(ctx, func(done, _ int) { o.last = done })
				out <- o
			}()
			for name := range fsys.opened {
				if name == "gen/01.png" {
					break
				}
			}
			cancel()
			time.Sleep(10 * time.Millisecond) // Load sees the cancellation while loads are held
			close(gate)
			var o outcome
			select {
			case o = <-out:
			case <-time.After(10 * time.Second):
				t.Fatal("Load did not return after the cancellation")
			}
			if !errors.Is(o.err, context.Canceled) {
				t.Errorf("Load() = %v, want context.Canceled", o.err)
			}
			loaded := make(map[string]bool)
			for _, r := range l.Loaded() {
				loaded[r.Path] = true
			}
			completed := 0
			for i, r := range o.results {
				switch {
				case r.Err == nil:
					completed++
					if !loaded[r.Path] {
						t.Errorf("result %d (%s) loaded but is not in the cache", i, r.Path)
					}
				case errors.Is(r.Err, context.Canceled):
					if loaded[r.Path] {
						t.Errorf("result %d (%s) cancelled but in the cache", i, r.Path)
					}
				default:
					t.Errorf("result %d (%s): %v", i, r.Path, r.Err)
				}
			}
			if o.results[1].Err != nil {
				t.Errorf("the load in progress at cancellation: %v; want it completed", o.results[1].Err)
			}
			if completed < 2 || completed > 1+workers || completed != len(loaded) || o.last != completed {
				t.Errorf("%d of %d completed, %d cached, progress reached %d", completed, len(o.results), len(loaded), o.last)
			}
			if want := fmt.Sprintf("assets: batch cancelled after %d of 12 requests: context canceled", completed); o.err.Error() != want {
				t.Errorf("Load() = %q, want %q", o.err, want)
			}
		})
	}
}

func TestBatchCancelledBefore(t *testing.T) {
	l := assets.New(testFS(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var calls int
	results, err := l.Batch().Add(assets.KindImage, "hero.png", "tiles.png").Load(ctx, func(int, int) { calls++ })
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Errorf("Load() = %v after %d progress calls; want context.Canceled after 1", err, calls)
	}
	for _, r := range results {
		if !errors.Is(r.Err, context.Canceled) {
			t.Errorf("%v: %v, want context.Canceled", r.Request, r.Err)
		}
	}
	if got := l.Loaded(); len(got) != 0 {
		t.Errorf("Loaded() = %v, want nothing", got)
	}
}

// TestBatchWithReloads runs batches and reloads at once, for the race
// detector.
func TestBatchWithReloads(t *testing.T) {
	files := mixed(t)
	l := assets.New(files)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 50 {
			l.Reload()
		}
	}()
	for range 5 {
		b := mixedBatch(l)
		b.Workers = 4
		b.Load(context.Background(), nil)
	}
	<-done
}
