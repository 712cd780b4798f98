package core

import (
	"testing"
	"unicode/utf8"
)

// runes measures a string as one unit per rune.
func runes(s string) float64 { return float64(utf8.RuneCountInString(s)) }

func TestWrap(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		width float64
		want  string
	}{
		{"no width", "a b c", 0, "a b c"},
		{"fits", "hello world", 11, "hello world"},
		{"breaks at spaces", "the quick brown fox", 10, "the quick\nbrown fox"},
		{"long word alone", "a supercalifragilistic word", 8, "a\nsupercalifragilistic\nword"},
		{"keeps line breaks", "one two\nthree four five", 9, "one two\nthree\nfour five"},
		{"drops extra spaces", "  a   b  ", 5, "a b"},
		{"empty line kept", "a\n\nb", 5, "a\n\nb"},
		{"runes, not bytes", "ééé ééé", 3, "ééé\nééé"},
	}
	for _, tt := range tests {
		if got := Wrap(tt.in, tt.width, runes); got != tt.want {
			t.Errorf("%s: Wrap(%q, %v) = %q, want %q", tt.name, tt.in, tt.width, got, tt.want)
		}
	}
}
