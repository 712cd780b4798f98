package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/drawable"
)

// Cache holds what the renderers of one game share: the pictures sprites
// name ([drawable.Region]), loaded through the game's one [assets.Loader]
// and uploaded to the GPU once, and the text faces labels name. The
// engine's window runtime makes one for the engine and a [Renderer] per
// scene on it.
//
// Everything is loaded when first drawn and kept; a reload of the loader
// ([assets.Loader.Reload]) is picked up at the next Draw, images uploaded
// again and atlas frames recut. A picture or font that fails to load draws
// nothing and is reported once by [Cache.TakeErrors] (a prefab library
// given the loader refuses such data at load time instead: see
// [drawable.Region.CheckAssets]).
//
// A Cache is not safe for concurrent use: use it on the game loop's
// goroutine.
type Cache struct {
	loader   *assets.Loader
	textures []texture
	byAsset  map[*assets.Image]uint32 // texture index of an uploaded image
	images   []imageSlot              // by assets.Path
	atlases  []atlasSlot              // by assets.Path
	white    *ebiten.Image            // a white pixel shapes are drawn with; made at the first draw
	sources  map[assets.Path]*text.GoTextFaceSource
	faces    map[faceKey]*text.GoTextFace
	// version counts the changes to what regions stand for (a picture
	// loaded or reloaded, an atlas cut again, a table grown): a pointer
	// resolve or lookup returned stays valid, and means the same, while
	// version is the same.
	version uint64
	// reloads is the loader's Reloads when refresh last looked at the
	// assets: while it is the same, no texture or atlas changed.
	reloads uint64
	errs    []error
	failed  map[string]bool // what was reported, so each problem is reported once
}

// texture is an image sprites are drawn from.
type texture struct {
	img   *ebiten.Image
	asset *assets.Image
	gen   uint64 // the asset's generation img was made of
}

// region is what a drawable.Region stands for once resolved.
type region struct {
	tex  uint32
	src  [4]float32 // x0, y0, x1, y1 in the texture's coordinates
	w, h float32
}

type imageSlot struct {
	tried bool
	ok    bool
	reg   region
}

type atlasSlot struct {
	tried  bool
	atlas  *assets.Atlas // nil if it failed
	gen    uint64
	frames []region // by frame index
	names  []int32  // by assets.Name: frame index + 1, 0 not yet looked up, -1 none
}

type faceKey struct {
	font assets.Path
	size float64
}

// NewCache returns a cache loading through l. A nil l loads nothing:
// only shapes and texts in the built-in font draw.
func NewCache(l *assets.Loader) *Cache {
	c := &Cache{
		loader:  l,
		byAsset: make(map[*assets.Image]uint32),
		sources: make(map[assets.Path]*text.GoTextFaceSource),
		faces:   make(map[faceKey]*text.GoTextFace),
		failed:  make(map[string]bool),
	}
	return c
}

// whiteX and whiteY are where the white pixel lies in its image:
// constants, so that a frame need not read the pixel's bounds out of
// ebitengine's image (nor a variable's line: after the GPU's work each is
// a cold miss).
const whiteX, whiteY = 1, 1

// whitePixel returns the white pixel shapes are drawn with, making it on
// first use: a Cache is made before the game loop runs, and images are
// made once it does.
func (c *Cache) whitePixel() *ebiten.Image {
	if c.white == nil {
		white := ebiten.NewImage(3, 3)
		white.Fill(color.White)
		c.white = white.SubImage(image.Rect(whiteX, whiteY, whiteX+1, whiteY+1)).(*ebiten.Image)
	}
	return c.white
}

// Loader returns the loader the cache loads through.
func (c *Cache) Loader() *assets.Loader { return c.loader }

// TakeErrors returns the problems found since the last call, each once:
// pictures and fonts that did not load, frames an atlas does not have.
func (c *Cache) TakeErrors() []error {
	errs := c.errs
	c.errs = nil
	return errs
}

// fail records a problem once per key.
func (c *Cache) fail(key string, err error) {
	if !c.failed[key] {
		c.failed[key] = true
		c.errs = append(c.errs, err)
	}
}

// refresh uploads again the images a reload changed and recuts the
// atlases that changed. O(1) when no reload changed an asset since the
// last refresh (one counter read: the textures and atlases are not
// touched), O(textures + atlases) after one.
func (c *Cache) refresh() {
	if c.loader == nil {
		return
	}
	// Read before the walk: a reload storing during it counts again, and
	// the next refresh walks again.
	n := c.loader.Reloads()
	if n == c.reloads {
		return
	}
	c.reloads = n
	uploaded := false
	for i := range c.textures {
		t := &c.textures[i]
		if g := t.asset.Generation(); g != t.gen {
			old := t.img
			t.img, t.gen = ebiten.NewImageFromImage(t.asset.Image()), g
			old.Deallocate()
			uploaded = true
		}
	}
	if uploaded {
		c.version++
		for p := range c.images {
			s := &c.images[p]
			if s.ok {
				t := &c.textures[s.reg.tex]
				s.reg = rectRegion(s.reg.tex, t.asset.Bounds())
			}
		}
	}
	for p := range c.atlases {
		s := &c.atlases[p]
		if s.atlas != nil && s.atlas.Generation() != s.gen {
			c.cut(s)
		}
	}
}

// lookup returns the picture r names: the frame of an atlas already
// looked up, inlined into the sprite walks; resolve for the rest.
func (c *Cache) lookup(r drawable.Region) *region {
	if a := uint(r.Atlas); a != 0 && a < uint(len(c.atlases)) {
		if s := &c.atlases[a]; uint(r.Frame) < uint(len(s.names)) {
			if i := s.names[r.Frame]; i > 0 && int(i) <= len(s.frames) {
				return &s.frames[i-1]
			}
		}
	}
	return c.resolve(r)
}

// resolve returns the picture r names, loading it on first use; nil if
// there is none. A problem is reported once: the slot remembers it.
func (c *Cache) resolve(r drawable.Region) *region {
	if r.Atlas != 0 {
		return c.frame(r)
	}
	if r.Image == 0 {
		return nil
	}
	if int(r.Image) >= len(c.images) {
		c.images = grow(c.images, int(r.Image))
		c.version++
	}
	s := &c.images[r.Image]
	if !s.tried {
		s.tried = true
		c.version++
		img, err := c.loadImage(r.Image)
		if err != nil {
			c.fail("image "+r.Image.String(), fmt.Errorf("render: sprite: %w", err))
			return nil
		}
		tex := c.textureOf(img)
		s.ok, s.reg = true, rectRegion(tex, img.Bounds())
	}
	if !s.ok {
		return nil
	}
	return &s.reg
}

// loadImage loads the image file at p.
func (c *Cache) loadImage(p assets.Path) (*assets.Image, error) {
	if c.loader == nil {
		return nil, fmt.Errorf("image %s: the game has no assets", p)
	}
	return c.loader.Image(p.String())
}

// loadAtlas loads the atlas file at p.
func (c *Cache) loadAtlas(p assets.Path) (*assets.Atlas, error) {
	if c.loader == nil {
		return nil, fmt.Errorf("atlas %s: the game has no assets", p)
	}
	return c.loader.Atlas(p.String())
}

// frame returns the frame of an atlas r names.
func (c *Cache) frame(r drawable.Region) *region {
	if int(r.Atlas) >= len(c.atlases) {
		c.atlases = grow(c.atlases, int(r.Atlas))
		c.version++
	}
	s := &c.atlases[r.Atlas]
	if !s.tried {
		s.tried = true
		c.version++
		a, err := c.loadAtlas(r.Atlas)
		if err != nil {
			c.fail("atlas "+r.Atlas.String(), fmt.Errorf("render: sprite: %w", err))
			return nil
		}
		s.atlas = a
		c.cut(s)
	}
	if s.atlas == nil {
		return nil
	}
	if int(r.Frame) >= len(s.names) {
		s.names = grow(s.names, int(r.Frame))
		c.version++
	}
	i := s.names[r.Frame]
	if i == 0 {
		if k, ok := drawable.FrameIndex(s.atlas, r.Frame); ok {
			i = int32(k) + 1
		} else {
			i = -1
			c.fail("frame "+r.String(), fmt.Errorf("render: sprite: atlas %s has no frame %q", r.Atlas, r.Frame))
		}
		s.names[r.Frame] = i
	}
	if i < 0 || int(i) > len(s.frames) {
		return nil
	}
	return &s.frames[i-1]
}

// cut makes s's regions of its atlas as it is now.
func (c *Cache) cut(s *atlasSlot) {
	c.version++
	s.gen = s.atlas.Generation()
	tex := c.textureOf(s.atlas.Image())
	s.frames = s.frames[:0]
	for i := range s.atlas.Len() {
		s.frames = append(s.frames, rectRegion(tex, s.atlas.Frame(i)))
	}
	clear(s.names) // frame names may have moved
}

// textureOf returns the index of img's texture, uploading it if needed.
func (c *Cache) textureOf(img *assets.Image) uint32 {
	if i, ok := c.byAsset[img]; ok {
		return i
	}
	c.textures = append(c.textures, texture{img: ebiten.NewImageFromImage(img.Image()), asset: img, gen: img.Generation()})
	i := uint32(len(c.textures) - 1)
	c.byAsset[img] = i
	return i
}

func rectRegion(tex uint32, b image.Rectangle) region {
	return region{
		tex: tex,
		src: [4]float32{float32(b.Min.X), float32(b.Min.Y), float32(b.Max.X), float32(b.Max.Y)},
		w:   float32(b.Dx()), h: float32(b.Dy()),
	}
}

// grow returns s long enough to index i.
func grow[T any](s []T, i int) []T {
	n := max(i+1, 2*len(s), 16)
	return slices.Grow(s, n-len(s))[:n]
}

// face returns the face of font at size pixels, parsing the font once.
// The zero Path is the built-in Go Regular. nil if the font fails
// (reported once).
func (c *Cache) face(font assets.Path, size float64) *text.GoTextFace {
	k := faceKey{font, size}
	if f, ok := c.faces[k]; ok {
		return f
	}
	src, ok := c.sources[font]
	if !ok {
		var err error
		src, err = c.source(font)
		if err != nil {
			c.fail("font "+font.String(), err)
		}
		c.sources[font] = src // nil when it failed: not tried again
	}
	var f *text.GoTextFace
	if src != nil {
		f = &text.GoTextFace{Source: src, Size: size}
	}
	c.faces[k] = f
	return f
}

// source parses font.
func (c *Cache) source(font assets.Path) (*text.GoTextFaceSource, error) {
	if font == 0 {
		return defaultSource(), nil
	}
	if c.loader == nil {
		return nil, fmt.Errorf("render: font %s: the game has no assets", font)
	}
	f, err := c.loader.Font(font.String())
	if err != nil {
		return nil, fmt.Errorf("render: text: %w", err)
	}
	return parseFont(f)
}

// parseFont parses a loaded font into a face source, turning a panic of
// the parser (on a font that passed assets' checks) into an error.
func parseFont(f *assets.Font) (src *text.GoTextFaceSource, err error) {
	defer func() {
		if r := recover(); r != nil {
			src, err = nil, fmt.Errorf("render: font %s: the font parser panicked: %v", f.Path(), r)
		}
	}()
	if f.Format() == assets.FontCollection {
		var all []*text.GoTextFaceSource
		all, err = text.NewGoTextFaceSourcesFromCollection(bytes.NewReader(f.Bytes()))
		if err == nil {
			if len(all) == 0 {
				return nil, fmt.Errorf("render: font %s: an empty collection", f.Path())
			}
			src = all[0]
		}
	} else {
		src, err = text.NewGoTextFaceSource(bytes.NewReader(f.Bytes()))
	}
	if err != nil {
		return nil, fmt.Errorf("render: font %s: %w", f.Path(), err)
	}
	return src, nil
}

// defaultSource is Go Regular, parsed once for every cache.
var defaultSource = sync.OnceValue(func() *text.GoTextFaceSource {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic(fmt.Errorf("render: the built-in Go Regular font: %w", err)) // a bug: the font is compiled in
	}
	return src
})
