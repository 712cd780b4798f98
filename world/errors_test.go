package world_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

// TestErrorsCarryCodes: what world returns and panics with matches its
// code's sentinel, gives its code to CodeOf, names what it is about and
// has a hint.
func TestErrorsCarryCodes(t *testing.T) {
	w := world.New()
	dead := w.Create()
	w.Destroy(dead)
	live := w.Create()
	var zero world.Component[int]
	tests := []struct {
		name string
		err  func() error
		code world.Code
		says []string
	}{
		{"require missing", func() error { return mustPanicErr(func() { tHealth.Require(w, live) }) }, world.CodeMissingComponent, []string{"Require[Health]", live.String()}},
		{"add to dead", func() error { return mustPanicErr(func() { tPos.Add(w, dead, position{}) }) }, world.CodeDeadEntity, []string{"Add[Position]", dead.String()}},
		{"set on dead", func() error { return tName.Set(w, dead, "x") }, world.CodeDeadEntity, []string{"Set[Name]"}},
		{"generic add to dead", func() error {
			return mustPanicErr(func() { world.Add(w, dead, world.Key[position](tPos), position{}) })
		}, world.CodeDeadEntity, []string{"Add[Position]", dead.String()}},
		{"add many to dead", func() error {
			return mustPanicErr(func() { world.AddMany(w, []world.Entity{live, dead}, world.Key[position](tPos), position{}) })
		}, world.CodeDeadEntity, []string{"AddMany[Position]", dead.String()}},
		{"zero handle", func() error { return mustPanicErr(func() { zero.Add(w, live, 1) }) }, world.CodeUndefined, []string{"undefined handle"}},
		{"not fields", func() error { return mustPanicErr(func() { world.DefineFields[struct{ N int }]("Bad") }) }, world.CodeNotFields, []string{"DefineFields[Bad]", "N"}},
		{"slots arity", func() error { return mustPanicErr(func() { w.Slots() }) }, world.CodeBadArity, []string{"Slots"}},
		{"duplicate system", func() error {
			w.AddSystem(world.System{Name: "s", Run: func(*world.Context) error { return nil }})
			return w.AddSystem(world.System{Name: "s", Run: func(*world.Context) error { return nil }})
		}, world.CodeDuplicateSystem, []string{`"s"`}},
		{"invalid system", func() error { return w.AddSystem(world.System{Name: "t"}) }, world.CodeInvalidSystem, []string{`"t"`, "Run"}},
		{"unknown phase", func() error { return w.Run(world.Context{Phase: 7}, nil) }, world.CodeInvalidSystem, []string{"Phase"}},
		{"nested run", func() error {
			var inner error
			w.AddSystem(world.System{Name: "nest", Phase: world.Frame, Run: func(ctx *world.Context) error {
				inner = ctx.World.Run(world.Context{Phase: world.Frame}, nil)
				return nil
			}})
			w.Run(world.Context{Phase: world.Frame}, nil)
			w.RemoveSystem("nest")
			return inner
		}, world.CodeNestedRun, []string{"Run"}},
		{"clear in a walk", func() error {
			var err error
			world.Spawn1(w, tPos, position{})
			world.Each1(w, tPos, func(world.Entity, *position) { err = mustPanicErr(func() { w.Clear() }) })
			return err
		}, world.CodeDuringWalk, []string{"Clear"}},
		{"system panic", func() error {
			w.AddSystem(world.System{Name: "p", Phase: world.Frame, Run: func(*world.Context) error { panic("boom") }})
			err := w.Run(world.Context{Phase: world.Frame}, nil)
			w.RemoveSystem("p")
			return err
		}, world.CodePanic, []string{`system "p"`, "boom"}},
		{"system error", func() error {
			w.AddSystem(world.System{Name: "q", Phase: world.Frame, Run: func(*world.Context) error { return errors.New("no path") }})
			err := w.Run(world.Context{Phase: world.Frame}, nil)
			w.RemoveSystem("q")
			return err
		}, world.CodeSystemFailed, []string{`system "q"`, "no path"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			if err == nil {
				t.Fatal("no error")
			}
			if got := world.CodeOf(err); got != tt.code {
				t.Errorf("CodeOf(%v) = %q, want %q", err, got, tt.code)
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("message %q does not say %q", err, s)
				}
			}
			if !strings.HasPrefix(err.Error(), "world: ") {
				t.Errorf("message %q does not start with the package", err)
			}
			if we, ok := errors.AsType[*world.Error](err); ok && we.HintText() == "" {
				t.Errorf("%v has no hint", err)
			}
		})
	}
}

// TestErrorMatching: an *Error matches its code's sentinel and no other,
// through any wrapping; a package of its own (prefab) uses its own codes.
func TestErrorMatching(t *testing.T) {
	err := fmt.Errorf("loading: %w", &world.Error{Code: world.CodeMissingComponent, Entity: 3, Component: "Health"})
	if !errors.Is(err, world.ErrMissingComponent) || errors.Is(err, world.ErrDeadEntity) {
		t.Errorf("errors.Is matched the wrong sentinels")
	}
	const codeUnknownField world.Code = "prefab.unknown-field"
	errUnknownField := &world.Error{Code: codeUnknownField}
	perr := &world.Error{Code: codeUnknownField, Component: "Health", Field: "hp", Hint: `did you mean "HP"?`}
	if got := perr.Error(); got != "prefab: Health: unknown field (hp)" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(perr, errUnknownField) || perr.HintText() != `did you mean "HP"?` || world.CodeOf(perr) != codeUnknownField {
		t.Errorf("a prefab code does not match its sentinel, hint or CodeOf")
	}
	if got := (&world.Error{Code: world.CodeNaN, Op: "Set", Component: "Position", Entity: 5, Field: "X", Value: "NaN"}).Error(); got != "world: Set[Position] on entity 5v0: not a number (X = NaN)" {
		t.Errorf("Error() = %q", got)
	}
}

// TestRecoverEndsWalksAndReturnsPanic: Recover turns a panic into an
// error and ends the walks the function left open.
func TestRecoverEndsWalksAndReturnsPanic(t *testing.T) {
	w := world.New()
	a := world.Spawn1(w, tPos, position{})
	err := w.Recover(func() error {
		world.Each1(w, tPos, func(e world.Entity, _ *position) {
			w.Destroy(e)
			tHealth.Require(w, e)
		})
		return nil
	})
	var we *world.Error
	if !errors.Is(err, world.ErrPanic) || !errors.As(err, &we) || we.Code != world.CodeMissingComponent {
		t.Errorf("Recover = %v, want a panic wrapping the missing component", err)
	}
	if w.Walks() != 0 || w.IsAlive(a) {
		t.Errorf("after Recover: %d walks open, a alive %v; want 0 and destroyed", w.Walks(), w.IsAlive(a))
	}
	if err := w.Recover(func() error { return errors.New("plain") }); err == nil || err.Error() != "plain" {
		t.Errorf("Recover of a returned error = %v", err)
	}
}

// TestRemoveSystemReturnsDisposePanic: a panicking Dispose does not escape
// RemoveSystem, which still removes the system (issue 13).
func TestRemoveSystemReturnsDisposePanic(t *testing.T) {
	w := world.New()
	w.AddSystem(world.System{Name: "leaky", Run: func(*world.Context) error { return nil }, Dispose: func() { panic("socket closed") }})
	removed, err := w.RemoveSystem("leaky")
	var se *world.SystemError
	if !removed || !errors.As(err, &se) || se.System != "leaky" || !errors.Is(err, world.ErrPanic) || !strings.Contains(err.Error(), "Dispose") {
		t.Errorf("RemoveSystem = %v, %v; want true and the Dispose panic as a SystemError", removed, err)
	}
	if names := w.SystemNames(world.Fixed); len(names) != 0 {
		t.Errorf("systems left: %v", names)
	}
}
