package core

import "strings"

// Wrap breaks s into lines no wider than width, as measured by measure,
// at spaces: each line takes as many words as fit, and a word wider than
// width stands on a line of its own. Line breaks already in s are kept,
// and spaces at the breaks are dropped. A width of 0 or less returns s
// unchanged. It allocates the result: call it when the text changes, not
// every frame.
func Wrap(s string, width float64, measure func(string) float64) string {
	if width <= 0 || s == "" {
		return s
	}
	var b strings.Builder
	for i, para := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		line := ""
		for _, word := range strings.Fields(para) {
			switch {
			case line == "":
				line = word
			case measure(line+" "+word) <= width:
				line += " " + word
			default:
				b.WriteString(line)
				b.WriteByte('\n')
				line = word
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
