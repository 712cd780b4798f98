package window

import (
	"fmt"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/engine/audio"
)

// speaker plays the sounds game logic asks for ([engine.PlaySound])
// through an audio mixer, loading each file once.
type speaker struct {
	e      *engine.Engine
	mix    *audio.Mixer
	clips  map[assets.Path]*audio.Clip // nil for a sound that failed
	queue  []engine.Sound
	reason string // why the mixer is silent, if it is
}

// newSpeaker makes the mixer: silent when the configuration turns sound
// off (audio.enabled: false) or when no sound device is likely (a device
// that fails to open would end the game loop with an error).
func newSpeaker(e *engine.Engine, cfg engine.AudioConfig) (*speaker, error) {
	silent, why := cfg.Silent, "audio.enabled is false"
	if !silent {
		if ok, reason := audio.DeviceLikely(); !ok {
			silent, why = true, reason
		}
	}
	mix, err := audio.New(audio.Options{Silent: silent})
	if err != nil {
		return nil, err
	}
	if cfg.Volume > 0 {
		mix.SetVolume(cfg.Volume)
	}
	if !silent {
		why = ""
	}
	return &speaker{e: e, mix: mix, clips: make(map[assets.Path]*audio.Clip), reason: why}, nil
}

// play plays the requests made since the last frame.
func (s *speaker) play() {
	s.queue = s.e.TakeSounds(s.queue[:0])
	for _, req := range s.queue {
		switch req.Kind {
		case engine.StopMusic:
			s.mix.StopMusic()
		case engine.PlayMusic:
			if c := s.clip(req.Path); c != nil {
				s.mix.PlayMusic(c)
			}
		default:
			if c := s.clip(req.Path); c != nil {
				v := req.Volume
				if v <= 0 {
					v = 1
				}
				s.mix.PlayVolume(c, v)
			}
		}
	}
}

// clip returns the clip of the sound at p, loading it once; nil if it
// does not load (reported once, as an error event).
func (s *speaker) clip(p assets.Path) *audio.Clip {
	if c, ok := s.clips[p]; ok {
		return c
	}
	var c *audio.Clip
	err := fmt.Errorf("window: sound %s: the game has no assets", p)
	if l := s.e.Assets(); l != nil {
		var snd *assets.Sound
		if snd, err = l.Sound(p.String()); err == nil {
			c, err = s.mix.Load(snd)
		}
	}
	if err != nil {
		s.e.Events().Emit(engine.Event{Kind: engine.EventError, Err: err, Step: s.e.Loop().Steps(), Now: s.e.Loop().Now()})
		c = nil
	}
	s.clips[p] = c
	return c
}

func (s *speaker) close() error { return s.mix.Close() }
