package render

import (
	"image/color"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
)

// TestKeptPicturesMatchModel records random blocks of pictures with
// keepPictures, changes one field of one picture or nothing, and checks
// samePictures against the model: the pictures are the same exactly when
// they equal a copy taken when they were recorded. The blocks cover the
// three ways a block keeps its pictures: whole (their fields differ
// beyond the region), by region (more than maxRegions regions) and by
// index into the block's few regions.
func TestKeptPicturesMatchModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := &Renderer{}
	const slots = 4 * blockSize
	r.pics, r.regions, r.kinds = make([]drawable.Picture, slots), make([][2]uint64, slots), make([]uint8, slots)
	ways := map[string]int{}
	for round := range 3000 {
		n := 1 + rng.IntN(blockSize)
		s0 := rng.IntN(slots - n + 1)
		nregions := 1 + rng.IntN(maxRegions)
		if rng.IntN(2) == 0 {
			nregions += maxRegions
		}
		base := drawable.Picture{Origin: geom.Vec2{X: 0.5, Y: 1}, Tint: color.NRGBA{200, 100, 50, 255}}
		ss := make([]drawable.Picture, n)
		for i := range ss {
			ss[i] = base
			ss[i].Region = drawable.Frame("sheet.yaml", strconv.Itoa(rng.IntN(nregions)))
			if rng.IntN(4*n) == 0 {
				ss[i].Z = 1 // the block's pictures differ beyond the region
			}
		}
		b := &spriteBlock{}
		r.keepPictures(b, s0, ss)
		kept := slices.Clone(ss)
		switch {
		case !b.shared:
			ways["whole"]++
		case b.nregions == 0:
			ways["by region"]++
		default:
			ways["by index"]++
		}
		if rng.IntN(3) > 0 {
			p := &ss[rng.IntN(n)]
			switch rng.IntN(6) {
			case 0:
				p.Region = drawable.Frame("sheet.yaml", strconv.Itoa(rng.IntN(2*maxRegions+2)))
			case 1:
				p.Region = drawable.Image("hero.png")
			case 2:
				p.Tint.A = uint8(rng.IntN(256))
			case 3:
				p.Rotation = rng.Float64()
			case 4:
				p.Flip ^= drawable.FlipX
			default:
				p.Layer = 2
			}
		}
		if got, want := r.samePictures(b, s0, ss), slices.Equal(ss, kept); got != want {
			t.Fatalf("round %d (%d pictures at slot %d, shared %v, %d regions): samePictures = %v, want %v",
				round, n, s0, b.shared, b.nregions, got, want)
		}
	}
	for _, way := range []string{"whole", "by region", "by index"} {
		if ways[way] < 100 {
			t.Errorf("only %d blocks kept their pictures %s; want at least 100", ways[way], way)
		}
	}
}
