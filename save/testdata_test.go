package save_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

var update = flag.Bool("update", false, "rewrite testdata/*.yaml from the sample world")

// sampleWorld is the world of the testdata saves: goblins with hats, one
// hurt, one asleep no more, one hatless, a plain entity aiming at a
// goblin and at a dead one, links of both kinds, and two goblins liked
// by the same two entities in opposite orders.
func sampleWorld(t testing.TB) (*save.Codec, *world.World) {
	t.Helper()
	codec, lib := testCodec(t)
	w := world.New()
	w.Seed(42)
	a, _ := lib.Spawn(w, "goblin", nil)
	b, _ := lib.Spawn(w, "goblin", nil)
	c, _ := lib.Spawn(w, "goblin", nil)
	HealthC.Require(w, a).HP = 2
	w.Remove(b, AsleepC)
	w.Destroy(world.ChildOf.Sources(w, c)[0])
	dead := w.Spawn(LabelC.With("ghost"))
	w.Destroy(dead)
	p := w.Spawn(PosC.With(Vec{X: 0.5, Y: -3}), AimC.With(tAim{At: dead, Power: 1.5}), BagC.With([]string{"rope"}), ScoreC.With(Score{Points: 7, cache: "7"}))
	// c and p like a and b in opposite orders: no entity order gives both
	// their sources, so the save writes one's order out.
	for _, l := range [][2]world.Entity{{c, b}, {p, a}, {p, b}, {c, a}} {
		if err := LikesR.Set(w, l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	AimC.Add(w, b, tAim{At: p, Power: 2})
	w.Rand().Uint64()
	return codec, w
}

// TestTestdata checks that the saves in testdata load to the sample
// world, so the fuzz targets start from saves this build writes. Run
// with -update to write them again.
func TestTestdata(t *testing.T) {
	codec, w := sampleWorld(t)
	for _, f := range []save.Format{save.YAML, save.Compact} {
		path := filepath.Join("testdata", "sample-"+f.String()+".yaml")
		data, err := codec.Save(w, save.SaveOptions{Format: f, Clock: save.Clock{Step: 600, Now: 10e9}})
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got := world.New()
		if _, err := codec.Load(t.Context(), got, old, save.LoadOptions{Name: path}); err != nil {
			t.Fatal(err)
		}
		if got.Hash() != w.Hash() {
			t.Errorf("%s: %v", path, got.Diff(w))
		}
	}
}
