package game

import "fmt"

//go:generate go run ./internal/gensound -o assets/sounds

// Sound is a sound effect the game asks for. The game logic only says
// which ([Options.Sound]); the window build plays it with package
// engine/audio, and a headless run plays nothing.
type Sound uint8

const (
	// SoundPickup: the player picked up an item.
	SoundPickup Sound = iota
	// SoundDoor: the player went through a door.
	SoundDoor
)

// Sounds lists every sound, in order.
var Sounds = []Sound{SoundPickup, SoundDoor}

// String returns the sound's name: "pickup" or "door".
func (s Sound) String() string {
	switch s {
	case SoundPickup:
		return "pickup"
	case SoundDoor:
		return "door"
	}
	return fmt.Sprintf("Sound(%d)", uint8(s))
}

// SoundDir is where the sound files live inside [Files]: WAV files
// written by internal/gensound (go generate).
const SoundDir = "sounds"

// File returns the sound's file inside [Files]: "sounds/pickup.wav".
func (s Sound) File() string { return SoundDir + "/" + s.String() + ".wav" }

// play passes s to [Options.Sound], if set.
func (g *Game) play(s Sound) {
	if g.opts.Sound != nil {
		g.opts.Sound(s)
	}
}
