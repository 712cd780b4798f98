package drawable_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render/drawable"
)

// The drawables that name assets are assets.Referrers, which prefab loads
// check.
var (
	_ assets.Referrer = drawable.Region{}
	_ assets.Referrer = drawable.Playback{}
	_ assets.Referrer = drawable.Label{}
)

// TestCheckAssets checks references good and bad: every bad one is an
// error wrapping drawable.ErrRegion, and the loader's error when the
// asset itself does not load, with a message naming what is wrong.
func TestCheckAssets(t *testing.T) {
	p := assets.PathOf
	tests := []struct {
		name  string
		ref   assets.Referrer
		asset error  // wrapped too, if not nil
		want  string // in the message; "" for no error
	}{
		{"zero region", drawable.Region{}, nil, ""},
		{"image", drawable.Image("hero.png"), nil, ""},
		{"named frame", drawable.Frame("hero.yaml", "c"), nil, ""},
		{"atlas alone: its first frame", drawable.Region{Atlas: p("hero.yaml")}, nil, ""},
		{"unnamed frame by number", drawable.Frame("grid.yaml", "3"), nil, ""},
		{"missing image", drawable.Image("nope.png"), fs.ErrNotExist, "nope.png"},
		{"image not a PNG", drawable.Image("go.ttf"), assets.ErrFormat, "go.ttf"},
		{"missing atlas", drawable.Frame("nope.yaml", "a"), fs.ErrNotExist, "nope.yaml"},
		{"broken atlas", drawable.Frame("broken.yaml", "a"), assets.ErrDecode, "broken.yaml"},
		{"missing frame, with a hint", drawable.Frame("hero.yaml", "cc"), nil, `atlas hero.yaml has no frame "cc" (did you mean "c"?)`},
		{"named frame by number", drawable.Frame("hero.yaml", "2"), nil, `no frame "2"`},
		{"frame number out of range", drawable.Frame("grid.yaml", "4"), nil, `no frame "4"`},
		{"negative frame number", drawable.Frame("grid.yaml", "-1"), nil, `no frame "-1"`},
		{"image and atlas", drawable.Region{Image: p("hero.png"), Atlas: p("hero.yaml")}, nil, "not both"},
		{"frame of an image", drawable.Region{Image: p("hero.png"), Frame: assets.NameOf("a")}, nil, "needs an atlas"},
		{"frame alone", drawable.Region{Frame: assets.NameOf("a")}, nil, "needs an atlas"},

		{"zero playback", drawable.Playback{}, nil, ""},
		{"clip", drawable.Play("hero.yaml", "pingpong"), nil, ""},
		{"atlas, no clip yet", drawable.Playback{Atlas: p("hero.yaml")}, nil, ""},
		{"missing clip", drawable.Play("hero.yaml", "walk"), nil, `atlas hero.yaml has no clip "walk" (clips: loop, once, pingpong, blink)`},
		{"atlas without clips", drawable.Play("grid.yaml", "walk"), nil, `atlas grid.yaml has no clip "walk" (it has no clips)`},
		{"clip of a missing atlas", drawable.Play("nope.yaml", "walk"), fs.ErrNotExist, "nope.yaml"},
		{"clip alone", drawable.Playback{Clip: assets.NameOf("walk")}, nil, "needs an atlas"},

		{"built-in font", drawable.Label{Text: "hi"}, nil, ""},
		{"font", drawable.Label{Text: "hi", Font: p("go.ttf")}, nil, ""},
		{"missing font", drawable.Label{Font: p("nope.ttf")}, fs.ErrNotExist, "nope.ttf"},
		{"not a font", drawable.Label{Font: p("notafont.ttf")}, assets.ErrFormat, "notafont.ttf"},
	}
	l := assets.New(files())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.ref.CheckAssets(l)
			if tt.want == "" {
				if err != nil {
					t.Errorf("CheckAssets() = %v, want nil", err)
				}
				return
			}
			if err == nil || !errors.Is(err, drawable.ErrRegion) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("CheckAssets() = %v, want an error wrapping ErrRegion saying %q", err, tt.want)
			}
			if tt.asset != nil && !errors.Is(err, tt.asset) {
				t.Errorf("CheckAssets() = %v, want it to wrap %v too", err, tt.asset)
			}
		})
	}
}

// TestCheckAssetsKeepsValue: a check never changes what it checks.
func TestCheckAssetsKeepsValue(t *testing.T) {
	l := assets.New(files())
	r := drawable.Frame("hero.yaml", "zz")
	p := drawable.Play("hero.yaml", "zz")
	_, _ = r.CheckAssets(l), p.CheckAssets(l)
	if r != drawable.Frame("hero.yaml", "zz") || p != drawable.Play("hero.yaml", "zz") {
		t.Errorf("after the checks: %v, %+v", r, p)
	}
}

func TestRegionString(t *testing.T) {
	for r, want := range map[drawable.Region]string{
		{}:                              "none",
		drawable.Image("a/b.png"):       "a/b.png",
		drawable.Frame("a/b.yaml", "w"): "a/b.yaml#w",
		drawable.Image("a/../b.png"):    "b.png",
	} {
		if got := r.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}
