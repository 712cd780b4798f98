package assets_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

type (
	Stats struct {
		Speed   float64
		HP      int `yaml:"hp"`
		Tags    []string
		Loot    map[string]int
		Cool    time.Duration
		Nested  *Stats
		Ignored string `yaml:"-"`
	}
	Level struct {
		Name  string
		Stats Stats `yaml:",inline"`
	}
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // errors; none for a good decode
		kind error
	}{
		{name: "good", src: "speed: 1.5\nhp: 3\ntags: [a, b]\nloot: {gold: 2}\ncool: 1.5s\nnested: {hp: 1}\n"},
		{name: "empty", src: ""},
		{name: "comments only", src: "# nothing yet\n"},
		{name: "null", src: "~\n"},
		{name: "unknown field", src: "speed: 1\nsped: 2\n", kind: assets.ErrUnknownField,
			want: []string{`d.yaml:2:1: unknown field "sped" in assets_test.Stats`}},
		{name: "unknown nested field", src: "nested:\n  hp: 1\n  mp: 2\n", kind: assets.ErrUnknownField,
			want: []string{`d.yaml:3:3: unknown field "mp" in assets_test.Stats`}},
		{name: "ignored field is unknown", src: "ignored: x\n", kind: assets.ErrUnknownField,
			want: []string{`d.yaml:1:1: unknown field "ignored" in assets_test.Stats`}},
		{name: "wrong types", src: "speed: fast\nhp: 1.5\ntags: {a: 1}\n", kind: assets.ErrDecode,
			want: []string{
				`d.yaml:1:8: cannot decode the string "fast" into float64`,
				`d.yaml:2:5: cannot decode the number 1.5 into int: it is not a whole number`,
				`d.yaml:3:7: cannot decode a mapping into []string`}},
		{name: "not a number", src: "hp: .nan\n", kind: assets.ErrDecode, // reported once, by the decoder
			want: []string{"d.yaml:1:5: cannot decode the number .nan into int"}},
		{name: "infinities", src: "hp: .inf\nloot: {a: -.inf}\n", kind: assets.ErrDecode,
			want: []string{
				"d.yaml:1:5: cannot decode the number .inf into int",
				"d.yaml:2:11: cannot decode the number -.inf into int: it is not finite"}},
		{name: "long value", src: "loot: {gold: a-very-long-string}\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:1:14: cannot decode the string "a-very-..." into int`}},
		{name: "bad duration", src: "cool: soon\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:1:7: cannot decode the string "soon" into time.Duration`}},
		{name: "key twice", src: "hp: 1\nhp: 2\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:2:1: key "hp" given twice (first at line 1)`}},
		{name: "not a mapping", src: "- 1\n- 2\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:1:1: cannot decode a list into assets_test.Stats`}},
		{name: "whole numbers", src: "hp: 2.0\nloot: {a: 1e3, b: 0.5}\nnested: {hp: -1.25}\n", kind: assets.ErrDecode,
			want: []string{
				`d.yaml:2:19: cannot decode the number 0.5 into int: it is not a whole number`,
				`d.yaml:3:14: cannot decode the number -1.25 into int: it is not a whole number`}},
		{name: "nulls the YAML package would drop", src: "tags: [a, ~, b, null]\n", kind: assets.ErrDecode,
			want: []string{
				`d.yaml:1:11: a null in a list of string would be left out, moving the rest of the list up: write the value it stands for`,
				`d.yaml:1:17: a null in a list of string would be left out, moving the rest of the list up: write the value it stands for`}},
		{name: "nulls that keep their place", src: "hp: ~\nnested: ~\ntags: ~\nloot: {gold: ~}\n"},
		{name: "syntax", src: "speed: 1\nhp: [1,\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:2: invalid YAML: did not find expected node content`}},
		{name: "not UTF-8", src: "speed: 1\nname: \xff\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:2:7: the file is not UTF-8 text (byte 0xff)`}},
		{name: "two documents", src: "hp: 1\n---\nhp: 2\n", kind: assets.ErrDecode,
			want: []string{`d.yaml:2:1: a second YAML document: the file must hold one`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := assets.New(fstest.MapFS{"d.yaml": {Data: []byte(tt.src)}})
			var s Stats
			err := l.Decode("d.yaml", &s)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Decode() = %v", err)
				}
				return
			}
			equal(t, "errors", messages(t, err), tt.want)
			if !errors.Is(err, tt.kind) {
				t.Errorf("Decode() = %v, want %v", err, tt.kind)
			}
		})
	}
}

// TestDataMergeKeys: a merge key (<<) whose value is not a mapping or a
// list of mappings fails the load, at the value's line and column, as in
// prefab files and configuration files. Before, the load took it and
// Decode failed with yaml.v3's words at 1:1, wherever the key was.
func TestDataMergeKeys(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // none: it loads and decodes
	}{
		{name: "a mapping", src: "base: &b {hp: 2}\nnested: {<<: *b, speed: 1}\n"},
		{name: "a list of mappings", src: "a: &a {hp: 1}\nb: &b {speed: 2}\nnested: {<<: [*a, *b]}\n"},
		{name: "a number at the top", src: "<<: 5\nhp: 1\n",
			want: []string{"d.yaml:1:5: a merge key (<<) takes a mapping or a list of mappings, got the number 5"}},
		{name: "a string, nested", src: "hp: 1\nnested: {<<: x, hp: 2}\n",
			want: []string{`d.yaml:2:14: a merge key (<<) takes a mapping or a list of mappings, got the string "x"`}},
		{name: "null", src: "nested:\n  <<: ~\n",
			want: []string{"d.yaml:2:7: a merge key (<<) takes a mapping or a list of mappings, got null"}},
		{name: "a number in the list", src: "a: &a {hp: 1}\nnested: {<<: [*a, 5]}\n",
			want: []string{"d.yaml:2:19: a merge key (<<) takes a mapping or a list of mappings, got the number 5"}},
		{name: "an alias to a list", src: "l: &l [1, 2]\nnested: {<<: *l}\n",
			want: []string{"d.yaml:2:14: a merge key (<<) takes a mapping or a list of mappings, got a list"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := assets.New(fstest.MapFS{"d.yaml": {Data: []byte(tt.src)}})
			d, err := l.Data("d.yaml")
			if tt.want == nil {
				var v struct {
					Base, A, B, L any
					Stats         `yaml:",inline"`
				}
				if err == nil {
					err = d.Decode(&v)
				}
				if err != nil {
					t.Fatalf("Data, Decode = %v", err)
				}
				return
			}
			equal(t, "errors of Data", messages(t, err), tt.want)
			if !errors.Is(err, assets.ErrDecode) {
				t.Errorf("Data() = %v, want ErrDecode", err)
			}
		})
	}
}

// aliasBomb returns YAML whose aliases expand to a billion values.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		b.WriteString(n + ": &" + n + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n")
		prev = n
	}
	return b.String()
}

func TestAliasBomb(t *testing.T) {
	l := assets.New(fstest.MapFS{"d.yaml": {Data: []byte(aliasBomb())}})
	start := time.Now()
	var v struct{ A, B, C, D, E, F, G, H, I []any }
	err := l.Decode("d.yaml", &v)
	equal(t, "errors", messages(t, err), []string{"d.yaml:1:1: document contains excessive aliasing"})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Decode(alias bomb) took %v", d)
	}
}

// TestWholeNumbersThroughAliases: a value reached through many aliases
// is checked, and reported, once.
func TestWholeNumbersThroughAliases(t *testing.T) {
	type Node struct {
		N       int
		X, Y, Z *Node
	}
	var src strings.Builder
	src.WriteString("a: &a {n: 1.5}\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e"} { // 81 paths to a
		src.WriteString(n + ": &" + n + " {x: *" + prev + ", y: *" + prev + ", z: *" + prev + "}\n")
		prev = n
	}
	var v struct{ A, B, C, D, E *Node }
	err := assets.New(fstest.MapFS{"d.yaml": {Data: []byte(src.String())}}).Decode("d.yaml", &v)
	equal(t, "errors", messages(t, err), []string{"d.yaml:1:11: cannot decode the number 1.5 into int: it is not a whole number"})
}

func TestDecodeValues(t *testing.T) {
	src := "speed: 1.5\nhp: 3\ntags: [a, b]\nloot: {gold: 2}\ncool: 1.5s\nnested: {hp: 1}\n"
	l := assets.New(fstest.MapFS{"d.yaml": {Data: []byte(src)}, "l.yaml": {Data: []byte("name: cave\nhp: 9\n")}})
	s := Stats{Speed: 9, Ignored: "kept"}
	if err := l.Decode("d.yaml", &s); err != nil {
		t.Fatal(err)
	}
	if s.Speed != 1.5 || s.HP != 3 || strings.Join(s.Tags, ",") != "a,b" || s.Loot["gold"] != 2 ||
		s.Cool != 1500*time.Millisecond || s.Nested == nil || s.Nested.HP != 1 || s.Ignored != "kept" {
		t.Errorf("Decode() gave %+v", s)
	}
	var lv Level
	if err := l.Decode("l.yaml", &lv); err != nil || lv.Name != "cave" || lv.Stats.HP != 9 {
		t.Errorf("Decode(inline) = %v, %+v", err, lv)
	}
	for _, v := range []any{nil, Stats{}, (*Stats)(nil)} {
		if err := l.Decode("d.yaml", v); !errors.Is(err, assets.ErrDecode) || !strings.HasPrefix(err.Error(), "d.yaml: Decode needs a non-nil pointer") {
			t.Errorf("Decode(%T) = %v, want a non-nil pointer error", v, err)
		}
	}
	d, _ := l.Data("d.yaml")
	if string(d.Bytes()) != src || d.Path() != "d.yaml" || d.Generation() != 1 {
		t.Errorf("Data: %q, %q, generation %d", d.Bytes(), d.Path(), d.Generation())
	}
	if err := l.Decode("none.yaml", &s); !errors.Is(err, assets.ErrNotFound) {
		t.Errorf("Decode(none.yaml) = %v, want ErrNotFound", err)
	}
}

func TestBind(t *testing.T) {
	files := fstest.MapFS{"d.yaml": {Data: []byte("speed: 2\n")}}
	l := assets.New(files)
	d, err := l.Data("d.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a := Stats{HP: 7} // Bind zeroes what the file leaves out
	if err := d.Bind(&a); err != nil || a.Speed != 2 || a.HP != 0 {
		t.Fatalf("Bind() = %v, %+v; want speed 2, hp 0", err, a)
	}
	var wrong struct{ Other int }
	wrong.Other = 5
	if err := d.Bind(&wrong); !errors.Is(err, assets.ErrUnknownField) || wrong.Other != 5 {
		t.Errorf("Bind(wrong type) = %v, value %+v; want ErrUnknownField, unchanged", err, wrong)
	}
	if err := d.Bind(a); !errors.Is(err, assets.ErrDecode) {
		t.Errorf("Bind(non-pointer) = %v, want ErrDecode", err)
	}
	if err := d.Bind(&a); err != nil { // twice binds once
		t.Fatal(err)
	}
	var b Stats
	if err := d.Bind(&b); err != nil {
		t.Fatal(err)
	}

	files["d.yaml"] = &fstest.MapFile{Data: []byte("speed: 3\nhp: 1\n")}
	if r := l.Reload(); r.Err != nil || a.Speed != 3 || b.Speed != 3 || a.HP != 1 {
		t.Fatalf("Reload() = %+v; a %+v, b %+v", r, a, b)
	}
	if !d.Unbind(&b) || d.Unbind(&b) {
		t.Error("Unbind(&b) twice: want true, then false")
	}
	files["d.yaml"] = &fstest.MapFile{Data: []byte("speed: 4\n")}
	l.Reload()
	if a.Speed != 4 || b.Speed != 3 {
		t.Errorf("after Unbind(&b) and a reload: a.Speed %v, b.Speed %v; want 4, 3", a.Speed, b.Speed)
	}
}

type inlineBase struct{ HP int }

type InlineEnemy struct {
	inlineBase `yaml:",inline"` // an unexported embedded struct: go.yaml.in/yaml/v3 inlines it
	Name       string
}

// TestFractionInUnexportedInline: "a number with a fraction for an integer
// field is an error" holds for the fields of an unexported embedded struct
// tagged inline, which the YAML package fills.
func TestFractionInUnexportedInline(t *testing.T) {
	l := assets.New(fstest.MapFS{"e.yaml": {Data: []byte("name: orc\nhp: 1.5\n")}})
	var e InlineEnemy
	err := l.Decode("e.yaml", &e)
	if err == nil {
		t.Errorf("hp: 1.5 decoded without error, as HP = %d", e.HP)
	}
}

type InlineLoot struct {
	Name  string
	Drops map[string]int `yaml:",inline"` // every other key: a drop count
}

// TestFractionInInlineMap: the same for the values that go into an inline
// map (gold: 2.5 would be truncated to 2).
func TestFractionInInlineMap(t *testing.T) {
	l := assets.New(fstest.MapFS{"l.yaml": {Data: []byte("name: chest\ngold: 2.5\n")}})
	var v InlineLoot
	err := l.Decode("l.yaml", &v)
	if err == nil {
		t.Errorf("gold: 2.5 decoded without error, as %v", v.Drops)
	}
}
