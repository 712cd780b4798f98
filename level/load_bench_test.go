package level_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/world"
)

// benchMap returns testdata's files with big.tmx, a map of side×side
// cells: a floor layer of tile 0 in every cell, and a layer of walls
// (tile 1, which collides) around its edge.
func benchMap(b *testing.B, side int) fstest.MapFS {
	files := testFiles(b)
	var floor, walls strings.Builder
	for y := range side {
		for x := range side {
			if x > 0 || y > 0 {
				floor.WriteByte(',')
				walls.WriteByte(',')
			}
			floor.WriteByte('1')
			if x == 0 || y == 0 || x == side-1 || y == side-1 {
				walls.WriteByte('2')
			} else {
				walls.WriteByte('0')
			}
		}
	}
	n := itoa(side)
	layer := func(id, name, csv string) string {
		return `<layer id="` + id + `" name="` + name + `" width="` + n + `" height="` + n + `"><data encoding="csv">` + csv + `</data></layer>`
	}
	files["big.tmx"] = file(mapWith(`width="`+n+`" height="`+n+`" tilewidth="8" tileheight="8"`, groundTileset,
		layer("1", "floor", floor.String()), layer("2", "walls", walls.String())))
	return files
}

// BenchmarkLoad_65536 loads a map of 256×256 cells in two tile layers,
// its tilesets' atlases cached (as a game's reload finds them).
func BenchmarkLoad_65536(b *testing.B) {
	l := assets.New(benchMap(b, 256))
	opts := level.Options{}
	if _, err := level.Load(l, "big.tmx", opts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := level.Load(l, "big.tmx", opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2*65536), "ns/cell")
}

// BenchmarkMapSpawnTiles_65536 spawns that map's tiles (66,556 sprites:
// every floor cell and the 1,020 walls) and its 4 wall colliders into a
// fresh world.
func BenchmarkMapSpawnTiles_65536(b *testing.B) {
	m, err := level.Load(assets.New(benchMap(b, 256)), "big.tmx", level.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m.SpawnTiles(world.New())
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(65536+1020)), "ns/sprite")
}
