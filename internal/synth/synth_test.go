package synth_test

import (
	"encoding/binary"
	"testing"

	"github.com/tessera-engine/tessera/internal/synth"
)

func TestWAV(t *testing.T) {
	b := synth.WAV([]float64{0, 1, -1, 2})
	if len(b) != 44+8 || string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Fatalf("WAV header %q", b[:44])
	}
	if rate := binary.LittleEndian.Uint32(b[24:]); rate != synth.Rate {
		t.Errorf("rate %d, want %d", rate, synth.Rate)
	}
	want := []int16{0, 32767, -32767, 32767} // clipped
	for i, w := range want {
		if got := int16(binary.LittleEndian.Uint16(b[44+2*i:])); got != w {
			t.Errorf("sample %d = %d, want %d", i, got, w)
		}
	}
}

func TestDeterministic(t *testing.T) {
	a, b := synth.NewNoise(7), synth.NewNoise(7)
	for range 100 {
		x, y := a.Next(), b.Next()
		if x != y || x < -1 || x > 1 {
			t.Fatalf("noise %v, %v", x, y)
		}
	}
	s := synth.Sweep(440, 880, 0.1, 5, 2, 0.3)
	if len(s) != synth.Rate/10 || s[0] != 0 {
		t.Errorf("Sweep: %d samples, first %v; want %d, starting at 0", len(s), s[0], synth.Rate/10)
	}
}

// TestWAVClipsAndSizes: a file is a RIFF WAVE of 16-bit mono PCM at the rate, its
// sizes right, every sample within [-1, 1] clipped to full scale.
func TestWAVClipsAndSizes(t *testing.T) {
	b := synth.WAV([]float64{0, 1, -1, 2, -2, 0.5})
	if string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Fatalf("header %q", b[:44])
	}
	le := binary.LittleEndian
	if le.Uint32(b[4:]) != uint32(len(b)-8) || le.Uint32(b[40:]) != 12 || le.Uint32(b[24:]) != synth.Rate || le.Uint16(b[22:]) != 1 || le.Uint16(b[34:]) != 16 {
		t.Errorf("sizes or format wrong: %v", b[:44])
	}
	want := []int16{0, 32767, -32767, 32767, -32767, 16384}
	for i, w := range want {
		if got := int16(le.Uint16(b[44+2*i:])); got != w {
			t.Errorf("sample %d is %d, want %d", i, got, w)
		}
	}
}
