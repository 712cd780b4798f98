// Package drawable holds the component types render draws: sprites,
// shapes, animations, visibility and draw order. It imports neither
// ebitengine nor render, so game code, prefabs and tests can give
// entities drawables without linking ebitengine (any binary that links it
// panics at start-up without a display). Package render re-exports every
// name here and draws them; text labels, which hold an ebitengine face,
// live in render itself.
package drawable

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

// The drawable components. An entity is drawn when it has a
// [geom.Position] and one of Sprite, Shape or render.Text (it may have
// all three: they draw in that order), and no Hidden tag. Define them nowhere
// else.
var (
	// Sprite draws a region of an image at the entity's position. A field
	// component: sprites live in a column and are walked in slot order.
	Sprite = world.DefineFields[Picture]("Sprite")
	// Animation plays a clip of regions on the entity's Sprite.
	Animation = world.DefineFields[Playback]("Animation")
	// Shape draws a rectangle, circle, line or polygon at the entity's
	// position.
	Shape = world.DefineComponent[Figure]("Shape")
	// Hidden keeps an entity's drawables from being drawn. Adding and
	// removing a tag is O(1).
	Hidden = world.DefineTag("Hidden")
	// Screen puts an entity's drawables on the screen instead of in the
	// world, for a HUD: its Position is in logical screen pixels from the
	// top-left corner, no camera moves, zooms, rotates or culls it, and it
	// draws over every camera's view, in its own Order.
	Screen = world.DefineTag("Screen")
)

// Region is a rectangle of an image that a render.Renderer knows: see
// render.Renderer.AddImage, render.Renderer.AddRegion, render.Renderer.AddAsset and
// render.Renderer.AddAtlas. Regions are numbers so that sprites are plain
// numbers too. The zero Region is none: a sprite showing it draws
// nothing.
type Region uint32

// Flip shows a sprite's region mirrored, in the same place: a character
// facing right faces left.
type Flip uint8

// The flips; FlipX|FlipY mirrors both ways.
const (
	FlipX Flip = 1 << iota // left to right
	FlipY                  // top to bottom
)

// Order places a drawable in the draw order: by Layer, then by Z, both
// ascending (higher draws on top), then by entity slot, then sprite before
// shape before text. The order never depends on the order the world walks
// entities in. Z is compared as a float32, so a top-down game may sort by
// height with Z = float32(y). Prefab data writes a named layer by name
// (order: {layer: items}; see [NameLayer]).
type Order struct {
	Layer Layer
	Z     float32
}

// Picture is the value of [Sprite]: which region to draw and how. Its
// zero value draws nothing (no region); a Picture with only a Region draws
// it at its size, its top-left corner at the entity's position.
type Picture struct {
	Region Region
	// Origin is the point of the region placed at the entity's position,
	// and the centre of Scale and Rotation, in fractions of the
	// region's size: (0, 0) is its top-left corner, (0.5, 0.5) its middle,
	// (0.5, 1) the middle of its bottom edge.
	Origin geom.Vec2
	// Scale multiplies the region's size on each axis. The zero value
	// means (1, 1); to make a sprite vanish, hide it.
	Scale geom.Vec2
	// Rotation turns the region about its origin, in radians, clockwise
	// on the screen.
	Rotation float64
	Flip     Flip
	// Tint multiplies the region's colours, straight alpha: its A is the
	// sprite's opacity. The zero value means none (opaque white); so a
	// fade to transparent ends at {255, 255, 255, 0}, not at the zero
	// value.
	Tint color.NRGBA
	Order
}

// FigureKind is the kind of a [Figure].
type FigureKind uint8

// The kinds of figure.
const (
	// RectFigure is a rectangle of Size, placed by Origin.
	RectFigure FigureKind = iota + 1
	// CircleFigure is a circle of Radius centred on the position.
	CircleFigure
	// LineFigure is a line through Points, open at both ends: always
	// stroked, 1 unit wide if Stroke is 0.
	LineFigure
	// PolygonFigure is the closed outline through Points; it may be
	// concave.
	PolygonFigure
)

// figureKinds are the kinds by name, from RectFigure on.
var figureKinds = []string{"rect", "circle", "line", "polygon"}

// String returns the kind's name: "rect", "circle", "line" or "polygon".
func (k FigureKind) String() string {
	if b, err := k.MarshalText(); err == nil {
		return string(b)
	}
	return fmt.Sprintf("FigureKind(%d)", uint8(k))
}

// MarshalText returns the kind's name, as prefab data writes it: "rect",
// "circle", "line" or "polygon". It fails for the zero kind and unknown
// ones.
func (k FigureKind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) > len(figureKinds) {
		return nil, fmt.Errorf("drawable: no figure kind %d", uint8(k))
	}
	return []byte(figureKinds[k-1]), nil
}

// UnmarshalText sets the kind from its name, so prefab data says
// kind: circle. An unknown name is an error listing the names.
func (k *FigureKind) UnmarshalText(b []byte) error {
	for i, n := range figureKinds {
		if n == string(b) {
			*k = FigureKind(i + 1)
			return nil
		}
	}
	return fmt.Errorf("unknown figure kind %q (want one of %s)", b, strings.Join(figureKinds, ", "))
}

// Figure is the value of [Shape]: a rectangle, circle, line or polygon,
// filled or stroked, in world units relative to the entity's position.
// Make one with [Rect], [Circle], [Line] or [Polygon]. The renderer turns
// it into triangles through ebitengine's vector package and keeps them
// until the figure changes. The zero value draws nothing.
type Figure struct {
	Kind   FigureKind
	Size   geom.Vec2   // RectFigure: width and height
	Radius float64     // CircleFigure
	Points []geom.Vec2 // LineFigure, PolygonFigure: relative to the position
	// Origin is the point of a rectangle placed at the position, in
	// fractions of its Size, as for [Picture]. Other kinds ignore it.
	Origin geom.Vec2
	// Stroke is the width of the outline, in world units; 0 fills the
	// figure.
	Stroke float64
	// Rotation turns the figure about the position, in radians,
	// clockwise on the screen.
	Rotation float64
	// Color is the figure's colour, straight alpha; the zero value means
	// opaque white. As with ebitengine's vector package, translucent
	// strokes may show darker where segments overlap.
	Color color.NRGBA
	Order
}

// Rect returns a filled rectangle w × h with its top-left corner at the
// position.
func Rect(w, h float64, c color.Color) Figure {
	return Figure{Kind: RectFigure, Size: geom.Vec2{X: w, Y: h}, Color: nrgba(c)}
}

// Circle returns a filled circle of radius r centred on the position.
func Circle(r float64, c color.Color) Figure {
	return Figure{Kind: CircleFigure, Radius: r, Color: nrgba(c)}
}

// Line returns a line from the position to the position plus to, width
// units wide.
func Line(to geom.Vec2, width float64, c color.Color) Figure {
	return Figure{Kind: LineFigure, Points: []geom.Vec2{{}, to}, Stroke: width, Color: nrgba(c)}
}

// Polygon returns the filled polygon with the given corners, relative to
// the position.
func Polygon(c color.Color, points ...geom.Vec2) Figure {
	return Figure{Kind: PolygonFigure, Points: points, Color: nrgba(c)}
}

// Outline returns f stroked width units wide instead of filled.
func (f Figure) Outline(width float64) Figure {
	f.Stroke = width
	return f
}

// nrgba converts c to a straight-alpha colour.
func nrgba(c color.Color) color.NRGBA {
	if c == nil {
		return color.NRGBA{}
	}
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// Clip is an animation clip a render.Renderer knows: frames, a rate and a
// [Mode]; see render.Renderer.AddClip. The zero Clip is none.
type Clip uint32

// Mode is how a [Clip] plays.
type Mode uint8

// The modes.
const (
	// Loop plays the frames in order, then again from the first.
	Loop Mode = iota
	// Once plays the frames in order and stays on the last; the clip ends
	// when the last frame has had its time, which render.Renderer.Ended and
	// render.Options.OnAnimationEnd report.
	Once
	// PingPong plays the frames forwards, then backwards, and so on,
	// without repeating the frames at either end.
	PingPong
)

// Playback is the value of [Animation]: which clip the entity's sprite
// shows and how far into it. The animation system advances Elapsed by
// every fixed step and sets the sprite's Region to the clip's frame, so
// animations are as deterministic as the rest of the simulation.
type Playback struct {
	Clip Clip
	// Elapsed is the time since the clip started, in seconds; for a
	// clip that loops (Loop, PingPong) it wraps at the end of each
	// period, so that rounding does not grow with the time played.
	Elapsed float64
}

// Play starts clip c from its first frame, unless it is already playing.
func (p *Playback) Play(c Clip) {
	if p.Clip != c {
		p.Clip, p.Elapsed = c, 0
	}
}

// Restart plays the clip again from its first frame.
func (p *Playback) Restart() { p.Elapsed = 0 }
