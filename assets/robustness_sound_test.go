package assets_test

import (
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// TestVorbisChannels: ebitengine's audio/vorbis (v2.8.8 vorbis.go:77)
// plays 1 or 2 channels only, so the loader refuses a 5.1 (6-channel) Ogg
// Vorbis file when it loads, as docs/ASSETS.md says, not when it plays.
func TestVorbisChannels(t *testing.T) {
	for _, ch := range []byte{3, 6, 255} {
		l := assets.New(fstest.MapFS{"s.ogg": {Data: oggOf(0, vorbisHeader(ch, 44100))}})
		s, err := l.Sound("s.ogg")
		if err == nil {
			t.Errorf("a %d-channel Ogg Vorbis sound loads (%+v); ebitengine cannot play it", ch, s.Info())
		}
	}
}
