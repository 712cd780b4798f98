package render

import (
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/assets"
)

// texture is an image sprites are drawn from.
type texture struct {
	img   *ebiten.Image
	asset *assets.Image // the loaded image it was made of; nil for an image given as is
	gen   uint64        // the asset's generation img was made of
}

// region is what a Region stands for.
type region struct {
	tex  uint32
	src  [4]float32 // x0, y0, x1, y1 in the texture's coordinates
	w, h float32
	// whole is set for a region covering an asset's whole image, which a
	// reload resizes.
	whole bool
}

// sheet is an atlas whose frames are consecutive regions.
type sheet struct {
	atlas *assets.Atlas
	gen   uint64
	first Region
	n     int
}

// Sheet is an atlas the renderer knows: its frames are regions, in the
// atlas's order. Get one from [Renderer.AddAtlas].
type Sheet struct {
	first Region
	n     int
	atlas *assets.Atlas
}

// Len returns the number of frames.
func (s Sheet) Len() int { return s.n }

// Frame returns the region of frame i. O(1). Panics if i is not in
// [0, Len()).
func (s Sheet) Frame(i int) Region {
	if i < 0 || i >= s.n {
		panic(fmt.Errorf("render: frame %d of a sheet of %d frames", i, s.n))
	}
	return s.first + Region(i)
}

// Frames returns the regions of frames i to j-1, for [Renderer.AddClip].
// It allocates. Panics unless 0 <= i <= j <= Len().
func (s Sheet) Frames(i, j int) []Region {
	if i < 0 || j < i || j > s.n {
		panic(fmt.Errorf("render: frames %d to %d of a sheet of %d frames", i, j, s.n))
	}
	out := make([]Region, j-i)
	for k := range out {
		out[k] = s.first + Region(i+k)
	}
	return out
}

// Lookup returns the region of the frame named name, and whether there
// is one. It is a map lookup: look names up once, when a scene is entered.
func (s Sheet) Lookup(name string) (Region, bool) {
	if s.atlas == nil {
		return 0, false
	}
	i, ok := s.atlas.Lookup(name)
	if !ok || i >= s.n {
		return 0, false
	}
	return s.first + Region(i), true
}

// textureOf returns the index of img's texture, adding one if needed.
func (r *Renderer) textureOf(img *ebiten.Image) uint32 {
	for i, t := range r.textures {
		if t.img == img && t.asset == nil {
			return uint32(i)
		}
	}
	r.textures = append(r.textures, texture{img: img})
	return uint32(len(r.textures) - 1)
}

// assetTexture returns the index of a's texture, uploading a's image if
// needed.
func (r *Renderer) assetTexture(a *assets.Image) uint32 {
	for i, t := range r.textures {
		if t.asset == a {
			return uint32(i)
		}
	}
	gen := a.Generation()
	r.textures = append(r.textures, texture{img: ebiten.NewImageFromImage(a.Image()), asset: a, gen: gen})
	return uint32(len(r.textures) - 1)
}

func (r *Renderer) addRegion(g region) Region {
	r.regions = append(r.regions, g)
	return Region(len(r.regions) - 1)
}

func rectRegion(tex uint32, b image.Rectangle) region {
	return region{
		tex: tex,
		src: [4]float32{float32(b.Min.X), float32(b.Min.Y), float32(b.Max.X), float32(b.Max.Y)},
		w:   float32(b.Dx()), h: float32(b.Dy()),
	}
}

// AddImage returns a region covering all of img. Sprites of regions of
// one image batch together, so put many sprites in one image and use
// [Renderer.AddRegion] (a sub-image made with SubImage is an image of its
// own, and batches apart). O(images).
func (r *Renderer) AddImage(img *ebiten.Image) Region {
	return r.addRegion(rectRegion(r.textureOf(img), img.Bounds()))
}

// AddRegion returns a region covering the rectangle rect of img, in img's
// coordinates. O(images).
func (r *Renderer) AddRegion(img *ebiten.Image, rect image.Rectangle) Region {
	return r.addRegion(rectRegion(r.textureOf(img), rect.Intersect(img.Bounds())))
}

// AddAsset returns a region covering a loaded image, which the renderer
// uploads to the GPU once, and again whenever a reload changes it
// ([assets.Image.Generation]). O(images).
func (r *Renderer) AddAsset(a *assets.Image) Region {
	g := rectRegion(r.assetTexture(a), a.Bounds())
	g.whole = true
	return r.addRegion(g)
}

// AddAtlas returns the frames of a loaded atlas as consecutive regions of
// its image, uploaded once. A reload that changes the atlas's frames or
// image updates them; frames beyond those first added draw nothing, and
// frames a reload removed draw nothing. O(frames).
func (r *Renderer) AddAtlas(a *assets.Atlas) Sheet {
	s := sheet{atlas: a, gen: a.Generation(), first: Region(len(r.regions)), n: a.Len()}
	tex := r.assetTexture(a.Image())
	for i := range s.n {
		r.addRegion(rectRegion(tex, a.Frame(i)))
	}
	r.sheets = append(r.sheets, s)
	return Sheet{first: s.first, n: s.n, atlas: a}
}

// reload re-uploads the images that a reload changed and updates the
// regions of the atlases that changed. O(images + atlases) when nothing
// changed.
func (r *Renderer) reload() {
	for i := range r.textures {
		t := &r.textures[i]
		if t.asset == nil || t.asset.Generation() == t.gen {
			continue
		}
		old := t.img
		t.img, t.gen = ebiten.NewImageFromImage(t.asset.Image()), t.asset.Generation()
		old.Deallocate()
		b := t.asset.Bounds()
		for k := range r.regions {
			if g := &r.regions[k]; g.whole && g.tex == uint32(i) {
				*g = rectRegion(g.tex, b)
				g.whole = true
			}
		}
	}
	for i := range r.sheets {
		s := &r.sheets[i]
		if s.atlas.Generation() == s.gen {
			continue
		}
		s.gen = s.atlas.Generation()
		tex := r.assetTexture(s.atlas.Image())
		for k := range s.n {
			g := region{tex: tex}
			if k < s.atlas.Len() {
				g = rectRegion(tex, s.atlas.Frame(k))
			}
			r.regions[int(s.first)+k] = g
		}
	}
}
