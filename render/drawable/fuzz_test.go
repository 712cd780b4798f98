package drawable_test

import (
	"testing"

	"github.com/tessera-engine/tessera/render/drawable"
)

// textDecoders are drawable's small text decoders, as FuzzTextForms picks
// them by number: each makes a fresh value, not its zero value, so that a
// failed decode that changed it shows.
var textDecoders = []func() textForm{
	func() textForm { f := drawable.FlipY; return &f },
	func() textForm { a := drawable.AlignEnd; return &a },
	func() textForm { k := drawable.CircleFigure; return &k },
	func() textForm { l := drawable.Layer(12345); return &l },
}

// FuzzTextForms feeds any text to the text decoders of flips, alignments,
// figure kinds and layers (which prefab data writes by name): none panics;
// a text it refuses leaves the value as it was; a text it accepts gives a
// value whose text form it accepts again, as the same value. The seeds
// are in testdata/fuzz/FuzzTextForms.
func FuzzTextForms(f *testing.F) {
	drawable.NameLayer("fuzz-floor", -3)
	for i, seeds := range [][]string{
		{"none", "x", "y", "xy", "yx", "X"},
		{"start", "left", "center", "middle", "end", "bottom", "centre"},
		{"rect", "circle", "line", "polygon", "2"},
		{"fuzz-floor", "-3", "+7", " 5", "32768", "-"},
	} {
		for _, s := range seeds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		v := textDecoders[int(which)%len(textDecoders)]()
		before := v.String()
		if err := v.UnmarshalText([]byte(text)); err != nil {
			if v.String() != before {
				t.Fatalf("%T: UnmarshalText(%q) failed (%v) and changed the value from %s to %s", v, text, err, before, v)
			}
			return
		}
		out, err := v.MarshalText()
		if err != nil {
			t.Fatalf("%T: UnmarshalText(%q) = %v, whose MarshalText fails: %v", v, text, v, err)
		}
		back := textDecoders[int(which)%len(textDecoders)]()
		if err := back.UnmarshalText(out); err != nil || back.String() != v.String() {
			t.Fatalf("%T: UnmarshalText(%q) = %v, whose text %q reads back as %v, %v", v, text, v, out, back, err)
		}
		if again, _ := back.MarshalText(); string(again) != string(out) {
			t.Fatalf("%T: text %q reads back as %v, whose text is %q", v, out, back, again)
		}
	})
}
