package game

// The sound effects, by path in [Files]: 16-bit mono WAV files that
// internal/gensound writes (go generate). Game logic asks for them with
// engine.PlaySound; the engine plays them in a window and a headless run
// keeps the requests for tests to read.
const (
	// SoundPickup: the player picked up an item.
	SoundPickup = "sounds/pickup.wav"
	// SoundDoor: the player went through a door.
	SoundDoor = "sounds/door.wav"
)

// Sounds lists every sound effect.
var Sounds = []string{SoundPickup, SoundDoor}
