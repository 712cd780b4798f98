package assets_test

import (
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

type reviewBase struct{ HP int }

type ReviewEnemy struct {
	reviewBase `yaml:",inline"` // an unexported embedded struct: go.yaml.in/yaml/v3 inlines it
	Name       string
}

// TestFractionInUnexportedInline: "a number with a fraction for an integer
// field is an error" holds for the fields of an unexported embedded struct
// tagged inline, which the YAML package fills.
func TestFractionInUnexportedInline(t *testing.T) {
	l := assets.New(fstest.MapFS{"e.yaml": {Data: []byte("name: orc\nhp: 1.5\n")}})
	var e ReviewEnemy
	err := l.Decode("e.yaml", &e)
	if err == nil {
		t.Errorf("hp: 1.5 decoded without error, as HP = %d", e.HP)
	}
}

type ReviewLoot struct {
	Name  string
	Drops map[string]int `yaml:",inline"` // every other key: a drop count
}

// TestFractionInInlineMap: the same for the values that go into an inline
// map (gold: 2.5 would be truncated to 2).
func TestFractionInInlineMap(t *testing.T) {
	l := assets.New(fstest.MapFS{"l.yaml": {Data: []byte("name: chest\ngold: 2.5\n")}})
	var v ReviewLoot
	err := l.Decode("l.yaml", &v)
	if err == nil {
		t.Errorf("gold: 2.5 decoded without error, as %v", v.Drops)
	}
}
