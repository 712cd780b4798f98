package assets_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// aliasAtlas returns an atlas file whose first frame is a mapping of m
// unknown keys, anchored, and n more frames that alias it: about 10(n+m)
// bytes, and n*m problems for parseFrames to report.
func aliasAtlas(n, m int) []byte {
	var b strings.Builder
	b.WriteString("image: hero.png\nframes:\n  f0: &x {")
	for j := range m {
		fmt.Fprintf(&b, "k%d: 1, ", j)
	}
	b.WriteString("w: 1, h: 1}\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  f%d: *x\n", i)
	}
	return []byte(b.String())
}

// TestAtlasAliases: a frame value aliased many times is parsed, and its
// problems reported, once, and a file's problems are capped at 100 and a
// count: aliases used to make the work and the error list grow with the
// product of the file's parts (62 KiB: 9 million errors, 14 s, 3 GiB).
func TestAtlasAliases(t *testing.T) {
	for _, nm := range [][2]int{{100, 100}, {1000, 1000}, {3000, 3000}} {
		data := aliasAtlas(nm[0], nm[1])
		l := assets.New(fstest.MapFS{"hero.png": {Data: pngFile(48, 16)}, "a.yaml": {Data: data}})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, err := l.Atlas("a.yaml")
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("%4d KiB file: %d errors, %v, %d MiB allocated", len(data)>>10, len(assets.Errors(err)), took, (after.TotalAlloc-before.TotalAlloc)>>20)
		if took > time.Second || len(assets.Errors(err)) > 101 {
			t.Errorf("a %d KiB atlas file took %v and made %d errors", len(data)>>10, took, len(assets.Errors(err)))
		}
	}
}
