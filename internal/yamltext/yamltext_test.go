package yamltext

import (
	"strings"
	"testing"
)

func TestBadText(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		msg       string
	}{
		{"a: 1\nb: 2\n", 0, 0, ""},
		{"a: 1\nb: \x01\n", 2, 4, "control character U+0001 is not allowed in YAML"},
		{"ab\xffc", 1, 3, "the file is not UTF-8 text (byte 0xff)"},
		{"\ufeffa: 1", 0, 0, ""},
		{"a\ufeff", 1, 2, "a byte order mark (U+FEFF) is allowed only at the start"},
	}
	for _, tt := range tests {
		line, col, msg, bad := BadText([]byte(tt.in))
		if line != tt.line || col != tt.col || msg != tt.msg || bad != (tt.msg != "") {
			t.Errorf("BadText(%q) = %d, %d, %q, %v; want %d, %d, %q", tt.in, line, col, msg, bad, tt.line, tt.col, tt.msg)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"hp", "hp", 0}, {"hp", "hP", 1}, {"kitten", "sitting", 3}, {"", "max", 3},
		{strings.Repeat("a", HintLen), "", HintLen}, {strings.Repeat("a", 1<<20), "a", HintLen}} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestNameProblem(t *testing.T) {
	for name, want := range map[string]string{
		"wall": "", "Wall_2": "", "_x": "", "a.b-c": "",
		"": "empty", "null": "no value", "NULL": "no value",
		"1st": "read it as a number", "-x": "read it as a number", "+x": "read it as a number", ".5": "read it as a number",
		"a b": "not a letter", "a|b": "not a letter", "wäll": "not a letter",
	} {
		got := NameProblem(name)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("NameProblem(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestClip(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{{"abc", 3, "abc"}, {"abcd", 3, "abc..."}, {"aé", 2, "a..."}, {"日本", 4, "日..."}, {"", 0, ""}} {
		if got := Clip(tt.s, tt.n); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
	if got := Quote(strings.Repeat("x", 100)); got != `"`+strings.Repeat("x", QuoteLen)+`..."` {
		t.Errorf("Quote(100 x) = %s", got)
	}
}

func TestTag(t *testing.T) {
	for _, c := range []struct {
		tag    string
		key    string
		inline bool
	}{
		{"", "", false},
		{"hp", "hp", false},
		{"-", "-", false},
		{",inline", "", true},
		{",omitempty,inline", "", true},
		{",inline,omitempty", "", true},
		{"base,omitempty", "base", false},
		{",inlined", "", false},
	} {
		if key, inline := Tag(c.tag); key != c.key || inline != c.inline {
			t.Errorf("Tag(%q) = %q, %v, want %q, %v", c.tag, key, inline, c.key, c.inline)
		}
	}
}
