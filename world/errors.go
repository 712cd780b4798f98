package world

import (
	"errors"
	"fmt"
	"strings"
)

// Code identifies a kind of error: a package name and a reason, such as
// "world.dead-entity". Codes are stable: once released, a code keeps its
// meaning and spelling, so programs and tools may branch on it (see
// [CodeOf]) where a message's wording may change. Other packages make
// codes of their own with their own prefix ("prefab.unknown-field").
type Code string

// The codes of the errors world returns and panics with. Each has an
// [*Error] sentinel beside it (ErrDeadEntity for CodeDeadEntity, and so
// on) for errors.Is.
const (
	CodeDeadEntity        Code = "world.dead-entity"
	CodeMissingComponent  Code = "world.missing-component"
	CodeNotFields         Code = "world.not-fields"
	CodeUndefined         Code = "world.undefined-handle"
	CodeDuplicateSystem   Code = "world.duplicate-system"
	CodeInvalidSystem     Code = "world.invalid-system"
	CodeUnknownSystem     Code = "world.unknown-system"
	CodePanic             Code = "world.panic"
	CodeHookPanic         Code = "world.hook-panic"
	CodeSystemFailed      Code = "world.system-failed"
	CodeDuringWalk        Code = "world.during-walk"
	CodeNestedRun         Code = "world.nested-run"
	CodeNoSlotLeft        Code = "world.no-slot-left"
	CodeBadArity          Code = "world.bad-arity"
	CodeCycle             Code = "world.cycle"
	CodeReadOnly          Code = "world.read-only"
	CodeNaN               Code = "world.not-a-number"
	CodeBrokenInvariant   Code = "world.broken-invariant"
	CodeInvalidDefinition Code = "world.invalid-definition"
	CodeUndeclared        Code = "world.undeclared-access"
	CodeConcurrent        Code = "world.concurrent-use"
	CodeBadBatchSize      Code = "world.bad-batch-size"
	CodeEmptySnapshot     Code = "world.empty-snapshot"
	CodeBadIDs            Code = "world.bad-ids"
	CodeBadOrder          Code = "world.bad-order"
	CodeNotAnID           Code = "world.not-an-id"
)

// Sentinel errors, for errors.Is: an [*Error] matches the sentinel of its
// code, whatever its details.
var (
	// ErrDeadEntity: an operation named an entity that is not alive.
	ErrDeadEntity = sentinel(CodeDeadEntity)
	// ErrMissingComponent: an entity lacks a component it was required to
	// hold.
	ErrMissingComponent = sentinel(CodeMissingComponent)
	// ErrNotFields: [DefineFields] was given a type that is not a struct
	// of fixed-size numbers.
	ErrNotFields = sentinel(CodeNotFields)
	// ErrUndefined: a component, resource or event handle was not made by
	// its Define function (a zero value, say).
	ErrUndefined = sentinel(CodeUndefined)
	// ErrDuplicateSystem: [World.AddSystem] was given a name already added.
	ErrDuplicateSystem = sentinel(CodeDuplicateSystem)
	// ErrInvalidSystem: a system with no name, no run function or an
	// unknown phase, or a run of an unknown phase.
	ErrInvalidSystem = sentinel(CodeInvalidSystem)
	// ErrUnknownSystem: [World.RemoveSystem] named no added system.
	ErrUnknownSystem = sentinel(CodeUnknownSystem)
	// ErrPanic: code the world called (a system, a Dispose, a function
	// given to [World.Recover]) panicked; see [PanicError].
	ErrPanic = sentinel(CodePanic)
	// ErrHookPanic: a component's lifecycle hook panicked (see [Options]).
	ErrHookPanic = sentinel(CodeHookPanic)
	// ErrSystemFailed is matched by every [*SystemError].
	ErrSystemFailed = sentinel(CodeSystemFailed)
	// ErrDuringWalk: an operation that must not run during a walk or a
	// system run ([World.Clear], [World.Snapshot], [World.Restore]) was
	// called in one.
	ErrDuringWalk = sentinel(CodeDuringWalk)
	// ErrNestedRun: [World.Run] was called inside a run of the same phase.
	ErrNestedRun = sentinel(CodeNestedRun)
	// ErrNoSlotLeft: every one of the 2^32 slots is alive or retired.
	ErrNoSlotLeft = sentinel(CodeNoSlotLeft)
	// ErrBadArity: [World.Slots] was given no component or more than 8.
	ErrBadArity = sentinel(CodeBadArity)
	// ErrCycle: a relationship that refuses cycles was asked to make one.
	ErrCycle = sentinel(CodeCycle)
	// ErrReadOnly: a write to the reverse side of a relationship, which
	// only the world maintains.
	ErrReadOnly = sentinel(CodeReadOnly)
	// ErrNaN: a checked write ([Fields.Set], [Component.Set]) of a value
	// holding a NaN.
	ErrNaN = sentinel(CodeNaN)
	// ErrBrokenInvariant: a check of the tesseradebug build found the
	// world's storage in a state it must never be in (a bug in world).
	ErrBrokenInvariant = sentinel(CodeBrokenInvariant)
	// ErrInvalidDefinition: a Define function was given options that
	// contradict each other or name an undefined component.
	ErrInvalidDefinition = sentinel(CodeInvalidDefinition)
	// ErrUndeclared: a system that declares its access used a component
	// or resource, or made a structural change, its declarations do not
	// cover (see [System]). Field names the declaration list that lacks
	// it.
	ErrUndeclared = sentinel(CodeUndeclared)
	// ErrConcurrent: a call that must not run beside other systems (making
	// a tracker or a subscription, changing the systems, running a phase,
	// spawning in a batch of a parallel walk, ordering a target's sources) was made from a system that
	// declares its access, or a world was used from a goroutine it was not
	// handed to.
	ErrConcurrent = sentinel(CodeConcurrent)
	// ErrBadBatchSize: a parallel walk was given a batch size below 1.
	ErrBadBatchSize = sentinel(CodeBadBatchSize)
	// ErrEmptySnapshot: [World.Restore] was given a [Snapshot] that no
	// [World.Snapshot] filled.
	ErrEmptySnapshot = sentinel(CodeEmptySnapshot)
	// ErrBadIDs: [World.MakeIDs] was given ids that no world could hold
	// (a slot twice, a generation 0, a slot past the count) or a world
	// that has made entities already.
	ErrBadIDs = sentinel(CodeBadIDs)
	// ErrBadOrder: [Relation.OrderSources] was given a list that is not
	// the target's sources in some order.
	ErrBadOrder = sentinel(CodeBadOrder)
	// ErrNotAnID: [ParseEntity] or [Entity.UnmarshalText] was given a text
	// that is not an entity id.
	ErrNotAnID = sentinel(CodeNotAnID)
)

// hints say how to fix each kind of error; [Error.Hint] falls back to
// them.
var hints = map[Code]string{
	CodeDeadEntity:        "check World.IsAlive first, or keep the entity alive; ids of destroyed entities stay dead",
	CodeMissingComponent:  "use Get and test its ok result, or add the component first",
	CodeNotFields:         "use fixed-size number fields only (int32, float64, arrays and structs of them), or DefineComponent",
	CodeUndefined:         "make handles with DefineComponent, DefineFields, DefineTag, DefineRelation, DefineResource or DefineEvent, never as zero values",
	CodeDuplicateSystem:   "give each system a unique name, or RemoveSystem the old one first",
	CodeInvalidSystem:     "give the system a name, a Run function and the phase Fixed or Frame",
	CodeUnknownSystem:     "check the name against World.SystemNames",
	CodePanic:             "see the panic value and its stack",
	CodeHookPanic:         "fix the hook: a hook's panic never stops the change it reacts to",
	CodeSystemFailed:      "see the error the system returned",
	CodeDuringWalk:        "call it between walks and system runs, such as when a scene is left",
	CodeNestedRun:         "run each phase once at a time; systems of one phase must not call Run of it",
	CodeNoSlotLeft:        "destroy entities you no longer need",
	CodeBadArity:          "name 1 to 8 components",
	CodeCycle:             "detach the target from the source's subtree first, or choose another target",
	CodeReadOnly:          "change the relationship on its sources (Relation.Set, World.Remove); the world keeps the reverse side",
	CodeNaN:               "check the computation that produced the value (a division by zero, the square root of a negative number)",
	CodeBrokenInvariant:   "report a bug in package world, with the operations that led here",
	CodeInvalidDefinition: "see the option named in the message",
	CodeUndeclared:        "add the component or resource to the system's declaration named in the message, or make the system exclusive",
	CodeBadBatchSize:      "give a batch size of at least 1; a few thousand entities a batch suits light work",
	CodeConcurrent:        "make the call from an exclusive system or between runs; in a system that declares its access, use ctx.World",
	CodeEmptySnapshot:     "fill the snapshot with World.Snapshot before restoring it",
	CodeBadIDs:            "give MakeIDs what World.Entities and World.FreeIDs of one world returned, to a new world",
	CodeBadOrder:          "give every entity Relation.Sources returns, once each: slices.Clone them and sort the copy",
	CodeNotAnID:           "write an entity id as Entity.String does: its slot, v, its generation, such as 3v1",
}

// Error is the error world returns and panics with, and that other
// packages (prefab) may use for their own: a stable [Code], the details
// that locate the problem, and a hint at the fix. errors.Is matches it
// against the sentinel of its code ([ErrDeadEntity] …); errors.As finds it
// for the details. Only Code is required; the message leaves out the
// details that are zero.
type Error struct {
	Code      Code
	Op        string // the operation, such as "Require", "Add" or "Died"
	Entity    Entity // the entity concerned; 0 for none
	Other     Entity // a second entity, such as a relationship's target; 0 for none
	Component string // the component's name
	System    string // the system's name
	Field     string // the field of the component, such as "X" or "Pos.Y"
	Value     any    // the offending value, when there is one
	Hint      string // how to fix it; see [Error.HintText]
	Err       error  // the cause, when there is one
}

// sentinel returns the sentinel of code: an *Error with only its code.
func sentinel(code Code) *Error { return &Error{Code: code} }

// Error returns a message such as
// "world: Require[Health] on entity 12v3: missing component": the code's
// package, the operation and component, the entities, the code's reason,
// the field and value, and the cause.
func (e *Error) Error() string {
	pkg, reason, _ := strings.Cut(string(e.Code), ".")
	var b strings.Builder
	b.WriteString(pkg)
	b.WriteString(": ")
	subject := false
	if e.Op != "" {
		b.WriteString(e.Op)
		subject = true
	}
	if e.Component != "" {
		if e.Op != "" {
			b.WriteString("[" + e.Component + "]")
		} else {
			b.WriteString(e.Component)
		}
		subject = true
	}
	switch {
	case e.System != "" && e.Op != "" && e.Component == "":
		fmt.Fprintf(&b, "(%q)", e.System)
	case e.System != "":
		if subject {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "system %q", e.System)
		subject = true
	}
	// The zero Entity means none, except in errors about an entity, where
	// a forged or zero id is worth naming.
	if e.Entity != 0 || e.Code == CodeDeadEntity || e.Code == CodeMissingComponent {
		if subject {
			b.WriteByte(' ')
		}
		b.WriteString("on entity " + e.Entity.String())
		subject = true
	}
	if e.Other != 0 {
		b.WriteString(" and " + e.Other.String())
	}
	if subject {
		b.WriteString(": ")
	}
	b.WriteString(strings.ReplaceAll(reason, "-", " "))
	if e.Field != "" || e.Value != nil {
		b.WriteString(" (")
		if e.Field != "" {
			b.WriteString(e.Field)
			if e.Value != nil {
				b.WriteString(" = ")
			}
		}
		if e.Value != nil {
			fmt.Fprint(&b, e.Value)
		}
		b.WriteByte(')')
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(reasonOf(e.Err))
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error of the same code, which is how
// an error matches its code's sentinel.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// HintText returns how to fix the error: its Hint, or the code's usual
// hint when Hint is empty.
func (e *Error) HintText() string {
	if e.Hint != "" {
		return e.Hint
	}
	return hints[e.Code]
}

// CodeOf returns the code of the first [*Error] in err's chain; failing
// that [CodePanic] for a [*PanicError] or [CodeSystemFailed] for a
// [*SystemError] whose causes have no code; and "" when err carries no code
// (nil, or an error of another kind). So for a system that panicked with a
// world error, it is that error's code.
func CodeOf(err error) Code {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	if _, ok := errors.AsType[*PanicError](err); ok {
		return CodePanic
	}
	if _, ok := errors.AsType[*SystemError](err); ok {
		return CodeSystemFailed
	}
	return ""
}

// PanicError is a panic the world recovered: in a system, a Dispose, or a
// function given to [World.Recover]. It matches [ErrPanic], and unwraps to
// the panic value when that is an error, so errors.Is and errors.As find
// what the code panicked with.
type PanicError struct {
	Op    string // what panicked, such as "Dispose"; "" for a system or a Recover
	Value any    // the value the code panicked with
}

// Error returns a message such as "world: panic: boom" or
// "world: Dispose: panic: boom".
func (e *PanicError) Error() string {
	if e.Op != "" {
		return fmt.Sprintf("world: %s: panic: %v", e.Op, e.Value)
	}
	return fmt.Sprintf("world: panic: %v", e.Value)
}

// Unwrap returns the panic value when it is an error, and nil otherwise.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Is reports whether target is [ErrPanic].
func (e *PanicError) Is(target error) bool { return target == error(ErrPanic) }

// SystemError reports a system that returned an error or panicked, or
// whose Dispose panicked, naming the system and its phase. It matches
// [ErrSystemFailed]; the error it wraps keeps its own code
// ([ErrPanic] for a panic).
type SystemError struct {
	System string
	Phase  Phase
	Err    error  // what the system returned, or a *PanicError
	Stack  []byte // the goroutine's stack where the system panicked; nil otherwise
}

// Error returns a message such as
// `world: system "move" (fixed): panic: boom`, or for an error it
// returned `world: system "move" (fixed): no path to target`.
func (e *SystemError) Error() string {
	return fmt.Sprintf("world: system %q (%v): %s", e.System, e.Phase, reasonOf(e.Err))
}

// Unwrap returns the system's error.
func (e *SystemError) Unwrap() error { return e.Err }

// Is reports whether target is [ErrSystemFailed].
func (e *SystemError) Is(target error) bool { return target == error(ErrSystemFailed) }

// reasonOf drops the package prefix of a wrapped error's text, so
// messages say "world:" once.
func reasonOf(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "world: ")
}

// panicError turns a recovered panic value into a *PanicError.
func panicError(r any) error { return &PanicError{Value: r} }
