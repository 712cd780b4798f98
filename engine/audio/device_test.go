package audio_test

import (
	"errors"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/engine/audio"
)

// realMixer returns a mixer on ebitengine's audio context, which the first
// call makes (at DefaultSampleRate) and later calls share.
func realMixer(t *testing.T) *audio.Mixer {
	t.Helper()
	m, err := audio.New(audio.Options{MaxVoices: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := m.Close(); err != nil {
			t.Error(err)
		}
	})
	return m
}

// waitVoices waits up to 5 s of wall clock for m to have no voice playing.
func waitVoices(t *testing.T, m *audio.Mixer) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for m.Voices() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after 5 s, %d voices still play; want their sounds to end", m.Voices())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRealContext plays through ebitengine's audio package: decoding at the
// context's rate, overlapping one-shot plays that end and are played again,
// and looping music that does not end.
func TestRealContext(t *testing.T) {
	m := realMixer(t)
	if m.Silent() || m.SampleRate() != audio.DefaultSampleRate {
		t.Fatalf("New(Options{}): Silent %v, rate %d; want false, %d", m.Silent(), m.SampleRate(), audio.DefaultSampleRate)
	}
	wav, err := m.Load(loadSound(t, "jump.wav"))
	if err != nil {
		t.Fatal(err)
	}
	ogg, err := m.Load(loadSound(t, "jump.ogg"))
	if err != nil {
		t.Fatal(err)
	}
	for range 6 { // over the cap of 4
		m.Play(wav)
		m.PlayVolume(ogg, 0.5)
	}
	if got := m.Voices(); got > m.MaxVoices() {
		t.Errorf("Voices() = %d after 12 plays, want at most the cap %d", got, m.MaxVoices())
	}
	m.PlayMusic(ogg)
	if !nullDevice {
		t.Skip("ALSA is not on its null device (ALSA_CONFIG_PATH was set, or not Linux): sounds may never end here")
	}
	waitVoices(t, m)
	if !audio.MusicPlaying(m) {
		t.Errorf("the music ended; it loops")
	}
	m.Play(wav) // an ended voice plays again
	waitVoices(t, m)
	m.SetMuted(true)
	m.StopMusic()
	if audio.MusicPlaying(m) {
		t.Errorf("the music plays after StopMusic")
	}
}

// TestRealPlayAllocs reports what a steady-state play allocates with
// ebitengine's players: the mixer's own bookkeeping allocates nothing
// (TestPlayAllocs), and ebitengine's Player.Play allocates a little.
func TestRealPlayAllocs(t *testing.T) {
	m := realMixer(t)
	c, err := m.Load(loadSound(t, "jump.wav"))
	if err != nil {
		t.Fatal(err)
	}
	for range 8 {
		m.Play(c)
	}
	t.Logf("Mixer.Play with ebitengine players: %v allocations a play", testing.AllocsPerRun(50, func() { m.Play(c) }))
}

func TestNewSampleRate(t *testing.T) {
	realMixer(t) // the process's context, at DefaultSampleRate
	_, err := audio.New(audio.Options{SampleRate: 48000})
	if !errors.Is(err, audio.ErrSampleRate) {
		t.Errorf("New at 48000 Hz beside a context at %d: error %v, want ErrSampleRate", audio.DefaultSampleRate, err)
	}
	if m, err := audio.New(audio.Options{SampleRate: audio.DefaultSampleRate}); err != nil || m.SampleRate() != audio.DefaultSampleRate {
		t.Errorf("New at the context's rate: %v", err)
	}
	if _, err := audio.New(audio.Options{MaxVoices: -1}); err == nil {
		t.Errorf("New with MaxVoices -1: no error")
	}
}

func TestSilent(t *testing.T) {
	m, err := audio.New(audio.Options{Silent: true, SampleRate: 22050, MaxVoices: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Silent() || m.SampleRate() != 22050 || m.MaxVoices() != 2 {
		t.Errorf("silent mixer: Silent %v, rate %d, cap %d; want true, 22050, 2", m.Silent(), m.SampleRate(), m.MaxVoices())
	}
	c, err := m.Load(loadSound(t, "jump.wav"))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		m.Play(c)
	}
	if got := m.Voices(); got != 2 {
		t.Errorf("silent mixer after 3 plays: Voices() = %d, want 2 (the cap; silent voices never end)", got)
	}
	m.PlayMusic(c)
	if m.Music() != c || !audio.MusicPlaying(m) {
		t.Errorf("silent mixer: the music does not play")
	}
	if err := m.Close(); err != nil {
		t.Error(err)
	}
	if m.Voices() != 0 || m.Music() != nil {
		t.Errorf("after Close: Voices() = %d, Music() = %v; want 0, nil", m.Voices(), m.Music())
	}
}
