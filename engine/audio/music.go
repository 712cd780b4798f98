package audio

// PlayMusic plays c in a loop as the music, from its start, at the music
// volume ([Mixer.SetMusicVolume]) times the clip's and the master volume,
// stopping the music that was playing. If c is the music playing already,
// it goes on undisturbed, so a scene may call PlayMusic every time it is
// entered. There is one music at a time, which [Mixer.MaxVoices] does not
// count. The clip's looping player is made the first time it is the music
// and reused after. Panics if c is nil or another mixer's.
func (m *Mixer) PlayMusic(c *Clip) {
	m.check(c, "PlayMusic")
	if m.music == c {
		return
	}
	m.StopMusic()
	if c.music == nil {
		// A clip with no samples (a WAV whose data chunk is empty) cannot
		// loop: ebitengine's infinite loop over 0 bytes fails its first
		// read, and that error ends the game loop. It plays once: nothing.
		c.music = m.newPlayer(c.pcm, len(c.pcm) > 0)
	}
	// As for one-shot voices, rewinding a player of bytes cannot fail.
	_ = c.music.Rewind()
	m.music = c
	c.music.SetVolume(m.musicGain())
	c.music.Play()
}

// StopMusic stops the music, if any; [Mixer.Music] is then nil.
func (m *Mixer) StopMusic() {
	if m.music == nil {
		return
	}
	m.music.music.Pause()
	m.music = nil
}

// Music returns the clip playing as the music, or nil.
func (m *Mixer) Music() *Clip { return m.music }

// MusicVolume returns the music volume, in [0, 1]; 1 for a new mixer.
func (m *Mixer) MusicVolume() float64 { return m.musicVolume }

// SetMusicVolume sets the music volume, clamped to [0, 1] (NaN is 0): what
// a game's music slider sets, beside the master volume. The music playing
// changes at once.
func (m *Mixer) SetMusicVolume(v float64) {
	m.musicVolume = clamp01(v)
	if m.music != nil {
		m.music.music.SetVolume(m.musicGain())
	}
}
