package game

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
)

func TestColorUnmarshalText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Color
		ok   bool
	}{
		{"#ff8000", Color{0xff, 0x80, 0x00, 0xff}, true},
		{"#FF800040", Color{0xff, 0x80, 0x00, 0x40}, true},
		{"#000000", Color{0, 0, 0, 0xff}, true},
		{"ff8000", Color{}, false},
		{"#ff80", Color{}, false},
		{"#gg8000", Color{}, false},
		{"", Color{}, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var c Color
			err := c.UnmarshalText([]byte(tc.in))
			if (err == nil) != tc.ok || c != tc.want {
				t.Errorf("UnmarshalText(%q) = %v, %v; want %v, ok %v", tc.in, c, err, tc.want, tc.ok)
			}
			if tc.ok {
				text, _ := c.MarshalText()
				var back Color
				if err := back.UnmarshalText(text); err != nil || back != c {
					t.Errorf("round trip of %v through %q = %v, %v", c, text, back, err)
				}
			}
		})
	}
}

func TestColorTimesAndLerp(t *testing.T) {
	c := Color{200, 100, 50, 128}
	if got := c.Times(white); got != c {
		t.Errorf("%v.Times(white) = %v, want it unchanged", c, got)
	}
	if got, want := c.Times(Color{128, 0, 255, 10}), (Color{100, 0, 50, 128}); got != want {
		t.Errorf("Times = %v, want %v", got, want)
	}
	black := Color{A: 255}
	for _, tc := range []struct {
		k    float64
		want Color
	}{{-1, black}, {0, black}, {0.5, Color{128, 128, 128, 255}}, {1, white}, {2, white}} {
		if got := black.Lerp(white, tc.k); got != tc.want {
			t.Errorf("Lerp(%v) = %v, want %v", tc.k, got, tc.want)
		}
	}
}

func TestEasing(t *testing.T) {
	for _, name := range Easings() {
		var e Easing
		if err := e.UnmarshalText([]byte(name)); err != nil {
			t.Errorf("UnmarshalText(%q): %v", name, err)
		}
		if f := e.Func(); math.Abs(f(0)) > 1e-9 || math.Abs(f(1)-1) > 1e-9 {
			t.Errorf("%s: f(0) = %v, f(1) = %v; want 0 and 1", name, f(0), f(1))
		}
	}
	var e Easing
	if err := e.UnmarshalText([]byte("wobbly")); err == nil || !strings.Contains(err.Error(), "in-out-sine") {
		t.Errorf("UnmarshalText(wobbly) = %v, want an error listing the easings", err)
	}
}

// TestBadPrefabValues: a designer's bad colour or easing is a load error
// with its line, naming the field.
func TestBadPrefabValues(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"f:\n  components:\n    Firefly: {color: red}\n", `x.yaml:3:`},
		{"f:\n  components:\n    Flower: {ease: wobbly}\n", `unknown easing "wobbly"`},
		{"f:\n  components:\n    Flower: {petal: \"#ffffff\"}\n", `unknown field "petal"`},
	} {
		err := Prefabs().LoadBytes("x.yaml", []byte(tc.yaml))
		if !errors.Is(err, prefab.ErrBadValue) && !errors.Is(err, prefab.ErrUnknownField) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadBytes(%q) = %v, want a bad value or field error containing %q", tc.yaml, err, tc.want)
		}
	}
}

func TestCycle(t *testing.T) {
	for _, tc := range []struct {
		p        Phase
		night    bool
		progress float64
		light    float64
		next     Phase
	}{
		{0, false, 0, 0.5, 0.5},
		{0.25, false, 0.5, 1, 0.5},
		{0.5, true, 0, 0.5, 1},
		{0.75, true, 0.5, 0, 1},
	} {
		if tc.p.Night() != tc.night || math.Abs(tc.p.Progress()-tc.progress) > 1e-9 ||
			math.Abs(Light(tc.p)-tc.light) > 1e-9 || nextTurn(tc.p) != tc.next {
			t.Errorf("phase %v: night %v, progress %v, light %v, next turn %v; want %v, %v, %v, %v",
				tc.p, tc.p.Night(), tc.p.Progress(), Light(tc.p), nextTurn(tc.p), tc.night, tc.progress, tc.light, tc.next)
		}
	}
	sky := Sky{Day: Color{0, 0, 255, 255}, Dusk: Color{255, 0, 0, 255}, Night: Color{0, 0, 0, 255}}
	if got := SkyColor(sky, 0.25); got != sky.Day {
		t.Errorf("sky at noon %v, want %v", got, sky.Day)
	}
	if got := SkyColor(sky, 0.75); got != sky.Night {
		t.Errorf("sky at midnight %v, want %v", got, sky.Night)
	}
	if got := SkyColor(sky, 0.5); got.R < 150 {
		t.Errorf("sky at dusk %v, want mostly the dusk colour", got)
	}
	if got := advance(0.9, 0.25); math.Abs(float64(got)-0.15) > 1e-9 {
		t.Errorf("advance(0.9, 0.25) = %v, want 0.15", got)
	}
}

// TestSettingsCheck: each bad setting is reported, naming its key.
func TestSettingsCheck(t *testing.T) {
	g, _ := start(t, Options{})
	good := g.Settings()
	if err := good.Check(g.Library()); err != nil {
		t.Fatalf("shipped settings: %v", err)
	}
	for _, tc := range []struct {
		key  string
		edit func(*Settings)
	}{
		{"garden.width", func(s *Settings) { s.Garden.Width = 0 }},
		{"garden.horizon", func(s *Settings) { s.Garden.Horizon = s.Garden.Height + 1 }},
		{"garden.margin", func(s *Settings) { s.Garden.Margin = s.Garden.Height }},
		{"cycle.seconds", func(s *Settings) { s.Cycle.Seconds = -1 }},
		{"cycle.start", func(s *Settings) { s.Cycle.Start = 1 }},
		{"cycle.fast", func(s *Settings) { s.Cycle.Fast = 0.5 }},
		{"stars.count", func(s *Settings) { s.Stars.Count = -1 }},
		{"fireflies.count", func(s *Settings) { s.Fireflies.Count = 5000 }},
		{"fireflies.kinds", func(s *Settings) { s.Fireflies.Kinds = nil }},
		{"fireflies.kinds[0]", func(s *Settings) { s.Fireflies.Kinds = []string{"moth"} }},
		{"flowers.kinds[0]", func(s *Settings) { s.Flowers.Kinds = []string{"firefly"} }},
	} {
		t.Run(tc.key, func(t *testing.T) {
			s := good
			s.Fireflies.Kinds = append([]string(nil), good.Fireflies.Kinds...)
			s.Flowers.Kinds = append([]string(nil), good.Flowers.Kinds...)
			tc.edit(&s)
			if err := s.Check(g.Library()); err == nil || !strings.Contains(err.Error(), SettingsFile+": "+tc.key+" is ") {
				t.Errorf("Check = %v, want an error naming %s", err, tc.key)
			}
		})
	}
}
