// Package synth makes the examples' sound effects from code: tones,
// sweeps and noise as samples in [-1, 1], encoded as 16-bit mono PCM WAV
// files. The examples' generators (go generate) write the files their
// games ship; the same program always writes the same bytes.
package synth

import (
	"bytes"
	"encoding/binary"
	"math"
)

// Rate is the sample rate of the sounds made here; the mixer resamples to
// its own.
const Rate = 22050

// WAV encodes samples in [-1, 1] (clipped beyond) as a 16-bit mono PCM
// WAV file at [Rate].
func WAV(samples []float64) []byte {
	var data bytes.Buffer
	for _, s := range samples {
		v := int16(math.Round(max(-1, min(1, s)) * math.MaxInt16))
		binary.Write(&data, binary.LittleEndian, v)
	}
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	le(uint32(36 + data.Len()))
	b.WriteString("WAVEfmt ")
	le(uint32(16))       // fmt chunk size
	le(uint16(1))        // PCM
	le(uint16(1))        // mono
	le(uint32(Rate))     // sample rate
	le(uint32(Rate * 2)) // bytes a second
	le(uint16(2))        // bytes a frame
	le(uint16(16))       // bits a sample
	b.WriteString("data")
	le(uint32(data.Len()))
	b.Write(data.Bytes())
	return b.Bytes()
}

// Attack ramps the first n samples up from 0, so a sound starts without a
// click: it returns the gain of sample i.
func Attack(i, n int) float64 {
	if i >= n {
		return 1
	}
	return float64(i) / float64(n)
}

// Sweep returns a tone sliding exponentially from f0 to f1 Hz over d
// seconds, its volume decaying at decay per second, with harmonic h of
// the tone mixed in at level mix (0 for a pure tone).
func Sweep(f0, f1, d, decay float64, h int, mix float64) []float64 {
	n := int(d * Rate)
	out := make([]float64, n)
	phase := 0.0
	for i := range n {
		t := float64(i) / Rate
		f := f0 * math.Pow(f1/f0, t/d)
		phase += 2 * math.Pi * f / Rate
		env := math.Exp(-t*decay) * Attack(i, 60)
		out[i] = 0.5 * env * (math.Sin(phase) + mix*math.Sin(float64(h)*phase))
	}
	return out
}

// Noise is a fixed-seed xorshift generator of noise in [-1, 1], so that
// a sound made with it is the same every time.
type Noise struct{ seed uint32 }

// NewNoise returns a generator with the given non-zero seed.
func NewNoise(seed uint32) *Noise { return &Noise{seed: max(seed, 1)} }

// Next returns the next sample.
func (n *Noise) Next() float64 {
	n.seed ^= n.seed << 13
	n.seed ^= n.seed >> 17
	n.seed ^= n.seed << 5
	return float64(n.seed)/math.MaxUint32*2 - 1
}

// Concat returns the sounds one after the other.
func Concat(parts ...[]float64) []float64 {
	var out []float64
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
