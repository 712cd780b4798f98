package save

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors, for errors.Is. Every problem a load reports is an
// [*Error] wrapping one of them (a cancelled load's error wraps the
// context's error instead).
var (
	// ErrSyntax: the save is not YAML, or not of the save's shape (a
	// list where a mapping belongs, a key the format does not have).
	ErrSyntax = errors.New("save: invalid save")
	// ErrVersion: the save's version is one this build cannot read.
	ErrVersion = errors.New("save: unknown version")
	// ErrUnknownPrefab: an entity names a prefab the library does not
	// hold, or a child its parent's prefab no longer has.
	ErrUnknownPrefab = errors.New("save: unknown prefab")
	// ErrUnknownComponent: an entity names a component, or a link a
	// relationship, the codec was not given (removed from the build, or
	// misspelt). [LoadOptions.IgnoreRemoved] skips them instead.
	ErrUnknownComponent = errors.New("save: unknown component")
	// ErrUnknownField: a component's field the component's type lacks
	// (removed from the build, or misspelt). [LoadOptions.IgnoreRemoved]
	// skips them instead.
	ErrUnknownField = errors.New("save: unknown field")
	// ErrValue: a value its field cannot hold, or one the world refuses
	// (a NaN), or a custom load function's error.
	ErrValue = errors.New("save: invalid value")
	// ErrIDs: the save's entity ids cannot be those of one world (an id
	// twice, a slot past the count) or a link names a dead entity.
	ErrIDs = errors.New("save: invalid entity ids")
	// ErrCompact: a compact entity string or definition that does not
	// decode; the error wraps the [compact] package's error too.
	ErrCompact = errors.New("save: invalid compact entity")
	// ErrTooLarge: the save is past [LoadOptions.MaxBytes] or its YAML
	// past [LoadOptions.MaxNodes] nodes (aliases expanded).
	ErrTooLarge = errors.New("save: save too large")
	// ErrUnsaved: [Codec.Save] met a component the codec was not given
	// whose value a load could not give back (not from the entity's
	// prefab). [SaveOptions.SkipUnknown] leaves such components out.
	ErrUnsaved = errors.New("save: component not registered")
)

// Error is one problem of a save: where it is (file:line:col, for a
// load), which entity, prefab, component and field it concerns, and what
// is wrong. Err wraps one of the sentinel errors.
type Error struct {
	File      string // the name the load was given; "" for none
	Line, Col int    // 1-based; 0 when not known
	Entity    string // the entity's id as the save writes it ("3v1"); "" for none
	Prefab    string
	Component string
	Field     string
	Err       error
}

// Error returns a message such as
// `slot.yaml:14:7: entity 3v1 (prefab "goblin"): component "Health": field "hpp": save: unknown field`.
// Parts that are unknown are left out.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" || e.Line > 0 {
		b.WriteString(e.File)
		if e.Line > 0 {
			if e.File != "" {
				b.WriteByte(':')
			}
			b.WriteString(strconv.Itoa(e.Line))
			if e.Col > 0 {
				b.WriteByte(':')
				b.WriteString(strconv.Itoa(e.Col))
			}
		}
		b.WriteString(": ")
	}
	if e.Entity != "" {
		b.WriteString("entity ")
		b.WriteString(e.Entity)
		if e.Prefab != "" {
			b.WriteString(" (prefab ")
			b.WriteString(strconv.Quote(e.Prefab))
			b.WriteString(")")
		}
		b.WriteString(": ")
	} else if e.Prefab != "" {
		b.WriteString("prefab ")
		b.WriteString(strconv.Quote(e.Prefab))
		b.WriteString(": ")
	}
	if e.Component != "" {
		b.WriteString("component ")
		b.WriteString(strconv.Quote(e.Component))
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString("field ")
		b.WriteString(strconv.Quote(e.Field))
		b.WriteString(": ")
	}
	if e.Err == nil {
		b.WriteString("<nil>")
	} else {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the error's cause, which wraps a sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// Errors returns the [*Error]s in err, as a failed load joins them, in
// the order they were found.
func Errors(err error) []*Error {
	var out []*Error
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		if e, ok := err.(*Error); ok {
			out = append(out, e)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
			return
		}
		walk(errors.Unwrap(err))
	}
	walk(err)
	return out
}

// detail is a sentinel with the words that say what exactly is wrong.
type detail struct {
	kind error
	msg  string
}

func (d *detail) Error() string { return d.kind.Error() + ": " + d.msg }
func (d *detail) Unwrap() error { return d.kind }

// because returns an error of kind saying msg.
func because(kind error, msg string) error { return &detail{kind, msg} }

// both is an error of kind caused by err: errors.Is matches either.
type both struct {
	kind error
	err  error
}

func (b *both) Error() string   { return b.kind.Error() + ": " + b.err.Error() }
func (b *both) Unwrap() []error { return []error{b.kind, b.err} }
