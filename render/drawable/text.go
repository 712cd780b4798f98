package drawable

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/tessera-engine/tessera/assets"
)

// DefaultTextSize is the size, in pixels (world units), of a [Label]
// whose Size is 0.
const DefaultTextSize = 16

// Label is the value of [Text]: a string drawn at the entity's position,
// in a font named by asset path or the built-in one. It is plain game
// state: systems write the score into it, and headless tests read it back.
// Its zero value draws nothing. In prefab data:
//
//	Text: {text: "score: 0", font: fonts/pixel.ttf, size: 12, align: center}
type Label struct {
	Text string `yaml:"text"`
	// Font is a TrueType or OpenType file (the first font of a
	// collection); the zero Path is the built-in Go Regular.
	Font assets.Path `yaml:"font"`
	// Size is the font's size in pixels (world units); 0 means
	// [DefaultTextSize].
	Size float64 `yaml:"size"`
	// Color is the text's colour; the zero value means opaque white.
	Color color.NRGBA `yaml:"color"`
	// Align places the text's lines horizontally relative to the
	// position: AlignStart (the zero value) puts their left edge there,
	// AlignCenter their middle, AlignEnd their right edge.
	Align Align `yaml:"align"`
	// VAlign places the block of lines vertically: AlignStart puts its
	// top at the position, AlignCenter its middle, AlignEnd its bottom.
	VAlign Align `yaml:"valign"`
	// Width, if positive, wraps the text at spaces into lines no wider
	// than Width world units.
	Width float64 `yaml:"width"`
	// LineSpacing is the distance between baselines; 0 takes the font's
	// line height.
	LineSpacing float64 `yaml:"linespacing"`
	// Rotation turns the text about the position, in radians, clockwise
	// on the screen, on top of the entity's [geom.WorldTransform] (which
	// also scales the text), if it has one.
	Rotation float64 `yaml:"rotation"`
	Order    `yaml:"order"`
}

// FontSize returns the size the label is drawn at: Size, or
// [DefaultTextSize] when Size is not positive.
func (l *Label) FontSize() float64 {
	if l.Size > 0 {
		return l.Size
	}
	return DefaultTextSize
}

// CheckAssets reports whether the label's font loads through l (the
// built-in font always does).
func (l Label) CheckAssets(ld *assets.Loader) error {
	if l.Font == 0 {
		return nil
	}
	if _, err := ld.Font(l.Font.String()); err != nil {
		return fmt.Errorf("%w: font: %w", ErrRegion, err)
	}
	return nil
}

// Align places text relative to its position; see [Label].
type Align uint8

// The alignments.
const (
	AlignStart  Align = iota // left, or top
	AlignCenter              // the middle
	AlignEnd                 // right, or bottom
)

var alignNames = [...]string{"start", "center", "end"}

// String returns "start", "center" or "end".
func (a Align) String() string {
	if b, err := a.MarshalText(); err == nil {
		return string(b)
	}
	return fmt.Sprintf("Align(%d)", uint8(a))
}

// MarshalText returns the alignment's name, as prefab data writes it.
func (a Align) MarshalText() ([]byte, error) {
	if int(a) >= len(alignNames) {
		return nil, fmt.Errorf("drawable: no alignment %d", uint8(a))
	}
	return []byte(alignNames[a]), nil
}

// UnmarshalText sets the alignment from its name: "start" (also "left"
// and "top"), "center" (or "middle") or "end" ("right", "bottom"). An
// unknown name is an error listing the names.
func (a *Align) UnmarshalText(b []byte) error {
	switch string(b) {
	case "start", "left", "top":
		*a = AlignStart
	case "center", "middle":
		*a = AlignCenter
	case "end", "right", "bottom":
		*a = AlignEnd
	default:
		return fmt.Errorf("unknown alignment %q (want one of %s)", b, strings.Join(alignNames[:], ", "))
	}
	return nil
}
