package audio_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

// loadSound loads a sound of testdata.
func loadSound(t testing.TB, name string) *assets.Sound {
	t.Helper()
	s, err := assets.New(os.DirFS("testdata")).Sound(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantPanic runs f and checks that it panics with an error whose text is
// want.
func wantPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		err, ok := r.(error)
		switch {
		case r == nil:
			t.Errorf("no panic; want %q", want)
		case !ok:
			t.Errorf("panic value %#v is not an error; want %q", r, want)
		case err.Error() != want:
			t.Errorf("panic %q, want %q", err, want)
		}
	}()
	f()
}

// wav returns a WAV file of 8-bit mono PCM at rate holding n samples of a
// square wave.
func wav(rate, n int) []byte {
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(36+n))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)
	b = binary.LittleEndian.AppendUint16(b, 1) // PCM
	b = binary.LittleEndian.AppendUint16(b, 1) // mono
	b = binary.LittleEndian.AppendUint32(b, uint32(rate))
	b = binary.LittleEndian.AppendUint32(b, uint32(rate)) // bytes a second
	b = binary.LittleEndian.AppendUint16(b, 1)            // bytes a frame
	b = binary.LittleEndian.AppendUint16(b, 8)
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(n))
	for i := range n {
		b = append(b, byte(0x40+0x80*(i/8%2)))
	}
	return b
}
