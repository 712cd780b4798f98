// Command gensound synthesizes walk-room's sound effects, pickup.wav and
// door.wav, into a directory: run by go generate in package game, whose
// assets/sounds directory holds the results. They are 16-bit mono PCM WAV
// files at 22050 Hz, a few kilobytes each; the same program always writes
// the same bytes (a test in package game checks the files are current).
//
//	go run ./internal/gensound -o assets/sounds
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/tessera-engine/tessera/internal/synth"
)

func main() {
	out := flag.String("o", ".", "directory to write the WAV files to")
	flag.Parse()
	for name, samples := range map[string][]float64{"pickup.wav": pickup(), "door.wav": door()} {
		if err := os.WriteFile(filepath.Join(*out, name), synth.WAV(samples), 0o644); err != nil {
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
		n := synth.Rate * 7 / 100
		for i := range n {
			t := float64(i) / synth.Rate
			env := math.Exp(-t*30) * synth.Attack(i, 60)
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
	n := synth.Rate / 5
	out := make([]float64, n)
	rnd := synth.NewNoise(2463534242)
	noise, phase := 0.0, 0.0
	for i := range n {
		t := float64(i) / synth.Rate
		f := 140 * math.Pow(0.5, t/0.2)
		phase += 2 * math.Pi * f / synth.Rate
		noise += 0.08 * (rnd.Next() - noise) // low-passed
		env := math.Exp(-t*14) * synth.Attack(i, 100)
		out[i] = env * (0.7*math.Sin(phase) + 0.6*noise*math.Exp(-t*40))
	}
	return out
}
