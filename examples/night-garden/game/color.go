package game

import (
	"fmt"
	"image/color"
	"strconv"
)

// Color is a colour designers write as "#rrggbb" or "#rrggbbaa" in YAML.
// Its zero value is transparent black.
type Color struct{ R, G, B, A uint8 }

// UnmarshalText parses "#rrggbb" (opaque) or "#rrggbbaa".
func (c *Color) UnmarshalText(text []byte) error {
	s := string(text)
	if len(s) != 7 && len(s) != 9 || s[0] != '#' {
		return fmt.Errorf("colour %q is not #rrggbb or #rrggbbaa", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return fmt.Errorf("colour %q is not #rrggbb or #rrggbbaa", s)
	}
	if len(s) == 7 {
		v = v<<8 | 0xff
	}
	*c = Color{R: uint8(v >> 24), G: uint8(v >> 16), B: uint8(v >> 8), A: uint8(v)}
	return nil
}

// MarshalText writes the colour as "#rrggbbaa".
func (c Color) MarshalText() ([]byte, error) {
	return []byte(c.String()), nil
}

// String returns the colour as "#rrggbbaa".
func (c Color) String() string {
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

// NRGBA returns the colour as the straight-alpha colour render draws.
func (c Color) NRGBA() color.NRGBA { return color.NRGBA(c) }

// Times multiplies c by t channel by channel, as a tint does: white
// leaves c as it is. The alpha is c's.
func (c Color) Times(t Color) Color {
	mul := func(a, b uint8) uint8 { return uint8((uint16(a)*uint16(b) + 127) / 255) }
	return Color{R: mul(c.R, t.R), G: mul(c.G, t.G), B: mul(c.B, t.B), A: c.A}
}

// Lerp returns the colour k of the way from c to d, k in [0, 1].
func (c Color) Lerp(d Color, k float64) Color {
	k = clamp01(k)
	mix := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*k + 0.5) }
	return Color{R: mix(c.R, d.R), G: mix(c.G, d.G), B: mix(c.B, d.B), A: mix(c.A, d.A)}
}

// white is the tint that changes nothing.
var white = Color{255, 255, 255, 255}

func clamp01(k float64) float64 { return min(max(k, 0), 1) }
