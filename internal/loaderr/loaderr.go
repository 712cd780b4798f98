// Package loaderr holds what the error types of Tessera's loaders (assets,
// prefab) share: the "file:line:col: " position their messages start
// with, and the walk that finds every error of a type in a joined error.
// It imports the standard library only.
package loaderr

import (
	"errors"
	"strconv"
	"strings"
)

// WritePosition writes "file:line:col: " to b, leaving out a line or
// column that is 0 (unknown), and nothing at all when file is empty.
func WritePosition(b *strings.Builder, file string, line, col int) {
	if file == "" {
		return
	}
	b.WriteString(file)
	if line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(line))
		if col > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(col))
		}
	}
	b.WriteString(": ")
}

// All returns every error of type E in err: err itself, or each of the
// errors it joins (through Unwrap() []error, recursively), in order; a
// wrapped error counts when errors.As finds an E in it. It returns nil for
// a nil err.
func All[E error](err error) []E {
	var out []E
	var walk func(error)
	walk = func(err error) {
		if e, ok := err.(E); ok {
			out = append(out, e)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		var e E
		if errors.As(err, &e) {
			out = append(out, e)
		}
	}
	if err != nil {
		walk(err)
	}
	return out
}
