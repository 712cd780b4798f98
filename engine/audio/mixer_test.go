package audio_test

import (
	"math"
	"testing"

	"github.com/tessera-engine/tessera/engine/audio"
)

// fakeMixer returns a mixer of fake players with the cap maxVoices, the
// clips of jump.wav and jump.ogg, and the list of its players.
func fakeMixer(t *testing.T, maxVoices int) (m *audio.Mixer, a, b *audio.Clip, players func() []*audio.FakePlayer) {
	t.Helper()
	m, players = audio.NewFake(audio.DefaultSampleRate, maxVoices)
	var err error
	if a, err = m.Load(loadSound(t, "jump.wav")); err != nil {
		t.Fatal(err)
	}
	if b, err = m.Load(loadSound(t, "jump.ogg")); err != nil {
		t.Fatal(err)
	}
	return m, a, b, players
}

// playing returns which players are playing, as a string of 0s and 1s.
func playing(ps []*audio.FakePlayer) string {
	s := make([]byte, len(ps))
	for i, p := range ps {
		s[i] = '0'
		if p.Playing {
			s[i] = '1'
		}
	}
	return string(s)
}

func TestPlayOverlaps(t *testing.T) {
	m, a, _, players := fakeMixer(t, 0)
	for range 3 {
		m.Play(a)
	}
	if got := playing(players()); got != "111" {
		t.Errorf("after 3 plays of one clip, players = %s, want 111 (three voices at once)", got)
	}
	if got := m.Voices(); got != 3 {
		t.Errorf("Voices() = %d, want 3", got)
	}
	for _, p := range players() {
		if p.Plays != 1 || p.Rewinds != 1 || p.Loop {
			t.Errorf("player %+v: want 1 play, 1 rewind, no loop", p)
		}
	}
}

func TestPlayReusesEndedVoices(t *testing.T) {
	m, a, b, players := fakeMixer(t, 0)
	m.Play(a)
	m.Play(a)
	players()[0].End()
	m.Play(a) // takes the ended voice
	m.Play(b) // a voice of its own: never one of a's
	ps := players()
	if len(ps) != 3 {
		t.Fatalf("made %d players, want 3 (2 for a, reused, and 1 for b)", len(ps))
	}
	if ps[0].Plays != 2 || ps[0].Rewinds != 2 {
		t.Errorf("reused player: %d plays, %d rewinds; want 2, 2", ps[0].Plays, ps[0].Rewinds)
	}
	if got := playing(ps); got != "111" {
		t.Errorf("players = %s, want 111", got)
	}
}

func TestVoiceCap(t *testing.T) {
	tests := []struct {
		name   string
		plays  string // a or b, one letter a play; e ends the first player
		want   string // playing state of each player made
		voices int
	}{
		{"under the cap", "ab", "11", 2},
		{"at the cap", "aba", "111", 3},
		{"over: the oldest stops, a voice of b is made", "abab", "0111", 3},
		{"over: the oldest is the same clip, and is reused", "abaa", "111", 3},
		{"the stolen voice is reused later", "ababa", "1011", 3},
		{"an ended voice frees a place", "abaea", "111", 3},
		{"many plays of one clip use at most the cap", "aaaaaaa", "111", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, a, b, players := fakeMixer(t, 3)
			for _, c := range tt.plays {
				switch c {
				case 'a':
					m.Play(a)
				case 'b':
					m.Play(b)
				case 'e':
					players()[0].End()
				}
			}
			if got := playing(players()); got != tt.want {
				t.Errorf("plays %q: players = %s, want %s", tt.plays, got, tt.want)
			}
			if got := m.Voices(); got != tt.voices {
				t.Errorf("plays %q: Voices() = %d, want %d", tt.plays, got, tt.voices)
			}
		})
	}
}

func TestPlayAllocs(t *testing.T) {
	m, a, b, players := fakeMixer(t, 4)
	for range 8 {
		m.Play(a)
		m.Play(b)
	}
	step := func() {
		m.Play(a)
		m.PlayVolume(b, 0.5)
		players()[0].End()
		m.SetVolume(0.8)
		m.Voices()
	}
	// Ending voices changes which clip's voices are free, so a clip may
	// need more voices for a while: at most the cap each.
	for range 10 {
		step()
	}
	n := len(players())
	if n > 2*m.MaxVoices() {
		t.Errorf("two clips have %d players, want at most %d (the cap each)", n, 2*m.MaxVoices())
	}
	if allocs := testing.AllocsPerRun(100, step); allocs != 0 {
		t.Errorf("steady-state plays: %v allocations a run, want 0", allocs)
	}
	if got := len(players()); got != n {
		t.Errorf("steady-state plays made %d more players, want none", got-n)
	}
}

func TestVolumes(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name               string
		master, clip, play float64
		muted              bool
		want               float64
	}{
		{"all full", 1, 1, 1, false, 1},
		{"product", 0.5, 0.5, 0.8, false, 0.2},
		{"muted", 1, 1, 1, true, 0},
		{"above 1 clamps", 2, 3, 1.5, false, 1},
		{"below 0 clamps", -1, 1, 1, false, 0},
		{"NaN is 0", 1, nan, 1, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, a, _, players := fakeMixer(t, 0)
			m.SetVolume(tt.master)
			a.SetVolume(tt.clip)
			m.SetMuted(tt.muted)
			m.PlayVolume(a, tt.play)
			if got := players()[0].Volume; math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("volume = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestVolumeChangesPlayingSounds(t *testing.T) {
	m, a, b, players := fakeMixer(t, 0)
	m.PlayVolume(a, 0.5)
	m.Play(b)
	ps := players()
	check := func(step string, wantA, wantB float64) {
		t.Helper()
		if ps[0].Volume != wantA || ps[1].Volume != wantB {
			t.Errorf("%s: volumes = %v, %v; want %v, %v", step, ps[0].Volume, ps[1].Volume, wantA, wantB)
		}
	}
	check("start", 0.5, 1)
	m.SetVolume(0.5)
	check("master 0.5", 0.25, 0.5)
	b.SetVolume(0.5)
	check("clip b 0.5", 0.25, 0.25)
	m.SetMuted(true)
	check("muted", 0, 0)
	if !m.Muted() || m.Volume() != 0.5 || b.Volume() != 0.5 {
		t.Errorf("muted: Muted, Volume, b.Volume = %v, %v, %v; want true, 0.5, 0.5 (kept)", m.Muted(), m.Volume(), b.Volume())
	}
	if got := playing(ps); got != "11" {
		t.Errorf("muted: players = %s, want 11 (muting does not stop sounds)", got)
	}
	m.SetMuted(false)
	check("unmuted", 0.25, 0.25)
}

func TestStopAllAndClose(t *testing.T) {
	m, a, b, players := fakeMixer(t, 0)
	m.Play(a)
	m.Play(b)
	m.PlayMusic(b)
	m.StopAll()
	if got := playing(players()); got != "000" {
		t.Errorf("after StopAll, players = %s, want 000", got)
	}
	if m.Music() != nil {
		t.Errorf("after StopAll, Music() = %s, want nil", m.Music().Path())
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	for i, p := range players() {
		if !p.Closed {
			t.Errorf("player %d not closed", i)
		}
	}
}

func TestMisusePanics(t *testing.T) {
	m, a, _, _ := fakeMixer(t, 0)
	other, _, _, _ := fakeMixer(t, 0)
	wantPanic(t, "audio: Play of a nil *Clip", func() { m.Play(nil) })
	wantPanic(t, "audio: Play of clip jump.wav, which another mixer loaded", func() { other.Play(a) })
	wantPanic(t, "audio: PlayMusic of a nil *Clip", func() { m.PlayMusic(nil) })
}
