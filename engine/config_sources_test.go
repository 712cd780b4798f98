package engine_test

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/engine"
)

// configErrors returns the *ConfigError values joined in err, in order.
func configErrors(err error) []*engine.ConfigError {
	var out []*engine.ConfigError
	var walk func(error)
	walk = func(err error) {
		var ce *engine.ConfigError
		if errors.As(err, &ce) && err == error(ce) {
			out = append(out, ce)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
		}
	}
	walk(err)
	return out
}

// loadFile loads a config file called name holding text, from a file
// system of the test's, with env as the whole environment.
func loadFile(name, text string, env map[string]string, args ...string) (engine.Config, error) {
	fsys := fstest.MapFS{}
	opts := engine.LoadOptions{Args: args, Flags: quietFlags()}
	if name != "" {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
		opts.File = name
	}
	return engine.LoadConfigFS(opts, fsys, env)
}

// TestConfigOneNumberRule: a text means the same number (or is the same
// error) from every source: a YAML, JSON or TOML file, the environment or
// a flag. Before, a file took 1e3 and 0x280 for ints, and read 060 as
// octal 48, where the environment refused the first two and read 60.
func TestConfigOneNumberRule(t *testing.T) {
	tests := []struct {
		key, text string
		want      any // nil for an error wrapping ErrWrongType
		// literal says the text is a literal of its type in JSON and in
		// TOML too, so the file tests it unquoted there as well
		jsonLit, tomlLit bool
	}{
		{"window.width", "640", 640, true, true},
		{"window.width", "+640", 640, false, true},
		{"window.width", "060", 60, false, false},
		{"window.width", "-0", nil, true, true}, // wrong type no; out of range: see below
		{"window.width", "1e3", nil, true, true},
		{"window.width", "0x280", nil, false, true},
		{"window.width", "0o1200", nil, false, true},
		{"window.width", "1_000", nil, false, true},
		{"window.width", "640.0", nil, true, true},
		{"window.width", "six", nil, false, false},
		{"window.zoom", "2", 2.0, true, true},
		{"window.zoom", "2.5", 2.5, true, true},
		{"window.zoom", ".5", 0.5, false, false},
		{"window.zoom", "1e1", 10.0, true, true},
		{"window.zoom", "0x1p1", nil, false, false},
		{"window.zoom", "inf", nil, false, true},
		{"window.zoom", "nan", nil, false, true},
		{"window.zoom", "1_0", nil, false, true},
		{"window.fullscreen", "true", true, true, true},
		{"window.fullscreen", "1", true, true, false},
		{"window.fullscreen", "F", false, false, false},
		{"window.fullscreen", "yes", nil, false, false},
	}
	for _, tt := range tests {
		section, name, _ := strings.Cut(tt.key, ".")
		quoted := `"` + tt.text + `"`
		sources := []struct {
			label      string
			file, text string
			env        map[string]string
			args       []string
		}{
			{label: "env", env: map[string]string{"TESSERA_" + strings.ToUpper(section+"_"+name): tt.text}},
			{label: "flag", args: []string{"-" + tt.key + "=" + tt.text}},
			{label: "yaml", file: "c.yaml", text: section + ":\n  " + name + ": " + tt.text + "\n"},
			{label: "yaml quoted", file: "c.yaml", text: section + ":\n  " + name + ": " + quoted + "\n"},
			{label: "json string", file: "c.json", text: `{"` + section + `": {"` + name + `": ` + quoted + `}}`},
			{label: "toml string", file: "c.toml", text: "[" + section + "]\n" + name + " = " + quoted + "\n"},
		}
		if tt.jsonLit {
			sources = append(sources, struct {
				label, file, text string
				env               map[string]string
				args              []string
			}{label: "json", file: "c.json", text: `{"` + section + `": {"` + name + `": ` + tt.text + `}}`})
		}
		if tt.tomlLit {
			sources = append(sources, struct {
				label, file, text string
				env               map[string]string
				args              []string
			}{label: "toml", file: "c.toml", text: section + "." + name + " = " + tt.text + "\n"})
		}
		for _, src := range sources {
			cfg, err := loadFile(src.file, src.text, src.env, src.args...)
			got := map[string]any{"window.width": cfg.Window.Width, "window.zoom": cfg.Window.Zoom, "window.fullscreen": cfg.Window.Fullscreen}[tt.key]
			switch {
			case tt.text == "-0":
				if !errors.Is(err, engine.ErrOutOfRange) {
					t.Errorf("%s %s=%s: %v, want out of range (as 0 is)", src.label, tt.key, tt.text, err)
				}
			case tt.want == nil:
				if ces := configErrors(err); len(ces) != 1 || ces[0].Key != tt.key || !errors.Is(err, engine.ErrWrongType) {
					t.Errorf("%s %s=%s: %v, want one wrong-type error naming the key", src.label, tt.key, tt.text, err)
				}
			case err != nil || got != tt.want:
				t.Errorf("%s %s=%s: %v (%v), want %v", src.label, tt.key, tt.text, got, err, tt.want)
			}
		}
	}
}

// TestConfigSectionGivenAValue: a section given a value is one error
// naming the section and where the value is. Before, `window: 5` gave
// seven errors, one for each window key, blaming "default".
func TestConfigSectionGivenAValue(t *testing.T) {
	tests := []struct {
		file, text, key, at string
	}{
		{"c.yaml", "window: 5\n", "window", "1:1"},
		{"c.yaml", "loop:\n  hz: 30\ninput: [a]\n", "input", "3:1"},
		{"c.yaml", "input:\n  actions: Space\n", "input.actions", "2:3"},
		{"c.json", `{"window": 5}`, "window", "1:2"},
		{"c.toml", "window = 5\n", "window", "1:1"},
	}
	for _, tt := range tests {
		cfg, err := loadFile(tt.file, tt.text, nil)
		ces := configErrors(err)
		if len(ces) != 1 || ces[0].Key != tt.key || ces[0].Source != "file "+tt.file+":"+tt.at || !errors.Is(err, engine.ErrWrongType) {
			t.Errorf("%s %q: %v; want one wrong-type error for %s from file %s:%s", tt.file, tt.text, err, tt.key, tt.file, tt.at)
		}
		if cfg.Window != engine.DefaultConfig().Window {
			t.Errorf("%s %q: window = %+v, want the defaults", tt.file, tt.text, cfg.Window)
		}
	}
	// An empty section is no section at all.
	if _, err := loadFile("c.yaml", "window:\ndebug: {}\n", nil); err != nil {
		t.Errorf("empty sections: %v", err)
	}
}

// TestConfigBadValueKeepsDefault: a value that is wrong, from any source,
// leaves its key at the default, and the Config returned is a valid one.
// Before, a bad binding from a flag was kept in the Config.
func TestConfigBadValueKeepsDefault(t *testing.T) {
	defaults := engine.Config{
		Window: engine.WindowConfig{Width: 320},
		Input: engine.InputConfig{
			Actions: map[string][]string{"jump": {"Space"}, "l": {"A"}, "r": {"D"}, "u": {"W"}, "d": {"S"}},
			Axes:    map[string]engine.AxisConfig{"move": {Left: "l", Right: "r", Up: "u", Down: "d"}},
		},
	}
	tests := []struct {
		name string
		file string
		env  map[string]string
		args []string
	}{
		{name: "flag", args: []string{"-input.actions.jump", "Spcae", "-input.axes.move", "l,r,u", "-window.width", "wide"}},
		{name: "env", env: map[string]string{"TESSERA_INPUT_ACTIONS_JUMP": "Space,Jmp", "TESSERA_INPUT_AXES_MOVE": "l,r,u,x", "TESSERA_WINDOW_WIDTH": "0"}},
		{name: "file", file: "input:\n  actions:\n    jump: [Spcae]\n  axes:\n    move: {left: l}\nwindow:\n  width: 1e3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			opts := engine.LoadOptions{Defaults: defaults, Args: tt.args, Flags: quietFlags()}
			if tt.file != "" {
				fsys["c.yaml"] = &fstest.MapFile{Data: []byte(tt.file)}
				opts.File = "c.yaml"
			}
			cfg, err := engine.LoadConfigFS(opts, fsys, tt.env)
			if n := len(configErrors(err)); n != 3 {
				t.Errorf("LoadConfig = %v; want 3 errors (jump, move, width)", err)
			}
			if got := cfg.Input.Actions["jump"]; !slices.Equal(got, []string{"Space"}) {
				t.Errorf("jump = %q, want the default [Space]", got)
			}
			if got := cfg.Input.Axes["move"]; got != defaults.Input.Axes["move"] {
				t.Errorf("move = %+v, want the default", got)
			}
			if cfg.Window.Width != 320 {
				t.Errorf("window.width = %d, want the game's default 320", cfg.Window.Width)
			}
			if err := cfg.Validate(); err != nil {
				t.Errorf("the Config returned with the errors does not validate: %v", err)
			}
		})
	}
	t.Run("only in the file", func(t *testing.T) {
		cfg, err := loadFile("c.yaml", "input:\n  actions:\n    dash: [Shift, Dahs]\n    l: [A]\n  axes:\n    move: [l, l, l]\n    look: [l, l, l, l]\n", nil)
		if n := len(configErrors(err)); n != 2 {
			t.Errorf("LoadConfig = %v; want 2 errors (dash, move)", err)
		}
		if got, ok := cfg.Input.Actions["dash"]; !ok || len(got) != 0 {
			t.Errorf("dash = %q, %v; want defined with no buttons", got, ok)
		}
		if _, ok := cfg.Input.Axes["move"]; ok {
			t.Error("the bad axis move is in the Config")
		}
		if _, ok := cfg.Input.Axes["look"]; !ok {
			t.Error("the good axis look is not in the Config")
		}
		if err := cfg.Validate(); err != nil {
			t.Errorf("the Config returned with the errors does not validate: %v", err)
		}
	})
}

// TestConfigFormats: YAML, JSON and TOML files saying the same thing give
// the same Config, whether sections nest or keys are dotted, and errors
// name the line and column of the key in each.
func TestConfigFormats(t *testing.T) {
	files := map[string]string{
		"nested.yaml": `
window: {title: Orcs, width: 320, zoom: 2.5, fullscreen: true}
input:
  actions:
    Jump: [Space, GamepadA]
    fire: F
  axes: {move: [jump, fire, jump, fire]}
game: {kinds: [grunt, brute]}
`,
		"dotted.yaml": `
window.title: Orcs
window.width: 320
window.zoom: 2.5
window.fullscreen: true
input.actions.jump: [Space, GamepadA]
input.actions.fire: [F]
input.axes.move: [jump, fire, jump, fire]
game.kinds: [grunt, brute]
`,
		"c.json": `{
	"window": {"title": "Orcs", "width": 320, "zoom": 2.5, "fullscreen": true},
	"input": {"actions": {"JUMP": ["Space", "GamepadA"], "fire": "F"}, "axes": {"move": ["jump", "fire", "jump", "fire"]}},
	"game": {"kinds": ["grunt", "brute"]}
}`,
		"c.toml": `
game.kinds = ["grunt", "brute"]
[window]
title = "Orcs"
width = 320
zoom = 2.5
fullscreen = true
[input.actions]
jump = ["Space", "GamepadA"]
fire = "F"
[input]
axes = {move = ["jump", "fire", "jump", "fire"]}
`,
	}
	keys := []engine.Key{{Name: "game.kinds", Default: []string{"orc"}}}
	var first engine.Config
	for _, name := range []string{"nested.yaml", "dotted.yaml", "c.json", "c.toml"} {
		fsys := fstest.MapFS{name: {Data: []byte(files[name])}}
		cfg, err := engine.LoadConfigFS(engine.LoadOptions{File: name, Keys: keys}, fsys, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if first.Window.Title == "" {
			first = cfg
			if cfg.Window.Width != 320 || cfg.Window.Zoom != 2.5 || !slices.Equal(cfg.Input.Actions["jump"], []string{"Space", "GamepadA"}) {
				t.Errorf("%s: %+v %v", name, cfg.Window, cfg.Input)
			}
		} else if !reflect.DeepEqual(cfg, first) {
			t.Errorf("%s gives\n%+v\nwhere nested.yaml gives\n%+v", name, cfg, first)
		}
	}

	for _, tt := range []struct{ file, text, at string }{
		{"c.yaml", "loop:\n  hz: 30\n  hetz: 3\n", "3:3"},
		{"c.json", "{\n  \"loop\": {\"hz\": 30,\n    \"hetz\": 3}}", "3:5"},
		{"c.toml", "[loop]\nhz = 30\n  hetz = 3\n", "3:3"},
	} {
		_, err := loadFile(tt.file, tt.text, nil)
		if ces := configErrors(err); len(ces) != 1 || ces[0].Key != "loop.hetz" || ces[0].Source != "file "+tt.file+":"+tt.at {
			t.Errorf("%s: %v, want loop.hetz unknown at %s", tt.file, err, tt.at)
		}
	}
}

// TestConfigFileErrors: what a file cannot say is a plain error naming
// the file and, where there is one, the line and column.
func TestConfigFileErrors(t *testing.T) {
	for _, tt := range []struct{ file, text, want string }{
		{"c.yaml", "window: {width: 1}\nwindow.width: 2\n", "c.yaml:2:1: key window.width given twice (first at 1:10)"},
		{"c.yaml", "input:\n  actions:\n    Jump: [A]\n    jump: [B]\n", "c.yaml:4:5: key input.actions.jump given twice (first at 3:5)"},
		{"c.json", `{"loop": {"hz": 1, "hz": 2}}`, `c.json:1:20: key loop.hz given twice (first at 1:11)`},
		{"c.yaml", "base: &b {hz: 30}\nloop:\n  <<: 5\n", "c.yaml:3:3: merge key << wants a map or a list of maps"},
		{"c.yaml", "? [a, b]\n: 1\n", "c.yaml:1:3: a key must be a name"},
		{"c.yaml", "window: [\n", "c.yaml: yaml: line 1"},
		{"c.json", "{\"window\": {\"width\": 3}", "c.json:1:24: unexpected end of JSON input"},
		{"c.json", "{\"window\": 3 4}", "c.json:1:14: invalid character '4'"},
		{"c.json", "{} {}", "c.json:1:4: more after the top-level value"},
		{"c.toml", "[window]\nwidth = = 3\n", "c.toml:2:9:"},
		{"c.toml", "[[window]]\n", "c.toml:1:3: an array of tables"},
		{"c.yaml", "- window\n", "c.yaml:1:1: wrong type: want a map of keys, found a list"},
		{"c.ini", "a=1\n", `c.ini: unknown format ".ini"`},
	} {
		cfg, err := loadFile(tt.file, tt.text, nil)
		if err == nil || !strings.Contains(err.Error(), "engine: config file "+tt.want) || len(configErrors(err)) != 0 {
			t.Errorf("%s %q: %v, want a plain error saying %q", tt.file, tt.text, err, tt.want)
		}
		if !reflect.DeepEqual(cfg, engine.DefaultConfig()) {
			t.Errorf("%s %q: the Config returned with a plain error is not the defaults: %+v", tt.file, tt.text, cfg)
		}
	}
}

// TestConfigYAMLAliases: anchors, aliases and merge keys work as in YAML,
// a key of the map itself beating one merged into it.
func TestConfigYAMLAliases(t *testing.T) {
	fsys := fstest.MapFS{"c.yaml": {Data: []byte(`
window: &small {width: 320, height: 180}
game:
  <<: *small
  height: 200
input:
  actions:
    jump: &keys [Space, GamepadA]
    fire: *keys
`)}}
	keys := []engine.Key{{Name: "game.width", Default: 0}, {Name: "game.height", Default: 0}}
	cfg, err := engine.LoadConfigFS(engine.LoadOptions{File: "c.yaml", Keys: keys}, fsys, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Window.Width != 320 || cfg.Window.Height != 180 || cfg.Game["game.width"] != 320 || cfg.Game["game.height"] != 200 {
		t.Errorf("window %+v, game %v; want 320×180 and, merged, 320×200", cfg.Window, cfg.Game)
	}
	if !slices.Equal(cfg.Input.Actions["fire"], []string{"Space", "GamepadA"}) {
		t.Errorf("fire = %q, want jump's buttons", cfg.Input.Actions["fire"])
	}
}

// noFS is a file system that is not there, as js/wasm's in a browser: every
// call fails with the error syscall gives there.
type noFS struct{}

func (noFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ENOSYS}
}

func (noFS) Stat(name string) (fs.FileInfo, error) {
	return nil, &fs.PathError{Op: "stat", Path: name, Err: syscall.ENOSYS}
}

// failFS fails every call with err.
type failFS struct{ err error }

func (f failFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: f.err}
}

// TestConfigWithoutFileSystem: where there is no file system, as in a
// browser, there is no config file, whoever names one. Before, Main
// exited 2 with "stat tessera.yaml: not implemented on js".
func TestConfigWithoutFileSystem(t *testing.T) {
	if !errors.Is(syscall.ENOSYS, errors.ErrUnsupported) {
		t.Fatal("syscall.ENOSYS is not errors.ErrUnsupported here")
	}
	for _, tt := range []struct {
		name string
		opts engine.LoadOptions
		env  map[string]string
	}{
		{"default file", engine.LoadOptions{}, nil},
		{"File", engine.LoadOptions{File: "orcs.yaml"}, nil},
		{"TESSERA_CONFIG", engine.LoadOptions{}, map[string]string{"TESSERA_CONFIG": "orcs.yaml"}},
		{"-config", engine.LoadOptions{Args: []string{"-config", "orcs.yaml"}}, nil},
	} {
		tt.opts.Args = append(tt.opts.Args, "-window.zoom=2")
		cfg, err := engine.LoadConfigFS(tt.opts, noFS{}, tt.env)
		if err != nil || cfg.Window.Zoom != 2 {
			t.Errorf("%s: zoom %v, %v; want the flag's 2 and no error", tt.name, cfg.Window.Zoom, err)
		}
	}
	// Any other failure of the file system is an error.
	_, err := engine.LoadConfigFS(engine.LoadOptions{}, failFS{fs.ErrPermission}, nil)
	if !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), "config file tessera.yaml") {
		t.Errorf("LoadConfig with a file system refusing access = %v, want an error naming tessera.yaml", err)
	}
}

// TestQueryArgs: in a browser, the page's query string is the command line.
func TestQueryArgs(t *testing.T) {
	for _, tt := range []struct {
		query string
		want  []string
	}{
		{"", nil},
		{"?", nil},
		{"?window.zoom=2", []string{"-window.zoom=2"}},
		{"?window.zoom=2&debug.fps&&window.title=Orcs%20%26%20Elves", []string{"-window.zoom=2", "-debug.fps", "-window.title=Orcs & Elves"}},
		{"?input.actions.jump=Space,GamepadA&window.title=a=b", []string{"-input.actions.jump=Space,GamepadA", "-window.title=a=b"}},
		{"?window.title=%zz", []string{"-window.title=%zz"}},
	} {
		if got := engine.QueryArgs(tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("QueryArgs(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
	cfg, err := engine.LoadConfigFS(engine.LoadOptions{Args: engine.QueryArgs("?window.zoom=2&debug.fps")}, noFS{}, nil)
	if err != nil || cfg.Window.Zoom != 2 || !cfg.Debug.ShowFPS {
		t.Errorf("LoadConfig(?window.zoom=2&debug.fps) = zoom %v, fps %v, %v", cfg.Window.Zoom, cfg.Debug.ShowFPS, err)
	}
}

// TestConfigBuildsForBrowser: package engine, its js-only file and its
// tests build for the browser.
func TestConfigBuildsForBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package for js/wasm")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("no go command: %v", err)
	}
	start := time.Now()
	cmd := exec.Command("go", "vet", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go vet ./engine/: %v\n%s", err, out)
	}
	t.Logf("GOOS=js GOARCH=wasm go vet ./engine/ took %v", time.Since(start).Round(time.Millisecond))
}
