package engine_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// writeFile writes a config file into a temporary directory and returns
// its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestConfigPrecedence(t *testing.T) {
	tests := []struct {
		name string
		file string // YAML; "" for no file
		env  string // TESSERA_WINDOW_WIDTH; "" for unset
		flag string // -window.width; "" for none
		want int
	}{
		{"default", "", "", "", 640},
		{"file over default", "window:\n  width: 800\n", "", "", 800},
		{"env over file", "window:\n  width: 800\n", "900", "", 900},
		{"flag over env", "window:\n  width: 800\n", "900", "1000", 1000},
		{"flag over file", "window:\n  width: 800\n", "", "1000", 1000},
		{"env over default", "", "900", "", 900},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts engine.LoadOptions
			if tt.file != "" {
				opts.File = writeFile(t, "game.yaml", tt.file)
			}
			if tt.env != "" {
				t.Setenv("TESSERA_WINDOW_WIDTH", tt.env)
			}
			if tt.flag != "" {
				opts.Args = []string{"-window.width", tt.flag}
			}
			cfg, err := engine.LoadConfig(opts)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Window.Width != tt.want {
				t.Errorf("window.width = %d, want %d", cfg.Window.Width, tt.want)
			}
			if cfg.Window.Height != 360 || cfg.Loop.Hz != 60 {
				t.Errorf("untouched keys: height %d, hz %d; want the defaults 360, 60", cfg.Window.Height, cfg.Loop.Hz)
			}
		})
	}
}

func TestConfigEveryKey(t *testing.T) {
	path := writeFile(t, "tessera.yaml", `
window:
  title: Orcs
  width: 320
  height: 180
  zoom: 3
  vsync: false
  fullscreen: true
  resizable: true
loop:
  hz: 120
  max_steps: 4
input:
  actions:
    jump: [Space, GamepadA]
    left: [ArrowLeft]
    right: [ArrowRight]
    up: [ArrowUp]
    down: [ArrowDown]
  axes:
    move: [left, right, up, down]
debug:
  fps: true
  frames: 60
  screenshot_frame: 30
  screenshot: shot.png
  screenshot_key: F9
game:
  lives: 5
`)
	t.Setenv("TESSERA_INPUT_ACTIONS_JUMP", "Enter, GamepadB")
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		File: path,
		Args: []string{"-debug.fps=false", "-game.name", "Ork"},
		Keys: []engine.Key{{Name: "game.lives", Default: 3, Min: 1, Max: 9}, {Name: "game.name", Default: "Orc"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Config{
		Window: engine.WindowConfig{Title: "Orcs", Width: 320, Height: 180, Zoom: 3, DisableVSync: true, Fullscreen: true, Resizable: true},
		Loop:   engine.LoopConfig{Hz: 120, MaxSteps: 4},
		Debug:  engine.DebugConfig{ShowFPS: false, Frames: 60, ScreenshotFrame: 30, ScreenshotPath: "shot.png", ScreenshotKey: "F9", OverlayKey: "F3"},
	}
	if cfg.Window != want.Window || cfg.Loop != want.Loop || cfg.Debug != want.Debug {
		t.Errorf("LoadConfig =\n%+v\n%+v\n%+v\nwant\n%+v\n%+v\n%+v", cfg.Window, cfg.Loop, cfg.Debug, want.Window, want.Loop, want.Debug)
	}
	if got := cfg.Input.Actions["jump"]; !slices.Equal(got, []string{"Enter", "GamepadB"}) {
		t.Errorf("jump = %q, want the environment's [Enter GamepadB]", got)
	}
	if got := cfg.Input.Axes["move"]; got != (engine.AxisConfig{"left", "right", "up", "down"}) {
		t.Errorf("move = %+v", got)
	}
	if cfg.Game["game.lives"] != 5 || cfg.Game["game.name"] != "Ork" {
		t.Errorf("game keys = %v, want lives 5 (file) and name Ork (flag)", cfg.Game)
	}
	if _, err := engine.NewInput(cfg.Input); err != nil {
		t.Errorf("NewInput(loaded input) = %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []struct {
		name       string
		file       string
		env        [2]string
		args       []string
		keys       []engine.Key
		wantKey    string
		wantSource string // "file:L:C" stands for "file <path>:L:C"
		wantErr    error
		wantText   string
	}{
		{name: "wrong type in file", file: "window:\n  width: wide\n",
			wantKey: "window.width", wantSource: "file:2:3", wantErr: engine.ErrWrongType, wantText: `"wide" is not an integer`},
		{name: "wrong type in env", env: [2]string{"TESSERA_WINDOW_WIDTH", "wide"},
			wantKey: "window.width", wantSource: "env TESSERA_WINDOW_WIDTH", wantErr: engine.ErrWrongType},
		{name: "wrong type in flag", args: []string{"-window.width=wide"},
			wantKey: "window.width", wantSource: "flag -window.width", wantErr: engine.ErrWrongType},
		{name: "fraction for an int", file: "loop:\n  hz: 59.5\n",
			wantKey: "loop.hz", wantSource: "file:2:3", wantErr: engine.ErrWrongType},
		{name: "not a bool", file: "window:\n  vsync: maybe\n",
			wantKey: "window.vsync", wantSource: "file:2:3", wantErr: engine.ErrWrongType},
		{name: "bool flag with a bad value", args: []string{"-window.fullscreen=often"},
			wantKey: "window.fullscreen", wantSource: "flag -window.fullscreen", wantErr: engine.ErrWrongType},
		{name: "not a number", env: [2]string{"TESSERA_WINDOW_ZOOM", "big"},
			wantKey: "window.zoom", wantSource: "env TESSERA_WINDOW_ZOOM", wantErr: engine.ErrWrongType},
		{name: "a list for a string", file: "window:\n  title: [a, b]\n",
			wantKey: "window.title", wantSource: "file:2:3", wantErr: engine.ErrWrongType},
		{name: "out of range in file", file: "loop:\n  hz: 0\n",
			wantKey: "loop.hz", wantSource: "file:2:3", wantErr: engine.ErrOutOfRange, wantText: "0 is not in [1, 1000]"},
		{name: "out of range in env", env: [2]string{"TESSERA_LOOP_MAX_STEPS", "5000"},
			wantKey: "loop.max_steps", wantSource: "env TESSERA_LOOP_MAX_STEPS", wantErr: engine.ErrOutOfRange},
		{name: "out of range in flag", args: []string{"-window.zoom", "100"},
			wantKey: "window.zoom", wantSource: "flag -window.zoom", wantErr: engine.ErrOutOfRange},
		{name: "unknown key in file", file: "window:\n  widht: 800\n",
			wantKey: "window.widht", wantSource: "file:2:3", wantErr: engine.ErrUnknownKey},
		{name: "unknown section in file", file: "sound:\n  volume: 3\n",
			wantKey: "sound.volume", wantSource: "file:2:3", wantErr: engine.ErrUnknownKey},
		{name: "unknown button", file: "input:\n  actions:\n    jump: [Spacebar]\n",
			wantKey: "input.actions.jump", wantSource: "file:3:5", wantErr: engine.ErrUnknownButton},
		{name: "unknown button in env", file: "input:\n  actions:\n    jump: [Space]\n", env: [2]string{"TESSERA_INPUT_ACTIONS_JUMP", "Space,Jetpack"},
			wantKey: "input.actions.jump", wantSource: "env TESSERA_INPUT_ACTIONS_JUMP", wantErr: engine.ErrUnknownButton},
		{name: "action given a map", file: "input:\n  actions:\n    jump:\n      key: Space\n",
			wantKey: "input.actions.jump", wantSource: "file:3:5", wantErr: engine.ErrWrongType},
		{name: "axis of three", file: "input:\n  actions:\n    l: [A]\n  axes:\n    move: [l, l, l]\n",
			wantKey: "input.axes.move", wantSource: "file:5:5", wantErr: engine.ErrWrongType},
		{name: "axis of an unknown action", file: "input:\n  actions:\n    l: [A]\n  axes:\n    move: [l, l, l, r]\n",
			wantKey: "input.axes.move", wantSource: "file:5:5", wantErr: engine.ErrUnknownAction},
		{name: "screenshot key unknown", args: []string{"-debug.screenshot_key", "F99"},
			wantKey: "debug.screenshot_key", wantSource: "flag -debug.screenshot_key", wantErr: engine.ErrUnknownButton},
		{name: "game key out of range", keys: []engine.Key{{Name: "game.lives", Default: 3, Min: 1, Max: 9}},
			env: [2]string{"TESSERA_GAME_LIVES", "10"}, wantKey: "game.lives", wantSource: "env TESSERA_GAME_LIVES", wantErr: engine.ErrOutOfRange},
		{name: "game key of the wrong type", keys: []engine.Key{{Name: "game.lives", Default: 3}},
			file: "game:\n  lives: many\n", wantKey: "game.lives", wantSource: "file:2:3", wantErr: engine.ErrWrongType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := engine.LoadOptions{Args: tt.args, Keys: tt.keys}
			wantSource := tt.wantSource
			if tt.file != "" {
				opts.File = writeFile(t, "tessera.yaml", tt.file)
				if at, ok := strings.CutPrefix(wantSource, "file:"); ok {
					wantSource = "file " + opts.File + ":" + at
				}
			}
			if tt.env[0] != "" {
				t.Setenv(tt.env[0], tt.env[1])
			}
			_, err := engine.LoadConfig(opts)
			var ce *engine.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("LoadConfig = %v, want a *ConfigError", err)
			}
			if ce.Key != tt.wantKey || ce.Source != wantSource || !errors.Is(err, tt.wantErr) {
				t.Errorf("LoadConfig = %v\nwant key %s from %s wrapping %v", err, tt.wantKey, wantSource, tt.wantErr)
			}
			msg := err.Error()
			for _, part := range []string{tt.wantKey, wantSource, tt.wantText} {
				if !strings.Contains(msg, part) {
					t.Errorf("message %q does not name %q", msg, part)
				}
			}
		})
	}
}

func TestConfigAllErrorsAtOnce(t *testing.T) {
	path := writeFile(t, "tessera.yaml", "window:\n  width: wide\n  height: 0\n  colour: red\n")
	_, err := engine.LoadConfig(engine.LoadOptions{File: path})
	for _, key := range []string{"window.width", "window.height", "window.colour"} {
		if err == nil || !strings.Contains(err.Error(), "config "+key+" ") {
			t.Errorf("LoadConfig = %v, want an error naming %s", err, key)
		}
	}
}

func TestConfigFiles(t *testing.T) {
	t.Run("missing file named", func(t *testing.T) {
		_, err := engine.LoadConfig(engine.LoadOptions{File: filepath.Join(t.TempDir(), "none.yaml")})
		if err == nil || !strings.Contains(err.Error(), "none.yaml") {
			t.Errorf("LoadConfig = %v, want an error naming none.yaml", err)
		}
	})
	t.Run("default file read from the working directory", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "tessera.yaml"), []byte("loop:\n  hz: 30\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir)
		cfg, err := engine.LoadConfig(engine.LoadOptions{})
		if err != nil || cfg.Loop.Hz != 30 {
			t.Errorf("LoadConfig = hz %d, %v; want 30 from tessera.yaml", cfg.Loop.Hz, err)
		}
	})
	t.Run("no default file is fine", func(t *testing.T) {
		t.Chdir(t.TempDir())
		if _, err := engine.LoadConfig(engine.LoadOptions{}); err != nil {
			t.Errorf("LoadConfig = %v, want no error", err)
		}
	})
	t.Run("-config flag over File", func(t *testing.T) {
		a := writeFile(t, "a.yaml", "loop:\n  hz: 30\n")
		b := writeFile(t, "b.json", `{"loop": {"hz": 90}}`)
		cfg, err := engine.LoadConfig(engine.LoadOptions{File: a, Args: []string{"-config", b}})
		if err != nil || cfg.Loop.Hz != 90 {
			t.Errorf("LoadConfig = hz %d, %v; want 90 from the JSON file", cfg.Loop.Hz, err)
		}
	})
	t.Run("unparsable file", func(t *testing.T) {
		path := writeFile(t, "bad.yaml", "window: [\n")
		if _, err := engine.LoadConfig(engine.LoadOptions{File: path}); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("LoadConfig = %v, want an error naming %s", err, path)
		}
	})
	t.Run("unknown flag", func(t *testing.T) {
		opts := engine.LoadOptions{Args: []string{"-window.widht", "3"}}
		opts.Flags = quietFlags()
		if _, err := engine.LoadConfig(opts); err == nil {
			t.Error("LoadConfig with an unknown flag succeeded")
		}
	})
}

func TestConfigDefaults(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args: []string{"-window.height", "200"},
		Defaults: engine.Config{
			Window: engine.WindowConfig{Title: "Orcs", Width: 320, Height: 180, DisableVSync: true},
			Input:  engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := engine.WindowConfig{Title: "Orcs", Width: 320, Height: 200, Zoom: 1, DisableVSync: true}
	if cfg.Window != want {
		t.Errorf("window = %+v, want %+v", cfg.Window, want)
	}
	if !slices.Equal(cfg.Input.Actions["jump"], []string{"Space"}) {
		t.Errorf("actions = %v, want the game's default jump", cfg.Input.Actions)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := (engine.Config{}).Validate(); err != nil {
		t.Errorf("Config{}.Validate() = %v, want nil", err)
	}
	err := engine.Config{Loop: engine.LoopConfig{Hz: -1}}.Validate()
	var ce *engine.ConfigError
	if !errors.As(err, &ce) || ce.Key != "loop.hz" || ce.Source != "code" || !errors.Is(err, engine.ErrOutOfRange) {
		t.Errorf("Validate() = %v, want loop.hz out of range from code", err)
	}
}

func TestKeys(t *testing.T) {
	keys := engine.Keys()
	if len(keys) == 0 || keys[0].Key != "window.title" || keys[0].Default != "Tessera" {
		t.Fatalf("Keys()[0] = %+v, want window.title defaulting to Tessera", keys[0])
	}
	for _, k := range keys {
		if k.Usage == "" || k.Type == "" {
			t.Errorf("key %s has no usage or type", k.Key)
		}
	}
}

// TestConfigHelp: -help shows each key's type, range and default, the
// game's defaults included, and leaves out zero defaults.
func TestConfigHelp(t *testing.T) {
	fset := flag.NewFlagSet("game", flag.ContinueOnError)
	var help strings.Builder
	fset.SetOutput(&help)
	_, err := engine.LoadConfig(engine.LoadOptions{
		Flags:    fset,
		Args:     []string{"-help"},
		Defaults: engine.Config{Window: engine.WindowConfig{Width: 1280}},
		Keys:     []engine.Key{{Name: "game.lives", Default: 3, Min: 1, Max: 9, Usage: "lives at the start"}},
	})
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("LoadConfig(-help) = %v, want flag.ErrHelp", err)
	}
	for _, want := range []string{
		"-window.width int\n    \tlogical screen width in pixels (int in [1, 16384]) (default 1280)\n",
		"-game.lives int\n    \tlives at the start (int in [1, 9]) (default 3)\n",
		"-window.title string\n    \twindow title (string) (default Tessera)\n",
		"-debug.frames int\n    \tquit after this many frames (0: never) (int in [0, 1000000000])\n",
		"-window.fullscreen\n    \tstart full screen\n",
		"-window.vsync\n    \twait for the display's vertical sync (default true)\n",
	} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("-help lacks %q; it says:\n%s", want, help.String())
		}
	}
	// Flags still parse as before: the help's defaults are not values.
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-window.height", "200"}})
	if err != nil || cfg.Window.Height != 200 || cfg.Window.Width != 640 || cfg.Window.Title != "Tessera" {
		t.Errorf("LoadConfig(-window.height 200) = %+v, %v", cfg.Window, err)
	}
}

// TestConfigFlagsRebindInput: the actions and axes the defaults define
// are flags, lists comma-separated, over the file and the environment.
func TestConfigFlagsRebindInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.yaml")
	if err := os.WriteFile(file, []byte("input:\n  actions:\n    jump: [Space]\n    dash: [ShiftLeft]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TESSERA_INPUT_ACTIONS_JUMP", "W")
	defaults := engine.Config{Input: engine.StandardInput()}
	defaults.Input.Actions["jump"] = []string{"Space"}
	cfg, err := engine.LoadConfig(engine.LoadOptions{File: file, Defaults: defaults,
		Args: []string{"-input.actions.jump=Enter,GamepadA", "-input.axes.move", "right,left,up,down"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Input.Actions["jump"]; !slices.Equal(got, []string{"Enter", "GamepadA"}) {
		t.Errorf("jump = %q, want the flag's [Enter GamepadA]", got)
	}
	if got := cfg.Input.Actions["dash"]; !slices.Equal(got, []string{"ShiftLeft"}) {
		t.Errorf("dash (file only) = %q, want [ShiftLeft]", got)
	}
	if got := cfg.Input.Axes["move"]; got != (engine.AxisConfig{Left: "right", Right: "left", Up: "up", Down: "down"}) {
		t.Errorf("move = %+v, want the flag's swapped left and right", got)
	}
	_, err = engine.LoadConfig(engine.LoadOptions{Defaults: defaults, Args: []string{"-input.actions.jump", "Spaec"}})
	var ce *engine.ConfigError
	if !errors.As(err, &ce) || ce.Key != "input.actions.jump" || ce.Source != "flag -input.actions.jump" {
		t.Errorf("a bad button by flag: %v, want a ConfigError naming the key and the flag", err)
	}
}

// TestGameKeyClashes: game keys that clash with the engine's -config, each
// other or a flag of the game's own are errors naming the key, not panics.
func TestGameKeyClashes(t *testing.T) {
	own := quietFlags()
	own.Bool("game.fast", false, "the game's own flag")
	for _, tt := range []struct {
		keys  []engine.Key
		flags *flag.FlagSet
		want  string
	}{
		{[]engine.Key{{Name: "config", Default: "x"}}, quietFlags(), `game key "config": the engine defines it`},
		{[]engine.Key{{Name: "game.lives", Default: 3}, {Name: "game.lives", Default: 5}}, quietFlags(), `game key "game.lives": declared twice`},
		{[]engine.Key{{Name: "game.fast", Default: true}}, own, `game key "game.fast": the game's flag set has a flag`},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("LoadConfig with keys %v panicked: %v", tt.keys, r)
				}
			}()
			_, err := engine.LoadConfig(engine.LoadOptions{Keys: tt.keys, Flags: tt.flags})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("LoadConfig with keys %v = %v, want an error saying %q", tt.keys, err, tt.want)
			}
		}()
	}
}

func TestGameFloatNaNFromFile(t *testing.T) {
	dir := t.TempDir()
	p := dir + "/g.yaml"
	if err := os.WriteFile(p, []byte("game:\n  gravity: .nan\n  speed: .inf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := []engine.Key{{Name: "game.gravity", Default: 9.8}, {Name: "game.speed", Default: 1.0}}
	cfg, err := engine.LoadConfig(engine.LoadOptions{File: p, Keys: keys, Flags: quietFlags()})
	_, envErr := engine.LoadConfig(engine.LoadOptions{Args: []string{"-game.gravity", "NaN"}, Keys: keys, Flags: quietFlags()})
	if envErr == nil {
		t.Errorf("-game.gravity NaN accepted")
	}
	if err == nil {
		t.Errorf("file values .nan/.inf accepted for float keys (gravity=%v, speed=%v), though the same value from a flag is rejected: %v", cfg.Game["game.gravity"], cfg.Game["game.speed"], envErr)
	}
}
