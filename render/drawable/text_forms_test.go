package drawable_test

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/render/drawable"
)

// textForm is a type with a text form, as prefab data writes it.
type textForm interface {
	MarshalText() ([]byte, error)
	UnmarshalText([]byte) error
	String() string
}

func TestFlipText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want drawable.Flip
		out  string
	}{
		{"none", 0, "none"},
		{"x", drawable.FlipX, "x"},
		{"y", drawable.FlipY, "y"},
		{"xy", drawable.FlipX | drawable.FlipY, "xy"},
		{"yx", drawable.FlipX | drawable.FlipY, "xy"},
	} {
		var f drawable.Flip
		if err := f.UnmarshalText([]byte(tt.in)); err != nil || f != tt.want {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.in, f, err, tt.want)
		}
		if b, err := f.MarshalText(); err != nil || string(b) != tt.out || f.String() != tt.out {
			t.Errorf("%v: MarshalText() = %q, %v and String() %q; want %q", tt.want, b, err, f.String(), tt.out)
		}
	}
	refuse(t, new(drawable.Flip), []string{"", "X", "z", "xx", " x", "3"}, "none, x, y, xy")
	if _, err := drawable.Flip(4).MarshalText(); err == nil || drawable.Flip(4).String() != "Flip(4)" {
		t.Errorf("Flip(4): MarshalText error %v, String %q; want an error and Flip(4)", err, drawable.Flip(4).String())
	}
}

func TestAlignText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want drawable.Align
	}{
		{"start", drawable.AlignStart}, {"left", drawable.AlignStart}, {"top", drawable.AlignStart},
		{"center", drawable.AlignCenter}, {"middle", drawable.AlignCenter},
		{"end", drawable.AlignEnd}, {"right", drawable.AlignEnd}, {"bottom", drawable.AlignEnd},
	} {
		a := drawable.Align(7)
		if err := a.UnmarshalText([]byte(tt.in)); err != nil || a != tt.want {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.in, a, err, tt.want)
		}
	}
	for a, name := range map[drawable.Align]string{drawable.AlignStart: "start", drawable.AlignCenter: "center", drawable.AlignEnd: "end"} {
		if b, err := a.MarshalText(); err != nil || string(b) != name || a.String() != name {
			t.Errorf("%d: MarshalText() = %q, %v and String() %q; want %q", a, b, err, a.String(), name)
		}
	}
	refuse(t, new(drawable.Align), []string{"", "centre", "Center", "1"}, "start, center, end")
	if _, err := drawable.Align(3).MarshalText(); err == nil || drawable.Align(3).String() != "Align(3)" {
		t.Errorf("Align(3): MarshalText error %v, String %q; want an error and Align(3)", err, drawable.Align(3).String())
	}
}

// refuse checks that v refuses each of bad with an error listing names,
// and stays as it was.
func refuse(t *testing.T, v textForm, bad []string, names string) {
	t.Helper()
	before := v.String()
	for _, in := range bad {
		if err := v.UnmarshalText([]byte(in)); err == nil || !strings.Contains(err.Error(), names) {
			t.Errorf("UnmarshalText(%q) = %v; want an error listing %s", in, err, names)
		}
		if v.String() != before {
			t.Errorf("UnmarshalText(%q) failed and changed the value to %v", in, v)
		}
	}
}
