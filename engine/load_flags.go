package engine

import (
	"flag"
	"fmt"
	"net/url"
	"strings"
)

// defineFlags adds a flag to fset for every key, and for every action and
// axis the defaults define (a list, comma-separated as in the environment:
// -input.actions.jump=Enter; those only a file defines cannot be flags, as
// flags are parsed before the file is read), and the -config flag, which
// it returns.
func (l *loader) defineFlags(fset *flag.FlagSet, game []spec) (*string, error) {
	for _, s := range game {
		if fset.Lookup(s.key) != nil {
			return nil, fmt.Errorf("engine: game key %q: the game's flag set has a flag of that name", s.key)
		}
	}
	for _, name := range l.flagNames() {
		if fset.Lookup(name) != nil {
			return nil, fmt.Errorf("engine: the game's flag set has a flag -%s, which the engine defines", name)
		}
	}
	configFlag := fset.String("config", "", "config `file` (default "+DefaultConfigFile+" if it exists)")
	l.flags = make(map[string]*flagValue, len(l.specs)+len(l.cfg.Input.Actions)+len(l.cfg.Input.Axes))
	def := func(key, text, usage string, isBool bool) {
		f := &flagValue{isBool: isBool, def: text}
		fset.Var(f, key, usage)
		l.flags[key] = f
	}
	for _, s := range l.specs {
		def(s.key, defaultText(s.get(&l.cfg)), s.flagUsage(), s.kind == kindBool)
	}
	for _, name := range sortedKeys(l.cfg.Input.Actions) {
		def(actionsPrefix+name, strings.Join(l.cfg.Input.Actions[name], ","),
			"buttons that trigger action "+name+" (`list`, comma-separated)", false)
	}
	for _, name := range sortedKeys(l.cfg.Input.Axes) {
		a := l.cfg.Input.Axes[name]
		def(axesPrefix+name, strings.Join([]string{a.Left, a.Right, a.Up, a.Down}, ","),
			"the four actions of axis "+name+": left, right, up, down (`list`, comma-separated)", false)
	}
	return configFlag, nil
}

// flagNames are the flags the engine defines, the game keys' included.
func (l *loader) flagNames() []string {
	names := []string{"config"}
	for _, s := range l.specs {
		names = append(names, s.key)
	}
	for _, name := range sortedKeys(l.cfg.Input.Actions) {
		names = append(names, actionsPrefix+name)
	}
	for _, name := range sortedKeys(l.cfg.Input.Axes) {
		names = append(names, axesPrefix+name)
	}
	return names
}

// configPath returns the config file to read, and whether it was named
// (a named file must exist): the -config flag's, else TESSERA_CONFIG's,
// else the game's, else tessera.yaml.
func (l *loader) configPath(file, flagged string) (path string, named bool) {
	switch p, _ := l.sys.lookupEnv(EnvPrefix + "_CONFIG"); {
	case flagged != "":
		return flagged, true
	case p != "":
		return p, true
	case file != "":
		return file, true
	}
	return DefaultConfigFile, false
}

// flagValue is a flag that keeps its text for LoadConfig to convert.
type flagValue struct {
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
func (f *flagValue) Set(s string) error { f.value, f.set = s, true; return nil }
func (f *flagValue) IsBoolFlag() bool   { return f.isBool }

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

// queryArgs turns a URL's query string into command-line arguments, in
// order: "?window.zoom=2&debug.fps" is -window.zoom=2 -debug.fps. A
// parameter whose name or value does not unescape is passed as written,
// for the flag package to report.
func queryArgs(query string) []string {
	query = strings.TrimPrefix(query, "?")
	var args []string
	for part := range strings.SplitSeq(query, "&") {
		if part == "" {
			continue
		}
		name, value, hasValue := strings.Cut(part, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if !hasValue {
			args = append(args, "-"+name)
			continue
		}
		if v, err := url.QueryUnescape(value); err == nil {
			value = v
		}
		args = append(args, "-"+name+"="+value)
	}
	return args
}
