package prefab_test

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// codes are every code prefab defines, with its sentinel.
var codes = []struct {
	code     world.Code
	sentinel error
}{
	{prefab.CodeSyntax, prefab.ErrSyntax},
	{prefab.CodeUnknownComponent, prefab.ErrUnknownComponent},
	{prefab.CodeUnknownBase, prefab.ErrUnknownBase},
	{prefab.CodeCycle, prefab.ErrCycle},
	{prefab.CodeBadValue, prefab.ErrBadValue},
	{prefab.CodeUnknownField, prefab.ErrUnknownField},
	{prefab.CodeDuplicatePrefab, prefab.ErrDuplicatePrefab},
	{prefab.CodeDuplicateComponent, prefab.ErrDuplicateComponent},
	{prefab.CodeUnknownPrefab, prefab.ErrUnknownPrefab},
	{prefab.CodeUnknownChild, prefab.ErrUnknownChild},
	{prefab.CodeDuplicateChild, prefab.ErrDuplicateChild},
	{prefab.CodeCannotPlace, prefab.ErrCannotPlace},
	{prefab.CodeLimit, prefab.ErrLimit},
	{prefab.CodeAsset, prefab.ErrAsset},
	{prefab.CodeFile, prefab.ErrFile},
	{prefab.CodeUncopyable, prefab.ErrUncopyable},
	{prefab.CodeInvalidRegistration, prefab.ErrInvalidRegistration},
}

// checkCoded checks that every *LoadError in err carries a *world.Error
// with a prefab code, a hint, and the component and field the load error
// names, and that its Err says the message alone.
func checkCoded(t *testing.T, err error) {
	t.Helper()
	for _, le := range prefab.Errors(err) {
		we, ok := errors.AsType[*world.Error](le)
		if !ok {
			t.Errorf("%v: Err is %T, wrapping no *world.Error", le, le.Err)
			continue
		}
		if strings.HasPrefix(le.Err.Error(), "prefab:") || !strings.HasSuffix(le.Error(), le.Err.Error()) {
			t.Errorf("%v: Err says %q, want the message without the position", le, le.Err)
		}
		if !strings.HasPrefix(string(we.Code), "prefab.") || !errors.Is(le, &world.Error{Code: we.Code}) {
			t.Errorf("%v: code %q, want a prefab code that errors.Is matches", le, we.Code)
		}
		if we.HintText() == "" {
			t.Errorf("%v: no hint", le)
		}
		if we.Component != le.Component || we.Field != le.Field {
			t.Errorf("%v: *world.Error names component %q field %q, want %q %q", le, we.Component, we.Field, le.Component, le.Field)
		}
		if !strings.HasPrefix(we.Error(), "prefab: ") {
			t.Errorf("%v: inner message %q does not start with prefab:", le, we.Error())
		}
	}
}

// TestCodesMatchTheirSentinels: each sentinel is a *world.Error of its
// code, matched by any error of the code and by no other code's.
func TestCodesMatchTheirSentinels(t *testing.T) {
	for _, c := range codes {
		err := error(&world.Error{Code: c.code, Component: "X", Field: "y"})
		for _, d := range codes {
			if got := errors.Is(err, d.sentinel); got != (c.code == d.code) {
				t.Errorf("errors.Is(error of %s, sentinel of %s) = %v", c.code, d.code, got)
			}
		}
		if world.CodeOf(c.sentinel) != c.code {
			t.Errorf("CodeOf(sentinel of %s) = %s", c.code, world.CodeOf(c.sentinel))
		}
		if !strings.HasPrefix(c.sentinel.Error(), "prefab: ") {
			t.Errorf("sentinel of %s says %q, want prefab: first", c.code, c.sentinel)
		}
	}
}

// TestErrorsOutsideLoadsAreCoded: errors prefab returns or panics with
// outside loads carry a code, details and a hint too.
func TestErrorsOutsideLoadsAreCoded(t *testing.T) {
	recovered := func(fn func()) (err error) {
		defer func() { err, _ = recover().(error) }()
		fn()
		return nil
	}
	lib := newLibrary(t)
	_, spawnErr := lib.Spawn(world.New(), "ghost", nil)
	cases := []struct {
		name      string
		err       error
		code      world.Code
		component string
		value     any
		text      string
	}{
		{"Spawn of an unknown prefab", spawnErr, prefab.CodeUnknownPrefab, "", "ghost", `prefab: Spawn: unknown prefab (ghost)`},
		{"Register twice", lib.Register(prefab.Component(tName)), prefab.CodeDuplicateComponent, "Name", nil, `prefab: Register[Name]: duplicate component`},
		{"Register a zero Registration", lib.Register(prefab.Registration{}), prefab.CodeInvalidRegistration, "", "a zero Registration", ""},
		{"Value of an uncopyable value", recovered(func() {
			loop := &selfRef{}
			loop.Next = loop
			_ = prefab.Value(tSelf, *loop)
		}), prefab.CodeUncopyable, "Self", nil, ""},
		{"Component of an uncopyable type", recovered(func() { prefab.Component(tChan) }), prefab.CodeUncopyable, "Chan", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			we, ok := errors.AsType[*world.Error](c.err)
			if !ok {
				t.Fatalf("err = %v (%T), want a *world.Error", c.err, c.err)
			}
			if we.Code != c.code || we.Component != c.component || c.value != nil && we.Value != c.value || we.HintText() == "" {
				t.Errorf("err = %+v, want code %s, component %q, value %v and a hint", *we, c.code, c.component, c.value)
			}
			if c.text != "" && c.err.Error() != c.text {
				t.Errorf("err says %q, want %q", c.err, c.text)
			}
			if !strings.HasPrefix(c.err.Error(), "prefab: ") {
				t.Errorf("err says %q, want prefab: first", c.err)
			}
		})
	}
}

type selfRef struct{ Next *selfRef }

var (
	tSelf = world.DefineComponent[selfRef]("Self")
	tChan = world.DefineComponent[chan int]("Chan")
)

// TestFileErrorsAreCoded: a file that cannot be read is a *LoadError of
// code prefab.unreadable-file that still wraps the system's error.
func TestFileErrorsAreCoded(t *testing.T) {
	err := newLibrary(t).Load(t.TempDir() + "/missing.yaml")
	if !errors.Is(err, prefab.ErrFile) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want ErrFile and fs.ErrNotExist", err)
	}
	checkCoded(t, err)
}

// TestCodesAreDocumented: docs/PREFABS.md's table lists every code.
func TestCodesAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/PREFABS.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if !strings.Contains(string(doc), "`"+string(c.code)+"`") {
			t.Errorf("docs/PREFABS.md does not list the code %s", c.code)
		}
	}
}
