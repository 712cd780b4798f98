package audio_test

import (
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine/audio"
)

func TestMusic(t *testing.T) {
	m, a, b, players := fakeMixer(t, 1)
	if m.Music() != nil {
		t.Fatalf("new mixer: Music() = %s, want nil", m.Music().Path())
	}

	m.PlayMusic(a)
	ps := players()
	if len(ps) != 1 || !ps[0].Loop || !ps[0].Playing || m.Music() != a {
		t.Fatalf("PlayMusic(a): players %+v, Music %v; want one looping player, playing, and Music a", ps, m.Music())
	}
	loopA := ps[0]

	m.PlayMusic(a) // the same music again goes on
	if loopA.Plays != 1 || loopA.Rewinds != 1 {
		t.Errorf("PlayMusic(a) twice: %d plays, %d rewinds; want 1, 1 (undisturbed)", loopA.Plays, loopA.Rewinds)
	}

	// The music is outside the voice cap: a one-shot sound and the music
	// play together with a cap of 1.
	m.Play(b)
	if got := m.Voices(); got != 1 || !loopA.Playing {
		t.Errorf("one-shot beside the music: Voices() = %d, music playing %v; want 1, true", got, loopA.Playing)
	}

	m.PlayMusic(b)
	ps = players()
	loopB := ps[len(ps)-1]
	if loopA.Playing || !loopB.Playing || !loopB.Loop || m.Music() != b {
		t.Errorf("PlayMusic(b): a playing %v, b playing %v (loop %v), Music %s; want false, true (true), jump.ogg",
			loopA.Playing, loopB.Playing, loopB.Loop, m.Music().Path())
	}

	n := len(players())
	m.PlayMusic(a) // back to a: its player again, from the start
	if len(players()) != n || !loopA.Playing || loopA.Rewinds != 2 || loopB.Playing {
		t.Errorf("PlayMusic(a) again: %d new players, a playing %v with %d rewinds, b playing %v; want 0, true, 2, false",
			len(players())-n, loopA.Playing, loopA.Rewinds, loopB.Playing)
	}

	m.StopMusic()
	if loopA.Playing || m.Music() != nil {
		t.Errorf("StopMusic: a playing %v, Music %v; want false, nil", loopA.Playing, m.Music())
	}
	m.StopMusic() // stopping no music is fine
}

func TestMusicVolume(t *testing.T) {
	m, a, _, players := fakeMixer(t, 0)
	a.SetVolume(0.5)
	m.PlayMusic(a)
	p := players()[0]
	steps := []struct {
		name string
		do   func()
		want float64
	}{
		{"clip 0.5", func() {}, 0.5},
		{"music 0.5", func() { m.SetMusicVolume(0.5) }, 0.25},
		{"master 0.5", func() { m.SetVolume(0.5) }, 0.125},
		{"clip 1", func() { a.SetVolume(1) }, 0.25},
		{"muted", func() { m.SetMuted(true) }, 0},
		{"music 2 while muted", func() { m.SetMusicVolume(2) }, 0},
		{"unmuted", func() { m.SetMuted(false) }, 0.5},
	}
	for _, s := range steps {
		s.do()
		if p.Volume != s.want {
			t.Errorf("%s: music volume = %v, want %v", s.name, p.Volume, s.want)
		}
	}
	if !p.Playing {
		t.Errorf("music stopped; volume changes must not stop it")
	}
	if m.MusicVolume() != 1 {
		t.Errorf("MusicVolume() = %v, want 1 (2 clamped)", m.MusicVolume())
	}
}

func TestMusicNotPlayingVolumeChanges(t *testing.T) {
	m, a, _, players := fakeMixer(t, 0)
	m.SetMusicVolume(0.5)
	a.SetVolume(0.5)
	if len(players()) != 0 {
		t.Errorf("volume changes made %d players; want none", len(players()))
	}
	m.PlayMusic(a)
	if got := players()[0].Volume; got != 0.25 {
		t.Errorf("music started at volume %v, want 0.25", got)
	}
}

// emptyWAV is a valid 16-bit mono WAV whose data chunk holds no samples.
func emptyWAV() []byte {
	le := func(v uint32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }
	b := []byte("RIFF")
	b = append(b, le(36)...)
	b = append(b, "WAVEfmt "...)
	b = append(b, le(16)...)
	b = append(b, 1, 0, 1, 0) // PCM, mono
	b = append(b, le(44100)...)
	b = append(b, le(88200)...)
	b = append(b, 2, 0, 16, 0)
	b = append(b, "data"...)
	return append(b, le(0)...)
}

// TestMusicWithoutSamples: a clip with no samples played as music gets a
// player that does not loop (it plays nothing): ebitengine's infinite loop
// over 0 bytes fails its first read, and that error ended the game loop.
func TestMusicWithoutSamples(t *testing.T) {
	s, err := assets.New(fstest.MapFS{"empty.wav": {Data: emptyWAV()}}).Sound("empty.wav")
	if err != nil {
		t.Fatal(err)
	}
	m, players := audio.NewFake(44100, 4)
	c, err := m.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	m.PlayMusic(c)
	if ps := players(); len(ps) != 1 || ps[0].Loop || m.Music() != c {
		t.Errorf("PlayMusic(empty): players %+v, Music %v; want one player that does not loop", ps, m.Music())
	}
}
