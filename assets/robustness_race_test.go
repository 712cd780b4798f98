package assets_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

// TestRaceReloadWhileLoading: batches, Decode, Bind and Loaded on several
// goroutines while files are rewritten and Reload runs, for -race.
func TestRaceReloadWhileLoading(t *testing.T) {
	d := newDirFiles(t)
	for i := range 8 {
		d.write(fmt.Sprintf("i%d.png", i), pngFile(32, 16))
		d.write(fmt.Sprintf("a%d.yaml", i), []byte(fmt.Sprintf("image: i%d.png\nframes: {a: {w: 16, h: 16}}\n", i)))
		d.write(fmt.Sprintf("d%d.yaml", i), []byte("speed: 1\n"))
	}
	l := assets.New(os.DirFS(d.dir))
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				b := l.Batch()
				for i := range 8 {
					b.Add(assets.KindAtlas, fmt.Sprintf("a%d.yaml", (i+w)%8))
					b.AddGrid(fmt.Sprintf("i%d.png", i), assets.Grid{W: 8, H: 8})
					b.Add(assets.KindData, fmt.Sprintf("d%d.yaml", i))
				}
				rs, _ := b.Load(context.Background(), nil)
				for _, r := range rs {
					switch a := r.Asset.(type) {
					case *assets.Atlas:
						_ = a.Frame(0)
						_ = a.Image().Bounds()
					case *assets.Data:
						var s Stats
						_ = a.Decode(&s)
						_ = a.Bind(&s)
					}
				}
				_ = l.Loaded()
			}
		}()
	}
	for k := range 30 {
		i := k % 8
		d.write(fmt.Sprintf("i%d.png", i), pngFile(32+k%2*16, 16))
		d.write(fmt.Sprintf("d%d.yaml", i), []byte(fmt.Sprintf("speed: %d\n", k)))
		l.Reload()
	}
	close(stop)
	wg.Wait()
}
