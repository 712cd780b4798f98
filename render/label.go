package render

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/internal/core"
	"github.com/tessera-engine/tessera/world"
)

// labelCache holds an entity's label laid out: wrapped and measured, with
// what it was laid out from, so it is laid out again only when that
// changes.
type labelCache struct {
	used    uint64 // the Draw that last used it
	made    bool
	text    string
	width   float64
	face    text.Face
	spacing float64 // as the label asks; 0 for the face's

	wrapped string
	lineGap float64 // the distance between baselines in effect
	w, h    float64 // the laid-out block's size
}

// labelRef is a label collected for this frame.
type labelRef struct {
	cache         *labelCache
	face          text.Face
	m             camera.Affine // from the label's coordinates to the world's
	align, valign text.Align
}

// alignShare returns how much of a block's size lies before its anchor.
func alignShare(a text.Align) float64 {
	switch a {
	case text.AlignCenter:
		return 0.5
	case text.AlignEnd:
		return 1
	}
	return 0
}

// labelText returns e's label l laid out with face.
func (r *Renderer) labelText(e world.Entity, l *Label, face text.Face) *labelCache {
	lc := r.texts[e]
	if lc == nil {
		lc = &labelCache{}
		r.texts[e] = lc
	}
	lc.used = r.draws
	if lc.made && lc.text == l.Text && lc.width == l.Width && lc.face == face && lc.spacing == l.LineSpacing {
		return lc
	}
	lc.made, lc.text, lc.width, lc.face, lc.spacing = true, l.Text, l.Width, face, l.LineSpacing
	lc.lineGap = l.LineSpacing
	if lc.lineGap <= 0 {
		m := face.Metrics()
		lc.lineGap = m.HAscent + m.HDescent + m.HLineGap
	}
	lc.wrapped = core.Wrap(l.Text, l.Width, func(s string) float64 { return text.Advance(s, face) })
	lc.w, lc.h = text.Measure(lc.wrapped, face, lc.lineGap)
	return lc
}

// drawLabel draws a collected label through a camera's transform cam.
func (r *Renderer) drawLabel(dst *ebiten.Image, ref *labelRef, c [4]float32, cam camera.Affine) {
	o := &r.textOpts
	g := ref.m.Then(cam)
	o.GeoM.Reset()
	o.GeoM.SetElement(0, 0, g.A)
	o.GeoM.SetElement(0, 1, g.C)
	o.GeoM.SetElement(0, 2, g.TX)
	o.GeoM.SetElement(1, 0, g.B)
	o.GeoM.SetElement(1, 1, g.D)
	o.GeoM.SetElement(1, 2, g.TY)
	o.ColorScale.Reset()
	o.ColorScale.Scale(c[0]*c[3], c[1]*c[3], c[2]*c[3], c[3]) // premultiplied
	o.Filter = r.opts.Filter
	o.LineSpacing = ref.cache.lineGap
	o.PrimaryAlign, o.SecondaryAlign = ref.align, ref.valign
	text.Draw(dst, ref.cache.wrapped, ref.face, o)
}

// Face returns a text/v2 face of font at size pixels (world units), for
// [Label.Face] or [Options.Face]. The font is parsed once per renderer;
// faces of any size share it. For a collection, the first font is used.
// The error, naming the font, is the parser's, or a panic in it, recovered.
func (r *Renderer) Face(font *assets.Font, size float64) (*text.GoTextFace, error) {
	if r.sources == nil {
		r.sources = make(map[*assets.Font]*text.GoTextFaceSource)
	}
	src := r.sources[font]
	if src == nil {
		var err error
		if src, err = faceSource(font); err != nil {
			return nil, fmt.Errorf("render: font %s: %w", font.Path(), err)
		}
		r.sources[font] = src
	}
	return &text.GoTextFace{Source: src, Size: size}, nil
}

// faceSource parses font. assets.Font refuses what the parser cannot
// read; should the parser panic all the same, the panic is the error.
func faceSource(font *assets.Font) (src *text.GoTextFaceSource, err error) {
	defer func() {
		if p := recover(); p != nil {
			src, err = nil, fmt.Errorf("the font parser (go-text) panicked: %v", p)
		}
	}()
	if font.Format() != assets.FontCollection {
		return text.NewGoTextFaceSource(bytes.NewReader(font.Bytes()))
	}
	all, err := text.NewGoTextFaceSourcesFromCollection(bytes.NewReader(font.Bytes()))
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

// DefaultFaceSize is the size of the face labels get when neither they nor
// the renderer's Options name one.
const DefaultFaceSize = 16

// defaultSource is Go Regular, parsed once for every renderer.
var defaultSource = sync.OnceValue(func() *text.GoTextFaceSource {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic(fmt.Errorf("render: the built-in Go Regular font: %w", err)) // a bug: the font is compiled in
	}
	return src
})

// DefaultFace returns the built-in face, Go Regular, at size pixels: text
// that works without loading a font, for a HUD, a debug label or a first
// game. Its source is parsed once, on first use; each call returns a new
// face, which costs a small allocation.
func DefaultFace(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: defaultSource(), Size: size}
}
