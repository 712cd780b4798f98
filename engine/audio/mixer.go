package audio

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	ebitenaudio "github.com/hajimehoshi/ebiten/v2/audio"

	"github.com/tessera-engine/tessera/assets"
)

// Defaults of [Options], used where its fields are zero.
const (
	DefaultSampleRate = 44100
	DefaultMaxVoices  = 16
	// DefaultMaxClipBytes bounds a clip's decoded samples: 64 MiB, 6⅓
	// minutes at 44100 Hz. Resampling (a sound whose rate is not the
	// mixer's) costs 0.5 to 1.5 µs a frame on a 2-core machine, idle to
	// loaded, so a resampled clip at the limit takes 8 to 25 s to load;
	// one at the mixer's rate, a fraction of a second.
	DefaultMaxClipBytes = 64 << 20
)

// Options configures a [Mixer]. The zero value is usable.
type Options struct {
	// SampleRate is the rate the audio device plays at, and clips are
	// decoded to, in samples a second. 0 means the rate of the ebitengine
	// audio context if one exists already, or DefaultSampleRate (for a
	// silent mixer too). A process has one audio context: New fails if
	// one exists at another rate, unless the mixer is silent (it opens
	// none).
	SampleRate int
	// MaxVoices caps the one-shot sounds playing at once (music is not
	// counted); a play beyond it stops the one started longest ago. 0
	// means DefaultMaxVoices.
	MaxVoices int
	// MaxClipBytes bounds the memory of one clip's decoded samples (16-bit
	// stereo at SampleRate: 176400 bytes a second at 44100 Hz), checked
	// before a sample is decoded, so that a short file of a low sample
	// rate, which resampling multiplies, cannot take gigabytes and
	// minutes to load. 0 means DefaultMaxClipBytes.
	MaxClipBytes int64
	// Silent makes a mixer that opens no audio device: it decodes,
	// counts voices and keeps volumes as a real one does, but plays
	// nothing, and its voices never reach the end of their sound. Use it
	// for headless runs, tests, and machines without a sound card:
	// ebitengine ends the game loop with an error ("oto: ALSA error at
	// snd_pcm_open" on Linux) soon after an audio context fails to open a
	// device.
	Silent bool
}

// Mixer plays decoded sounds ([Clip]) through ebitengine's audio package:
// one-shot effects, several at once up to a cap, and one looping music
// track, under a master volume and a mute switch.
//
// A Mixer is not safe for concurrent use: call it from the game loop's
// goroutine. What it plays never feeds back into the game: whether a voice
// is still playing depends on the audio device's clock, not the game's.
type Mixer struct {
	ctx       *ebitenaudio.Context // nil when silent
	rate      int
	maxVoices int
	maxClip   int64 // bytes of a clip's samples
	newPlayer newPlayerFunc

	clips  map[*assets.Sound]*Clip
	loaded []*Clip  // the clips, in the order they were loaded
	voices []*voice // every clip's one-shot voices, in the order they were made
	seq    uint64   // plays so far: the start order of voices

	volume      float64
	musicVolume float64
	muted       bool
	music       *Clip // the music playing, or nil
}

// voice is one player of one clip, reused for that clip's plays.
type voice struct {
	p    player
	clip *Clip
	gain float64 // the play's own volume
	seq  uint64  // when the voice last started, in plays; 0 for never
}

// New returns a mixer at full volume, not muted, playing nothing. Unless
// opts.Silent is set it plays through ebitengine's audio context, which it
// makes if the process has none yet (ebitengine allows one per process;
// mixers share it). It fails if opts has a negative field, or asks for
// another rate than the existing context's ([ErrSampleRate]).
func New(opts Options) (*Mixer, error) {
	if opts.SampleRate < 0 || opts.MaxVoices < 0 || opts.MaxClipBytes < 0 {
		return nil, fmt.Errorf("audio: sample rate %d, max voices %d and max clip bytes %d must not be negative", opts.SampleRate, opts.MaxVoices, opts.MaxClipBytes)
	}
	ctx := ebitenaudio.CurrentContext() // makes nothing
	if opts.Silent {
		// By default the existing context's rate, as a real mixer's, so
		// that clips decode alike in both modes; a rate asked for is
		// taken as it is, since a silent mixer opens nothing.
		rate := cmp.Or(opts.SampleRate, DefaultSampleRate)
		if ctx != nil && opts.SampleRate == 0 {
			rate = ctx.SampleRate()
		}
		return newMixer(rate, opts.MaxVoices, opts.MaxClipBytes, nil, newSilentPlayer), nil
	}
	switch {
	case ctx == nil:
		ctx = ebitenaudio.NewContext(cmp.Or(opts.SampleRate, DefaultSampleRate))
	case opts.SampleRate != 0 && opts.SampleRate != ctx.SampleRate():
		return nil, fmt.Errorf("%w: the audio context plays at %d Hz, not %d", ErrSampleRate, ctx.SampleRate(), opts.SampleRate)
	}
	return newMixer(ctx.SampleRate(), opts.MaxVoices, opts.MaxClipBytes, ctx, ebitenPlayers(ctx)), nil
}

// ErrSampleRate is wrapped by the error [New] returns when the process's
// audio context plays at another rate than the one asked for.
var ErrSampleRate = errors.New("audio: wrong sample rate")

func newMixer(rate, maxVoices int, maxClip int64, ctx *ebitenaudio.Context, f newPlayerFunc) *Mixer {
	return &Mixer{
		ctx:         ctx,
		rate:        rate,
		maxVoices:   cmp.Or(maxVoices, DefaultMaxVoices),
		maxClip:     cmp.Or(maxClip, DefaultMaxClipBytes),
		newPlayer:   f,
		clips:       make(map[*assets.Sound]*Clip),
		volume:      1,
		musicVolume: 1,
	}
}

// SampleRate returns the rate the mixer plays at and decodes clips to.
func (m *Mixer) SampleRate() int { return m.rate }

// MaxVoices returns the cap on one-shot sounds playing at once.
func (m *Mixer) MaxVoices() int { return m.maxVoices }

// Silent reports whether the mixer opens no audio device
// ([Options.Silent]).
func (m *Mixer) Silent() bool { return m.ctx == nil }

// Load decodes s into a clip at the mixer's rate, or returns the clip it
// decoded before: a sound is decoded once per mixer. Load it when a scene
// starts, not when it first plays: decoding an Ogg Vorbis sound takes
// time. The error is a [*DecodeError] naming the sound's path; it wraps
// [ErrClipSize] for a sound whose samples would take more than
// [Options.MaxClipBytes], refused before any is decoded. Panics if s is
// nil.
func (m *Mixer) Load(s *assets.Sound) (*Clip, error) {
	if s == nil {
		panic(errors.New("audio: Load of a nil *assets.Sound"))
	}
	if c, ok := m.clips[s]; ok {
		return c, nil
	}
	pcm, err := decode(s, m.rate, m.maxClip)
	if err != nil {
		return nil, err
	}
	c := &Clip{m: m, sound: s, pcm: pcm, volume: 1}
	m.clips[s] = c
	m.loaded = append(m.loaded, c)
	return c, nil
}

// Play plays c once from the start, at the clip's volume: what a jump or a
// hit does. Plays of one clip overlap. If [Mixer.MaxVoices] sounds are
// playing already, the one started longest ago stops. No allocation once
// the clip has played as many times at once as it will (each voice is a
// player, made the first time it is needed and reused after), besides
// what ebitengine's Player.Play allocates. Panics if c is nil or another
// mixer's.
func (m *Mixer) Play(c *Clip) { m.PlayVolume(c, 1) }

// PlayVolume is [Mixer.Play] with a volume of the play's own, clamped to
// [0, 1], that multiplies the clip's and the master volume.
func (m *Mixer) PlayVolume(c *Clip, volume float64) {
	m.check(c, "Play")
	playing := 0
	var oldest, idle *voice
	for _, v := range m.voices {
		switch {
		case v.p.IsPlaying():
			playing++
			if oldest == nil || v.seq < oldest.seq {
				oldest = v
			}
		case idle == nil && v.clip == c:
			idle = v
		}
	}
	if playing >= m.maxVoices {
		oldest.p.Pause()
		if idle == nil && oldest.clip == c {
			idle = oldest
		}
	}
	if idle == nil {
		idle = &voice{p: m.newPlayer(c.pcm, false), clip: c}
		c.voices = append(c.voices, idle)
		m.voices = append(m.voices, idle)
	}
	// Rewinding a player of bytes cannot fail: its source is a
	// bytes.Reader, which seeks anywhere.
	_ = idle.p.Rewind()
	m.seq++
	idle.seq = m.seq
	idle.gain = clamp01(volume)
	idle.p.SetVolume(m.voiceGain(idle))
	idle.p.Play()
}

// Voices returns the number of one-shot sounds playing now. With a real
// device it falls as sounds end, on the device's clock. O(voices), no
// allocation.
func (m *Mixer) Voices() int {
	n := 0
	for _, v := range m.voices {
		if v.p.IsPlaying() {
			n++
		}
	}
	return n
}

// StopAll stops every one-shot sound, and the music.
func (m *Mixer) StopAll() {
	for _, v := range m.voices {
		v.p.Pause()
	}
	m.StopMusic()
}

// Close stops everything and releases the players; the mixer must not be
// used after. It returns the players' errors, joined.
func (m *Mixer) Close() error {
	m.StopAll()
	var errs []error
	for _, v := range m.voices {
		errs = append(errs, v.p.Close())
	}
	for _, c := range m.loaded {
		if c.music != nil {
			errs = append(errs, c.music.Close())
		}
	}
	return errors.Join(errs...)
}

// Volume returns the master volume, in [0, 1]; 1 for a new mixer.
func (m *Mixer) Volume() float64 { return m.volume }

// SetVolume sets the master volume, which multiplies every other: it is
// clamped to [0, 1] (NaN is 0). Sounds playing change at once.
// O(voices), no allocation.
func (m *Mixer) SetVolume(v float64) {
	m.volume = clamp01(v)
	m.refresh()
}

// Muted reports whether the mixer is muted.
func (m *Mixer) Muted() bool { return m.muted }

// SetMuted mutes or unmutes the mixer. Muted, sounds still play, and the
// music goes on, silently: unmuting resumes them where they are, at the
// volumes set meanwhile. O(voices), no allocation.
func (m *Mixer) SetMuted(muted bool) {
	m.muted = muted
	m.refresh()
}

// refresh sets the volume of every player from the mixer's volumes.
func (m *Mixer) refresh() {
	for _, v := range m.voices {
		v.p.SetVolume(m.voiceGain(v))
	}
	if m.music != nil {
		m.music.music.SetVolume(m.musicGain())
	}
}

// voiceGain is the volume a one-shot voice plays at.
func (m *Mixer) voiceGain(v *voice) float64 {
	return gain(m.muted, m.volume, v.clip.volume, v.gain)
}

// musicGain is the volume the music plays at.
func (m *Mixer) musicGain() float64 {
	return gain(m.muted, m.volume, m.musicVolume, m.music.volume)
}

// gain multiplies volumes in [0, 1], or is 0 when muted. Volumes are
// linear amplitudes, as ebitengine's Player.SetVolume takes them: 0.5
// is about 6 dB quieter.
func gain(muted bool, master, a, b float64) float64 {
	if muted {
		return 0
	}
	return master * a * b
}

// clamp01 clamps v to [0, 1], taking NaN to 0.
func clamp01(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return min(max(v, 0), 1)
}

// check panics if c is nil or not m's.
func (m *Mixer) check(c *Clip, op string) {
	switch {
	case c == nil:
		panic(fmt.Errorf("audio: %s of a nil *Clip", op))
	case c.m != m:
		panic(fmt.Errorf("audio: %s of clip %s, which another mixer loaded", op, c.Path()))
	}
}
