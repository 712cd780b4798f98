// Command gensound synthesizes the tanks example's sound effects into a
// directory: run by go generate in package game, whose assets/sounds
// directory holds the results. They are 16-bit mono PCM WAV files at
// 22050 Hz, a few kilobytes each; the same program always writes the same
// bytes (a test in package game checks that the files are current).
//
//	go run ./internal/gensound -o assets/sounds
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/tessera-engine/tessera/internal/synth"
)

func main() {
	out := flag.String("o", ".", "directory to write the WAV files to")
	flag.Parse()
	names := make([]string, 0, len(Effects))
	for name := range Effects {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(*out, name), synth.WAV(Effects[name]()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gensound:", err)
			os.Exit(1)
		}
	}
}

// Effects are the files gensound writes, by name, and what makes each.
var Effects = map[string]func() []float64{
	"fire.wav":   fire,
	"hit.wav":    hit,
	"boom.wav":   boom,
	"hurt.wav":   hurt,
	"repair.wav": repair,
	"win.wav":    win,
}

// thump is a tone sliding from f0 down by half every half seconds, under
// noise low-passed by smooth (0 to 1, more is brighter), fading at decay,
// for seconds.
func thump(seconds, f0, half, tone, hiss, smooth, decay float64, seed uint32) []float64 {
	n := int(seconds * synth.Rate)
	out := make([]float64, n)
	rnd := synth.NewNoise(seed)
	low, phase := 0.0, 0.0
	for i := range n {
		t := float64(i) / synth.Rate
		phase += 2 * math.Pi * f0 * math.Pow(0.5, t/half) / synth.Rate
		low += smooth * (rnd.Next() - low)
		out[i] = math.Exp(-t*decay) * synth.Attack(i, 40) * (tone*math.Sin(phase) + hiss*low)
	}
	return out
}

// fire is the gun: a short crack of noise over a falling thud, 250 ms.
func fire() []float64 { return thump(0.25, 180, 0.08, 0.6, 0.8, 0.5, 16, 2463534242) }

// hit is a shell striking a monster that lives on: a dull knock, 120 ms.
func hit() []float64 { return thump(0.12, 320, 0.05, 0.7, 0.3, 0.2, 30, 88172645) }

// boom is a monster (or the tank) blowing up: a long rumble, 700 ms.
func boom() []float64 { return thump(0.7, 90, 0.3, 0.5, 0.9, 0.08, 5, 123456789) }

// hurt is a monster's bite: a harsh buzz sliding down, 300 ms.
func hurt() []float64 {
	n := synth.Rate * 3 / 10
	out := make([]float64, n)
	phase := 0.0
	for i := range n {
		t := float64(i) / synth.Rate
		phase += 2 * math.Pi * (220 - 300*t) / synth.Rate
		sq := 1.0
		if math.Sin(phase) < 0 {
			sq = -1
		}
		out[i] = 0.35 * math.Exp(-t*8) * synth.Attack(i, 60) * sq
	}
	return out
}

// chime plays notes (Hz) one after another, each for step seconds,
// struck and fading like a bell.
func chime(step float64, notes ...float64) []float64 {
	var out []float64
	for _, f := range notes {
		n := int(step * synth.Rate)
		for i := range n {
			t := float64(i) / synth.Rate
			env := math.Exp(-t*12) * synth.Attack(i, 60)
			out = append(out, 0.45*env*(math.Sin(2*math.Pi*f*t)+0.3*math.Sin(4*math.Pi*f*t)))
		}
	}
	return out
}

// repair is a rising two-note chime, 160 ms.
func repair() []float64 { return chime(0.08, 660, 990) }

// win is a rising arpeggio, C E G C, 600 ms.
func win() []float64 { return chime(0.15, 523.25, 659.25, 783.99, 1046.5) }
