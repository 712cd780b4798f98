package audio_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine/audio"
)

func TestLoadDecodes(t *testing.T) {
	tests := []struct {
		path string
		rate int
		want time.Duration
	}{
		{"jump.wav", 44100, 100 * time.Millisecond},      // 8000 Hz mono, resampled
		{"jump.wav", 8000, 100 * time.Millisecond},       // its own rate
		{"jump.ogg", 48000, 450250 * time.Microsecond},   // its own rate: 21612 frames
		{"jump.ogg", 44100, 450249433 * time.Nanosecond}, // resampled: 19856 frames
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s@%d", tt.path, tt.rate), func(t *testing.T) {
			m, _ := audio.NewFake(tt.rate, 0)
			c, err := m.Load(loadSound(t, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Duration(); got != tt.want {
				t.Errorf("Duration() = %v, want %v", got, tt.want)
			}
			pcm := audio.Samples(c)
			if len(pcm)%4 != 0 {
				t.Errorf("len(samples) = %d, not whole 16-bit stereo frames", len(pcm))
			}
			// The sounds are not silence: some sample is loud.
			peak := 0
			for i := 0; i+1 < len(pcm); i += 2 {
				peak = max(peak, abs(int(int16(binary.LittleEndian.Uint16(pcm[i:])))))
			}
			if peak < 1000 {
				t.Errorf("peak amplitude = %d, want a sound (≥ 1000)", peak)
			}
			if c.Path() != tt.path || c.Volume() != 1 {
				t.Errorf("Path(), Volume() = %q, %v; want %q, 1", c.Path(), c.Volume(), tt.path)
			}
		})
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestLoadOnce(t *testing.T) {
	s := loadSound(t, "jump.wav")
	m, _ := audio.NewFake(audio.DefaultSampleRate, 0)
	a, err := m.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("second Load of %s = a new clip; want the first", s.Path())
	}
	if &audio.Samples(a)[0] != &audio.Samples(b)[0] {
		t.Errorf("second Load decoded %s again", s.Path())
	}
	if a.Sound() != s {
		t.Errorf("Sound() = %p, want %p", a.Sound(), s)
	}
	other, _ := audio.NewFake(audio.DefaultSampleRate, 0)
	if c, _ := other.Load(s); c == a {
		t.Errorf("another mixer's Load returned the first mixer's clip")
	}
}

func TestLoadError(t *testing.T) {
	s := loadSound(t, "header-only.ogg") // the loader takes it: its header is fine
	m, _ := audio.NewFake(audio.DefaultSampleRate, 0)
	c, err := m.Load(s)
	if c != nil {
		t.Errorf("Load(%s) = a clip, want nil", s.Path())
	}
	var de *audio.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("Load(%s) error = %v (%T), want a *DecodeError", s.Path(), err, err)
	}
	if de.Path != "header-only.ogg" || de.Format != assets.SoundVorbis || de.Err == nil {
		t.Errorf("DecodeError = %+v, want path header-only.ogg, Ogg Vorbis, a cause", de)
	}
	const want = "audio: header-only.ogg: cannot decode Ogg Vorbis: ogg: wrong checksum"
	if err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	// A failed load is not cached: loading again fails again.
	if _, err2 := m.Load(s); err2 == nil {
		t.Errorf("second Load(%s) succeeded", s.Path())
	}
}

func TestLoadNil(t *testing.T) {
	m, _ := audio.NewFake(audio.DefaultSampleRate, 0)
	wantPanic(t, "audio: Load of a nil *assets.Sound", func() { m.Load(nil) })
}

// TestLoadClipSize: a clip's decoded size is checked against
// Options.MaxClipBytes before a sample is decoded. Resampling multiplies
// a low-rate sound: 16 MiB of 8-bit mono at 4000 Hz is 706 MiB of 16-bit
// stereo at 44100 Hz, which took seconds and as much memory to decode.
func TestLoadClipSize(t *testing.T) {
	tests := []struct {
		name    string
		rate, n int   // the sound's rate and samples
		limit   int64 // Options.MaxClipBytes; 0 for the default
		want    string
	}{
		{"low rate, long", 4000, 16 << 20, 0,
			"audio: s.wav: cannot decode WAV: audio: clip too large: its samples at 44100 Hz would take 739875224 bytes; a clip may take 67108864 bytes at most (Options.MaxClipBytes)"},
		{"over a limit of 1 MiB", 44100, 1 << 18, 1 << 20,
			"audio: s.wav: cannot decode WAV: audio: clip too large: its samples at 44100 Hz would take 1048576 bytes; a clip may take 1048575 bytes at most (Options.MaxClipBytes)"},
		{"at the limit", 44100, 1 << 18, 1 << 20, ""},
		{"resampled", 8000, 16000, 0, ""}, // 2 s, whose log says what resampling costs
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := assets.New(fstest.MapFS{"s.wav": {Data: wav(tt.rate, tt.n)}}).Sound("s.wav")
			if err != nil {
				t.Fatal(err)
			}
			limit := tt.limit
			if tt.want != "" && limit != 0 {
				limit-- // a byte short of what the clip needs
			}
			m, err := audio.New(audio.Options{Silent: true, SampleRate: 44100, MaxClipBytes: limit})
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			c, err := m.Load(s)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			t.Logf("%d KiB sound: %v, %d KiB allocated", tt.n>>10, took, (after.TotalAlloc-before.TotalAlloc)>>10)
			if tt.want == "" {
				want := time.Duration(tt.n) * time.Second / time.Duration(tt.rate)
				if err != nil || c.Duration() < want-time.Millisecond || c.Duration() > want {
					t.Fatalf("Load() = %v, %v; want a clip of %v", c, err, want)
				}
				t.Logf("%v a frame decoded", took/time.Duration(len(audio.Samples(c))/4))
				return
			}
			if err == nil || err.Error() != tt.want || !errors.Is(err, audio.ErrClipSize) {
				t.Fatalf("Load() = %v, %v; want %s", c, err, tt.want)
			}
			if after.TotalAlloc-before.TotalAlloc > 1<<20 {
				t.Errorf("refusing the sound allocated %d KiB", (after.TotalAlloc-before.TotalAlloc)>>10)
			}
		})
	}
	if _, err := audio.New(audio.Options{Silent: true, MaxClipBytes: -1}); err == nil {
		t.Error("New with a negative MaxClipBytes succeeded")
	}
}
