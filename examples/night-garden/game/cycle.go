package game

import "math"

// Phase is where the day/night cycle is, in [0, 1): 0 is dawn, 0.25
// noon, 0.5 dusk and 0.75 midnight. Day is [0, 0.5), night [0.5, 1).
type Phase float64

// Night reports whether p is in the night half of the cycle.
func (p Phase) Night() bool { return p >= 0.5 }

// Progress returns how far through its day or its night p is, in [0, 1).
func (p Phase) Progress() float64 {
	if p.Night() {
		return float64(p-0.5) * 2
	}
	return float64(p) * 2
}

// Light returns how bright the garden is at p: 1 through the middle of
// the day, 0 through the middle of the night, 0.5 at dawn and dusk.
func Light(p Phase) float64 {
	return clamp01(0.5 + 1.5*math.Sin(2*math.Pi*float64(p)))
}

// twilight returns how close p is to dawn or dusk: 1 at either, falling
// to 0 where [Light] reaches full day or full night.
func twilight(p Phase) float64 {
	return clamp01(1 - 3*math.Abs(math.Sin(2*math.Pi*float64(p))))
}

// SkyColor returns the sky's colour at p: Night at midnight, Day at noon,
// blended with Dusk around dawn and dusk.
func SkyColor(s Sky, p Phase) Color {
	return s.Night.Lerp(s.Day, Light(p)).Lerp(s.Dusk, 0.7*twilight(p))
}

// AmbientColor returns the tint of the world at p: night at midnight,
// white (no tint) through the day.
func AmbientColor(night Color, p Phase) Color {
	return night.Lerp(white, Light(p))
}

// nextTurn returns the phase, at or after p, of the next dusk or dawn,
// counted past 1 for dawn (so 0.3 gives 0.5 and 0.7 gives 1).
func nextTurn(p Phase) Phase {
	if p.Night() {
		return 1
	}
	return 0.5
}

// advance returns p moved on by d (in cycles), wrapped into [0, 1).
func advance(p Phase, d float64) Phase {
	q := math.Mod(float64(p)+d, 1)
	if q < 0 {
		q++
	}
	return Phase(q)
}
