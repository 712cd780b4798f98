package webtest

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A palette is how much of a picture each colour covers: colours are
// binned by the top four bits of their red, green and blue (4096 bins, 16
// levels a channel), and a bin holds its share of the pixels.
//
// Comparing palettes, not pixels, lets a screenshot of a game that moves
// be checked against a reference taken at another moment, in another
// window system: the browser draws the same sprites and shapes in the
// same colours, wherever they are.
type palette [bins * bins * bins]float64

const (
	binBits = 4
	bins    = 1 << binBits
)

func binOf(r, g, b uint8) int {
	return int(r>>(8-binBits))<<(2*binBits) | int(g>>(8-binBits))<<binBits | int(b>>(8-binBits))
}

// paletteOf returns img's palette; transparent pixels count as black, as
// a page shows them on ebitengine's black body.
func paletteOf(img image.Image) palette {
	var p palette
	r := img.Bounds()
	n := r.Dx() * r.Dy()
	if n == 0 {
		return p
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) // premultiplied: over black
			p[binOf(c.R, c.G, c.B)]++
		}
	}
	for i := range p {
		p[i] /= float64(n)
	}
	return p
}

// near returns the share of the pixels in bin i and the bins next to it
// (one level up or down in any channel), so that a colour on the edge of
// a bin, drawn a shade lighter or darker, is still counted.
func (p *palette) near(i int) float64 {
	r, g, b := i>>(2*binBits), i>>binBits&(bins-1), i&(bins-1)
	s := 0.0
	for dr := -1; dr <= 1; dr++ {
		for dg := -1; dg <= 1; dg++ {
			for db := -1; db <= 1; db++ {
				rr, gg, bb := r+dr, g+dg, b+db
				if rr < 0 || gg < 0 || bb < 0 || rr >= bins || gg >= bins || bb >= bins {
					continue
				}
				s += p[rr<<(2*binBits)|gg<<binBits|bb]
			}
		}
	}
	return s
}

// The thresholds of [likeness], chosen from the docs/ screenshots and
// browser screenshots of every example (see TestLikenessOfReferences):
// a colour is the reference's when it covers at least minShare of it, and
// a screenshot has it when it covers at least keptShare of the
// reference's share there.
const (
	minShare  = 0.0005 // 115 pixels of a 640×360 picture
	keptShare = 0.2
	// minFound is the fraction of the reference's colours a screenshot
	// must have to show the scene.
	minFound = 0.75
)

// likeness compares shot with the reference palette: which of the
// reference's colours (bins covering at least minShare of it) shot has
// too, near enough and in at least keptShare of the amount. It returns
// the fraction of them found and a line naming the missing ones, largest
// first.
func likeness(ref, shot *palette) (found float64, missing string) {
	type miss struct {
		bin       int
		ref, shot float64
	}
	var misses []miss
	want := 0
	for i, share := range ref {
		if share < minShare {
			continue
		}
		want++
		if r, s := ref.near(i), shot.near(i); s < keptShare*r {
			misses = append(misses, miss{i, r, s})
		}
	}
	if want == 0 {
		return 0, "the reference has no colour"
	}
	sort.Slice(misses, func(a, b int) bool { return misses[a].ref > misses[b].ref })
	var sb strings.Builder
	for k, m := range misses {
		if k == 8 {
			fmt.Fprintf(&sb, " and %d more", len(misses)-k)
			break
		}
		if k > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s (%.2f%% of the reference, %.2f%% of the screenshot)", binName(m.bin), 100*m.ref, 100*m.shot)
	}
	return float64(want-len(misses)) / float64(want), sb.String()
}

// binName writes a bin as the colour in its middle, #rrggbb.
func binName(i int) string {
	mid := func(level int) int { return level<<(8-binBits) | 1<<(7-binBits) }
	return fmt.Sprintf("#%02x%02x%02x", mid(i>>(2*binBits)), mid(i>>binBits&(bins-1)), mid(i&(bins-1)))
}

// colours counts the bins that cover at least minShare of a picture: one
// for a blank page, a handful for text on a background.
func (p *palette) colours() int {
	n := 0
	for _, share := range p {
		if share >= minShare {
			n++
		}
	}
	return n
}

// TestLikeness checks the thresholds on the pictures they are for: each
// window screenshot in docs/ shows its own scene, and neither a blank,
// black or error page nor another game's screenshot does.
func TestLikeness(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.png"))
	if err != nil {
		t.Fatal(err)
	}
	refs := map[string]palette{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".png")
		if _, err := os.Stat(filepath.Join("..", "..", "examples", name)); err != nil {
			continue // not an example's screenshot
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		refs[name] = paletteOf(img)
	}
	if len(refs) < 2 {
		t.Fatalf("found %d examples' screenshots in docs/, want them all", len(refs))
	}
	fill := func(c color.RGBA) palette {
		img := image.NewRGBA(image.Rect(0, 0, 64, 36))
		draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
		return paletteOf(img)
	}
	others := map[string]palette{
		"black":                fill(color.RGBA{A: 255}),
		"white":                fill(color.RGBA{255, 255, 255, 255}),
		"transparent":          fill(color.RGBA{}),
		"the page's error box": fill(color.RGBA{0x3a, 0x0d, 0x0d, 255}),
	}
	highest, between := 0.0, ""
	for name, ref := range refs {
		if found, missing := likeness(&ref, &ref); found != 1 {
			t.Errorf("%s against itself: found %.2f of its colours, want 1 (missing %s)", name, found, missing)
		}
		for other, shot := range refs {
			if other == name {
				continue
			}
			found, _ := likeness(&ref, &shot)
			if found >= minFound {
				t.Errorf("%s's screenshot has %.2f of %s's colours, want less than %.2f: the test would take one for the other", other, found, name, minFound)
			}
			if found > highest {
				highest, between = found, fmt.Sprintf("%s's screenshot has %.0f%% of %s's colours", other, 100*found, name)
			}
		}
		for other, shot := range others {
			found, _ := likeness(&ref, &shot)
			if found >= minFound {
				t.Errorf("%s has %.2f of %s's colours, want less than %.2f", other, found, name, minFound)
			}
			if found > highest {
				highest, between = found, fmt.Sprintf("%s has %.0f%% of %s's colours", other, 100*found, name)
			}
		}
	}
	t.Logf("the closest of the others: %s (a game's own browser screenshot needs %.0f%%)", between, 100*minFound)
	for name, p := range others {
		if n := p.colours(); n >= minColours {
			t.Errorf("%s has %d colours, want fewer than %d", name, n, minColours)
		}
	}
}

func TestPaletteOf(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 1))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	img.Set(1, 0, color.NRGBA{250, 10, 5, 255}) // the same bin
	img.Set(2, 0, color.NRGBA{0, 0, 255, 255})
	img.Set(3, 0, color.NRGBA{255, 255, 255, 0}) // transparent: black
	p := paletteOf(img)
	tests := []struct {
		r, g, b uint8
		want    float64
	}{
		{255, 0, 0, 0.5},
		{0, 0, 255, 0.25},
		{0, 0, 0, 0.25},
		{0, 255, 0, 0},
	}
	for _, tt := range tests {
		if got := p[binOf(tt.r, tt.g, tt.b)]; got != tt.want {
			t.Errorf("share of #%02x%02x%02x = %v, want %v", tt.r, tt.g, tt.b, got, tt.want)
		}
	}
	if got := p.near(binOf(239, 0, 0)); got != 0.5 { // the bin below red's: red is near
		t.Errorf("near(#ef0000) = %v, want 0.5", got)
	}
	if got := binName(binOf(255, 0, 0)); got != "#f80808" {
		t.Errorf("binName(red) = %s, want #f80808", got)
	}
}
