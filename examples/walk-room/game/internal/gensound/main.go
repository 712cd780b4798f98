// Command gensound synthesizes walk-room's sound effects, pickup.wav and
// door.wav, into a directory: run by go generate in package game, whose
// assets/sounds directory holds the results. They are 16-bit mono PCM WAV
// files at 22050 Hz, a few kilobytes each; the same program always writes
// the same bytes (a test in package game checks the files are current).
//
//	go run ./internal/gensound -o assets/sounds
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// rate is the files' sample rate; the mixer resamples to its own.
const rate = 22050

func main() {
	out := flag.String("o", ".", "directory to write the WAV files to")
	flag.Parse()
	for name, samples := range map[string][]float64{"pickup.wav": pickup(), "door.wav": door()} {
		if err := os.WriteFile(filepath.Join(*out, name), wav(samples), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gensound:", err)
			os.Exit(1)
		}
	}
}

// pickup is a bright two-note chime, 880 Hz then 1320 Hz (a fifth up),
// 70 ms each, each note struck and fading.
func pickup() []float64 {
	var out []float64
	for _, f := range []float64{880, 1320} {
		n := rate * 7 / 100
		for i := range n {
			t := float64(i) / rate
			env := math.Exp(-t*30) * attack(i, 60)
			// A little of the octave makes it ring like a bell.
			out = append(out, 0.5*env*(math.Sin(2*math.Pi*f*t)+0.3*math.Sin(4*math.Pi*f*t)))
		}
	}
	return out
}

// door is a soft low thump, 200 ms: a tone sliding from 140 Hz to 70 Hz
// under a short burst of filtered noise (a fixed-seed generator, so the
// file is the same every time).
func door() []float64 {
	n := rate / 5
	out := make([]float64, n)
	seed := uint32(2463534242)
	noise, phase := 0.0, 0.0
	for i := range n {
		t := float64(i) / rate
		f := 140 * math.Pow(0.5, t/0.2)
		phase += 2 * math.Pi * f / rate
		seed ^= seed << 13 // xorshift32
		seed ^= seed >> 17
		seed ^= seed << 5
		noise += 0.08 * (float64(seed)/math.MaxUint32*2 - 1 - noise) // low-passed
		env := math.Exp(-t*14) * attack(i, 100)
		out[i] = env * (0.7*math.Sin(phase) + 0.6*noise*math.Exp(-t*40))
	}
	return out
}

// attack ramps the first n samples up from 0, so a sound starts without a
// click.
func attack(i, n int) float64 {
	if i >= n {
		return 1
	}
	return float64(i) / float64(n)
}

// wav encodes samples in [-1, 1] as a 16-bit mono PCM WAV file.
func wav(samples []float64) []byte {
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
	le(uint32(rate))     // sample rate
	le(uint32(rate * 2)) // bytes a second
	le(uint16(2))        // bytes a frame
	le(uint16(16))       // bits a sample
	b.WriteString("data")
	le(uint32(data.Len()))
	b.Write(data.Bytes())
	return b.Bytes()
}
