package engine

import (
	"fmt"
	"strings"
)

// keySet is every key a load knows, and every section: each dotted prefix
// of a key ("window" of "window.width"), and the input sections whose
// entries are names the file chooses.
type keySet struct {
	keys     map[string]bool
	sections map[string]bool
}

func newKeySet(all []spec) keySet {
	ks := keySet{keys: make(map[string]bool, len(all)), sections: map[string]bool{
		"input": true, strings.TrimSuffix(actionsPrefix, "."): true, strings.TrimSuffix(axesPrefix, "."): true,
	}}
	for _, s := range all {
		ks.add(s.key)
	}
	return ks
}

// add adds key and its sections.
func (ks keySet) add(key string) {
	ks.keys[key] = true
	for i := range len(key) {
		if key[i] == '.' {
			ks.sections[key[:i]] = true
		}
	}
}

// gameSpecs turns the game's keys into specs whose values live in
// Config.Game.
func gameSpecs(keys []Key) ([]spec, error) {
	taken := newKeySet(specs)
	taken.keys["config"] = true // the -config flag
	out := make([]spec, 0, len(keys))
	for _, k := range keys {
		if err := checkGameKey(k.Name, taken); err != nil {
			return nil, err
		}
		s, err := gameSpec(k)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
		taken.add(k.Name)
	}
	return out, nil
}

// checkGameKey reports whether name can be a game key beside the keys
// taken.
func checkGameKey(name string, taken keySet) error {
	switch {
	case name == "" || name != strings.ToLower(name) || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.Contains(name, ".."):
		return fmt.Errorf("engine: game key %q: names must be non-empty and lower case, with non-empty dotted parts", name)
	case strings.HasPrefix(name, "input."):
		return fmt.Errorf("engine: game key %q: the engine defines it", name)
	case taken.keys[name] && isEngineKey(name):
		return fmt.Errorf("engine: game key %q: the engine defines it", name)
	case taken.keys[name]:
		return fmt.Errorf("engine: game key %q: declared twice", name)
	case taken.sections[name]:
		return fmt.Errorf("engine: game key %q: it is a section of other keys", name)
	}
	for i := range len(name) {
		if name[i] == '.' && taken.keys[name[:i]] {
			return fmt.Errorf("engine: game key %q: %q is a key, so it cannot be a section", name, name[:i])
		}
	}
	return nil
}

func isEngineKey(name string) bool {
	if name == "config" {
		return true
	}
	for _, s := range specs {
		if s.key == name {
			return true
		}
	}
	return false
}

// gameSpec is the spec of the game's key k, whose value lives in
// Config.Game.
func gameSpec(k Key) (spec, error) {
	name := k.Name
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
		return spec{}, fmt.Errorf("engine: game key %q: default of type %T; want int, float64, bool, string or []string", name, k.Default)
	}
	def := k.Default
	return spec{key: name, kind: kd, min: k.Min, max: k.Max, usage: k.Usage,
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
	}, nil
}
