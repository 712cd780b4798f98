package systems_test

import (
	"encoding"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// TestEnumNames: every enumeration of systems reads and writes its values
// by name (as prefab data writes them: kind: circle, mode: wrap), and an
// unknown name, or a number, is an error listing the names.
func TestEnumNames(t *testing.T) {
	type value interface {
		fmt.Stringer
		encoding.TextMarshaler
	}
	for _, tt := range []struct {
		typ    string
		values map[string]value
		parse  func(string) (value, error)
		bad    value // a value with no name
	}{
		{"ShapeKind", map[string]value{"box": systems.ShapeBox, "circle": systems.ShapeCircle, "polygon": systems.ShapePolygon},
			func(s string) (value, error) { var k systems.ShapeKind; return k, unmarshal(&k, s) }, systems.ShapeKind(9)},
		{"BoundsMode", map[string]value{"clamp": systems.Clamp, "bounce": systems.Bounce, "wrap": systems.Wrap, "destroy-outside": systems.DestroyOutside},
			func(s string) (value, error) { var m systems.BoundsMode; err := unmarshal(&m, s); return m, err }, systems.BoundsMode(9)},
		{"ContactKind", map[string]value{"enter": systems.ContactEnter, "stay": systems.ContactStay, "exit": systems.ContactExit},
			func(s string) (value, error) { var k systems.ContactKind; err := unmarshal(&k, s); return k, err }, systems.ContactKind(0)},
	} {
		t.Run(tt.typ, func(t *testing.T) {
			var names []string
			for name, v := range tt.values {
				names = append(names, name)
				if b, err := v.MarshalText(); err != nil || string(b) != name || v.String() != name {
					t.Errorf("%v: MarshalText = %q, %v; String = %q; want %q", v, b, err, v.String(), name)
				}
				if back, err := tt.parse(name); err != nil || back != v {
					t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, back, err, v)
				}
			}
			for _, text := range []string{"1", "Wrap", "nope", ""} {
				_, err := tt.parse(text)
				if err == nil {
					t.Errorf("UnmarshalText(%q) succeeded, want an error", text)
					continue
				}
				for _, name := range names {
					if !strings.Contains(err.Error(), name) {
						t.Errorf("UnmarshalText(%q) = %v, want an error listing %q", text, err, name)
					}
				}
			}
			if b, err := tt.bad.MarshalText(); err == nil {
				t.Errorf("%v.MarshalText() = %q, want an error", tt.bad, b)
			}
		})
	}
}

// unmarshal sets *v from text, or fails when v reads no text.
func unmarshal(v any, text string) error {
	u, ok := v.(encoding.TextUnmarshaler)
	if !ok {
		return fmt.Errorf("%T has no UnmarshalText", v)
	}
	return u.UnmarshalText([]byte(text))
}

// enumText is the text form of an enumeration of systems.
type enumText interface {
	fmt.Stringer
	encoding.TextMarshaler
	encoding.TextUnmarshaler
}

// enumDecoders make a value of each enumeration of systems that prefab
// data writes by name, set to a value with a name.
var enumDecoders = []func() enumText{
	func() enumText { k := systems.ShapeCircle; return &k },
	func() enumText { m := systems.Wrap; return &m },
	func() enumText { k := systems.ContactStay; return &k },
}

// FuzzEnumNames feeds any text to the text decoders of shape kinds,
// bounds modes and contact kinds: none panics; a text it refuses is an
// error quoting the text, and leaves the value as it was; a text it
// accepts is a name whose value writes back as that very text. Seeds are
// every name, and the near misses of testdata/fuzz/FuzzEnumNames.
func FuzzEnumNames(f *testing.F) {
	for i, names := range [][]string{
		{"box", "circle", "polygon"},
		{"clamp", "bounce", "wrap", "destroy-outside"},
		{"enter", "stay", "exit"},
	} {
		for _, name := range names {
			f.Add(uint8(i), name)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		v := enumDecoders[int(which)%len(enumDecoders)]()
		before := v.String()
		if err := v.UnmarshalText([]byte(text)); err != nil {
			if v.String() != before || !strings.Contains(err.Error(), strconv.Quote(text)) {
				t.Fatalf("%T: UnmarshalText(%q) = %v, and the value went from %s to %s", v, text, err, before, v)
			}
			return
		}
		out, err := v.MarshalText()
		if err != nil || string(out) != text || v.String() != text {
			t.Fatalf("%T: UnmarshalText(%q) took it as %v, whose text is %q (%v)", v, text, v, out, err)
		}
	})
}
