package audio

// FakePlayer is a player whose sound ends only when a test says so.
type FakePlayer struct {
	Loop    bool    // made for music
	Playing bool    // between Play and Pause or End
	Volume  float64 // the last SetVolume
	Plays   int     // calls of Play
	Rewinds int     // calls of Rewind
	Closed  bool
}

func (p *FakePlayer) Play()               { p.Playing = true; p.Plays++ }
func (p *FakePlayer) Pause()              { p.Playing = false }
func (p *FakePlayer) IsPlaying() bool     { return p.Playing }
func (p *FakePlayer) Rewind() error       { p.Rewinds++; return nil }
func (p *FakePlayer) SetVolume(v float64) { p.Volume = v }
func (p *FakePlayer) Close() error        { p.Closed = true; p.Playing = false; return nil }

// End makes the player reach the end of its sound, as a device would.
func (p *FakePlayer) End() { p.Playing = false }

// NewFake returns a mixer at rate whose players are fakes, and a function
// listing them in the order they were made.
func NewFake(rate, maxVoices int) (*Mixer, func() []*FakePlayer) {
	var made []*FakePlayer
	m := newMixer(rate, maxVoices, 0, nil, func(_ []byte, loop bool) player {
		p := &FakePlayer{Loop: loop}
		made = append(made, p)
		return p
	})
	return m, func() []*FakePlayer { return made }
}

// Gain exposes the volume formula.
var Gain = gain

// Samples returns a clip's decoded samples.
func Samples(c *Clip) []byte { return c.pcm }

// MusicPlaying reports whether the music's player is playing.
func MusicPlaying(m *Mixer) bool { return m.music != nil && m.music.music.IsPlaying() }

// DeviceLikelyOn is DeviceLikely on the system goos with the environment
// env and the file system root (paths without a leading slash).
var DeviceLikelyOn = deviceLikely
