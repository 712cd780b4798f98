package game

import (
	"math"

	"github.com/tessera-engine/tessera/internal/synth"
)

// The sound effects, by path in [Files].
const (
	SoundJump  = "sounds/jump.wav"
	SoundPoint = "sounds/point.wav"
	SoundHit   = "sounds/hit.wav"
)

// soundFiles makes the sound effects: the same bytes every time.
func soundFiles() map[string][]byte {
	return map[string][]byte{
		"jump.wav":  synth.WAV(synth.Sweep(330, 660, 0.12, 14, 2, 0.25)),
		"point.wav": synth.WAV(synth.Concat(synth.Sweep(988, 988, 0.06, 20, 2, 0.3), synth.Sweep(1319, 1319, 0.12, 18, 2, 0.3))),
		"hit.wav":   synth.WAV(hit()),
	}
}

// hit is a short crunch: a falling tone under decaying noise.
func hit() []float64 {
	tone := synth.Sweep(220, 60, 0.3, 9, 3, 0.4)
	n := synth.NewNoise(2463534242)
	low := 0.0
	for i := range tone {
		t := float64(i) / synth.Rate
		low += 0.3 * (n.Next() - low)
		tone[i] += 0.5 * low * math.Exp(-t*25)
	}
	return tone
}
