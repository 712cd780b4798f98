package engine

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/viper"
)

// DefaultConfigFile is the file [LoadConfig] reads when no other is named,
// if it exists in the working directory.
const DefaultConfigFile = "tessera.yaml"

// EnvPrefix starts the name of every environment variable [LoadConfig]
// reads: TESSERA_WINDOW_WIDTH sets window.width.
const EnvPrefix = "TESSERA"

// Key is a configuration key of the game's own, such as "game.lives",
// loaded with the engine's keys and from the same sources.
type Key struct {
	// Name is the key, lower case, dotted by section: "game.lives". It
	// must not be one of the engine's keys.
	Name string
	// Default is the value when no source sets one; its type, one of int,
	// float64, bool, string and []string, is the key's type.
	Default any
	// Min and Max bound an int or float64 key's value, inclusive; both 0
	// leave it unbounded.
	Min, Max float64
	// Usage describes the key for the -help message.
	Usage string
}

// LoadOptions says where [LoadConfig] looks. Every field's zero value is
// usable.
type LoadOptions struct {
	// File is the config file to read (YAML, JSON or TOML, by extension);
	// an error if it does not exist. "" reads tessera.yaml if it exists.
	// The -config flag and the TESSERA_CONFIG variable override it.
	File string
	// Args are the command-line arguments, without the program name:
	// os.Args[1:] for a game. nil parses none.
	Args []string
	// Flags, if not nil, is the flag set the engine's flags are added to
	// and Args parsed with, so a game can add flags of its own. nil uses a
	// new set that returns errors rather than exiting.
	Flags *flag.FlagSet
	// Defaults replaces the engine's defaults: each field not zero in it
	// is the default for its key. Its input actions and axes are defaults
	// too, which the sources may rebind.
	Defaults Config
	// Keys are the game's own keys.
	Keys []Key
}

// LoadConfig builds a Config from, lowest precedence first: the defaults
// ([DefaultConfig], then opts.Defaults), the config file, the environment
// (TESSERA_ and the key in upper case with underscores:
// TESSERA_WINDOW_WIDTH) and the command line (-window.width 800). Every
// key is a variable, and every key is a flag but the input actions and
// axes only the file defines; a list ("input.actions.jump") is
// comma-separated in a variable or a flag:
// TESSERA_INPUT_ACTIONS_JUMP=Space,GamepadA. The environment can rebind an
// action or axis that the defaults or the file define, not add one.
//
// Keys are lower-cased, by viper, wherever they come from: action names
// included.
//
// A value of the wrong type or out of range, and a key in the file that
// neither the engine nor opts.Keys defines, are [*ConfigError] values
// naming the key and its source. LoadConfig returns them all, joined, with
// the Config it could build. A missing or unreadable file, or a bad flag,
// is a plain error.
func LoadConfig(opts LoadOptions) (Config, error) {
	cfg := DefaultConfig()
	overlay(&cfg, opts.Defaults)
	game, err := gameSpecs(opts.Keys)
	if err != nil {
		return cfg, err
	}
	all := append(append([]spec(nil), specs...), game...)

	fset := opts.Flags
	if fset == nil {
		fset = flag.NewFlagSet("tessera", flag.ContinueOnError)
	}
	for _, s := range game {
		if fset.Lookup(s.key) != nil {
			return cfg, fmt.Errorf("engine: game key %q: the game's flag set has a flag of that name", s.key)
		}
	}
	if fset.Lookup("config") != nil {
		return cfg, fmt.Errorf("engine: the game's flag set has a flag -config, which the engine defines")
	}
	configFlag := fset.String("config", "", "config `file` (default "+DefaultConfigFile+" if it exists)")
	flags := make(map[string]*flagValue, len(all))
	for _, s := range all {
		f := &flagValue{name: s.key, isBool: s.kind == kindBool, def: defaultText(s.get(&cfg))}
		fset.Var(f, s.key, s.flagUsage())
		flags[s.key] = f
	}
	// The actions and axes the defaults define are flags too (a list,
	// comma-separated, as in the environment): -input.actions.jump=Enter.
	// Those only a file defines cannot be, as flags are parsed first.
	for _, name := range sortedKeys(cfg.Input.Actions) {
		key := actionsPrefix + name
		flags[key] = &flagValue{name: key, def: strings.Join(cfg.Input.Actions[name], ",")}
		fset.Var(flags[key], key, "buttons that trigger action "+name+" (`list`, comma-separated)")
	}
	for _, name := range sortedKeys(cfg.Input.Axes) {
		a, key := cfg.Input.Axes[name], axesPrefix+name
		flags[key] = &flagValue{name: key, def: strings.Join([]string{a.Left, a.Right, a.Up, a.Down}, ",")}
		fset.Var(flags[key], key, "the four actions of axis "+name+": left, right, up, down (`list`, comma-separated)")
	}
	if err := fset.Parse(opts.Args); err != nil {
		return cfg, err
	}

	v := viper.New()
	v.SetEnvPrefix(EnvPrefix)
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	v.AutomaticEnv()
	for _, s := range all {
		v.SetDefault(s.key, s.get(&cfg))
		if err := v.BindFlagValue(s.key, flags[s.key]); err != nil {
			return cfg, err
		}
	}

	for name, list := range cfg.Input.Actions {
		v.SetDefault(actionsPrefix+name, list)
		if err := v.BindFlagValue(actionsPrefix+name, flags[actionsPrefix+name]); err != nil {
			return cfg, err
		}
	}
	for name, a := range cfg.Input.Axes {
		v.SetDefault(axesPrefix+name, []string{a.Left, a.Right, a.Up, a.Down})
		if err := v.BindFlagValue(axesPrefix+name, flags[axesPrefix+name]); err != nil {
			return cfg, err
		}
	}

	path, explicit := opts.File, opts.File != ""
	if p, ok := os.LookupEnv(EnvPrefix + "_CONFIG"); ok && p != "" {
		path, explicit = p, true
	}
	if *configFlag != "" {
		path, explicit = *configFlag, true
	}
	if path == "" {
		path = DefaultConfigFile
	}
	fileKeys := make(map[string]bool)
	if _, err := os.Stat(path); err == nil || explicit {
		fv := viper.New()
		fv.SetConfigFile(path)
		if err := fv.ReadInConfig(); err != nil {
			return cfg, fmt.Errorf("engine: config file %s: %w", path, err)
		}
		for _, k := range fv.AllKeys() {
			fileKeys[k] = true
		}
		if err := v.MergeConfigMap(fv.AllSettings()); err != nil {
			return cfg, fmt.Errorf("engine: config file %s: %w", path, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return cfg, fmt.Errorf("engine: config file %s: %w", path, err)
	}

	source := func(key string) string {
		if f := flags[key]; f != nil && f.set {
			return "flag -" + key
		}
		if env := envName(key); os.Getenv(env) != "" {
			return "env " + env
		}
		if fileKeys[key] {
			return "file " + path
		}
		return "default"
	}
	var errs []error
	fail := func(key string, err error) {
		errs = append(errs, &ConfigError{Key: key, Source: source(key), Err: err})
	}

	known := make(map[string]bool, len(all))
	for _, s := range all {
		known[s.key] = true
	}
	actions := make(map[string]bool)
	for name := range cfg.Input.Actions {
		actions[name] = true
	}
	axes := make(map[string]bool)
	for name := range cfg.Input.Axes {
		axes[name] = true
	}
	for _, k := range sortedKeys(fileKeys) {
		switch {
		case known[k]:
		case strings.HasPrefix(k, actionsPrefix) || strings.HasPrefix(k, axesPrefix):
			prefix := actionsPrefix
			if strings.HasPrefix(k, axesPrefix) {
				prefix = axesPrefix
			}
			name, rest, nested := strings.Cut(k[len(prefix):], ".")
			if nested {
				errs = append(errs, &ConfigError{Key: prefix + name, Source: "file " + path,
					Err: fmt.Errorf("%w: want a list of names, found a map with %s", ErrWrongType, rest)})
				continue
			}
			if prefix == actionsPrefix {
				actions[name] = true
			} else {
				axes[name] = true
			}
		default:
			fail(k, ErrUnknownKey)
		}
	}

	for _, s := range all {
		val, err := convert(s.kind, v.Get(s.key))
		if err == nil {
			err = s.check(val)
		}
		if err != nil {
			fail(s.key, err)
			continue
		}
		s.set(&cfg, val)
	}

	cfg.Input.Actions = make(map[string][]string, len(actions))
	for _, name := range sortedKeys(actions) {
		key := actionsPrefix + name
		val, err := convert(kindList, v.Get(key))
		if err != nil {
			fail(key, err)
			continue
		}
		list := val.([]string)
		for _, b := range list {
			if _, ok := LookupButton(b); !ok {
				fail(key, fmt.Errorf("%w %q", ErrUnknownButton, b))
			}
		}
		cfg.Input.Actions[name] = list
	}
	cfg.Input.Axes = make(map[string]AxisConfig, len(axes))
	for _, name := range sortedKeys(axes) {
		key := axesPrefix + name
		val, err := convert(kindList, v.Get(key))
		if err == nil && len(val.([]string)) != 4 {
			err = fmt.Errorf("%w: want 4 action names (left, right, up, down), found %d", ErrWrongType, len(val.([]string)))
		}
		if err != nil {
			fail(key, err)
			continue
		}
		list := val.([]string)
		for _, a := range list {
			if _, ok := cfg.Input.Actions[a]; !ok {
				fail(key, fmt.Errorf("%w %q", ErrUnknownAction, a))
			}
		}
		cfg.Input.Axes[name] = AxisConfig{Left: list[0], Right: list[1], Up: list[2], Down: list[3]}
	}
	return cfg, errors.Join(errs...)
}

// envName returns the environment variable for key.
func envName(key string) string {
	return EnvPrefix + "_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

// overlay sets in dst every key whose value in src differs from a zero
// Config's, and copies src's actions and axes.
func overlay(dst *Config, src Config) {
	var zero Config
	for _, s := range specs {
		if v := s.get(&src); v != s.get(&zero) {
			s.set(dst, v)
		}
	}
	if src.Input.Actions != nil {
		dst.Input.Actions = src.Input.Actions
	}
	if src.Input.Axes != nil {
		dst.Input.Axes = src.Input.Axes
	}
}

// gameSpecs turns the game's keys into specs whose values live in
// Config.Game.
func gameSpecs(keys []Key) ([]spec, error) {
	engineKey := make(map[string]bool, len(specs))
	for _, s := range specs {
		engineKey[s.key] = true
	}
	var out []spec
	seen := make(map[string]bool, len(keys))
	for _, k := range keys {
		name := k.Name
		switch {
		case name == "" || name != strings.ToLower(name):
			return nil, fmt.Errorf("engine: game key %q: names must be non-empty and lower case", name)
		case engineKey[name] || strings.HasPrefix(name, "input.") || name == "config":
			return nil, fmt.Errorf("engine: game key %q: the engine defines it", name)
		case seen[name]:
			return nil, fmt.Errorf("engine: game key %q: declared twice", name)
		}
		seen[name] = true
		var kd kind
		switch d := k.Default.(type) {
		case int:
			kd = kindInt
		case float64:
			kd = kindFloat
		case bool:
			kd = kindBool
		case string:
			kd = kindString
		case []string:
			kd = kindList
			k.Default = append([]string(nil), d...)
		default:
			return nil, fmt.Errorf("engine: game key %q: default of type %T; want int, float64, bool, string or []string", name, k.Default)
		}
		def := k.Default
		out = append(out, spec{key: name, kind: kd, min: k.Min, max: k.Max, usage: k.Usage,
			get: func(c *Config) any {
				if v, ok := c.Game[name]; ok {
					return v
				}
				return def
			},
			set: func(c *Config, v any) {
				if c.Game == nil {
					c.Game = make(map[string]any)
				}
				c.Game[name] = v
			},
		})
	}
	return out, nil
}

// convert turns a raw value from viper into a value of kind k: strictly,
// so that 2.5 is not an int and "yes" not a bool.
func convert(k kind, raw any) (any, error) {
	switch k {
	case kindInt:
		switch x := raw.(type) {
		case int:
			return x, nil
		case int64:
			if x == int64(int(x)) {
				return int(x), nil
			}
		case uint64:
			if x <= math.MaxInt {
				return int(x), nil
			}
		case float64:
			if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
				return int(x), nil
			}
		case string:
			if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil {
				return n, nil
			}
		}
		return nil, wrongType(raw, "an integer")
	case kindFloat:
		switch x := raw.(type) {
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				break // as from a flag: a file's .nan or .inf is no number to use
			}
			return x, nil
		case int:
			return float64(x), nil
		case int64:
			return float64(x), nil
		case uint64:
			return float64(x), nil
		case string:
			if f, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
				return f, nil
			}
		}
		return nil, wrongType(raw, "a number")
	case kindBool:
		switch x := raw.(type) {
		case bool:
			return x, nil
		case string:
			if b, err := strconv.ParseBool(strings.TrimSpace(x)); err == nil {
				return b, nil
			}
		}
		return nil, wrongType(raw, "true or false")
	case kindString, kindButton:
		switch x := raw.(type) {
		case string:
			return x, nil
		case int, int64, uint64, float64, bool:
			return fmt.Sprint(x), nil
		}
		return nil, wrongType(raw, "a string")
	case kindList:
		switch x := raw.(type) {
		case []string:
			return append([]string(nil), x...), nil
		case []any:
			out := make([]string, 0, len(x))
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return nil, wrongType(raw, "a list of names")
				}
				out = append(out, s)
			}
			return out, nil
		case string:
			var out []string
			for f := range strings.SplitSeq(x, ",") {
				if f = strings.TrimSpace(f); f != "" {
					out = append(out, f)
				}
			}
			return out, nil
		case nil:
			return []string{}, nil
		}
		return nil, wrongType(raw, "a list of names")
	}
	return nil, fmt.Errorf("engine: no conversion to %v", k)
}

func wrongType(raw any, want string) error {
	if s, ok := raw.(string); ok {
		return fmt.Errorf("%w: %q is not %s", ErrWrongType, s, want)
	}
	return fmt.Errorf("%w: %v (%T) is not %s", ErrWrongType, raw, raw, want)
}

// flagValue is a flag that keeps its text for LoadConfig to check, and is
// bound to viper as a viper.FlagValue.
type flagValue struct {
	name   string
	value  string
	set    bool
	isBool bool
	def    string // the default, as -help shows it
}

// String returns the value given, or else the default, which is what the
// flag package shows as the default in -help.
func (f *flagValue) String() string {
	if !f.set {
		return f.def
	}
	return f.value
}
func (f *flagValue) Set(s string) error  { f.value, f.set = s, true; return nil }
func (f *flagValue) IsBoolFlag() bool    { return f.isBool }
func (f *flagValue) HasChanged() bool    { return f.set }
func (f *flagValue) Name() string        { return f.name }
func (f *flagValue) ValueString() string { return f.value }
func (f *flagValue) ValueType() string   { return "string" }

// flagUsage is the key's line in -help: what it means, then its type (the
// flag package shows the backquoted word as the value's placeholder) and
// range, such as "logical screen width in pixels (int in [1, 16384])".
func (s spec) flagUsage() string {
	if s.kind == kindBool {
		return s.usage
	}
	u := s.usage + " (`" + s.kind.String() + "`"
	if s.min != 0 || s.max != 0 {
		u += " in " + rangeText(s.min, s.max)
	}
	return u + ")"
}

// defaultText is a default value as -help shows it: a list comma-separated,
// as the environment takes it, and "" for a zero value, which -help leaves
// out as it does for the flag package's own flags.
func defaultText(v any) string {
	switch v := v.(type) {
	case []string:
		return strings.Join(v, ",")
	case bool:
		if !v {
			return ""
		}
	case int:
		if v == 0 {
			return ""
		}
	case float64:
		if v == 0 {
			return ""
		}
	}
	return fmt.Sprint(v)
}
