package audio_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine/audio"
)

// FuzzLoad feeds arbitrary bytes to the assets loader and, for those it
// takes as sounds, to Mixer.Load, which decodes them (WAV or Ogg Vorbis)
// and resamples them. Each input makes a clip of whole 16-bit stereo
// frames, within the mixer's MaxClipBytes, or a *DecodeError naming the
// sound; it never panics. Seeds are testdata/*.wav and *.ogg.
func FuzzLoad(f *testing.F) {
	for _, glob := range []string{"*.wav", "*.ogg"} {
		names, _ := filepath.Glob(filepath.Join("testdata", glob))
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add(wav(4000, 100))
	const limit = 4 << 20 // bounds each input's time and memory
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := assets.New(fstest.MapFS{"s": {Data: data}}).Sound("s")
		if err != nil {
			return
		}
		m, err := audio.New(audio.Options{Silent: true, SampleRate: 44100, MaxClipBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		c, err := m.Load(s)
		if err != nil {
			var de *audio.DecodeError
			if !errors.As(err, &de) || de.Path != "s" {
				t.Fatalf("Load() = %v (%T), want a *DecodeError naming s", err, err)
			}
			return
		}
		if n := len(audio.Samples(c)); n%4 != 0 || n > limit {
			t.Fatalf("a clip of %d bytes", n)
		}
	})
}
