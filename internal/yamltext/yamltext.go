// Package yamltext holds the text checks the YAML loaders of assets and
// prefab share: a scan for bytes YAML forbids, with their position (the
// YAML parser reports those without one), and the edit distance both use
// to suggest the name a typo meant.
package yamltext

import (
	"fmt"
	"unicode/utf8"
)

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

// Distance is the Levenshtein distance between a and b, a byte at a time.
func Distance(a, b string) int {
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
