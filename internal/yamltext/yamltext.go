// Package yamltext holds the text checks the YAML loaders of assets and
// prefab share: a scan for bytes YAML forbids, with their position (the
// YAML parser reports those without one), the edit distance both use to
// suggest the name a typo meant, how much of a name a message quotes, and
// the rule for names data writes for values (collision tags in systems,
// draw layers in render/drawable), and how a struct field's yaml tag
// reads. It imports only the standard library,
// so those packages can use it; what needs the YAML parser is in package
// yamlpos.
package yamltext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Tag splits a struct field's yaml tag as go.yaml.in/yaml/v3 reads it:
// the key it gives ("" for the field's own name, "-" for none) and
// whether "inline" is among its options, in whatever order they come
// (",omitempty,inline" inlines too).
func Tag(tag string) (key string, inline bool) {
	key, opts, _ := strings.Cut(tag, ",")
	return key, slices.Contains(strings.Split(opts, ","), "inline")
}

// BadText returns the 1-based line and column of the first byte of data
// that is not UTF-8 or is a character YAML forbids, and what is wrong
// with it; ok is false when there is none.
func BadText(data []byte) (line, col int, msg string, ok bool) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, col, fmt.Sprintf("the file is not UTF-8 text (byte 0x%02x)", data[i]), true
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f, r >= 0x80 && r <= 0x9f && r != 0x85,
			r == 0xfffe, r == 0xffff:
			return line, col, fmt.Sprintf("control character %U is not allowed in YAML", r), true
		case r == 0xfeff && i > 0:
			return line, col, "a byte order mark (U+FEFF) is allowed only at the start", true
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return 0, 0, "", false
}

// HintLen is the length, in bytes, of the longest name a "did you mean"
// hint is looked for: the distance costs the product of the two lengths,
// and no typo of a name worth suggesting is longer.
const HintLen = 64

// QuoteLen is how much of a name or value, in bytes, a message quotes:
// data can hold names of megabytes, and aliases can repeat one in every
// problem they cause.
const QuoteLen = 64

// Clip returns s cut to at most n bytes, on a character boundary, with
// "..." after it when it was cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// Quote returns s as a Go string literal for a message, cut to QuoteLen
// bytes (see [Clip]).
func Quote(s string) string { return strconv.Quote(Clip(s, QuoteLen)) }

// Distance is the Levenshtein distance between a and b, a byte at a time,
// or HintLen when either is longer than HintLen: the distance costs the
// product of the lengths, and a name of megabytes is far from any other.
func Distance(a, b string) int {
	if len(a) > HintLen || len(b) > HintLen {
		return HintLen
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// NameProblem returns why name cannot be a name that YAML data writes for
// a value (a collision tag, a draw layer), or "" if it can: a name is
// letters, digits, '_', '-' and '.', starts with a letter or '_' (so that
// it cannot be read as a number), and is not null, Null or NULL (which
// YAML reads as no value).
func NameProblem(name string) string {
	switch {
	case name == "":
		return "empty"
	case name == "null" || name == "Null" || name == "NULL":
		return "YAML reads it as no value"
	}
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case (r >= '0' && r <= '9' || r == '-' || r == '.') && i > 0:
		case i == 0 && (r >= '0' && r <= '9' || r == '-' || r == '+' || r == '.'):
			return fmt.Sprintf("starts with %q, so data would read it as a number", r)
		default:
			return fmt.Sprintf("%q is not a letter, digit, '_', '-' or '.'", r)
		}
	}
	return ""
}
