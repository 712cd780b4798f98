package game

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestHelpLine: the help line is text on the screen (so no camera moves
// it) at the bottom, clear of the overlay, saying the half of the day and
// the keys; skipping to dawn makes it say day.
func TestHelpLine(t *testing.T) {
	g, h := start(t, Options{}, press(ActionSkip, 3)...)
	step(t, h)
	if got := g.Help(); got != helpNight {
		t.Errorf("help line at the start (night) says %q, want %q", got, helpNight)
	}
	w := g.World()
	if !w.Has(g.help.text, drawable.Screen) || !w.Has(g.help.strip, drawable.Screen) {
		t.Error("the help line is not on the screen")
	}
	for range 5 {
		step(t, h)
	}
	if got := g.Help(); got != helpDay {
		t.Errorf("help line after skipping to dawn says %q, want %q", got, helpDay)
	}
}

// TestCamera: the garden's camera is an entity over its middle, whose
// background is the sky's colour, step by step.
func TestCamera(t *testing.T) {
	g, h := start(t, Options{}, press(ActionSkip, 10)...)
	for range 20 {
		step(t, h)
		c := drawable.Camera.Require(g.World(), g.camera)
		a := g.Settings().Garden
		if c.Background != g.Sky().NRGBA() || c.Position != vec2(a.Width/2, a.Height/2) {
			t.Fatalf("camera at %v on %v; want at the garden's middle on the sky %v", c.Position, c.Background, g.Sky())
		}
	}
}

// TestSpritesNamePictures: every sprite of the garden names a picture its
// files have, by path.
func TestSpritesNamePictures(t *testing.T) {
	g, h := start(t, Options{})
	step(t, h)
	n := 0
	for e, p := range world.Query1(g.World(), drawable.Sprite) {
		if err := p.Region.CheckAssets(g.Loader()); err != nil || p.Region.IsZero() {
			t.Errorf("entity %v: sprite %v: %v", e, p.Region, err)
		}
		n++
	}
	if want := 1 + len(g.flowers); n < want {
		t.Errorf("%d sprites, want at least the moon and the flowers, %d", n, want)
	}
	for _, want := range []string{MoonImage, FlowerImage, GlowImage} {
		found := false
		for _, p := range world.Query1(g.World(), drawable.Sprite) {
			found = found || p.Region.Image.String() == want
		}
		if !found {
			t.Errorf("no sprite shows %s", want)
		}
	}
}

// TestLoadErrorNamesDir: a garden run from a directory (the engine's
// assets.dir) that does not exist fails to start, naming the directory.
func TestLoadErrorNamesDir(t *testing.T) {
	cfg := Config()
	cfg.Assets.Dir = "no/such/dir"
	h, err := engine.NewHeadless(cfg, engine.Game{First: New(Options{}), Assets: Files()}, engine.HeadlessOptions{})
	if err == nil {
		err = h.Start()
		h.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "files from no/such/dir") {
		t.Errorf("entering = %v, want an error naming no/such/dir", err)
	}
}

// TestFromConfig: the garden of FromConfig reads its seed from the
// configuration of the engine running it.
func TestFromConfig(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-seed", "9"}, Defaults: Config(), Keys: Keys()})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := startWith(t, cfg, Files(), FromConfig())
	if g.Options().Seed != 9 {
		t.Errorf("Options() = %+v, want seed 9", g.Options())
	}
}
