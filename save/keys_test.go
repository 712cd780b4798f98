package save_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// The keys of a save: every mapping of it gives each key once (see
// TestLoadErrors for the refusals), but for the game's own state and
// merge keys, and a codec refuses a component that would be saved with a
// key twice.

// TestGameStateKeysAreTheGames: the game's state is what Loaded.Game
// decodes it into makes of it, so keys YAML tells apart only by their
// tags (1 and "1", as yaml.v3 writes map[any]int{1: 1, "1": 2}) load.
func TestGameStateKeysAreTheGames(t *testing.T) {
	codec, _ := testCodec(t)
	data, err := codec.Save(world.New(), save.SaveOptions{Game: map[any]int{1: 1, "1": 2}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := codec.Load(context.Background(), world.New(), data, save.LoadOptions{}); err != nil {
		t.Errorf("a save Save wrote is refused: %v\n%s", err, data)
	}
}

// TestMergeKeysMayRepeat: two merge keys in one mapping are not a key
// given twice (a save has no use for them, and a component reads them as
// an unknown field), while a quoted "<<" is a key like any other.
func TestMergeKeysMayRepeat(t *testing.T) {
	codec, _ := testCodec(t)
	for _, c := range []struct {
		name, health string
		twice        bool
	}{
		{"merge keys", `{<<: *h, <<: *h}`, false},
		{"quoted keys", `{"<<": 1, "<<": 2}`, true},
	} {
		data := header + "game: {base: &h {hp: 1}}\nentities:\n  - {id: 0v1, prefab: goblin, components: {Health: " + c.health + "}}\n"
		_, err := codec.Load(context.Background(), world.New(), []byte(data), save.LoadOptions{})
		if err == nil {
			t.Fatalf("%s: the save loaded", c.name)
		}
		if got := strings.Contains(err.Error(), "given twice"); got != c.twice {
			t.Errorf("%s: %v; want a key given twice: %v", c.name, err, c.twice)
		}
	}
}

type (
	tInner struct{ X int }
	tOuter struct {
		tInner `yaml:",inline"`
		X      int
	}
	tCases     struct{ HP, Hp int }
	tOuterOpts struct {
		tInner `yaml:",omitempty,inline"` // inline among other options, as yaml.v3 reads them
		X      int
	}
	// tHit embeds an entity: its text methods would make YAML write the
	// struct as the id alone.
	tHit struct {
		world.Entity
		Damage int
	}
	tVolley struct{ Hits []tHit }
)

var (
	tOuterC     = world.DefineComponent[tOuter]("tOuter")
	tOuterOptsC = world.DefineComponent[tOuterOpts]("tOuterOpts")
	tCasesC     = world.DefineComponent[tCases]("tCases")
	tHitC       = world.DefineComponent[tHit]("tHit")
	tVolleyC    = world.DefineComponent[tVolley]("tVolley")
	tScoreHC    = world.DefineComponent[int]("tScoreH")
)

// TestNewRefuses: a codec is refused with an error naming the
// registration when its registrations cannot make saves that load.
func TestNewRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		regs []save.Registration
		want string
	}{
		{"a field beside an inlined struct's of the same name", []save.Registration{save.Component(tOuterC)}, `component "tOuter": two fields are saved as "x"`},
		{"a field beside a struct inlined among other options", []save.Registration{save.Component(tOuterOptsC)}, `component "tOuterOpts": two fields are saved as "x"`},
		{"fields whose names differ in case only", []save.Registration{save.Component(tCasesC)}, `component "tCases": two fields are saved as "hp"`},
		{"a component twice", []save.Registration{save.Component(ScoreC), save.Component(ScoreC)}, `component "tScore" registered twice`},
		{"a zero registration", []save.Registration{{}}, "a zero Registration"},
		{"a struct embedding an entity", []save.Registration{save.Component(tHitC)}, `component "tHit": Entity embeds world.Entity`},
		{"a slice of such structs", []save.Registration{save.Component(tVolleyC)}, `component "tVolley": Hits[].Entity embeds world.Entity`},
		{"a custom one saving such a struct", []save.Registration{save.Custom(tScoreHC, func(v *int) tHit { return tHit{Damage: *v} },
			func(v *int, s tHit) error { *v = s.Damage; return nil })}, `component "tScoreH": Entity embeds world.Entity`},
	} {
		_, err := save.New(nil, c.regs...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: New = %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := save.New(nil, save.Component(ScoreC)); err != nil {
		t.Errorf("New of a good registration = %v", err)
	}
}
