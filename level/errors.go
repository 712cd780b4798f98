package level

import (
	"errors"
	"strings"

	"github.com/tessera-engine/tessera/internal/loaderr"
)

// Sentinel errors, for errors.Is. Every error [Load] returns is a
// [*LoadError] wrapping one of them; the errors of other packages that
// caused it (prefab's, assets', systems') are wrapped too, so
// errors.Is(err, prefab.ErrUnknownField) holds for a misspelt field.
var (
	// ErrSyntax is wrapped by errors about a file that is not well-formed
	// XML, not a Tiled map or tileset, or holds a value Tiled would not
	// write (a width that is not a number, tile data that does not
	// decode).
	ErrSyntax = errors.New("level: syntax error")
	// ErrUnsupported is wrapped by errors about a Tiled feature Tessera
	// does not read: infinite, isometric, staggered and hexagonal maps,
	// embedded tilesets, object templates, parallax, repeated image
	// layers, class properties, tilesets that align objects other than
	// by their bottom-left corner.
	ErrUnsupported = errors.New("level: unsupported Tiled feature")
	// ErrNotFound is wrapped by errors about a tileset, template or image
	// file the map names that cannot be read: missing, not a regular
	// file, or a path outside the file system.
	ErrNotFound = errors.New("level: file not found")
	// ErrUnknownPrefab is wrapped by errors about an object whose class
	// names no prefab of the library, or that has no class.
	ErrUnknownPrefab = errors.New("level: unknown prefab")
	// ErrUnknownProperty is wrapped by errors about a custom property the
	// map may not hold there: on an object, neither a component's field
	// (Component.field) nor a property the game reads
	// ([Options.Properties]); on a layer or a tile, none of the ones
	// Tessera reads nor the game's.
	ErrUnknownProperty = errors.New("level: unknown property")
	// ErrBadValue is wrapped by errors about a property whose value does
	// not fit: a field of another type, a collision tag or draw layer no
	// one named, a colour that is not one.
	ErrBadValue = errors.New("level: bad property value")
	// ErrTile is wrapped by errors about a tile that no tileset holds, or
	// that its tileset cannot draw or collide.
	ErrTile = errors.New("level: bad tile")
	// ErrLimit is wrapped by errors about a map over one of the [Limits].
	ErrLimit = errors.New("level: over a limit")
)

// LoadError is one problem of a map: the file (the map, or a tileset it
// uses), the position there (1-based; 0 when unknown), the layer and the
// object it concerns, and what is wrong. Err wraps one of the sentinel
// errors. A load that finds several problems returns them all, joined
// with [errors.Join]; [Errors] lists them.
type LoadError struct {
	File      string // such as "maps/hall.tmx" or "maps/walls.tsx"
	Line, Col int
	Layer     string // the layer's name, if the problem is inside one
	// Object names the object: its id, name, class and position in the
	// map, such as `object 7 "east" (door-east) at (1108, 380)`.
	Object string
	Err    error
}

// Error returns a message such as
// `maps/hall.tmx:31:4: layer "things": object 7 "east" (door-east) at (1108, 380): property "Door.too": unknown field "too" (did you mean "to"?)`.
// Parts that are empty are left out.
func (e *LoadError) Error() string {
	var b strings.Builder
	loaderr.WritePosition(&b, e.File, e.Line, e.Col)
	if e.Layer != "" {
		b.WriteString("layer ")
		b.WriteString(quote(e.Layer))
		b.WriteString(": ")
	}
	if e.Object != "" {
		b.WriteString(e.Object)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the error's cause, which wraps a sentinel error.
func (e *LoadError) Unwrap() error { return e.Err }

// Errors returns every [*LoadError] in err: err itself, or each of the
// errors it joins, in order. It returns nil for a nil err.
func Errors(err error) []*LoadError { return loaderr.All[*LoadError](err) }

// problem is a sentinel with the words that say what exactly is wrong,
// and the error that caused it, if any: errors.Is matches all three, and
// the message is msg alone.
type problem struct {
	kind  error
	msg   string
	cause error
}

func (p *problem) Error() string   { return p.msg }
func (p *problem) Unwrap() []error { return []error{p.kind, p.cause} }

// maxProblems is how many problems of one load are reported one by one;
// one last error counts the rest.
const maxProblems = 100

// report collects the problems of one load.
type report struct {
	errs []*LoadError
	more int
}

// add records a problem; past maxProblems it is only counted.
func (r *report) add(e *LoadError) {
	if len(r.errs) < maxProblems {
		r.errs = append(r.errs, e)
	} else {
		r.more++
	}
}

// err returns the problems joined, or nil if there are none.
func (r *report) err(file string) error {
	if len(r.errs) == 0 {
		return nil
	}
	out := make([]error, 0, len(r.errs)+1)
	for _, e := range r.errs {
		out = append(out, e)
	}
	if r.more > 0 {
		out = append(out, &LoadError{File: file, Err: &problem{kind: ErrLimit, msg: "and " + itoa(r.more) + " more problems"}})
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}
