package audio

import (
	"bytes"
	"fmt"

	ebitenaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// player is what a voice or the music plays through: an ebitengine
// *audio.Player, or a silentPlayer when the mixer opens no device. Tests
// put a fake in its place (export_test.go).
type player interface {
	Play()
	Pause()
	IsPlaying() bool
	Rewind() error
	SetVolume(v float64)
	Close() error
}

// newPlayerFunc makes a player of pcm (16-bit stereo at the mixer's rate),
// looping it forever if loop is set.
type newPlayerFunc func(pcm []byte, loop bool) player

// ebitenPlayers returns a newPlayerFunc that makes ebitengine players in
// ctx. Each player reads pcm through a reader of its own, so several play
// one clip at once without copying it.
func ebitenPlayers(ctx *ebitenaudio.Context) newPlayerFunc {
	return func(pcm []byte, loop bool) player {
		if !loop {
			return ctx.NewPlayerFromBytes(pcm)
		}
		p, err := ctx.NewPlayer(ebitenaudio.NewInfiniteLoop(bytes.NewReader(pcm), int64(len(pcm))))
		if err != nil {
			// NewPlayer fails only when seeking its source fails, and a
			// loop over a bytes.Reader seeks anywhere: as NewPlayerFromBytes
			// does, treat it as a bug.
			panic(fmt.Errorf("audio: looping player: %w", err))
		}
		return p
	}
}

// silentPlayer is the player of a silent mixer ([Options.Silent]): it
// keeps the state a real player would, but never reaches the end of its
// sound, as no device consumes it.
type silentPlayer struct {
	playing bool
}

func newSilentPlayer([]byte, bool) player { return &silentPlayer{} }

func (p *silentPlayer) Play()             { p.playing = true }
func (p *silentPlayer) Pause()            { p.playing = false }
func (p *silentPlayer) IsPlaying() bool   { return p.playing }
func (p *silentPlayer) Rewind() error     { return nil }
func (p *silentPlayer) SetVolume(float64) {}
func (p *silentPlayer) Close() error {
	p.playing = false
	return nil
}
