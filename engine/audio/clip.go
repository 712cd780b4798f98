package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/hajimehoshi/ebiten/v2/audio/vorbis"
	"github.com/hajimehoshi/ebiten/v2/audio/wav"

	"github.com/tessera-engine/tessera/assets"
)

// bytesPerFrame is the size of one sample frame of a decoded clip: 16-bit
// little-endian stereo, what ebitengine's players take.
const bytesPerFrame = 4

// Clip is a sound decoded once, by [Mixer.Load], into samples at the
// mixer's rate, ready to play any number of times, overlapping. It belongs
// to the mixer that loaded it. A clip holds its samples in memory: about
// 10 MB a minute at 44100 Hz.
type Clip struct {
	m      *Mixer
	sound  *assets.Sound
	pcm    []byte
	volume float64
	voices []*voice // this clip's one-shot players, at most Options.MaxVoices
	music  player   // the looping player, made the first time it is music
}

// Path returns the path of the sound the clip was decoded from.
func (c *Clip) Path() string { return c.sound.Path() }

// Sound returns the sound the clip was decoded from.
func (c *Clip) Sound() *assets.Sound { return c.sound }

// Duration returns the clip's length.
func (c *Clip) Duration() time.Duration {
	frames := int64(len(c.pcm) / bytesPerFrame)
	return time.Duration(frames) * time.Second / time.Duration(c.m.rate)
}

// Volume returns the clip's own volume, in [0, 1]; 1 for a new clip.
func (c *Clip) Volume() float64 { return c.volume }

// SetVolume sets the clip's own volume, which multiplies the master
// volume and, for one-shot plays, each play's volume; for music, the
// music volume. It is clamped to [0, 1] (NaN is 0). Plays in progress
// change at once. O(voices of the clip), no allocation.
func (c *Clip) SetVolume(volume float64) {
	c.volume = clamp01(volume)
	for _, v := range c.voices {
		v.p.SetVolume(c.m.voiceGain(v))
	}
	if c.m.music == c {
		c.music.SetVolume(c.m.musicGain())
	}
}

// DecodeError reports a sound that could not be decoded into samples,
// naming its path. The assets loader checks a sound's header only, so a
// file whose samples are corrupt loads, and fails here.
type DecodeError struct {
	Path   string             // the sound's path, such as "sfx/jump.wav"
	Format assets.SoundFormat // what its header says it is
	Err    error              // the decoder's error
}

// Error returns a message such as
// "audio: music/theme.ogg: cannot decode Ogg Vorbis: ogg: wrong checksum".
func (e *DecodeError) Error() string {
	return fmt.Sprintf("audio: %s: cannot decode %v: %v", e.Path, e.Format, e.Err)
}

// Unwrap returns the decoder's error.
func (e *DecodeError) Unwrap() error { return e.Err }

// ErrClipSize is wrapped by the [*DecodeError] of a sound whose decoded
// samples would take more than [Options.MaxClipBytes].
var ErrClipSize = errors.New("audio: clip too large")

// decode decodes s into 16-bit stereo samples at rate, at most limit
// bytes of them. The decoders are ebitengine's, over libraries that
// index slices with numbers read from the file, and some panic on a
// corrupt one (oggvorbis reading a page header that the file cuts off,
// found by FuzzLoad): a panic while decoding is turned into the sound's
// DecodeError, saying the decoder panicked, so that a bad file cannot end
// the game.
func decode(s *assets.Sound, rate int, limit int64) (pcm []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			pcm, err = nil, &DecodeError{Path: s.Path(), Format: s.Info().Format, Err: fmt.Errorf("the decoder panicked: %v", r)}
		}
	}()
	var (
		stream io.Reader
		size   int64
	)
	r := bytes.NewReader(s.Bytes())
	switch f := s.Info().Format; f {
	case assets.SoundWAV:
		var w *wav.Stream
		if w, err = wav.DecodeWithSampleRate(rate, r); err == nil {
			stream, size = w, w.Length()
		}
	case assets.SoundVorbis:
		var v *vorbis.Stream
		if v, err = vorbis.DecodeWithSampleRate(rate, r); err == nil {
			stream, size = v, v.Length()
		}
	default:
		err = fmt.Errorf("unknown format %v", f)
	}
	if err != nil {
		return nil, &DecodeError{Path: s.Path(), Format: s.Info().Format, Err: err}
	}
	tooLarge := func(size string) error {
		return &DecodeError{Path: s.Path(), Format: s.Info().Format,
			Err: fmt.Errorf("%w: its samples at %d Hz would take %s; a clip may take %d bytes at most (Options.MaxClipBytes)", ErrClipSize, rate, size, limit)}
	}
	if size > limit {
		return nil, tooLarge(fmt.Sprintf("%d bytes", size))
	}
	// Room for MinRead more bytes than the stream says keeps ReadFrom from
	// growing the buffer, which would copy the samples; the limit holds
	// however long the stream turns out to be.
	buf := bytes.NewBuffer(make([]byte, 0, max(size, 0)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(stream, limit+1)); err != nil {
		return nil, &DecodeError{Path: s.Path(), Format: s.Info().Format, Err: err}
	}
	if int64(buf.Len()) > limit {
		return nil, tooLarge("more bytes than its header says")
	}
	b := buf.Bytes()
	return b[:len(b)/bytesPerFrame*bytesPerFrame], nil
}
