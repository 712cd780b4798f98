package prefab_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type ReviewLastKeys struct {
	F   map[float64]int `yaml:"f"`
	F32 map[float32]int `yaml:"f32"`
	B   map[bool]int    `yaml:"b"`
}

var tReviewLastKeys = world.DefineComponent[ReviewLastKeys]("ReviewLastKeys")

// TestLastSchemaKeysMatchLoader: the float and bool key schemas agree with
// what the loader does with the same key.
func TestLastSchemaKeysMatchLoader(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tReviewLastKeys))
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
		if strings.Contains(k, "ReviewLastKeys") {
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
			data := "x: {components: {ReviewLastKeys: {" + field + ": {" + key + ": 1}}}}\n"
			err := prefab.NewLibrary(prefab.Component(tReviewLastKeys)).LoadBytes("f.yaml", []byte(data))
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
