package assets

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-engine/tessera/internal/loaderr"
)

// Sentinel errors, for errors.Is. Every error a load returns is a
// [*LoadError] wrapping one of them or [ErrLimit] (or, for a file that
// could not be read for another reason, the file system's error).
var (
	// ErrNotFound is wrapped by errors about a file the file system does
	// not hold, or a path that is not a valid [io/fs.FS] path (such errors
	// also match fs.ErrNotExist or fs.ErrInvalid), or that names something
	// other than a regular file: a directory, a named pipe, a device.
	ErrNotFound = errors.New("assets: file not found")
	// ErrFormat is wrapped by errors about a file that is not of the kind
	// asked for: not a PNG, not a TrueType or OpenType font, not a WAV or
	// Ogg Vorbis sound, or a WAV encoding ebitengine cannot play.
	ErrFormat = errors.New("assets: wrong file format")
	// ErrDecode is wrapped by errors about a file of the right format whose
	// content cannot be decoded: a corrupt PNG, YAML that does not parse,
	// a YAML value that does not fit its Go type.
	ErrDecode = errors.New("assets: cannot decode")
	// ErrUnknownField is wrapped by errors about a YAML key that neither
	// the atlas format nor the Go type being decoded into has.
	ErrUnknownField = errors.New("assets: unknown field")
	// ErrBounds is wrapped by errors about an atlas frame that does not lie
	// inside its image, or a grid whose cells do not fit in it.
	ErrBounds = errors.New("assets: frame out of bounds")
)

// LoadError is one problem found while loading an asset: the file, the
// position in it when the file is text (1-based; 0 when unknown or when
// the file is binary) and what is wrong. Err wraps one of the sentinel
// errors. A load that finds several problems in one file returns them all,
// joined with [errors.Join]; [Errors] lists them.
type LoadError struct {
	Path      string // the file, as given to the loader but cleaned, such as "sprites/hero.png"
	Line, Col int
	Err       error
}

// Error returns a message such as
// `sprites/hero.yaml:4:3: frame "idle-1" (40,0)-(56,16) is outside the image hero.png (0,0)-(32,32)`.
func (e *LoadError) Error() string {
	var b strings.Builder
	loaderr.WritePosition(&b, e.Path, e.Line, e.Col)
	b.WriteString(reason(e.Err))
	return b.String()
}

// Unwrap returns the error's cause, which wraps a sentinel error.
func (e *LoadError) Unwrap() error { return e.Err }

// Errors returns every [*LoadError] in err: err itself, or each of the
// errors it joins, in order. It returns nil for a nil err.
func Errors(err error) []*LoadError { return loaderr.All[*LoadError](err) }

// detail is a sentinel with the words that say what exactly is wrong, and
// optionally the error that caused it: errors.Is matches both, and the
// message is the detail alone.
type detail struct {
	kind  error
	msg   string
	cause error
	count bool // counts the problems not reported one by one: it comes last
}

// moreProblems returns the error that counts the n problems of file p not
// reported one by one.
func moreProblems(p string, n int) *LoadError {
	return &LoadError{Path: p, Err: &detail{kind: ErrDecode, msg: fmt.Sprintf("and %d more problems", n), count: true}}
}

func (d *detail) Error() string { return d.msg }

func (d *detail) Unwrap() []error {
	if d.cause == nil {
		return []error{d.kind}
	}
	return []error{d.kind, d.cause}
}

func newError(path string, kind error, msg string) *LoadError {
	return &LoadError{Path: path, Err: &detail{kind: kind, msg: msg}}
}

// reason drops the package prefix from an error's text, so that a message
// says "assets:" at most once.
func reason(err error) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), "assets: ")
}
