package engine

import (
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Game is a game as the engine runs it: its first scene, its files and
// the defaults of its configuration. [Main] runs one; [New] and
// [NewHeadless] make an engine of one.
type Game struct {
	// First is the scene the game starts with. Required.
	First scene.Scene
	// Assets holds the game's files (pictures, atlases, fonts, sounds
	// and data), which components and prefabs name by path, usually an
	// embed.FS. The engine loads them through one [assets.Loader]
	// ([AssetsOf]), so each is read once; with the configuration key
	// assets.dir set, it reads them from that directory instead and
	// reloads what changes. nil means no files: shapes and texts in the
	// built-in font still draw.
	Assets fs.FS
	// Config holds the defaults of the configuration, which a file, the
	// environment and flags override ([LoadConfig]); Main loads it. The
	// zero value takes the engine's defaults.
	Config Config
	// Keys are the game's own configuration keys, for Main.
	Keys []Key
}

// services is what the engine gives every scene's world, as a resource,
// for reading: its loader and configuration, reached with [AssetsOf],
// [ConfigOf] and [LastReload].
type services struct {
	cfg    *Config
	assets *assets.Loader
	// The last reload of assets.dir's files, and how many there were.
	reload  assets.Reload
	reloads uint64
}

var servicesOf = world.DefineResource[services]("engine.Services")

// soundQueue is the engine's queue of sound requests, which [PlaySound]
// and its kin append to: a resource apart from services, so that systems
// asking for sounds conflict with each other (they append to one slice)
// and not with those reading assets or configuration.
type soundQueue struct {
	sounds *[]Sound
	steps  func() uint64 // the loop's step count, to stamp sounds
}

var soundsOf = world.DefineResource[soundQueue]("engine.Sounds")

// SoundResource is the world resource through which [PlaySound],
// [PlaySoundVolume], [PlayMusicOf] and [StopMusicOf] queue their requests,
// for a system that declares its access: a system that asks for sounds
// lists it in [world.System.WritesResources], since each request is
// appended to one queue; two such systems then conflict, so they run one
// after the other, in the order they were added, and the requests keep
// that order whatever the number of cores. (The tesseradebug build
// panics, naming the system and "engine.Sounds", when a system that
// declares its access lists it in neither ReadsResources nor
// WritesResources; it cannot tell a read from a write here, so listing it
// only as read is a race it does not catch.) It is a handle for
// declarations only: the engine sets it on every scene's world.
var SoundResource world.ResourceType = soundsOf

// AssetsOf returns the loader of the game's files ([Game.Assets]) for a
// scene's world: a scene loads its data through it in OnEnter
// (engine.AssetsOf(s.World()).Decode("levels/1.yaml", &level)), and a
// prefab library checks the assets its data names against it. The same
// files are loaded once for the whole game. It returns nil for a world no
// engine runs. O(1).
func AssetsOf(w *world.World) *assets.Loader {
	if s, ok := servicesOf.Lookup(w); ok {
		return s.assets
	}
	return nil
}

// ConfigOf returns the configuration the engine running w's scene runs
// with, defaults filled in, and whether an engine runs it: a scene reads
// its game's own keys there in OnEnter (engine.ConfigOf(s.World()).Game
// ["game.seed"]), as the keys a game declares ([Game.Keys]) are loaded by
// [Main] with the engine's. O(1).
func ConfigOf(w *world.World) (Config, bool) {
	if s, ok := servicesOf.Lookup(w); ok && s.cfg != nil {
		return *s.cfg, true
	}
	return Config{}, false
}

// SoundKind says what a [Sound] request asks for.
type SoundKind uint8

// The kinds of sound request.
const (
	// PlayEffect plays a sound once, over whatever else plays.
	PlayEffect SoundKind = iota + 1
	// PlayMusic plays a sound in a loop in place of the music playing.
	PlayMusic
	// StopMusic stops the music.
	StopMusic
)

// String returns "effect", "music" or "stop-music".
func (k SoundKind) String() string {
	switch k {
	case PlayEffect:
		return "effect"
	case PlayMusic:
		return "music"
	case StopMusic:
		return "stop-music"
	}
	return fmt.Sprintf("SoundKind(%d)", uint8(k))
}

// Sound is a request from game logic for a sound: made by [PlaySound],
// [PlayMusicOf] and [StopMusicOf], played by the window runtime through
// package engine/audio when the machine has a sound device, and kept by a
// [Headless] run for tests to read ([Headless.Sounds]).
type Sound struct {
	Kind SoundKind
	Path assets.Path // the sound file, a WAV or Ogg Vorbis; 0 for StopMusic
	// Volume is the request's volume, from 0 to 1; 0 means 1.
	Volume float64
	// Step is the fixed step that asked for it (the loop's step count
	// when it was asked, between steps).
	Step uint64
}

// String returns a description such as "effect sounds/jump.wav at step 12".
func (s Sound) String() string {
	if s.Kind == StopMusic {
		return fmt.Sprintf("%v at step %d", s.Kind, s.Step)
	}
	return fmt.Sprintf("%v %s at step %d", s.Kind, s.Path, s.Step)
}

// PlaySound asks for the sound file at path (a path in [Game.Assets]) to
// be played once, at full volume, by the engine running w's scene. It
// does nothing in a world no engine runs, as in a unit test of a system.
// O(1); it allocates only while the queue grows. A system that declares
// its access lists [SoundResource] in its WritesResources.
func PlaySound(w *world.World, path string) { request(w, PlayEffect, path, 1) }

// PlaySoundVolume is [PlaySound] at a volume from 0 to 1.
func PlaySoundVolume(w *world.World, path string, volume float64) {
	request(w, PlayEffect, path, volume)
}

// PlayMusicOf asks for the sound file at path to play in a loop as the
// game's music, replacing the music playing.
func PlayMusicOf(w *world.World, path string) { request(w, PlayMusic, path, 1) }

// StopMusicOf asks for the music to stop.
func StopMusicOf(w *world.World) { request(w, StopMusic, "", 1) }

func request(w *world.World, k SoundKind, path string, volume float64) {
	s, ok := soundsOf.Lookup(w)
	if !ok {
		return
	}
	*s.sounds = append(*s.sounds, Sound{Kind: k, Path: assets.PathOf(path), Volume: volume, Step: s.steps()})
}

// Assets returns the engine's loader of the game's files; nil if the game
// has none.
func (e *Engine) Assets() *assets.Loader { return e.svc.assets }

// TakeSounds returns the sound requests made since the last call, in the
// order they were made, appended to dst, and empties the queue. The window
// runtime calls it every frame.
func (e *Engine) TakeSounds(dst []Sound) []Sound {
	dst = append(dst, e.sounds...)
	clear(e.sounds)
	e.sounds = e.sounds[:0]
	return dst
}

// SetStepObserver makes fn hear of every fixed step of a scene, just
// before the step runs its systems: the window runtime's renderers record
// where everything was, to draw between steps. nil stops it.
func (e *Engine) SetStepObserver(fn func(scene.Scene)) { e.beforeStep = fn }

// WatchInterval is how often the engine looks for changed files when the
// configuration's assets.dir is set.
const WatchInterval = 250 * time.Millisecond

// stepNow returns the step in progress, or between steps the number of
// steps run: what Sound.Step says.
func (e *Engine) stepNow() uint64 {
	if e.ctx != nil {
		return e.ctx.Step
	}
	return e.loop.Steps()
}

// newServices makes the services of a game's files: those it ships, or
// with assets.dir set, that directory's over them, watched. A directory
// that does not exist is an error, not an empty overlay: a typo in
// assets.dir would otherwise run the shipped files and watch nothing.
func newServices(files fs.FS, cfg AssetsConfig) (services, *assets.Watcher, error) {
	if cfg.Dir != "" {
		st, err := os.Stat(cfg.Dir)
		if err == nil && !st.IsDir() {
			err = fmt.Errorf("%s is not a directory: %w", cfg.Dir, fs.ErrInvalid)
		}
		if err != nil {
			return services{}, nil, fmt.Errorf("engine: assets.dir: files from %s: %w", cfg.Dir, err)
		}
		files = assets.Over(os.DirFS(cfg.Dir), files) // what the game makes in code stays
	}
	if files == nil {
		return services{}, nil, nil
	}
	l := assets.New(files)
	var w *assets.Watcher
	if cfg.Dir != "" {
		w = l.Watch(WatchInterval)
	}
	return services{assets: l}, w, nil
}

// reload reloads what changed in assets.dir, between frames, and reports
// it: an EventReload, and an EventError for each problem.
func (e *Engine) reload() {
	if e.watch == nil {
		return
	}
	r, ok := e.watch.Poll()
	if !ok {
		return
	}
	eachError(r.Err, e.onError)
	e.svc.reload, e.svc.reloads = r, e.svc.reloads+1
	e.emit(Event{Kind: EventReload, Reload: r})
}

// LastReload returns the last reload of the game's files the engine
// running w's scene made with assets.dir set (which files changed, what
// failed: see [assets.Reload]) and how many it has made: a scene that
// shows a designer what is wrong with their save polls it from a frame
// system and looks again when n grows. n is 0 before the first, and in a
// world no engine runs.
func LastReload(w *world.World) (r assets.Reload, n uint64) {
	if s, ok := servicesOf.Lookup(w); ok {
		return s.reload, s.reloads
	}
	return assets.Reload{}, 0
}

// provide gives a scene's world the engine's services and sound queue,
// and seeds its generator with random.seed, before its OnEnter runs.
func (e *Engine) provide(s scene.Scene) {
	w := s.World()
	servicesOf.Set(w, &e.svc)
	soundsOf.Set(w, &e.queue)
	w.Seed(uint64(e.cfg.Random.Seed))
}

// stepBegins runs the engine's part of a fixed step before the scene's
// systems: the runtime's observer, then the animations.
func (e *Engine) stepBegins(s scene.Scene, ctx *world.Context) {
	if e.beforeStep != nil {
		e.beforeStep(s)
	}
	if e.animator != nil {
		if err := e.animator.Step(s.World(), ctx.DT); err != nil {
			e.onError(err)
		}
	}
}

// stepEnds runs the engine's part of a fixed step after the scene's
// systems and FixedUpdate: the cameras follow what they follow.
func (e *Engine) stepEnds(s scene.Scene, ctx *world.Context) {
	screen := geom.Vec2{X: float64(e.cfg.Window.Width), Y: float64(e.cfg.Window.Height)}
	drawable.StepCameras(s.World(), screen, ctx.DT)
}
