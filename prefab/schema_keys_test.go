package prefab_test

// The schema's map keys say what the loader takes: a key the schema
// accepts the loader reads, and the other way round.

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type OddKeyed struct {
	ByFlag  map[bool]int            `yaml:"by_flag"`
	ByPoint map[struct{ X int }]int `yaml:"by_point"`
	ByAny   map[any]int             `yaml:"by_any"`
}

var tOddKeyed = world.DefineComponent[OddKeyed]("OddKeyed")

// The schema says what the loader takes: a map it can never fill must not
// validate data the loader refuses.
func TestSchemaMapKeys(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tOddKeyed))
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	json.Unmarshal(buf.Bytes(), &s)
	obj := s["definitions"].(map[string]any)
	var keyed map[string]any
	for k, v := range obj {
		if strings.Contains(k, "OddKeyed") {
			keyed = v.(map[string]any)
		}
	}
	props := keyed["properties"].(map[string]any)
	for _, c := range []struct{ name, data string }{
		{"by_point", "x: {components: {OddKeyed: {by_point: {a: 1}}}}\n"},
		{"by_any", "x: {components: {OddKeyed: {by_any: {a: 1}}}}\n"},
		{"by_flag", "x: {components: {OddKeyed: {by_flag: {maybe: 1}}}}\n"},
	} {
		err := prefab.NewLibrary(prefab.Component(tOddKeyed)).LoadBytes("f.yaml", []byte(c.data))
		if err != nil && props[c.name] != nil {
			if _, ok := props[c.name].(map[string]any)["propertyNames"]; !ok {
				t.Errorf("%s: schema accepts any key (%v) but the loader refuses: %v", c.name, props[c.name], err)
			}
		}
	}
}

type KeySweep struct {
	I  map[int]int     `yaml:"i"`
	U8 map[uint8]int   `yaml:"u8"`
	F  map[float64]int `yaml:"f"`
}

var tKeySweep = world.DefineComponent[KeySweep]("KeySweep")

// keySpellings are number-ish map keys, each bare and behind every sign
// and sign-underscore prefix.
func keySpellings() []string {
	bodies := []string{
		"0", "1", "10", "010", "0010", "08", "09", "0_7", "0_8", "1_0", "1__0", "1_", "_1", "1_000_000",
		"0x1F", "0X1f", "0x_1", "0x1_", "0x_", "0x", "0_x1", "0x1p3", "0xg",
		"0o7", "0O7", "0o_7", "0o7_", "0o8", "0o", "0_o7",
		"0b1", "0B1", "0b_1", "0b1_", "0b2", "0b", "0_b1",
		"1e1", "1E1", "1e+1", "1e-1", "1e1_0", "1e_1", "1e_", "1_e1", "1e", "e1", "1e+_1", "1e1_",
		"1.", "1.0", "1.5", ".5", "._5", ".5_", "1._5", "1_.5", "1.5_e1", "1.5e1", "0.5",
		".inf", ".Inf", ".INF", ".iNf", "inf", "Infinity", ".nan", ".NaN", ".NAN", ".nAn", "nan",
		"_", "__1", "1e400", "300", "256", "255", "9223372036854775808", "18446744073709551616",
	}
	var out []string
	for _, b := range bodies {
		for _, sign := range []string{"", "-", "+", "-_", "+_"} {
			out = append(out, sign+b)
		}
	}
	return out
}

// outOfRange reports whether key is a number, as the loader reads it,
// that a map key of the field's type cannot hold.
func outOfRange(field, key string) bool {
	k := strings.ReplaceAll(key, "_", "")
	if field == "f" {
		_, err := strconv.ParseFloat(k, 64)
		return errors.Is(err, strconv.ErrRange)
	}
	_, ok := new(big.Int).SetString(k, 0) // 0x, 0o, 0b, and 0 for octal
	return ok
}

// The schema's propertyNames pattern for int, uint8 and float keys says
// yes exactly where the loader does, but for numbers out of the key
// type's range, which the pattern cannot express (the loader refuses them
// with file and line).
func TestSchemaKeyPatternsMatchLoaderSweep(t *testing.T) {
	var buf bytes.Buffer
	if err := prefab.NewLibrary(prefab.Component(tKeySweep)).WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s struct {
		Definitions map[string]struct {
			Properties map[string]struct {
				PropertyNames struct{ Pattern string }
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	var pattern map[string]*regexp.Regexp
	for name, d := range s.Definitions {
		if strings.Contains(name, "KeySweep") {
			pattern = map[string]*regexp.Regexp{}
			for field, p := range d.Properties {
				pattern[field] = regexp.MustCompile(p.PropertyNames.Pattern)
			}
		}
	}
	if pattern == nil {
		t.Fatalf("no KeySweep definition in the schema:\n%s", buf.Bytes())
	}
	for _, field := range []string{"i", "u8", "f"} {
		for _, key := range keySpellings() {
			data := "x: {components: {KeySweep: {" + field + ": {" + key + ": 1}}}}\n"
			err := prefab.NewLibrary(prefab.Component(tKeySweep)).LoadBytes("f.yaml", []byte(data))
			loader, schema := err == nil, pattern[field].MatchString(key)
			if loader == schema || schema && outOfRange(field, key) {
				continue
			}
			t.Errorf("%s key %q: loader accepts %v (%v), schema accepts %v", field, key, loader, err, schema)
		}
	}
}

type FloatBoolKeys struct {
	F   map[float64]int `yaml:"f"`
	F32 map[float32]int `yaml:"f32"`
	B   map[bool]int    `yaml:"b"`
}

var tFloatBoolKeys = world.DefineComponent[FloatBoolKeys]("FloatBoolKeys")

// TestSchemaFloatBoolKeysMatchLoader: the float and bool key schemas agree with
// what the loader does with the same key.
func TestSchemaFloatBoolKeysMatchLoader(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tFloatBoolKeys))
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	var props map[string]any
	for k, v := range s["definitions"].(map[string]any) {
		if strings.Contains(k, "FloatBoolKeys") {
			props = v.(map[string]any)["properties"].(map[string]any)
		}
	}
	schemaTakes := func(field, key string) bool {
		pn := props[field].(map[string]any)["propertyNames"].(map[string]any)
		if p, ok := pn["pattern"].(string); ok {
			return regexp.MustCompile(p).MatchString(key)
		}
		for _, e := range pn["enum"].([]any) {
			if e == key {
				return true
			}
		}
		return false
	}
	// Numbers out of the type's range (1e400, 1e39 for a float32) pass
	// the pattern and are refused by the loader: a pattern cannot say a
	// range, and the schema documents it.
	cases := map[string][]string{
		"f":   {"1", "+1", "-1.5", ".5", "+.5", "1e3", "1.E3", "1.", ".inf", "-.Inf", ".nan", "1_000", "1_000.5", "0x10", "0o17", "0b101", "abc", "1e", "1.2.3"},
		"f32": {"1e38"},
		"b":   {"true", "false", "True", "TRUE", "False", "FALSE", "yes", "on"},
	}
	fields := []string{"f", "f32", "b"}
	var bad []string
	for _, field := range fields {
		for _, key := range cases[field] {
			data := "x: {components: {FloatBoolKeys: {" + field + ": {" + key + ": 1}}}}\n"
			err := prefab.NewLibrary(prefab.Component(tFloatBoolKeys)).LoadBytes("f.yaml", []byte(data))
			loader, schema := err == nil, schemaTakes(field, key)
			if loader != schema {
				bad = append(bad, field+" key "+key+": loader "+yn(loader)+", schema "+yn(schema))
			}
		}
	}
	slices.Sort(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

func yn(b bool) string {
	if b {
		return "accepts"
	}
	return "refuses"
}
