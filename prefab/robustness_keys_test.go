package prefab_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type RobustKeys struct {
	I map[int]int     `yaml:"i"`
	F map[float64]int `yaml:"f"`
}

var tRobustKeys = world.DefineComponent[RobustKeys]("RobustKeys")

func TestSchemaKeyPatternsMatchLoader(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(tRobustKeys))
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	json.Unmarshal(buf.Bytes(), &s)
	var props map[string]any
	for k, v := range s["definitions"].(map[string]any) {
		if strings.Contains(k, "RobustKeys") {
			props = v.(map[string]any)["properties"].(map[string]any)
		}
	}
	for _, field := range []string{"i", "f"} {
		p := regexp.MustCompile(props[field].(map[string]any)["propertyNames"].(map[string]any)["pattern"].(string))
		for _, key := range []string{"10", "0x10", "-0x10", "+0x10", "0X10", "0B1", "-0b1", "0O7", "-0o7", "1e1_0"} {
			data := "x: {components: {RobustKeys: {" + field + ": {" + key + ": 1}}}}\n"
			err := prefab.NewLibrary(prefab.Component(tRobustKeys)).LoadBytes("f.yaml", []byte(data))
			if loader, schema := err == nil, p.MatchString(key); loader != schema {
				t.Errorf("%s key %s: loader accepts %v, schema accepts %v", field, key, loader, schema)
			}
		}
	}
}
