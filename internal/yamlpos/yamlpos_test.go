package yamlpos

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// parseErr returns the error of parsing src's documents.
func parseErr(src string) error {
	dec := yaml.NewDecoder(strings.NewReader(src))
	for {
		var n yaml.Node
		if err := Decode(dec, &n); err != nil {
			return err
		}
	}
}

// TestSyntax pins the parser's messages this package takes apart: if a
// new yaml.v3 words them otherwise, this fails, not a loader.
func TestSyntax(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
		msg  string
	}{
		{"a: [\n", 1, "invalid YAML: did not find expected node content"},
		{"a: 1\nb:\n\tc: 2\n", 3, "invalid YAML: found character that cannot start any token"},
		{"a:\n  b: {\n", 2, "invalid YAML: did not find expected node content"},
		{"a: 1\nb: 2\nc: *nowhere\n", 3, "invalid YAML: unknown anchor 'nowhere' referenced"},
		{"a: 1\n b: 2\n", 2, "invalid YAML: mapping values are not allowed in this context"},
	} {
		err := parseErr(c.src)
		line, msg := Syntax([]byte(c.src), err)
		if line != c.line || msg != c.msg {
			t.Errorf("Syntax(%q) = %d, %q; want %d, %q", c.src, line, msg, c.line, c.msg)
		}
	}
}

type panics struct{}

func (panics) UnmarshalYAML(*yaml.Node) error { panic("boom") }

func TestDecodeRecovers(t *testing.T) {
	var v panics
	err := Decode(yaml.NewDecoder(strings.NewReader("a: 1\n")), &v)
	if err == nil || !strings.Contains(err.Error(), "the YAML parser failed: boom") {
		t.Errorf("Decode into a panicking value = %v, want the panic as an error", err)
	}
}

// TestTypeErrors pins the messages of *yaml.TypeError and the columns
// found for them.
func TestTypeErrors(t *testing.T) {
	type inner struct{ N int }
	type doc struct {
		A int
		B []string
		C inner
	}
	decode := func(src string) []string {
		t.Helper()
		var top yaml.Node
		if err := yaml.Unmarshal([]byte(src), &top); err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader([]byte(src)))
		dec.KnownFields(true)
		var v doc
		err := dec.Decode(&v)
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			t.Fatalf("Decode(%q) = %v, want a *yaml.TypeError", src, err)
		}
		var got []string
		for _, p := range TypeErrors(top.Content[0], te) {
			got = append(got, fmt.Sprintf("%d:%d %v %s", p.Line, p.Col, p.UnknownField, p.Msg))
		}
		return got
	}
	for src, want := range map[string][]string{
		"a: x\nb: {k: 1}\nzz: 1\nc: {n: [1]}\n": {
			"1:4 false cannot decode the string \"x\" into int",
			"2:4 false cannot decode a mapping into []string",
			"3:1 true unknown field \"zz\" in yamlpos.doc",
			"4:8 false cannot decode a list into int",
		},
		"a: 1\nb: []\na: 2\n": {"3:1 false key \"a\" given twice (first at line 1)"},
	} {
		if got := decode(src); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("TypeErrors(%q):\n%s\nwant:\n%s", src, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestDescribe(t *testing.T) {
	var doc yaml.Node
	src := "[{a: 1}, [1], ~, 12, 1.5, true, abc, \"a very long string indeed\", &x 5, *x]"
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	want := []string{"a mapping", "a list", "null", "the number 12", "the number 1.5", "the boolean true",
		`the string "abc"`, `the string "a very long strin..."`, "the number 5", "the number 5"}
	for i, n := range doc.Content[0].Content {
		if got := Describe(n); got != want[i] {
			t.Errorf("Describe(item %d) = %q, want %q", i, got, want[i])
		}
	}
	if Describe(nil) != "nothing" || !IsNull(nil) || !IsNull(doc.Content[0].Content[2]) || IsNull(doc.Content[0].Content[3]) {
		t.Error("Describe(nil) or IsNull is wrong")
	}
}
