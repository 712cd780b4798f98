package engine

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// DefaultConfigFile is the file [LoadConfig] reads when no other is named,
// if it exists in the working directory.
const DefaultConfigFile = "tessera.yaml"

// EnvPrefix starts the name of every environment variable [LoadConfig]
// reads: TESSERA_WINDOW_WIDTH sets window.width.
const EnvPrefix = "TESSERA"

// The defaults of the limits in [LoadOptions].
const (
	DefaultMaxFileBytes = 1 << 20 // LoadOptions.MaxFileBytes: 1 MiB
	DefaultMaxDepth     = 32      // LoadOptions.MaxDepth
	DefaultMaxValues    = 10000   // LoadOptions.MaxValues
)

// Key is a configuration key of the game's own, such as "game.lives",
// loaded with the engine's keys and from the same sources.
type Key struct {
	// Name is the key, lower case, dotted by section: "game.lives". It
	// must not be one of the engine's keys, nor a section of another key.
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

// LoadOptions says where [LoadConfig] looks, and how much it reads. Every
// field's zero value is usable.
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

	// MaxFileBytes is the largest config file read, in bytes; a larger
	// one is an error wrapping [ErrLimit]. 0 means DefaultMaxFileBytes.
	MaxFileBytes int64
	// MaxDepth is how deeply the config file may nest maps and lists, and
	// how many dotted parts a key in it may have; 0 means DefaultMaxDepth.
	MaxDepth int
	// MaxValues is how many values (each map, list, key and list item
	// counts one, YAML aliases once per use) the config file may hold, and
	// how many names a list from any source may have; 0 means
	// DefaultMaxValues.
	MaxValues int
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
// Every source gives a value as text, and one rule reads it whatever the
// source: an int is decimal digits with an optional sign (1e3, 0x280 and
// 640.0 are not ints; 060 is sixty), a float a decimal number with an
// optional exponent, a bool what [strconv.ParseBool] reads. The file's
// keys, action names included, are lower-cased.
//
// LoadConfig reads only a regular file, of at most opts.MaxFileBytes, and
// checks the file's depth and size against opts.MaxDepth and
// opts.MaxValues before using any value. Where there is no file system (a
// browser), there is no config file.
//
// A value of the wrong type or out of range, and a key in the file that
// neither the engine nor opts.Keys defines, are [*ConfigError] values
// naming the key and its source. LoadConfig returns them all, joined, with
// the Config it could build, in which each of those keys keeps its
// default. A missing, unreadable or oversized file, a syntax error in it,
// or a bad flag, is a plain error, returned with the defaults. Its cost is
// linear in the size of the sources.
func LoadConfig(opts LoadOptions) (Config, error) {
	return load(opts, hostSystem())
}

// system is what LoadConfig reads besides its options: the file system and
// the environment. Tests replace it.
type system struct {
	stat      func(name string) (fs.FileInfo, error)
	open      func(name string) (fs.File, error)
	lookupEnv func(key string) (string, bool)
}

// hostSystem is the process's file system and environment.
func hostSystem() system {
	return system{
		stat:      os.Stat,
		open:      func(name string) (fs.File, error) { return os.Open(name) },
		lookupEnv: os.LookupEnv,
	}
}

// loader holds one LoadConfig call's state: the Config as it is built and
// what each source gave.
type loader struct {
	sys   system
	limit limits
	cfg   Config
	specs []spec                // the engine's keys, then the game's
	keys  keySet                // of specs
	flags map[string]*flagValue // by key
	file  fileValues
	errs  []error
}

func load(opts LoadOptions, sys system) (Config, error) {
	l := &loader{sys: sys, cfg: DefaultConfig()}
	overlay(&l.cfg, opts.Defaults)
	lim, err := opts.limits()
	if err != nil {
		return l.cfg, err
	}
	l.limit = lim
	game, err := gameSpecs(opts.Keys)
	if err != nil {
		return l.cfg, err
	}
	l.specs = append(append([]spec(nil), specs...), game...)
	l.keys = newKeySet(l.specs)
	fset := opts.Flags
	if fset == nil {
		fset = flag.NewFlagSet("tessera", flag.ContinueOnError)
	}
	configFlag, err := l.defineFlags(fset, game)
	if err != nil {
		return l.cfg, err
	}
	if err := fset.Parse(opts.Args); err != nil {
		return l.cfg, err
	}
	if err := l.readFile(l.configPath(opts.File, *configFlag)); err != nil {
		return l.cfg, err
	}
	for _, s := range l.specs {
		l.resolve(s)
	}
	l.resolveInput()
	return l.cfg, errors.Join(l.errs...)
}

// limits are LoadOptions' limits with their defaults filled in.
type limits struct {
	fileBytes int64
	depth     int
	values    int
}

func (o LoadOptions) limits() (limits, error) {
	if o.MaxFileBytes < 0 || o.MaxDepth < 0 || o.MaxValues < 0 {
		return limits{}, fmt.Errorf("engine: LoadOptions limits must not be negative: MaxFileBytes %d, MaxDepth %d, MaxValues %d",
			o.MaxFileBytes, o.MaxDepth, o.MaxValues)
	}
	l := limits{o.MaxFileBytes, o.MaxDepth, o.MaxValues}
	if l.fileBytes == 0 {
		l.fileBytes = DefaultMaxFileBytes
	}
	if l.depth == 0 {
		l.depth = DefaultMaxDepth
	}
	if l.values == 0 {
		l.values = DefaultMaxValues
	}
	return l, nil
}

// lookup returns key's value from the source of highest precedence that
// sets it, and that source's name; ok is false when only the defaults do.
func (l *loader) lookup(key string) (v *node, source string, ok bool) {
	if f := l.flags[key]; f != nil && f.set {
		return textNode(f.value), "flag -" + key, true
	}
	env := envName(key)
	if s, ok := l.sys.lookupEnv(env); ok && s != "" {
		return textNode(s), "env " + env, true
	}
	if fv, ok := l.file.values[key]; ok {
		return fv.node, l.file.source(fv.line, fv.col), true
	}
	return nil, "", false
}

// resolve sets s's key in the Config from its source, or leaves the
// default and records the error.
func (l *loader) resolve(s spec) {
	v, source, ok := l.lookup(s.key)
	val := s.get(&l.cfg)
	var err error
	if ok {
		val, err = convert(s.kind, v, l.limit.values)
	} else {
		source = "default"
	}
	if err == nil {
		err = s.check(val)
	}
	if err != nil {
		l.fail(s.key, source, err)
		return
	}
	s.set(&l.cfg, val)
}

func (l *loader) fail(key, source string, err error) {
	l.errs = append(l.errs, &ConfigError{Key: key, Source: source, Err: err})
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
