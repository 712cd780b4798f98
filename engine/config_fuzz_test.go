package engine_test

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/engine"
)

// fuzzKeys are game keys of every type, which the seeds set.
var fuzzKeys = []engine.Key{
	{Name: "game.lives", Default: 3, Min: 1, Max: 9},
	{Name: "game.speed", Default: 1.0, Min: 0.1, Max: 10},
	{Name: "game.kinds", Default: []string{"grunt"}},
	{Name: "game.boss", Default: true},
	{Name: "game.name", Default: "Orcs"},
}

// fuzzFormats are the config file names FuzzLoadConfig tries, by the
// format byte of its input.
var fuzzFormats = []string{"tessera.yaml", "tessera.json", "tessera.toml"}

// readSeeds returns the files of testdata/config with the given
// extension.
func readSeeds(f *testing.F, ext string) map[string][]byte {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "config", "*"+ext))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seeds testdata/config/*%s: %v", ext, err)
	}
	out := make(map[string][]byte, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out[p] = data
	}
	return out
}

// FuzzLoadConfig loads a config file (YAML, JSON or TOML by format), an
// environment (lines NAME=VALUE) and a command line (one argument a
// line). Each input loads or fails with errors that name a key and a
// source, or the file (and a line and column where the file says
// something wrong), or a flag; never a panic. Whatever the outcome, the
// Config returned is valid, as bad values keep their defaults, and
// loading again gives the same result.
func FuzzLoadConfig(f *testing.F) {
	for path, data := range readSeeds(f, "") {
		format := slices.Index(fuzzFormats, "tessera"+filepath.Ext(path))
		if format < 0 {
			continue
		}
		f.Add(uint8(format), data, "", "")
	}
	f.Add(uint8(0), []byte("window: 5\n"), "TESSERA_WINDOW_WIDTH=0x280\nTESSERA_INPUT_ACTIONS_JUMP=Space,Jmp", "-input.actions.jump\nSpcae")
	f.Add(uint8(1), []byte(`{"loop": {"hz": 1e3}}`), "TESSERA_LOOP_HZ=060", "-window.zoom=2\n-debug.fps")
	f.Add(uint8(2), []byte("[window]\nwidth = 0x280\n"), "TESSERA_CONFIG=other.yaml", "-config=tessera.toml")
	defaults := engine.Config{Input: engine.StandardInput()}
	f.Fuzz(func(t *testing.T, format uint8, file []byte, envText, argsText string) {
		name := fuzzFormats[int(format)%len(fuzzFormats)]
		env := make(map[string]string)
		for line := range strings.Lines(envText) {
			if k, v, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "="); ok {
				env[k] = v
			}
		}
		var args []string
		if argsText != "" {
			args = strings.Split(argsText, "\n")
		}
		load := func() (engine.Config, error) {
			fs := flag.NewFlagSet("fuzz", flag.ContinueOnError)
			fs.SetOutput(new(bytes.Buffer))
			opts := engine.LoadOptions{Args: args, Flags: fs, Defaults: defaults, Keys: fuzzKeys}
			return engine.LoadConfigFS(opts, fstest.MapFS{name: {Data: file}}, env)
		}
		timer := time.AfterFunc(20*time.Second, func() { panic(fmt.Sprintf("hang: %d %q %q %q", format, file, envText, argsText)) })
		defer timer.Stop()
		cfg, err := load()
		if verr := cfg.Validate(); verr != nil {
			t.Fatalf("LoadConfig = %v\nbut the Config it returned does not validate: %v", err, verr)
		}
		cfg2, err2 := load()
		if !reflect.DeepEqual(cfg, cfg2) || errText(err) != errText(err2) {
			t.Fatalf("two loads differ:\n%v\n%v", err, err2)
		}
		if err != nil {
			checkLoadError(t, err)
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkLoadError fails t unless every error joined in err says where the
// problem is: a *ConfigError naming a source and wrapping a sentinel, or a
// plain error naming the config file, a flag or the command line.
func checkLoadError(t *testing.T, err error) {
	t.Helper()
	ces := configErrors(err)
	if len(ces) == 0 {
		msg := err.Error()
		switch {
		case errors.Is(err, flag.ErrHelp),
			strings.HasPrefix(msg, "engine: config file "),
			strings.Contains(msg, "flag"): // the flag package's errors name the flag
		default:
			t.Fatalf("LoadConfig = %q: a plain error that names no file nor flag", msg)
		}
		return
	}
	for _, ce := range ces {
		if ce.Source == "" || !slices.ContainsFunc(sentinels, func(s error) bool { return errors.Is(ce, s) }) {
			t.Fatalf("ConfigError %q: no source, or wraps no sentinel", ce)
		}
		if strings.HasPrefix(ce.Source, "file ") && !strings.Contains(ce.Source, ":") {
			t.Fatalf("ConfigError %q: from the file with no line and column", ce)
		}
	}
}

var sentinels = []error{engine.ErrUnknownKey, engine.ErrWrongType, engine.ErrOutOfRange,
	engine.ErrUnknownButton, engine.ErrUnknownAction, engine.ErrLimit}

// FuzzButtonNames decodes button names, alone (LookupButton) and in the
// text form of a binding (comma-separated, as in the environment or a
// flag). A name found reads back as itself, ignoring case; a binding
// either loads as its trimmed, non-empty names, each a button, or is one
// error naming the action and the variable; never a panic.
func FuzzButtonNames(f *testing.F) {
	for b := range engine.Buttons() {
		f.Add(b.String())
	}
	for _, data := range readSeeds(f, ".txt") {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f.Add(sc.Text())
		}
	}
	defaults := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	f.Fuzz(func(t *testing.T, text string) {
		if b, ok := engine.LookupButton(text); ok {
			if !strings.EqualFold(b.String(), text) || b.Kind() == 0 {
				t.Fatalf("LookupButton(%q) = %v (kind %v)", text, b, b.Kind())
			}
			if again, ok := engine.LookupButton(b.String()); !ok || again != b {
				t.Fatalf("LookupButton(%q) = %v, %v; want %v", b.String(), again, ok, b)
			}
		}
		var want []string
		for name := range strings.SplitSeq(text, ",") {
			if name = strings.TrimSpace(name); name != "" {
				want = append(want, name)
			}
		}
		cfg, err := engine.LoadConfigFS(engine.LoadOptions{Defaults: defaults}, fstest.MapFS{},
			map[string]string{"TESSERA_INPUT_ACTIONS_JUMP": text})
		got := cfg.Input.Actions["jump"]
		if err != nil {
			ces := configErrors(err)
			if len(ces) != 1 || ces[0].Key != "input.actions.jump" || ces[0].Source != "env TESSERA_INPUT_ACTIONS_JUMP" || !slices.Equal(got, []string{"Space"}) {
				t.Fatalf("binding %q: %v, jump %q; want one error naming the action and the variable, and the default kept", text, err, got)
			}
			return
		}
		if text == "" {
			want = []string{"Space"} // an empty variable is unset
		}
		if !slices.Equal(got, want) {
			t.Fatalf("binding %q loads as %q, want %q", text, got, want)
		}
		for _, name := range got {
			if _, ok := engine.LookupButton(name); !ok {
				t.Fatalf("binding %q loads with %q, which is no button", text, name)
			}
		}
	})
}
