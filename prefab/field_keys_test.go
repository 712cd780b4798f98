package prefab_test

// A component's fields each have a YAML key of their own, or the
// component is refused when it is registered.

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

type (
	keysCase   struct{ HP, Hp int }
	keysTagged struct {
		A, B int `yaml:"v"`
	}
	keysTagName struct {
		Speed int
		Fast  int `yaml:"speed"`
	}
	keysBase   struct{ X, Y int }
	keysInline struct {
		X    int
		Base keysBase `yaml:",inline"`
	}
	keysEmbedded struct {
		keysBase `yaml:",inline"`
		Y        int
	}
	// keysInlineOpts inlines Base with its options in another order,
	// as yaml.v3 reads them: a list.
	keysInlineOpts struct {
		X    int
		Base keysBase `yaml:",omitempty,inline"`
	}
	keysNested  struct{ Stats keysCase }
	keysInSlice struct {
		Name  string
		Items []keysCase
	}
	keysBehind struct{ Boss *map[string]keysCase }

	keysDash struct {
		HP int
		Hp int `yaml:"-"`
	}
	keysOwnTags struct {
		HP int `yaml:"hp"`
		Hp int `yaml:"hp2"`
	}
	keysUnexported struct {
		HP int
		hp int
	}
	keysTwoNested struct {
		HP   int
		A, B struct{ HP int }
	}
	keysSkipped struct {
		Hidden keysCase `yaml:"-"`
	}
	// keysSelf decodes itself, so its fields have no keys.
	keysSelf   struct{ HP, Hp int }
	keysOfSelf struct{ Self keysSelf }
	keysTree   struct {
		Name string
		Kids []keysTree
	}
)

func (s *keysSelf) UnmarshalText([]byte) error { return nil }

// register returns a function that registers a new component of type T
// named name.
func register[T any](name string) func() prefab.Registration {
	return func() prefab.Registration { return prefab.Component(world.DefineComponent[T](name)) }
}

// registerPanic returns what r panics with, nil if it does not.
func registerPanic(r func() prefab.Registration) (err error) {
	defer func() {
		if p := recover(); p != nil {
			var ok bool
			if err, ok = p.(error); !ok {
				err = errors.New("a panic that is not an error")
			}
		}
	}()
	r()
	return nil
}

// TestComponentRefusesSharedKeys: two fields that data would set with one
// key are a panic of Component, naming the component, the key and both
// fields, at whatever depth data reaches them.
func TestComponentRefusesSharedKeys(t *testing.T) {
	for _, c := range []struct {
		name          string
		reg           func() prefab.Registration
		component     string
		key           string
		first, second string
	}{
		{"names that differ in case only", register[keysCase]("Cased"), "Cased", "hp", "HP", "Hp"},
		{"equal tags", register[keysTagged]("Tagged"), "Tagged", "v", "A", "B"},
		{"a tag equal to another's name", register[keysTagName]("TagName"), "TagName", "speed", "Speed", "Fast"},
		{"a field beside an inlined struct's", register[keysInline]("Inline"), "Inline", "x", "X", "Base.X"},
		{"inline among other options", register[keysInlineOpts]("InlineOpts"), "InlineOpts", "x", "X", "Base.X"},
		{"an embedded struct's field beside one", register[keysEmbedded]("Embedded"), "Embedded", "y", "keysBase.Y", "Y"},
		{"in a nested struct", register[keysNested]("Nested"), "Nested", "stats.hp", "Stats.HP", "Stats.Hp"},
		{"in a slice's structs", register[keysInSlice]("InSlice"), "InSlice", "items[].hp", "Items[].HP", "Items[].Hp"},
		{"behind a pointer and a map", register[keysBehind]("Behind"), "Behind", "boss[].hp", "Boss[].HP", "Boss[].Hp"},
		{"in a component that is a slice", register[[]keysCase]("Slice"), "Slice", "[].hp", "[].HP", "[].Hp"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := registerPanic(c.reg)
			if !errors.Is(err, prefab.ErrInvalidRegistration) {
				t.Fatalf("Component panicked with %v, want ErrInvalidRegistration", err)
			}
			if code := world.CodeOf(err); code != prefab.CodeInvalidRegistration {
				t.Errorf("CodeOf = %q, want %q", code, prefab.CodeInvalidRegistration)
			}
			var we *world.Error
			if !errors.As(err, &we) {
				t.Fatalf("Component panicked with %T, want a *world.Error", err)
			}
			if we.Component != c.component || we.Field != c.key {
				t.Errorf("Component, Field = %q, %q, want %q, %q", we.Component, we.Field, c.component, c.key)
			}
			msg := err.Error()
			for _, want := range []string{
				"Component[" + c.component + "]",
				`YAML key "` + c.key + `"`,
				"fields " + c.first + " and " + c.second + " ",
				"give one a yaml tag of its own",
			} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not say %q", msg, want)
				}
			}
			if hint := we.HintText(); !strings.Contains(hint, c.first) || !strings.Contains(hint, c.second) {
				t.Errorf("HintText() = %q, want it to name %s and %s", hint, c.first, c.second)
			}
		})
	}
}

// TestComponentSharedKeyMessage: the whole message of the simplest case.
func TestComponentSharedKeyMessage(t *testing.T) {
	err := registerPanic(register[keysCase]("Unit"))
	want := `prefab: Component[Unit]: invalid registration (hp): fields HP and Hp both have the YAML key "hp": give one a yaml tag of its own`
	if err == nil || err.Error() != want {
		t.Errorf("Component panicked with\n%v\nwant\n%s", err, want)
	}
}

// TestComponentAcceptsOwnKeys: fields data cannot set have no key, and a
// nested struct's keys are its own; such components register, and the
// data loads.
func TestComponentAcceptsOwnKeys(t *testing.T) {
	for _, c := range []struct {
		name string
		reg  func() prefab.Registration
		data string // the component's value in a prefab file
	}{
		{`one field tagged yaml:"-"`, register[keysDash]("Dash"), "{hp: 1}"},
		{"tags of their own", register[keysOwnTags]("OwnTags"), "{hp: 1, hp2: 2}"},
		{"an unexported field", register[keysUnexported]("Unexported"), "{hp: 1}"},
		{"one name in two nested structs", register[keysTwoNested]("TwoNested"), "{hp: 1, a: {hp: 2}, b: {hp: 3}}"},
		{`a clash in a field tagged yaml:"-"`, register[keysSkipped]("Skipped"), "{}"},
		{"a clash in a type that decodes itself", register[keysOfSelf]("OfSelf"), "{self: anything}"},
		{"a type that contains itself", register[keysTree]("Tree"), "{name: a, kids: [{name: b, kids: [{name: c}]}]}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := registerPanic(c.reg); err != nil {
				t.Fatalf("Component panicked with %v, want no panic", err)
			}
			r := c.reg()
			lib := prefab.NewLibrary(r)
			data := "p:\n  components:\n    " + r.Name() + ": " + c.data + "\n"
			if err := lib.LoadBytes("keys.yaml", []byte(data)); err != nil {
				t.Errorf("LoadBytes(%q) = %v, want nil", data, err)
			}
		})
	}
}

// TestFieldKeySetsItsOwnField: a key sets the field data can set, never
// the one of the same name that data cannot (tagged yaml:"-", or
// unexported).
func TestFieldKeySetsItsOwnField(t *testing.T) {
	t.Run(`beside a field tagged yaml:"-"`, func(t *testing.T) {
		dash := world.DefineComponent[keysDash]("Dash")
		lib := prefab.NewLibrary(prefab.Component(dash))
		must(t, lib.LoadBytes("dash.yaml", []byte("p:\n  components:\n    Dash: {hp: 7}\n")))
		got, _ := spawnGet(t, lib, "p", dash)
		if want := (keysDash{HP: 7}); got != want {
			t.Errorf("Dash = %+v, want %+v", got, want)
		}
	})
	t.Run("inlined among other options", func(t *testing.T) {
		type inlined struct {
			Base keysBase `yaml:",omitempty,inline"`
			Z    int
		}
		c := world.DefineComponent[inlined]("InlinedOpts")
		lib := prefab.NewLibrary(prefab.Component(c))
		must(t, lib.LoadBytes("inlined.yaml", []byte("p:\n  components:\n    InlinedOpts: {x: 1, y: 2, z: 3}\n")))
		w := world.New()
		e, err := lib.Spawn(w, "p", nil)
		must(t, err)
		if got, want := *c.Require(w, e), (inlined{Base: keysBase{X: 1, Y: 2}, Z: 3}); got != want {
			t.Errorf("InlinedOpts = %+v, want %+v", got, want)
		}
		// prefab.Changes names an inlined field by its own key too.
		c.Require(w, e).Base.Y = 5
		if ch, ok := prefab.Changes(w, e); !ok || len(ch) != 1 || ch[0].Field != "y" || ch[0].Value != 5 {
			t.Errorf("Changes = %+v, %v; want InlinedOpts' y changed to 5", ch, ok)
		}
	})
	t.Run("beside an unexported field", func(t *testing.T) {
		unexported := world.DefineComponent[keysUnexported]("Unexported")
		lib := prefab.NewLibrary(prefab.Component(unexported))
		must(t, lib.LoadBytes("unexported.yaml", []byte("p:\n  components:\n    Unexported: {hp: 7}\n")))
		got, _ := spawnGet(t, lib, "p", unexported)
		if got.HP != 7 || got.hp != 0 {
			t.Errorf("Unexported = {HP:%d hp:%d}, want {HP:7 hp:0}", got.HP, got.hp)
		}
	})
}

type (
	keysHit struct {
		world.Entity
		Damage int
	}
	keysVolley struct{ Hits []keysHit }
	keysAimed  struct {
		Target world.Entity
		Damage int
	}
)

// TestComponentRefusesEmbeddedEntity: a struct embedding world.Entity
// has the id's text methods, so data could set it only as an id; such a
// type is refused, naming the embedded field, wherever it is, and a
// named entity field is not.
func TestComponentRefusesEmbeddedEntity(t *testing.T) {
	for _, c := range []struct {
		name, component, path string
		reg                   func() prefab.Registration
	}{
		{"embedded at the top", "Hit", "Entity", register[keysHit]("Hit")},
		{"in a slice's structs", "Volley", "Hits[].Entity", register[keysVolley]("Volley")},
	} {
		err := registerPanic(c.reg)
		var we *world.Error
		if !errors.Is(err, prefab.ErrInvalidRegistration) || !errors.As(err, &we) || we.Component != c.component || we.Field != c.path ||
			!strings.Contains(err.Error(), c.path+" embeds world.Entity") {
			t.Errorf("%s: Component panicked with %v, want ErrInvalidRegistration naming %s at %s", c.name, err, c.component, c.path)
		}
	}
	if err := registerPanic(register[keysAimed]("Aimed")); err != nil {
		t.Errorf("a named entity field: Component panicked with %v", err)
	}
}
