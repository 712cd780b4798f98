package world

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors, for errors.Is.
var (
	// ErrDeadEntity is wrapped by errors about an entity that is not alive.
	ErrDeadEntity = errors.New("world: dead entity")
	// ErrMissingComponent is wrapped by errors about an entity that lacks a
	// component it was required to hold.
	ErrMissingComponent = errors.New("world: missing component")
	// ErrNotFields is wrapped by the panic of [DefineFields] for a type
	// that is not a struct of fixed-size numbers.
	ErrNotFields = errors.New("world: not a field component type")
	// ErrDuplicateSystem is returned by [World.AddSystem] for a name that
	// is already added.
	ErrDuplicateSystem = errors.New("world: duplicate system")
	// ErrInvalidSystem is returned by [World.AddSystem] for a system with
	// no name, no run function or an unknown phase.
	ErrInvalidSystem = errors.New("world: invalid system")
	// ErrPanic is wrapped by a [*SystemError] reporting a system that
	// panicked.
	ErrPanic = errors.New("world: panic")
)

// EntityError reports an operation on an entity that could not be done,
// naming the entity and the component. Hot-path misuse (Require of a
// missing component, Add to a dead entity) panics with an *EntityError.
type EntityError struct {
	Op        string // the operation, such as "Require" or "Add"
	Entity    Entity
	Component string // the component's name
	Err       error  // ErrDeadEntity or ErrMissingComponent
}

// Error returns a message such as
// "world: Require[Health] on entity 12v3: missing component".
func (e *EntityError) Error() string {
	return fmt.Sprintf("world: %s[%s] on entity %v: %s", e.Op, e.Component, e.Entity, reason(e.Err))
}

// Unwrap returns the sentinel error.
func (e *EntityError) Unwrap() error { return e.Err }

// SystemError reports a system that returned an error or panicked, naming
// the system and its phase.
type SystemError struct {
	System string
	Phase  Phase
	Err    error  // what the system returned; wraps ErrPanic for a panic
	Stack  []byte // the goroutine's stack where the system panicked; nil otherwise
}

// Error returns a message such as
// `world: system "move" (fixed): panic: boom`, or for an error it
// returned `world: system "move" (fixed): no path to target`.
func (e *SystemError) Error() string {
	return fmt.Sprintf("world: system %q (%v): %s", e.System, e.Phase, reason(e.Err))
}

// Unwrap returns the system's error.
func (e *SystemError) Unwrap() error { return e.Err }

// reason drops the package prefix of a wrapped error's text, so messages
// say "world:" once.
func reason(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "world: ")
}
