package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// The drawable components. An entity is drawn when it has a
// [geom.Position] and one of Sprite, Shape or Text (it may have all
// three: they draw in that order), and no Hidden tag. All but Text are
// defined in package drawable, which does not import ebitengine, so that
// game code and prefabs can use them in binaries without a display; the
// names here are the same components.
var (
	// Sprite is [drawable.Sprite]: a region of an image at the entity's
	// position, in a column walked in slot order.
	Sprite = drawable.Sprite
	// Animation is [drawable.Animation]: a clip of regions played on the
	// entity's Sprite.
	Animation = drawable.Animation
	// Shape is [drawable.Shape]: a rectangle, circle, line or polygon at
	// the entity's position.
	Shape = drawable.Shape
	// Hidden is [drawable.Hidden]: it keeps an entity's drawables from
	// being drawn.
	Hidden = drawable.Hidden
	// Screen is [drawable.Screen]: it draws an entity's drawables in
	// screen pixels, over every camera's view, for a HUD.
	Screen = drawable.Screen
	// Text draws a label at the entity's position. It holds an ebitengine
	// face, so unlike the others it lives here.
	Text = world.DefineComponent[Label]("Text")
)

// The drawable value types, from package drawable.
type (
	// Region is [drawable.Region].
	Region = drawable.Region
	// Flip is [drawable.Flip].
	Flip = drawable.Flip
	// Order is [drawable.Order].
	Order = drawable.Order
	// Layer is [drawable.Layer], the first key of an [Order].
	Layer = drawable.Layer
	// Picture is [drawable.Picture], the value of [Sprite].
	Picture = drawable.Picture
	// FigureKind is [drawable.FigureKind].
	FigureKind = drawable.FigureKind
	// Figure is [drawable.Figure], the value of [Shape].
	Figure = drawable.Figure
	// Clip is [drawable.Clip].
	Clip = drawable.Clip
	// Mode is [drawable.Mode].
	Mode = drawable.Mode
	// Playback is [drawable.Playback], the value of [Animation].
	Playback = drawable.Playback
)

// The flips, figure kinds and clip modes, from package drawable.
const (
	FlipX         = drawable.FlipX
	FlipY         = drawable.FlipY
	RectFigure    = drawable.RectFigure
	CircleFigure  = drawable.CircleFigure
	LineFigure    = drawable.LineFigure
	PolygonFigure = drawable.PolygonFigure
	Loop          = drawable.Loop
	Once          = drawable.Once
	PingPong      = drawable.PingPong
)

// NameLayer is [drawable.NameLayer]: it gives layer l the name name, for
// prefab data, and returns l.
func NameLayer(name string, l Layer) Layer { return drawable.NameLayer(name, l) }

// ErrLayerName is [drawable.ErrLayerName].
var ErrLayerName = drawable.ErrLayerName

// Rect is [drawable.Rect]: a filled rectangle w × h with its top-left
// corner at the position.
func Rect(w, h float64, c color.Color) Figure { return drawable.Rect(w, h, c) }

// Circle is [drawable.Circle]: a filled circle of radius r centred on the
// position.
func Circle(r float64, c color.Color) Figure { return drawable.Circle(r, c) }

// Line is [drawable.Line]: a line from the position to the position plus
// to, width units wide.
func Line(to geom.Vec2, width float64, c color.Color) Figure { return drawable.Line(to, width, c) }

// Polygon is [drawable.Polygon]: the filled polygon with the given
// corners, relative to the position.
func Polygon(c color.Color, points ...geom.Vec2) Figure { return drawable.Polygon(c, points...) }

// Label is the value of [Text]: a string drawn with a text/v2 face. Its
// zero value draws nothing.
type Label struct {
	Text string
	// Face is the face to draw with; nil uses the renderer's
	// [Options.Face], and draws nothing if that is nil too. Make one from
	// a font with [Renderer.Face].
	Face text.Face
	// Color is the text's colour; the zero value means opaque white.
	Color color.NRGBA
	// Align places the text's lines horizontally relative to the
	// position: text.AlignStart (the zero value) puts their left edge
	// there, text.AlignCenter their middle, text.AlignEnd their right
	// edge.
	Align text.Align
	// VAlign places the block of lines vertically: text.AlignStart puts
	// its top at the position, AlignCenter its middle, AlignEnd its
	// bottom.
	VAlign text.Align
	// Width, if positive, wraps the text at spaces into lines no wider
	// than Width world units.
	Width float64
	// LineSpacing is the distance between baselines; 0 takes the face's
	// line height.
	LineSpacing float64
	// Rotation turns the text about the position, in radians, clockwise
	// on the screen.
	Rotation float64
	Order
}
