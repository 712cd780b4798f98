package yamlpos

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// id is a type that decodes itself from text, as world.Entity does.
type id uint64

func (i *id) UnmarshalText(b []byte) error {
	n, err := strconv.ParseUint(string(b), 10, 64)
	*i = id(n)
	return err
}

// whole decodes itself from any node, nulls inside it included.
type whole struct{ n int }

func (w *whole) UnmarshalYAML(n *yaml.Node) error { w.n = len(n.Content); return nil }

// textList decodes itself from a scalar; a list it takes as a slice.
type textList []int

func (l *textList) UnmarshalText([]byte) error { *l = textList{-1}; return nil }

// old decodes itself as yaml.v2's Unmarshalers do.
type old struct{ n int }

func (o *old) UnmarshalYAML(unmarshal func(any) error) error { return unmarshal(&o.n) }

// selfInline is an inlined struct that decodes the whole mapping itself.
type selfInline struct{ HP int }

func (s *selfInline) UnmarshalYAML(*yaml.Node) error { return nil }

type (
	withInlineMap struct {
		Extra map[string]int `yaml:",inline"`
	}
	odd struct {
		Self   selfInline    `yaml:",inline"`
		Nested withInlineMap `yaml:",inline"`
	}
)

type (
	inner struct{ HP int }
	outer struct {
		Name  string
		Inner inner `yaml:",inline"`
		Waves []int
		IDs   []id
		Ptrs  []*int
		Any   []any
		Lists [][]int
		Fixed [3]int
		Loot  map[string]int
		Maybe map[string]*int
		Whole whole
		Next  *outer
		Nodes []yaml.Node
		Node  yaml.Node
		Texts textList
		Old   old
		Odd   odd
		ByNum map[int]string
	}
)

// parse returns the value node of the document src.
func parse(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

// TestLosses: each place where yaml.v3 would take the data and change
// it, at its line and column, and none where it keeps what the data says.
func TestLosses(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      []string // line:col msg-prefix
	}{
		{"nothing lost", "name: a\nhp: 2\nwaves: [1, 2]\nptrs: [~, 1]\nany: [~]\nlists: [~, [1]]\nmaybe: {a: ~}\nnext: ~\nloot: ~\n", nil},
		{"a fraction into an int, inline", "hp: 1.5\n", []string{"1:5 cannot decode the number 1.5 into int: it is not a whole number"}},
		{"whole floats are whole", "hp: 2.0\nwaves: [1e3]\n", nil},
		{"an infinity", "waves: [-.inf]\n", []string{"1:9 cannot decode the number -.inf into int: it is not finite"}},
		{"nulls in lists", "waves: [1, ~, 3]\nids: [7, null]\nfixed: [1, ~, 2]\n", []string{
			"1:12 a null in a list of int",
			"2:10 a null in a list of yamlpos.id",
			"3:12 a null in a list of int"}},
		{"an empty element of a block list", "waves:\n  -\n  - 2\n", []string{"2:4 a null in a list of int"}},
		{"a null map value is the zero value", "loot: {gold: ~, gems: 1}\n", nil},
		{"deep, through a pointer", "next: {next: {waves: [~]}}\n", []string{"1:23 a null in a list of int"}},
		{"a type that decodes itself is left alone", "whole: [~, ~]\n", nil},
		{"an alias to a list with a null, once per type", "a: &w [~]\nwaves: *w\nnext: {waves: *w}\n", []string{"1:8 a null in a list of int"}},
		{"merge keys", "base: &b {hp: 0.5}\nnext: {<<: *b}\n", []string{"1:15 cannot decode the number 0.5 into int"}},
		{"a merge list", "base: &b {hp: 0.5}\nnext: {<<: [*b]}\n", []string{"1:15 cannot decode the number 0.5 into int"}},
		{"a merged key the mapping gives itself", "base: &b {hp: 0.5}\nnext: {<<: *b, hp: 2}\n", nil},
		{"a merged key an earlier merge gives", "a: &a {hp: 1}\nb: &b {hp: 0.5}\nnext: {<<: [*a, *b]}\n", nil},
		{"yaml.Nodes take anything", "nodes: [~, {x: 1.5}]\nnode: {line: 2.5}\n", nil},
		{"a text type given a list is a list", "texts: [1, ~, 2.5]\n", []string{"1:12 a null in a list of int", "1:15 cannot decode the number 2.5 into int"}},
		{"a text type given a scalar", "texts: 2.5\n", nil},
		{"yaml.v2's Unmarshaler", "old: 1.5\n", nil},
		{"an inlined Unmarshaler and a nested inline map lend nothing", "odd: {hp: 1.5, other: 2.5}\n", nil},
		{"a map's keys", "bynum: {1.5: a, 2: b}\n", []string{"1:9 cannot decode the number 1.5 into int"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := parse(t, tt.src)
			if err := n.Decode(new(outer)); err != nil {
				t.Fatalf("the decoder refuses the data: %v", err) // then it is no silent loss
			}
			var got []string // keys outer lacks (a, base) are not walked
			for _, l := range Losses(n, reflect.TypeFor[outer]()) {
				got = append(got, fmt.Sprintf("%d:%d %s", l.Node.Line, l.Node.Column, l.Msg))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Losses = %q, want %d starting %q", got, len(tt.want), tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("loss %d = %q, want it to start %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestLossesAgreeWithTheDecoder decodes random lists and maps with nulls
// in them into types whose elements can and cannot be nil, and checks
// that Losses reports a null exactly where yaml.v3 leaves an element out
// (of a list; a map keeps a null's key with the zero value).
func TestLossesAgreeWithTheDecoder(t *testing.T) {
	types := []reflect.Type{
		reflect.TypeFor[[]int](), reflect.TypeFor[[]string](), reflect.TypeFor[[]id](),
		reflect.TypeFor[[]inner](), reflect.TypeFor[[]*int](), reflect.TypeFor[[]any](),
		reflect.TypeFor[[][]int](), reflect.TypeFor[map[string]int](), reflect.TypeFor[map[string]*int](),
		reflect.TypeFor[map[string]inner](), reflect.TypeFor[map[string][]int](),
	}
	nulls := []string{"~", "null", "Null", ""}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 400 {
		typ := types[rng.IntN(len(types))]
		n := rng.IntN(6)
		var b strings.Builder
		for i := range n {
			v := "1"
			switch typ.Elem().Kind() {
			case reflect.Struct:
				v = "{hp: 1}"
			case reflect.Slice:
				v = "[1]"
			}
			if rng.IntN(3) == 0 {
				v = nulls[rng.IntN(len(nulls))]
			}
			if typ.Kind() == reflect.Map {
				fmt.Fprintf(&b, "k%d: %s\n", i, v)
			} else {
				fmt.Fprintf(&b, "- %s\n", v)
			}
		}
		src := b.String()
		if n == 0 {
			src = map[bool]string{true: "{}", false: "[]"}[typ.Kind() == reflect.Map]
		}
		node := parse(t, src)
		dst := reflect.New(typ)
		if err := node.Decode(dst.Interface()); err != nil {
			t.Fatalf("%v from %q: %v", typ, src, err)
		}
		if lost := n - dst.Elem().Len(); lost != len(Losses(node, typ)) {
			t.Fatalf("%v from %q: the decoder left out %d, Losses reports %v", typ, src, lost, Losses(node, typ))
		}
	}
}
