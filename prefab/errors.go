package prefab

import (
	"strings"

	"github.com/tessera-engine/tessera/internal/loaderr"
	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/world"
)

// The codes of the errors prefab returns and panics with: each error is,
// or wraps, a [*world.Error] of one of them, with the details that locate
// the problem and a hint at the fix ([world.Error.HintText]). Codes are
// stable: programs and tools may branch on them ([world.CodeOf]). Each has
// an Err sentinel beside it for errors.Is.
const (
	CodeSyntax              world.Code = "prefab.syntax-error"
	CodeUnknownComponent    world.Code = "prefab.unknown-component"
	CodeUnknownBase         world.Code = "prefab.unknown-base"
	CodeCycle               world.Code = "prefab.cycle"
	CodeBadValue            world.Code = "prefab.bad-value"
	CodeUnknownField        world.Code = "prefab.unknown-field"
	CodeDuplicatePrefab     world.Code = "prefab.duplicate-prefab"
	CodeDuplicateComponent  world.Code = "prefab.duplicate-component"
	CodeUnknownPrefab       world.Code = "prefab.unknown-prefab"
	CodeUnknownChild        world.Code = "prefab.unknown-child"
	CodeDuplicateChild      world.Code = "prefab.duplicate-child"
	CodeCannotPlace         world.Code = "prefab.cannot-place"
	CodeLimit               world.Code = "prefab.over-limit"
	CodeAsset               world.Code = "prefab.bad-asset"
	CodeFile                world.Code = "prefab.unreadable-file"
	CodeUncopyable          world.Code = "prefab.uncopyable"
	CodeInvalidRegistration world.Code = "prefab.invalid-registration"
)

// Sentinel errors, for errors.Is: an error matches the sentinel of its
// code, whatever its details. Every error a load returns is a
// [*LoadError] wrapping a [*world.Error] of one of these codes.
var (
	// ErrSyntax: a file that is not YAML, or not shaped like a prefab
	// file: a top level that is not a mapping of prefab names, a prefab
	// key other than extends, components and children, a component given
	// twice.
	ErrSyntax = sentinel(CodeSyntax)
	// ErrUnknownComponent: a component name the library has not
	// registered.
	ErrUnknownComponent = sentinel(CodeUnknownComponent)
	// ErrUnknownBase: a prefab that extends a prefab no file and no code
	// defines.
	ErrUnknownBase = sentinel(CodeUnknownBase)
	// ErrCycle: a prefab that extends itself or is its own descendant
	// (a child of itself, of a child of itself ...), directly or through
	// other prefabs.
	ErrCycle = sentinel(CodeCycle)
	// ErrBadValue: a value that does not fit the Go type of its field or
	// component.
	ErrBadValue = sentinel(CodeBadValue)
	// ErrUnknownField: a key that is not a field of the component's Go
	// type; also a [Registration.At] naming no field.
	ErrUnknownField = sentinel(CodeUnknownField)
	// ErrDuplicatePrefab: a prefab name defined twice: in two files,
	// twice in one file, or in a file and in code.
	ErrDuplicatePrefab = sentinel(CodeDuplicatePrefab)
	// ErrDuplicateComponent: [Library.Register] of a component name that
	// is registered already.
	ErrDuplicateComponent = sentinel(CodeDuplicateComponent)
	// ErrUnknownPrefab: a prefab name the library does not hold:
	// [Library.Spawn] of an unknown name, a child naming an unknown
	// prefab, or a part attached with [Library.Attach] to a prefab no
	// file defines.
	ErrUnknownPrefab = sentinel(CodeUnknownPrefab)
	// ErrUnknownChild: a variant's child that names no child of its base
	// and gives no prefab to add one.
	ErrUnknownChild = sentinel(CodeUnknownChild)
	// ErrDuplicateChild: two children of one prefab with the same name.
	ErrDuplicateChild = sentinel(CodeDuplicateChild)
	// ErrCannotPlace: a child's at, in a library no registration of which
	// places children (see [Registration.At]).
	ErrCannotPlace = sentinel(CodeCannotPlace)
	// ErrLimit: a file over one of the library's [Limits] (too large, too
	// many nodes, aliases that expand too far, values nested too deep),
	// and the last error of a file with more problems than a load
	// reports, which counts the rest.
	ErrLimit = sentinel(CodeLimit)
	// ErrAsset: a value that names an asset the library's asset loader
	// cannot load (see [Library.UseAssets]): a missing file, an atlas
	// without the frame named. Such an error also wraps the loader's own
	// error, so errors.Is finds, say, assets.ErrNotFound too.
	ErrAsset = sentinel(CodeAsset)
	// ErrFile: a file or directory that could not be listed or read, or
	// is not a regular file. It wraps the system's error, so errors.Is
	// finds fs.ErrNotExist, say, too.
	ErrFile = sentinel(CodeFile)
	// ErrUncopyable: the panic of [Value], [Patch] and [Component] for a
	// type or value that cannot be deep-copied.
	ErrUncopyable = sentinel(CodeUncopyable)
	// ErrInvalidRegistration: a zero [Registration] given to
	// [Library.Register], two registrations that both place children
	// ([Registration.At]), or the panic of [Component] for a type two of
	// whose fields have one YAML key.
	ErrInvalidRegistration = sentinel(CodeInvalidRegistration)
)

func sentinel(code world.Code) *world.Error { return &world.Error{Code: code} }

// hints say how to fix each kind of error; every error prefab makes
// carries its code's hint unless it has a better one.
var hints = map[world.Code]string{
	CodeSyntax:              "a prefab file maps prefab names to mappings of extends, components and children; see docs/PREFABS.md",
	CodeUnknownComponent:    "check the spelling, or register the component with the library (prefab.Component)",
	CodeUnknownBase:         "check the spelling, or load the file that defines the base",
	CodeCycle:               "break the cycle: a prefab cannot extend itself or be its own descendant",
	CodeBadValue:            "write a value of the type the message names",
	CodeUnknownField:        "check the spelling against the component's fields (the schema lists them)",
	CodeDuplicatePrefab:     "rename one of the prefabs, or delete one",
	CodeDuplicateComponent:  "register each component once, or give one another name with Registration.As",
	CodeUnknownPrefab:       "check the spelling, or load the file that defines the prefab",
	CodeUnknownChild:        "give the child a prefab to add it, or use the name of one of the base's children",
	CodeDuplicateChild:      "give each child of a prefab its own name",
	CodeCannotPlace:         "register the component that places children with Registration.At (engine.Components has one), or set its value in components",
	CodeLimit:               "make the file smaller, or raise the limit with Library.SetLimits",
	CodeAsset:               "check the asset's path, and that the game's asset loader holds it",
	CodeFile:                "check that the path exists, is readable and is a regular file",
	CodeUncopyable:          "give the type a Clone method, or give the component with a Factory",
	CodeInvalidRegistration: "make registrations with prefab.Component, and let only one of them place children",
}

// newError returns an error of code with the code's hint.
func newError(code world.Code) *world.Error {
	return &world.Error{Code: code, Hint: hints[code]}
}

// LoadError is one problem found while loading prefab data: where it is,
// which prefab, component and field it concerns, and what is wrong. Err
// says what is wrong (its text is the message without the position, such
// as `unknown field "hp"`) and wraps a [*world.Error]: its code says what
// kind of problem it is (it matches one of the Err sentinels, and
// errors.As or [world.CodeOf] find it), with the details and a hint, and
// it wraps the cause when there is one (a file system's error, a value's
// own decoding error). A load that finds several problems returns them
// all, joined with [errors.Join]; [Errors] lists them.
type LoadError struct {
	File      string // the file's name as loaded, such as "levels/orcs.yaml"
	Line, Col int    // 1-based position in File; 0 when unknown
	Prefab    string // the prefab's name, if the problem is inside one
	Child     string // the child's path inside the prefab, its names (or numbers from 1) joined by "/", such as "wheel" or "2/bolt"
	Component string // the component's name, if the problem is inside one
	Field     string // the field's path inside the component, such as "resist.fire" or "items[2]"
	Err       error
}

// Error returns a message such as
// `levels/orcs.yaml:14:3: prefab "grunt": component "Health": unknown field "hp"`,
// or for a child `pipes.yaml:6:9: prefab "pipe": child "top": component "Sprite": ...`.
// Parts that are empty are left out.
func (e *LoadError) Error() string {
	var b strings.Builder
	loaderr.WritePosition(&b, e.File, e.Line, e.Col)
	msg, names := reason(e.Err), ""
	if w, ok := e.Err.(*why); ok {
		names = w.names
	}
	// A message that quotes the component or field it is about
	// ("unknown field "hp"") does not need it said twice.
	segment := func(what, name string) {
		if name != "" && what != names {
			b.WriteString(what)
			b.WriteByte(' ')
			b.WriteString(yamltext.Quote(name))
			b.WriteString(": ")
		}
	}
	segment("prefab", e.Prefab)
	segment("child", e.Child)
	segment("component", e.Component)
	segment("field", e.Field)
	b.WriteString(msg)
	return b.String()
}

// Unwrap returns Err, which wraps a [*world.Error] with the code.
func (e *LoadError) Unwrap() error { return e.Err }

// Errors returns every [*LoadError] in err: err itself, or each of the
// errors it joins, in order. It returns nil for a nil err.
func Errors(err error) []*LoadError { return loaderr.All[*LoadError](err) }

// problem returns a *LoadError of code saying msg, caused by cause (nil
// for none), with the code's hint.
func problem(code world.Code, msg string, cause error) *LoadError {
	we := newError(code)
	we.Err = cause
	return &LoadError{Err: &why{msg: msg, coded: we}}
}

// why is a *LoadError's Err: the words it says, wrapping the
// *world.Error with the code, the details and the cause, which errors.Is
// and errors.As then find.
type why struct {
	msg   string
	coded *world.Error
	names string // "component" or "field": msg quotes the one it is about
}

func (w *why) Error() string { return w.msg }

func (w *why) Unwrap() error { return w.coded }

// coded returns the *world.Error of a *LoadError made by problem, or nil.
func (e *LoadError) coded() *world.Error {
	if w, ok := e.Err.(*why); ok {
		return w.coded
	}
	return nil
}

// placed returns p at file:line:col.
func placed(p *LoadError, file string, line, col int) *LoadError {
	p.File, p.Line, p.Col = file, line, col
	return p
}

// code returns the code of a *LoadError made by problem.
func (e *LoadError) code() world.Code { return world.CodeOf(e.Err) }

// reason drops the package prefix from an error's text, so that a message
// says "prefab:" at most once.
func reason(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "prefab: ")
}

// unknownPrefab is the error of op naming a prefab the library lacks.
func unknownPrefab(op, name string) error {
	e := newError(CodeUnknownPrefab)
	e.Op, e.Value = op, yamltext.Clip(name, yamltext.QuoteLen)
	return e
}

// uncopyable is the panic of op on a component (or type) whose values
// cannot be copied, for why.
func uncopyable(op, component string, why error, hint string) error {
	e := newError(CodeUncopyable)
	e.Op, e.Component, e.Err = op, component, why
	if hint != "" {
		e.Hint = hint
	}
	return e
}
