package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestFilesAreCurrent: the game's sound files are what the program
// synthesizes today, and nothing else is in their directory.
func TestFilesAreCurrent(t *testing.T) {
	dir := filepath.Join("..", "..", "assets", "sounds")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(Effects) {
		t.Errorf("assets/sounds holds %d files, gensound writes %d", len(entries), len(Effects))
	}
	for name, make := range Effects {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, WAV(make())) {
			t.Errorf("assets/sounds/%s is not what internal/gensound writes: run go generate in examples/tanks/game", name)
		}
	}
}

// TestWAV: a file is a RIFF WAVE of 16-bit mono PCM at the rate, its
// sizes right, every sample within [-1, 1] clipped to full scale.
func TestWAV(t *testing.T) {
	b := WAV([]float64{0, 1, -1, 2, -2, 0.5})
	if string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Fatalf("header %q", b[:44])
	}
	le := binary.LittleEndian
	if le.Uint32(b[4:]) != uint32(len(b)-8) || le.Uint32(b[40:]) != 12 || le.Uint32(b[24:]) != rate || le.Uint16(b[22:]) != 1 || le.Uint16(b[34:]) != 16 {
		t.Errorf("sizes or format wrong: %v", b[:44])
	}
	want := []int16{0, 32767, -32767, 32767, -32767, 16384}
	for i, w := range want {
		if got := int16(le.Uint16(b[44+2*i:])); got != w {
			t.Errorf("sample %d is %d, want %d", i, got, w)
		}
	}
}
