package game

// The sound effects, by path in [Files]: 16-bit mono WAV files that
// internal/gensound writes (go generate). Game logic asks for them with
// engine.PlaySound; the engine plays them in a window, and a headless run
// keeps the requests for tests to read.
const (
	// SoundFire: the tank fired.
	SoundFire = "sounds/fire.wav"
	// SoundHit: a shell hit a monster that lives on.
	SoundHit = "sounds/hit.wav"
	// SoundBoom: a monster died.
	SoundBoom = "sounds/boom.wav"
	// SoundHurt: a monster bit the tank.
	SoundHurt = "sounds/hurt.wav"
	// SoundRepair: the tank picked up a repair kit.
	SoundRepair = "sounds/repair.wav"
	// SoundWin: the arena is clear.
	SoundWin = "sounds/win.wav"
)

// Sounds lists every sound effect.
var Sounds = []string{SoundFire, SoundHit, SoundBoom, SoundHurt, SoundRepair, SoundWin}
