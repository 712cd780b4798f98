package audio_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine/audio"
)

// A game loads its sounds with the assets loader, decodes them once with
// the mixer, and plays them from the windowed part of the game.
func Example() {
	l := assets.New(os.DirFS("testdata")) // a shipped game passes its embed.FS
	jump, err := l.Sound("jump.wav")
	if err != nil {
		panic(err)
	}
	theme, err := l.Sound("jump.ogg")
	if err != nil {
		panic(err)
	}

	m, err := audio.New(audio.Options{MaxVoices: 8}) // Silent: true when there is no sound card
	if err != nil {
		panic(err)
	}
	defer m.Close()
	sfx, err := m.Load(jump) // decoded once, when the scene starts
	if err != nil {
		panic(err)
	}
	music, err := m.Load(theme)
	if err != nil {
		panic(err)
	}

	sfx.SetVolume(0.5)
	m.Play(sfx)
	m.PlayVolume(sfx, 0.8) // overlaps the first
	m.PlayMusic(music)     // loops until StopMusic
	m.SetMusicVolume(0.6)  // the options screen's sliders
	m.SetVolume(0.9)
	m.SetMuted(true) // the pause menu
	m.SetMuted(false)

	fmt.Println(sfx.Path(), sfx.Duration(), m.SampleRate())
	fmt.Println(m.Music().Path(), m.MusicVolume(), m.Volume())
	m.StopMusic()
	fmt.Println(m.Music() == nil)
	// Output:
	// jump.wav 100ms 44100
	// jump.ogg 0.6 0.9
	// true
}

// The assets loader checks a sound's header; the mixer decodes the rest,
// and its error names the file.
func ExampleDecodeError() {
	s, err := assets.New(os.DirFS("testdata")).Sound("header-only.ogg")
	if err != nil {
		panic(err)
	}
	m, err := audio.New(audio.Options{Silent: true})
	if err != nil {
		panic(err)
	}
	_, err = m.Load(s)
	fmt.Println(err)
	var de *audio.DecodeError
	fmt.Println(errors.As(err, &de), de.Path)
	// Output:
	// audio: header-only.ogg: cannot decode Ogg Vorbis: ogg: wrong checksum
	// true header-only.ogg
}
