package prefab_test

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

var benchSizes = []int{1_000, 100_000}

// bodyPrefab has the components of a typical body, none holding a
// reference: spawning it must allocate nothing.
var bodyPrefab = prefab.New("body",
	prefab.Value(tPos, Vec{1, 2}),
	prefab.Value(tVel, Vec{3, 4}),
	prefab.Value(tHealth, Life{HP: 10, Max: 10}),
)

func spawnDirect(w *world.World) {
	world.Spawn3(w, tPos, Vec{1, 2}, tVel, Vec{3, 4}, tHealth, Life{HP: 10, Max: 10})
}

func spawnPrefab(w *world.World) { bodyPrefab.Spawn(w, nil) }

// benchSpawn measures spawning n entities into a world that has grown to
// n already; clearing the world between rounds is not timed.
func benchSpawn(b *testing.B, n int, spawn func(*world.World)) {
	w := world.New()
	for range n {
		spawn(w)
	}
	w.Clear()
	b.ReportAllocs()
	for b.Loop() {
		for range n {
			spawn(w)
		}
		b.StopTimer()
		w.Clear()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
}

// BenchmarkPrefabSpawn compares spawning three components from a prefab
// with spawning them directly with world.Spawn3, in one run; the issue's
// bound is prefab ≤ 3× direct. "deep" spawns a prefab whose value holds a
// slice, a map and a pointer, which each spawn copies.
func BenchmarkPrefabSpawn(b *testing.B) {
	deep := bodyPrefab.Extend("deep", prefab.Value(tStats, Stats{Tags: []string{"a", "b"},
		Loot: map[string]int{"gold": 1}, Boss: &Resist{Fire: 1}}))
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("direct/%d", n), func(b *testing.B) { benchSpawn(b, n, spawnDirect) })
		b.Run(fmt.Sprintf("prefab/%d", n), func(b *testing.B) { benchSpawn(b, n, spawnPrefab) })
		b.Run(fmt.Sprintf("library/%d", n), func(b *testing.B) {
			lib := new(prefab.Library)
			if err := lib.Add(bodyPrefab); err != nil {
				b.Fatal(err)
			}
			benchSpawn(b, n, func(w *world.World) { lib.Spawn(w, "body", nil) })
		})
		b.Run(fmt.Sprintf("deep/%d", n), func(b *testing.B) {
			benchSpawn(b, n, func(w *world.World) { deep.Spawn(w, nil) })
		})
	}
}

// TestSpawnAllocatesNothing: spawning a prefab whose values hold no
// references allocates nothing once the world has grown.
func TestSpawnAllocatesNothing(t *testing.T) {
	lib := new(prefab.Library)
	if err := lib.Add(bodyPrefab.Extend("tagged", prefab.Tag(tFlying), prefab.Value(tName, "static strings are shared"))); err != nil {
		t.Fatal(err)
	}
	tagged, _ := lib.Lookup("tagged")
	w := world.New()
	cases := []struct {
		name string
		f    func()
	}{
		{"Prefab.Spawn", func() { w.Destroy(bodyPrefab.Spawn(w, nil)) }},
		{"Prefab.Spawn with a tag and a string", func() { w.Destroy(tagged.Spawn(w, nil)) }},
		{"Library.Spawn", func() {
			e, _ := lib.Spawn(w, "tagged", nil)
			w.Destroy(e)
		}},
	}
	for _, c := range cases {
		c.f()
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s allocates %v times, want 0", c.name, n)
		}
	}
}

// TestSpawnCost checks the bound: spawning from a prefab costs at
// most 3× spawning the same components directly (about 2.2× on a quiet
// machine). Timing on a shared machine is noisy, and the noise is not
// fair: a memory-bound job on the other core (another package's test,
// a browser, software GL) slows the prefab's spawn, which touches more
// memory, more than the direct one (2.9× beside a dd of 64 MB blocks;
// CI once saw 3.19×). So the two take turns round by round (which goes
// first alternates) and each keeps its best round; and a measurement
// over the bound is taken again, up to attempts times with longer and
// longer pauses between, the test failing only if every attempt is over.
// A slow spell passes; a spawn that really costs more than 3× is over in
// every attempt. It is skipped with -short and -race.
// BenchmarkPrefabSpawn gives the full numbers.
func TestSpawnCost(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing test: skipped with -short and -race")
	}
	const n, rounds, attempts, bound = 1000, 200, 5, 3.0
	type side struct {
		spawn func(*world.World)
		w     *world.World
		best  time.Duration
	}
	direct := &side{spawn: spawnDirect, w: world.New()}
	viaPrefab := &side{spawn: spawnPrefab, w: world.New()}
	round := func(s *side) {
		start := time.Now()
		for range n {
			s.spawn(s.w)
		}
		s.best = min(s.best, time.Since(start))
		s.w.Clear()
	}
	var tries []string
	for a := range attempts {
		if a > 0 { // pauses of 0.25 s, 0.5 s, 1 s, 2 s: a slow spell may last
			time.Sleep(250 * time.Millisecond << (a - 1))
		}
		direct.best, viaPrefab.best = math.MaxInt64, math.MaxInt64
		for r := range rounds {
			if r%2 == 0 {
				round(direct)
				round(viaPrefab)
			} else {
				round(viaPrefab)
				round(direct)
			}
		}
		d, p := float64(direct.best.Nanoseconds())/n, float64(viaPrefab.best.Nanoseconds())/n
		tries = append(tries, fmt.Sprintf("direct %.1f, prefab %.1f (%.2f×)", d, p, p/d))
		t.Logf("attempt %d: ns/entity: %s", a+1, tries[a])
		if p <= bound*d {
			return
		}
	}
	t.Errorf("prefab spawn costs more than %g× a direct spawn in all %d attempts: %s", bound, attempts, strings.Join(tries, "; "))
}

// BenchmarkLoadLimit loads files of the default Limits.FileSize (2 MiB):
// the densest YAML (a flow list of one-digit numbers, refused after
// parsing for holding more than Limits.Nodes), and typical prefabs of
// about 5 bytes a node. It reports the peak heap a load reaches (MB-peak)
// as well as what it allocates, the figures docs/PREFABS.md quotes under
// "Limits": go test -run XXX -bench LoadLimit -benchtime 3x ./prefab/
func BenchmarkLoadLimit(b *testing.B) {
	size := prefab.DefaultFileSize
	var typical strings.Builder
	for i := 0; typical.Len() < size-64; i++ {
		fmt.Fprintf(&typical, "p%d: {components: {Health: {hp: %d}}}\n", i, i%100)
	}
	inputs := []struct {
		name string
		data []byte
	}{
		{"densest", []byte("x: {components: {Items: [" + strings.Repeat("1,", (size-40)/2) + "1]}}\n")},
		{"prefabs", []byte(typical.String())},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				done, result := make(chan struct{}), make(chan uint64)
				go func() { // samples the heap while the load runs
					var m runtime.MemStats
					var top uint64
					for {
						select {
						case <-done:
							result <- top
							return
						case <-time.After(50 * time.Millisecond):
							runtime.ReadMemStats(&m)
							top = max(top, m.HeapInuse)
						}
					}
				}()
				newLibrary(b).LoadBytes("big.yaml", in.data)
				close(done)
				if top := <-result; top > before.HeapInuse {
					peak = max(peak, top-before.HeapInuse)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "MB-peak")
		})
	}
}

// BenchmarkPrefabTree spawns a pipe of one root and two children, each
// of three reference-free components (ns/entity counts every entity);
// "flat" spawns the same three entities as three prefab spawns, without
// the links, for the cost of the hierarchy.
func BenchmarkPrefabTree(b *testing.B) {
	part := bodyPrefab.Extend("part")
	pipe := bodyPrefab.Extend("pipe", prefab.Child("top", part), prefab.Child("bottom", part))
	for _, n := range benchSizes {
		n := n / 3 * 3
		b.Run(fmt.Sprintf("tree/%d", n), func(b *testing.B) {
			benchSpawnN(b, n, 3, func(w *world.World) { pipe.Spawn(w, nil) })
		})
		b.Run(fmt.Sprintf("flat/%d", n), func(b *testing.B) {
			benchSpawnN(b, n, 3, func(w *world.World) { bodyPrefab.Spawn(w, nil); part.Spawn(w, nil); part.Spawn(w, nil) })
		})
	}
}

// benchSpawnN is benchSpawn for a spawn that makes per entities.
func benchSpawnN(b *testing.B, n, per int, spawn func(*world.World)) {
	w := world.New()
	for range n / per {
		spawn(w)
	}
	w.Clear()
	b.ReportAllocs()
	for b.Loop() {
		for range n / per {
			spawn(w)
		}
		b.StopTimer()
		w.Clear()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
}

// BenchmarkApply brings n goblins up to date after a reload that changed
// their max hp (half of them hurt, so half the fields follow), reloading
// between rounds, untimed.
func BenchmarkApply(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%d", n), func(b *testing.B) {
			lib := newLibrary(b)
			load := func(max int) {
				if err := lib.LoadBytes("g.yaml", []byte(fmt.Sprintf("goblin: {components: {Health: {hp: 6, max: %d}, Name: g}}\n", max))); err != nil {
					b.Fatal(err)
				}
			}
			load(6)
			w := world.New()
			for i := range n {
				e, _ := lib.Spawn(w, "goblin", nil)
				if i%2 == 0 {
					tHealth.Require(w, e).HP = 1
				}
			}
			max := 6
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				max++
				load(max)
				b.StartTimer()
				if got := lib.Apply(w); got.Updated != n {
					b.Fatalf("Apply updated %d, want %d", got.Updated, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entity")
		})
	}
}
