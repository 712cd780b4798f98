// Package drawable holds what a scene draws, as components: sprites,
// animations, shapes, texts, cameras, visibility and draw order. It imports
// neither ebitengine nor render, so game code, prefabs and tests use
// drawables in binaries without a display (any binary that links
// ebitengine panics at start-up without one). The engine's window runtime
// draws every scene's world from these components (package render does
// the drawing); a headless run plays the same animations and moves the
// same cameras, so tests read what would be on the screen.
//
// # Outline
//
//   - Sprites: [Sprite] ([Picture], [Region], [Image], [Frame], [Flip],
//     [RegionSize], [FrameIndex], [FrameName]), [Hidden].
//   - Animation: [Animation] ([Playback], [Play]), [Animator],
//     [AnimationEnds] ([AnimationEnd]); clips are defined in atlas files
//     ([assets.Clip]).
//   - Shapes and texts: [Shape] ([Figure], [Rect], [Circle], [Line],
//     [Polygon], [Figure.Outline], [FigureKind]), [Text] ([Label],
//     [Align], [DefaultTextSize]).
//   - Cameras: [Camera] (a [camera.Camera]), [StepCameras], [CameraAt];
//     the HUD: [Screen].
//   - Draw order: [Order], [Layer], [NameLayer], [LayerNames].
//   - Checks: [Region.CheckAssets], [Playback.CheckAssets],
//     [Label.CheckAssets], [ErrRegion], [ErrLayerName].
//
// Pictures, fonts and animation clips are named by asset path
// ([assets.Path]): a sprite is Sprite: {image: sprites/bird.png} or
// {atlas: sprites/hero.yaml, frame: walk-1} in prefab data, and
// [Image] or [Frame] in code. The engine resolves them through its one
// [assets.Loader]; prefab loads check them ([Region.CheckAssets]).
// Enumerations (flips, alignments, figure kinds, layers) are names in
// data, through their MarshalText and UnmarshalText.
package drawable

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/world"
)

// The drawable components. An entity is drawn when it has a
// [geom.Position] and one of Sprite, Shape or Text (it may have all
// three: they draw in that order), and no Hidden tag. Define them nowhere
// else.
var (
	// Sprite draws a region of an image at the entity's position. A field
	// component: sprites live in a column and are walked in slot order.
	Sprite = world.DefineFields[Picture]("Sprite")
	// Animation plays a clip of an atlas on the entity's Sprite; see
	// [Animator].
	Animation = world.DefineFields[Playback]("Animation")
	// Shape draws a rectangle, circle, line or polygon at the entity's
	// position.
	Shape = world.DefineComponent[Figure]("Shape")
	// Text draws a string at the entity's position.
	Text = world.DefineComponent[Label]("Text")
	// Hidden keeps an entity's drawables from being drawn. Adding and
	// removing a tag is O(1).
	Hidden = world.DefineTag("Hidden")
	// Screen puts an entity's drawables on the screen instead of in the
	// world, for a HUD: its Position is in logical screen pixels from the
	// top-left corner, no camera moves, zooms, rotates or culls it, and it
	// draws over every camera's view, in its own Order.
	Screen = world.DefineTag("Screen")
)

// ErrRegion is wrapped by the errors of [Region.CheckAssets] for a region
// that does not name a picture the game has: no such image or atlas, no
// such frame, or both an image and an atlas.
var ErrRegion = errors.New("drawable: bad region")

// Region names a picture by asset: a whole image file (Image), or a frame
// of an atlas file (Atlas and Frame; see [assets.Loader.Atlas]). The zero
// Region is none: a sprite showing it draws nothing. Regions are plain
// numbers, so sprites stay a field component; make them with [Image] and
// [Frame], or write them in prefab data:
//
//	Sprite: {image: sprites/bird.png}
//	Sprite: {atlas: sprites/hero.yaml, frame: walk-1, origin: {x: 0.5, y: 1}}
//
// A frame of an atlas whose frames have no names (a grid without names)
// is named by its index: frame: "3". An atlas with no Frame shows its
// first frame.
type Region struct {
	// Image is an image file shown whole.
	Image assets.Path `yaml:"image"`
	// Atlas is an atlas file, and Frame the name of one of its frames.
	Atlas assets.Path `yaml:"atlas"`
	Frame assets.Name `yaml:"frame"`
}

// Image returns the region showing all of the image file at path. Panics
// if path is not a valid asset path ([assets.PathOf]).
func Image(path string) Region { return Region{Image: assets.PathOf(path)} }

// Frame returns the region showing the frame called frame of the atlas
// file at atlas. Panics if atlas is not a valid asset path.
func Frame(atlas, frame string) Region {
	return Region{Atlas: assets.PathOf(atlas), Frame: assets.NameOf(frame)}
}

// IsZero reports whether r is the zero Region, which draws nothing.
func (r Region) IsZero() bool { return r == Region{} }

// String returns "sprites/bird.png", "sprites/hero.yaml#walk-1" or "none".
func (r Region) String() string {
	switch {
	case r.IsZero():
		return "none"
	case r.Atlas != 0:
		return r.Atlas.String() + "#" + r.Frame.String()
	}
	return r.Image.String()
}

// CheckAssets reports whether r names a picture l can load: the image,
// or the atlas and a frame of it. The zero Region is fine. It loads what
// r names, so a check also fills l's cache. A region giving both an image
// and an atlas is an error; so is a frame without an atlas.
func (r Region) CheckAssets(l *assets.Loader) error {
	switch {
	case r.IsZero():
		return nil
	case r.Image != 0 && r.Atlas != 0:
		return fmt.Errorf("%w: give an image or an atlas, not both (image %s, atlas %s)", ErrRegion, r.Image, r.Atlas)
	case r.Image != 0:
		if r.Frame != 0 {
			return fmt.Errorf("%w: frame %q needs an atlas, not the image %s", ErrRegion, r.Frame, r.Image)
		}
		if _, err := l.Image(r.Image.String()); err != nil {
			return fmt.Errorf("%w: %w", ErrRegion, err)
		}
		return nil
	case r.Atlas == 0:
		return fmt.Errorf("%w: frame %q needs an atlas", ErrRegion, r.Frame)
	}
	a, err := l.Atlas(r.Atlas.String())
	if err != nil {
		return fmt.Errorf("%w: %w", ErrRegion, err)
	}
	if _, ok := FrameIndex(a, r.Frame); !ok {
		return fmt.Errorf("%w: atlas %s has no frame %q%s", ErrRegion, r.Atlas, r.Frame, frameHint(a, r.Frame.String()))
	}
	return nil
}

// RegionSize returns the size in pixels of the picture r names, loading
// it through l: for code that sizes entities by their art (a wall
// stretched to a room's width). The error is [Region.CheckAssets]'s, or
// one wrapping [ErrRegion] for the zero Region.
func RegionSize(l *assets.Loader, r Region) (geom.Vec2, error) {
	if r.IsZero() {
		return geom.Vec2{}, fmt.Errorf("%w: no picture", ErrRegion)
	}
	if err := r.CheckAssets(l); err != nil {
		return geom.Vec2{}, err
	}
	var b image.Rectangle
	if r.Atlas != 0 {
		a, _ := l.Atlas(r.Atlas.String()) // loaded by the check
		i, _ := FrameIndex(a, r.Frame)
		b = a.Frame(i)
	} else {
		img, _ := l.Image(r.Image.String())
		b = img.Bounds()
	}
	return geom.Vec2{X: float64(b.Dx()), Y: float64(b.Dy())}, nil
}

// FrameIndex returns the index in a of the frame called name: its name
// in the atlas file, or its index in decimal for a frame without a name.
// The zero Name is the first frame. O(1).
func FrameIndex(a *assets.Atlas, name assets.Name) (int, bool) {
	if name == 0 {
		return 0, a.Len() > 0
	}
	s := name.String()
	if i, ok := a.Lookup(s); ok {
		return i, true
	}
	if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < a.Len() && a.Name(i) == "" {
		return i, true
	}
	return 0, false
}

// FrameName returns the name a [Region] gives frame i of a: its name, or
// its index in decimal when it has none.
func FrameName(a *assets.Atlas, i int) assets.Name {
	if n := a.Name(i); n != "" {
		return assets.NameOf(n)
	}
	return assets.NameOf(strconv.Itoa(i))
}

// frameHint suggests the frame names of a closest to name.
func frameHint(a *assets.Atlas, name string) string {
	var best string
	bestD := -1
	for i := range a.Len() {
		n := a.Name(i)
		if n == "" {
			continue
		}
		if d := yamltext.Distance(name, n); bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len(name)/3) {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Flip shows a sprite's region mirrored, in the same place: a character
// facing right faces left.
type Flip uint8

// The flips; FlipX|FlipY mirrors both ways.
const (
	FlipX Flip = 1 << iota // left to right
	FlipY                  // top to bottom
)

// flipNames are the flips' names, by value, as prefab data writes them
// (flip: x).
var flipNames = [...]string{"none", "x", "y", "xy"}

// String returns the flip's name: "none", "x", "y" or "xy".
func (f Flip) String() string {
	if b, err := f.MarshalText(); err == nil {
		return string(b)
	}
	return fmt.Sprintf("Flip(%d)", uint8(f))
}

// MarshalText returns the flip's name: "none", "x", "y" or "xy". It fails
// for values with other bits set.
func (f Flip) MarshalText() ([]byte, error) {
	if int(f) >= len(flipNames) {
		return nil, fmt.Errorf("drawable: no flip %d", uint8(f))
	}
	return []byte(flipNames[f]), nil
}

// UnmarshalText sets the flip from its name ("none", "x", "y" or "xy";
// "yx" is "xy"). An unknown name is an error listing the names.
func (f *Flip) UnmarshalText(b []byte) error {
	s := string(b)
	if s == "yx" {
		s = "xy"
	}
	for i, n := range flipNames {
		if n == s {
			*f = Flip(i)
			return nil
		}
	}
	return fmt.Errorf("unknown flip %q (want one of %s)", b, strings.Join(flipNames[:], ", "))
}

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
// it at its size, its top-left corner at the entity's position. An entity
// with a [geom.WorldTransform] (a child of a hierarchy) is drawn turned by
// its pose's rotation plus Rotation and scaled by its pose's scale times
// Scale. In prefab
// data the region's keys sit beside the others: {image: bird.png, origin:
// {x: 0.5, y: 0.5}}.
type Picture struct {
	Region Region `yaml:",inline"`
	// Origin is the point of the region placed at the entity's position,
	// and the centre of Scale and Rotation, in fractions of the
	// region's size: (0, 0) is its top-left corner, (0.5, 0.5) its middle,
	// (0.5, 1) the middle of its bottom edge.
	Origin geom.Vec2
	// Scale multiplies the region's size on each axis. The zero value
	// means (1, 1); to make a sprite vanish, hide it.
	Scale geom.Vec2
	// Rotation turns the region about its origin, in radians, clockwise
	// on the screen. It is drawn as the last step left it: a sprite that
	// turns every step turns smoothly on any display when its entity's
	// geom.WorldTransform turns instead, which is drawn between steps.
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
// filled or stroked, in world units relative to the entity's position,
// turned and scaled by the entity's [geom.WorldTransform] if it has one.
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

// Playback is the value of [Animation]: which clip of which atlas the
// entity's sprite shows, and how far into it. The [Animator] advances
// Elapsed by every fixed step and sets the sprite's Region to the clip's
// frame, so animations are as deterministic as the rest of the
// simulation. A Playback without a Clip plays nothing: the sprite keeps
// its Region until [Playback.Play] names one. In prefab data:
//
//	Animation: {atlas: sprites/hero.yaml, clip: walk}
//
// The clips, their frames, rate and mode (loop, once, pingpong) are in the
// atlas file ([assets.Clip]).
type Playback struct {
	Atlas assets.Path `yaml:"atlas"`
	Clip  assets.Name `yaml:"clip"`
	// Elapsed is the time since the clip started, in seconds; for a
	// clip that loops it wraps at the end of each period, so that
	// rounding does not grow with the time played.
	Elapsed float64 `yaml:"elapsed"`
}

// Play returns the playback of the clip called clip of the atlas file at
// atlas, from its start. Panics if atlas is not a valid asset path.
func Play(atlas, clip string) Playback {
	return Playback{Atlas: assets.PathOf(atlas), Clip: assets.NameOf(clip)}
}

// Play starts the clip called clip of the same atlas from its first
// frame, unless it is already playing.
func (p *Playback) Play(clip string) {
	if c := assets.NameOf(clip); p.Clip != c {
		p.Clip, p.Elapsed = c, 0
	}
}

// Restart plays the clip again from its first frame.
func (p *Playback) Restart() { p.Elapsed = 0 }

// CheckAssets reports whether p names a clip l can load: the atlas, and a
// clip of it. The zero Playback is fine.
func (p Playback) CheckAssets(l *assets.Loader) error {
	if p.Atlas == 0 && p.Clip == 0 {
		return nil
	}
	if p.Atlas == 0 {
		return fmt.Errorf("%w: clip %q needs an atlas", ErrRegion, p.Clip)
	}
	a, err := l.Atlas(p.Atlas.String())
	if err != nil {
		return fmt.Errorf("%w: %w", ErrRegion, err)
	}
	if p.Clip == 0 {
		return nil
	}
	if _, ok := a.Clip(p.Clip.String()); !ok {
		return fmt.Errorf("%w: atlas %s has no clip %q%s", ErrRegion, p.Atlas, p.Clip, clipList(a))
	}
	return nil
}

// clipList lists a's clips for an error message.
func clipList(a *assets.Atlas) string {
	names := a.Clips()
	if len(names) == 0 {
		return " (it has no clips)"
	}
	return " (clips: " + strings.Join(names, ", ") + ")"
}
