package prefab

import (
	"errors"
	"strings"

	"github.com/tessera-engine/tessera/internal/loaderr"
	"github.com/tessera-engine/tessera/internal/yamltext"
)

// Sentinel errors, for errors.Is. Every error a load returns is a
// [*LoadError] wrapping one of them.
var (
	// ErrSyntax is wrapped by errors about a file that is not YAML, or not
	// shaped like a prefab file: a top level that is not a mapping of
	// prefab names, a prefab key other than extends and components, a
	// component given twice.
	ErrSyntax = errors.New("prefab: syntax error")
	// ErrUnknownComponent is wrapped by errors about a component name the
	// library has not registered.
	ErrUnknownComponent = errors.New("prefab: unknown component")
	// ErrUnknownBase is wrapped by errors about a prefab that extends a
	// prefab no file and no code defines.
	ErrUnknownBase = errors.New("prefab: unknown base")
	// ErrCycle is wrapped by errors about a prefab that extends itself, or
	// a chain of prefabs that extends its own start.
	ErrCycle = errors.New("prefab: cycle in extends")
	// ErrBadValue is wrapped by errors about a value that does not fit the
	// Go type of its field or component.
	ErrBadValue = errors.New("prefab: bad value")
	// ErrUnknownField is wrapped by errors about a key that is not a field
	// of the component's Go type.
	ErrUnknownField = errors.New("prefab: unknown field")
	// ErrDuplicatePrefab is wrapped by errors about a prefab name defined
	// twice: in two files, twice in one file, or in a file and in code.
	ErrDuplicatePrefab = errors.New("prefab: duplicate prefab")
	// ErrDuplicateComponent is wrapped by the error of [Library.Register]
	// for a component name that is registered already.
	ErrDuplicateComponent = errors.New("prefab: duplicate component")
	// ErrUnknownPrefab is wrapped by errors about a prefab name that the
	// library does not hold: [Library.Spawn] of an unknown name, or a part
	// attached with [Library.Attach] to a prefab no file defines.
	ErrUnknownPrefab = errors.New("prefab: unknown prefab")
	// ErrLimit is wrapped by errors about a file over one of the
	// library's [Limits] (too large, too many nodes, aliases that expand
	// too far, values nested too deep), and by the last error of a file
	// with more problems than a load reports, which counts the rest.
	ErrLimit = errors.New("prefab: over a limit")
	// ErrAsset is wrapped by errors about a value that names an asset the
	// library's asset loader cannot load (see [Library.UseAssets]): a
	// missing file, an atlas without the frame named. Such an error also
	// wraps the loader's own error, so errors.Is finds, say,
	// assets.ErrNotFound too.
	ErrAsset = errors.New("prefab: bad asset reference")
	// ErrUncopyable is wrapped by the panic of [Value], [Patch] and
	// [Component] for a type or value that cannot be deep-copied.
	ErrUncopyable = errors.New("prefab: value cannot be copied")
)

// LoadError is one problem found while loading prefab data: where it is,
// which prefab, component and field it concerns, and what is wrong. Err
// wraps one of the sentinel errors. A load that finds several problems
// returns them all, joined with [errors.Join]; [Errors] lists them.
type LoadError struct {
	File      string // the file's name as loaded, such as "levels/orcs.yaml"
	Line, Col int    // 1-based position in File; 0 when unknown
	Prefab    string // the prefab's name, if the problem is inside one
	Component string // the component's name, if the problem is inside one
	Field     string // the field's path inside the component, such as "resist.fire" or "items[2]"
	Err       error
}

// Error returns a message such as
// `levels/orcs.yaml:14:3: prefab "grunt": component "Health": unknown field "hp"`.
// Parts that are empty are left out.
func (e *LoadError) Error() string {
	var b strings.Builder
	loaderr.WritePosition(&b, e.File, e.Line, e.Col)
	msg := reason(e.Err)
	// A message that quotes the component or field it is about
	// ("unknown field "hp"") does not need it said twice.
	var names string
	if d, ok := e.Err.(*detail); ok {
		names = d.names
	}
	segment := func(what, name string) {
		if name != "" && what != names {
			b.WriteString(what)
			b.WriteByte(' ')
			b.WriteString(yamltext.Quote(name))
			b.WriteString(": ")
		}
	}
	segment("prefab", e.Prefab)
	segment("component", e.Component)
	segment("field", e.Field)
	b.WriteString(msg)
	return b.String()
}

// Unwrap returns the error's cause, which wraps a sentinel error.
func (e *LoadError) Unwrap() error { return e.Err }

// Errors returns every [*LoadError] in err: err itself, or each of the
// errors it joins, in order. It returns nil for a nil err.
func Errors(err error) []*LoadError { return loaderr.All[*LoadError](err) }

// detail is a sentinel with the words that say what exactly is wrong:
// errors.Is matches the sentinel, and the message is the detail alone.
type detail struct {
	kind  error
	msg   string
	cause error  // the value's own error (an UnmarshalText's), or nil
	names string // "component" or "field": msg quotes the one it is about
}

func (d *detail) Error() string { return d.msg }

// Unwrap returns the kind and, when there is one, the value's own error,
// so errors.Is finds both: ErrBadValue and, say, systems.ErrTagName.
func (d *detail) Unwrap() []error {
	if d.cause != nil {
		return []error{d.kind, d.cause}
	}
	return []error{d.kind}
}

// reason drops the package prefix from an error's text, so that a message
// says "prefab:" at most once.
func reason(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "prefab: ")
}
