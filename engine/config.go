package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Config is everything the engine is configured with. Build one in code,
// or load one with [LoadConfig] from defaults, a file, the environment and
// flags. Every field's zero value stands for its default, so Config{} is a
// working configuration.
type Config struct {
	Window WindowConfig
	Loop   LoopConfig
	Input  InputConfig
	Assets AssetsConfig
	Audio  AudioConfig
	Random RandomConfig
	Debug  DebugConfig
	// Game holds the values of the game's own keys ([LoadOptions.Keys]) by
	// key, each of the type of the key's default.
	Game map[string]any
}

// WindowConfig configures the window (config keys window.*). The engine
// draws on a logical screen of Width × Height pixels, shown in a window
// Zoom times as large.
type WindowConfig struct {
	Title         string  // window.title; "" means "Tessera"
	Width, Height int     // window.width, window.height: the logical size; 0 means 640 × 360
	Zoom          float64 // window.zoom: window size over logical size, 0.1–16; 0 means 1
	DisableVSync  bool    // window.vsync, negated: the zero value keeps vsync on
	Fullscreen    bool    // window.fullscreen
	Resizable     bool    // window.resizable
}

// LoopConfig configures the fixed-step loop (config keys loop.*); see
// [FixedLoop].
type LoopConfig struct {
	Hz       int // loop.hz: fixed steps per simulated second, 1–1000; 0 means 60
	MaxSteps int // loop.max_steps: most steps in one frame, 1–1000; 0 means 8
}

// InputConfig names the input actions and axes (config keys input.*); see
// [Input]. Names are lower case, as configuration keys are lower-cased.
type InputConfig struct {
	// Actions maps each action to the names of the buttons that trigger
	// it ([LookupButton]): input.actions.jump: [Space, GamepadA].
	Actions map[string][]string
	// Axes maps each 2D axis to four actions: input.axes.move:
	// [left, right, up, down].
	Axes map[string]AxisConfig
	// DeadZone (input.dead_zone) is how far a stick may lean, from 0 to 1,
	// and still read as at rest, so a worn stick does not drift; past it
	// the push is rescaled to reach 1. 0 means DefaultDeadZone.
	DeadZone float64
}

// DefaultDeadZone is input.dead_zone's default.
const DefaultDeadZone = 0.2

// AxisConfig names the four actions of a 2D axis.
type AxisConfig struct {
	Left, Right, Up, Down string
}

// AssetsConfig says where the game's files come from (config keys
// assets.*).
type AssetsConfig struct {
	// Dir (assets.dir), if not "", is a directory the engine reads the
	// game's files from, over [Game.Assets] (a file the directory lacks,
	// such as one the game makes in code, comes from there), watching them and
	// reloading what changes while the game runs: point it at the game's
	// assets folder while developing, and an artist's save shows at once
	// ([EventReload]). "" uses the files the game ships.
	Dir string
}

// RandomConfig seeds the game's randomness (config keys random.*).
type RandomConfig struct {
	// Seed (random.seed) seeds the random generators of the scenes'
	// worlds: the same seed and input give the same game, and a replay
	// records it. 0 means 1.
	Seed int
}

// AudioConfig configures sound (config keys audio.*).
type AudioConfig struct {
	// Silent (audio.enabled, negated) plays no sound; the zero value plays
	// sound when the machine has a device for it.
	Silent bool
	// Volume (audio.volume) is the master volume, from 0 to 1; 0 means 1
	// (to silence the game, disable audio).
	Volume float64
}

// DebugConfig holds options for debugging, tests and documentation
// (config keys debug.*).
type DebugConfig struct {
	// ShowFPS (debug.fps) puts the frame rate and the fixed steps per
	// frame in the window title.
	ShowFPS bool
	// Frames (debug.frames) ends the run after that many frames, windowed
	// or headless; 0 runs until the window closes, the engine is stopped
	// or the scene stack empties.
	Frames int
	// ScreenshotFrame (debug.screenshot_frame) saves a screenshot to
	// ScreenshotPath once that frame (counted from 1) is drawn; 0 never.
	ScreenshotFrame int
	// ScreenshotPath (debug.screenshot) is where screenshots go, as PNG;
	// "" means "screenshot.png". Those taken with ScreenshotKey get the
	// frame number before the extension: screenshot-120.png.
	ScreenshotPath string
	// ScreenshotKey (debug.screenshot_key) names a button that saves a
	// screenshot when pressed; "" means none. LoadConfig's default is F12.
	ScreenshotKey string
	// FixedFrames (debug.fixed_frames) makes every windowed frame advance
	// the game by exactly one fixed step, whatever time the frame took, as
	// the headless runner does: a run with the same input then shows the
	// same frames on every machine, which screenshots for tests and docs
	// want. The game runs as fast as frames are drawn, not in real time.
	FixedFrames bool
	// OverlayKey (debug.overlay_key) names a button that shows and hides
	// the debug overlay; "" means none. LoadConfig's default is F3.
	OverlayKey string
	// Overlay (debug.overlay) shows the debug overlay from the start.
	Overlay bool
}

// DefaultConfig returns the configuration every key's default makes: what
// [LoadConfig] starts from.
func DefaultConfig() Config {
	return Config{
		Window: WindowConfig{Title: "Tessera", Width: 640, Height: 360, Zoom: 1},
		Loop:   LoopConfig{Hz: DefaultHz, MaxSteps: DefaultMaxSteps},
		Input:  InputConfig{DeadZone: DefaultDeadZone},
		Audio:  AudioConfig{Volume: 1},
		Random: RandomConfig{Seed: 1},
		Debug:  DebugConfig{ScreenshotPath: "screenshot.png", ScreenshotKey: "F12", OverlayKey: "F3"},
	}
}

// WithDefaults returns c with each zero field that stands for a default
// set to it.
func (c Config) WithDefaults() Config {
	d := DefaultConfig()
	if c.Window.Title == "" {
		c.Window.Title = d.Window.Title
	}
	if c.Window.Width == 0 {
		c.Window.Width = d.Window.Width
	}
	if c.Window.Height == 0 {
		c.Window.Height = d.Window.Height
	}
	if c.Window.Zoom == 0 {
		c.Window.Zoom = d.Window.Zoom
	}
	if c.Loop.Hz == 0 {
		c.Loop.Hz = d.Loop.Hz
	}
	if c.Loop.MaxSteps == 0 {
		c.Loop.MaxSteps = d.Loop.MaxSteps
	}
	if c.Input.DeadZone == 0 {
		c.Input.DeadZone = DefaultDeadZone
	}
	if c.Random.Seed == 0 {
		c.Random.Seed = d.Random.Seed
	}
	if c.Audio.Volume == 0 {
		c.Audio.Volume = d.Audio.Volume
	}
	if c.Debug.ScreenshotPath == "" {
		c.Debug.ScreenshotPath = d.Debug.ScreenshotPath
	}
	return c
}

// Validate checks every value of c, after [Config.WithDefaults], against
// its key's range and returns the failures as [*ConfigError] values
// (source "code"), joined. The input's names are checked as [NewInput]
// checks them.
func (c Config) Validate() error {
	c = c.WithDefaults()
	var errs []error
	for _, s := range specs {
		if err := s.check(s.get(&c)); err != nil {
			errs = append(errs, &ConfigError{Key: s.key, Source: "code", Err: err})
		}
	}
	if _, err := NewInput(c.Input); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Sentinel errors of configuration, for errors.Is.
var (
	// ErrUnknownKey is wrapped by the error for a key in a config file
	// that neither the engine nor the game defines.
	ErrUnknownKey = errors.New("engine: unknown key")
	// ErrWrongType is wrapped by the error for a value that is not of its
	// key's type, such as "wide" for window.width.
	ErrWrongType = errors.New("engine: wrong type")
	// ErrOutOfRange is wrapped by the error for a value outside its key's
	// range, such as 0 for loop.hz.
	ErrOutOfRange = errors.New("engine: out of range")
	// ErrUnknownButton is wrapped by the error for a button name that
	// [LookupButton] does not know.
	ErrUnknownButton = errors.New("engine: unknown button")
	// ErrUnknownAction is wrapped by the error for an input action name
	// that is not defined.
	ErrUnknownAction = errors.New("engine: unknown input action")
	// ErrLimit is wrapped by the error for a config file, or a list from
	// any source, over one of the limits of [LoadOptions].
	ErrLimit = errors.New("engine: over a limit")
)

// ConfigError reports a configuration value that is wrong, naming its key
// and where the value came from.
type ConfigError struct {
	Key string // such as "window.width"
	// Source is where the value came from: "file tessera.yaml:3:5" (the
	// key's line and column), "env TESSERA_WINDOW_WIDTH", "flag
	// -window.width", "default" or "code" (a Config built in code).
	Source string
	// Err wraps ErrUnknownKey, ErrWrongType, ErrOutOfRange,
	// ErrUnknownButton, ErrUnknownAction or ErrLimit.
	Err error
}

// Error returns a message such as
// `engine: config window.width from env TESSERA_WINDOW_WIDTH: wrong type: "wide" is not an integer`.
func (e *ConfigError) Error() string {
	return fmt.Sprintf("engine: config %s from %s: %s", e.Key, e.Source, reason(e.Err))
}

// Unwrap returns the underlying error.
func (e *ConfigError) Unwrap() error { return e.Err }

// kind is the type of a configuration key's value.
type kind uint8

const (
	kindInt kind = iota + 1
	kindFloat
	kindBool
	kindString
	kindList   // a list of strings; from the environment or a flag, comma-separated
	kindButton // a button name or ""
)

func (k kind) String() string {
	return [...]string{"", "int", "float", "bool", "string", "list", "button"}[k]
}

// spec describes one key of the engine's configuration.
type spec struct {
	key      string
	kind     kind
	min, max float64 // inclusive range of an int or float; both 0 for none
	usage    string
	get      func(*Config) any
	set      func(*Config, any)
}

// specs are the engine's own keys, in the order the docs list them.
var specs = []spec{
	{"window.title", kindString, 0, 0, "window title",
		func(c *Config) any { return c.Window.Title }, func(c *Config, v any) { c.Window.Title = v.(string) }},
	{"window.width", kindInt, 1, 16384, "logical screen width in pixels",
		func(c *Config) any { return c.Window.Width }, func(c *Config, v any) { c.Window.Width = v.(int) }},
	{"window.height", kindInt, 1, 16384, "logical screen height in pixels",
		func(c *Config) any { return c.Window.Height }, func(c *Config, v any) { c.Window.Height = v.(int) }},
	{"window.zoom", kindFloat, 0.1, 16, "window size over logical size",
		func(c *Config) any { return c.Window.Zoom }, func(c *Config, v any) { c.Window.Zoom = v.(float64) }},
	{"window.vsync", kindBool, 0, 0, "wait for the display's vertical sync",
		func(c *Config) any { return !c.Window.DisableVSync }, func(c *Config, v any) { c.Window.DisableVSync = !v.(bool) }},
	{"window.fullscreen", kindBool, 0, 0, "start full screen",
		func(c *Config) any { return c.Window.Fullscreen }, func(c *Config, v any) { c.Window.Fullscreen = v.(bool) }},
	{"window.resizable", kindBool, 0, 0, "let the player resize the window",
		func(c *Config) any { return c.Window.Resizable }, func(c *Config, v any) { c.Window.Resizable = v.(bool) }},
	{"loop.hz", kindInt, 1, 1000, "fixed steps per simulated second",
		func(c *Config) any { return c.Loop.Hz }, func(c *Config, v any) { c.Loop.Hz = v.(int) }},
	{"loop.max_steps", kindInt, 1, 1000, "most fixed steps in one frame",
		func(c *Config) any { return c.Loop.MaxSteps }, func(c *Config, v any) { c.Loop.MaxSteps = v.(int) }},
	{"input.dead_zone", kindFloat, 0.01, 0.95, "how far a stick may lean and still read as at rest",
		func(c *Config) any { return c.Input.DeadZone }, func(c *Config, v any) { c.Input.DeadZone = v.(float64) }},
	{"assets.dir", kindString, 0, 0, "read the game's files from this directory and reload them when they change (empty: the files the game ships)",
		func(c *Config) any { return c.Assets.Dir }, func(c *Config, v any) { c.Assets.Dir = v.(string) }},
	{"audio.enabled", kindBool, 0, 0, "play sound when the machine has a sound device",
		func(c *Config) any { return !c.Audio.Silent }, func(c *Config, v any) { c.Audio.Silent = !v.(bool) }},
	{"audio.volume", kindFloat, 0.001, 1, "master volume",
		func(c *Config) any { return c.Audio.Volume }, func(c *Config, v any) { c.Audio.Volume = v.(float64) }},
	{"random.seed", kindInt, 1, 1<<53 - 1, "seed of the game's random generators",
		func(c *Config) any { return c.Random.Seed }, func(c *Config, v any) { c.Random.Seed = v.(int) }},
	{"debug.fps", kindBool, 0, 0, "show FPS and steps per frame in the window title",
		func(c *Config) any { return c.Debug.ShowFPS }, func(c *Config, v any) { c.Debug.ShowFPS = v.(bool) }},
	{"debug.frames", kindInt, 0, 1e9, "quit after this many frames (0: never)",
		func(c *Config) any { return c.Debug.Frames }, func(c *Config, v any) { c.Debug.Frames = v.(int) }},
	{"debug.screenshot_frame", kindInt, 0, 1e9, "save a screenshot once this frame is drawn (0: never)",
		func(c *Config) any { return c.Debug.ScreenshotFrame }, func(c *Config, v any) { c.Debug.ScreenshotFrame = v.(int) }},
	{"debug.screenshot", kindString, 0, 0, "screenshot file (PNG)",
		func(c *Config) any { return c.Debug.ScreenshotPath }, func(c *Config, v any) { c.Debug.ScreenshotPath = v.(string) }},
	{"debug.screenshot_key", kindButton, 0, 0, "button that saves a screenshot (empty: none)",
		func(c *Config) any { return c.Debug.ScreenshotKey }, func(c *Config, v any) { c.Debug.ScreenshotKey = v.(string) }},
	{"debug.fixed_frames", kindBool, 0, 0, "advance each windowed frame by one fixed step, whatever the wall clock",
		func(c *Config) any { return c.Debug.FixedFrames }, func(c *Config, v any) { c.Debug.FixedFrames = v.(bool) }},
	{"debug.overlay_key", kindButton, 0, 0, "button that shows and hides the debug overlay (empty: none)",
		func(c *Config) any { return c.Debug.OverlayKey }, func(c *Config, v any) { c.Debug.OverlayKey = v.(string) }},
	{"debug.overlay", kindBool, 0, 0, "show the debug overlay from the start",
		func(c *Config) any { return c.Debug.Overlay }, func(c *Config, v any) { c.Debug.Overlay = v.(bool) }},
}

// Prefixes of the keys whose last part is a name the file chooses.
const (
	actionsPrefix = "input.actions."
	axesPrefix    = "input.axes."
)

// check reports whether v, already of the spec's type, is in range.
func (s spec) check(v any) error {
	return checkRange(s.kind, s.min, s.max, v)
}

func checkRange(k kind, lo, hi float64, v any) error {
	if lo == 0 && hi == 0 {
		if k == kindButton {
			if name := v.(string); name != "" {
				if _, ok := LookupButton(name); !ok {
					return fmt.Errorf("%w %q", ErrUnknownButton, name)
				}
			}
		}
		return nil
	}
	var f float64
	switch x := v.(type) {
	case int:
		f = float64(x)
	case float64:
		f = x
	default:
		return nil
	}
	if f < lo || f > hi || f != f {
		return fmt.Errorf("%w: %v is not in %s", ErrOutOfRange, v, rangeText(lo, hi))
	}
	return nil
}

// KeyInfo describes a configuration key, for documentation and usage
// messages.
type KeyInfo struct {
	Key     string // such as "window.width"
	Type    string // "int", "float", "bool", "string", "list" or "button"
	Default any
	Range   string // such as "[1, 1000]", or ""
	Usage   string
}

// Keys describes the engine's own configuration keys, in documentation
// order. input.actions.NAME and input.axes.NAME are not among them: their
// names are the game's.
func Keys() []KeyInfo {
	d := DefaultConfig()
	out := make([]KeyInfo, len(specs))
	for i, s := range specs {
		out[i] = KeyInfo{Key: s.key, Type: s.kind.String(), Default: s.get(&d), Usage: s.usage}
		if s.min != 0 || s.max != 0 {
			out[i].Range = rangeText(s.min, s.max)
		}
	}
	return out
}

// rangeText formats an inclusive range: [1, 1000].
func rangeText(lo, hi float64) string {
	return "[" + strconv.FormatFloat(lo, 'f', -1, 64) + ", " + strconv.FormatFloat(hi, 'f', -1, 64) + "]"
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// reason is an error's text without the package prefix, for messages that
// wrap it and say "engine:" once.
func reason(err error) string { return strings.TrimPrefix(err.Error(), "engine: ") }

// wrapped is an error whose text is its own but which wraps a sentinel for
// errors.Is; see wrap.
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// wrap returns an error reading prefix followed by sentinel's text without
// its "engine: " and then suffix, that errors.Is matches with sentinel.
func wrap(prefix string, sentinel error, suffix string) error {
	return &wrapped{prefix + reason(sentinel) + suffix, sentinel}
}
