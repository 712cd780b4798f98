package prefab_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Components the tests use, covering the kinds of values prefab data sets.
type (
	Vec    struct{ X, Y float32 }
	Life   struct{ HP, Max int }
	Resist struct{ Fire, Ice float64 }
	Stats  struct {
		Speed  float64
		Resist Resist
		Tags   []string
		Loot   map[string]int
		Boss   *Resist
		Level  uint8
		Cool   time.Duration
		Title  string `yaml:"name"`
		Secret string `yaml:"-"`
		Hook   func() `yaml:"hook"`
		Grid   [2]int8
	}
	Brain struct {
		Name string
		Seen []world.Entity
	}
)

var (
	tPos    = world.DefineFields[Vec]("Position")
	tVel    = world.DefineFields[Vec]("Velocity")
	tHealth = world.DefineComponent[Life]("Health")
	tStats  = world.DefineComponent[Stats]("Stats")
	tName   = world.DefineComponent[string]("Name")
	tBrain  = world.DefineComponent[*Brain]("Brain")
	tItems  = world.DefineComponent[[]string]("Items")
	tFlying = world.DefineTag("Flying")
)

// newLibrary returns a library that knows the test components and holds
// the code prefab "monster".
func newLibrary(t testing.TB) *prefab.Library {
	t.Helper()
	lib := prefab.NewLibrary(
		prefab.Component(tPos), prefab.Component(tVel), prefab.Component(tHealth),
		prefab.Component(tStats), prefab.Component(tName), prefab.Component(tItems),
		prefab.Component(tFlying),
	)
	monster := prefab.New("monster",
		prefab.Value(tHealth, Life{HP: 10, Max: 10}),
		prefab.Value(tStats, Stats{Speed: 2, Resist: Resist{Fire: 0.5, Ice: 0.5}}),
		prefab.Tag(tFlying),
	)
	if err := lib.Add(monster); err != nil {
		t.Fatal(err)
	}
	return lib
}

// spawnGet spawns name from lib into a new world and returns the entity's
// value of key, and whether it has one.
func spawnGet[T any](t *testing.T, lib *prefab.Library, name string, key world.Key[T]) (T, bool) {
	t.Helper()
	w := world.New()
	e, err := lib.Spawn(w, name, nil)
	if err != nil {
		t.Fatalf("Spawn(%q): %v", name, err)
	}
	p, ok := world.Get(w, e, key)
	if !ok {
		var zero T
		return zero, false
	}
	return *p, true
}

// messages returns the text of every *LoadError in err.
func messages(err error) []string {
	var out []string
	for _, e := range prefab.Errors(err) {
		out = append(out, e.Error())
	}
	return out
}

func equal[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %+v, want %+v", what, got, want)
	}
}

var _ = errors.Is

// write writes a file under dir, making its directories.
func write(t testing.TB, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
