package prefab_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Picture names an image, as a sprite does: a value receiver, so both
// Picture and *Picture are assets.Referrers.
type Picture struct {
	Image assets.Path
	Scale float64
}

func (p Picture) CheckAssets(l *assets.Loader) error {
	if p.Image == 0 {
		return errors.New("names no image")
	}
	_, err := l.Image(p.Image.String())
	return err
}

// Voice names a sound file through a pointer receiver only.
type Voice struct{ Clip assets.Path }

func (v *Voice) CheckAssets(l *assets.Loader) error {
	_, err := l.Image(v.Clip.String()) // the test's "sounds" are PNGs: any asset kind will do
	return err
}

// Gallery holds references at every depth: a field, list items, map
// values, behind a pointer.
type Gallery struct {
	Cover  Picture
	Pages  []Picture
	ByName map[string]Voice
	Boss   *Picture
}

var (
	tPicture = world.DefineComponent[Picture]("Picture")
	tGallery = world.DefineComponent[Gallery]("Gallery")
	tVoice   = world.DefineComponent[Voice]("Voice")
)

// assetFS holds one image, sprites/a.png.
func assetFS(t testing.TB) fstest.MapFS {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"sprites/a.png": {Data: buf.Bytes()}}
}

func assetLibrary(t testing.TB) *prefab.Library {
	t.Helper()
	lib := prefab.NewLibrary(prefab.Component(tPicture), prefab.Component(tGallery), prefab.Component(tVoice))
	if err := lib.UseAssets(assets.New(assetFS(t))); err != nil {
		t.Fatal(err)
	}
	return lib
}

// TestAssetReferences: every decoded value that names assets is checked
// against the library's loader, at any depth, and a bad one is reported at
// its node with the prefab, component and field.
func TestAssetReferences(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"good", "p:\n  components:\n    Picture: {image: sprites/a.png}\n    Voice: {clip: sprites/a.png}\n" +
			"    Gallery:\n      cover: {image: sprites/a.png}\n      pages: [{image: sprites/a.png}]\n" +
			"      byname: {hi: {clip: sprites/a.png}}\n      boss: {image: sprites/a.png, scale: 2}\n", nil},
		{"component", "p:\n  components:\n    Picture: {image: sprites/b.png}\n",
			[]string{`t.yaml:3:14: prefab "p": component "Picture": sprites/b.png: file does not exist`}},
		{"nothing named", "p:\n  components:\n    Picture: {scale: 2}\n",
			[]string{`t.yaml:3:14: prefab "p": component "Picture": names no image`}},
		{"pointer receiver", "p:\n  components:\n    Voice: {clip: sprites/v.png}\n",
			[]string{`t.yaml:3:12: prefab "p": component "Voice": sprites/v.png: file does not exist`}},
		{"at every depth", "p:\n  components:\n    Gallery:\n      cover: {image: c.png}\n" +
			"      pages: [{image: sprites/a.png}, {image: d.png}]\n      byname: {hi: {clip: e.png}}\n      boss: {image: f.png}\n",
			[]string{
				`t.yaml:4:14: prefab "p": component "Gallery": field "cover": c.png: file does not exist`,
				`t.yaml:5:39: prefab "p": component "Gallery": field "pages[1]": d.png: file does not exist`,
				`t.yaml:6:20: prefab "p": component "Gallery": field "byname.hi": e.png: file does not exist`,
				`t.yaml:7:13: prefab "p": component "Gallery": field "boss": f.png: file does not exist`,
			}},
		{"a value that does not decode is not checked", "p:\n  components:\n    Picture: {image: sprites/b.png, scale: big}\n",
			[]string{`t.yaml:3:44: prefab "p": component "Picture": field "scale": expected a number (float64), got the string "big"`}},
		{"a variant's merged value", "p:\n  components:\n    Picture: {image: sprites/a.png}\nv:\n  extends: p\n  components:\n    Picture: {scale: 3}\n" +
			"w:\n  extends: p\n  components:\n    Picture: {image: gone.png}\n",
			[]string{`t.yaml:11:14: prefab "w": component "Picture": gone.png: file does not exist`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib := assetLibrary(t)
			err := lib.LoadBytes("t.yaml", []byte(c.src))
			equal(t, "errors", messages(err), c.want)
			if c.want == nil {
				return
			}
			if !errors.Is(err, prefab.ErrAsset) && !errors.Is(err, prefab.ErrBadValue) {
				t.Errorf("errors.Is(err, ErrAsset) = false: %v", err)
			}
			if names := lib.Names(); len(names) != 0 {
				t.Errorf("after a failed check, Names() = %v, want none", names)
			}
		})
	}
}

// TestAssetErrorWraps: an asset error is a *LoadError with every
// position field, wrapping ErrAsset and the loader's own error.
func TestAssetErrorWraps(t *testing.T) {
	err := assetLibrary(t).LoadBytes("t.yaml", []byte("p:\n  components:\n    Gallery: {pages: [{image: x.png}]}\n"))
	errs := prefab.Errors(err)
	if len(errs) != 1 {
		t.Fatalf("Errors(err) = %v, want one", errs)
	}
	got := *errs[0]
	got.Err = nil
	equal(t, "LoadError", got, prefab.LoadError{File: "t.yaml", Line: 3, Col: 23, Prefab: "p", Component: "Gallery", Field: "pages[0]"})
	var ae *assets.LoadError
	if !errors.Is(err, prefab.ErrAsset) || !errors.Is(err, assets.ErrNotFound) || !errors.As(err, &ae) || ae.Path != "x.png" {
		t.Errorf("err = %v; want it to wrap ErrAsset, assets.ErrNotFound and the *assets.LoadError of x.png", err)
	}
}

// TestAssetCheckWhere: Load, Check, Reload and UseAssets itself check,
// and nothing is checked without a loader.
func TestAssetCheckWhere(t *testing.T) {
	bad := []byte("p:\n  components:\n    Picture: {image: missing.png}\n")
	good := []byte("p:\n  components:\n    Picture: {image: sprites/a.png}\n")

	t.Run("no loader, no check", func(t *testing.T) {
		lib := prefab.NewLibrary(prefab.Component(tPicture))
		if err := lib.LoadBytes("t.yaml", bad); err != nil {
			t.Errorf("LoadBytes without a loader = %v, want nil", err)
		}
	})
	t.Run("UseAssets checks what is loaded", func(t *testing.T) {
		lib := prefab.NewLibrary(prefab.Component(tPicture))
		if err := lib.LoadBytes("t.yaml", bad); err != nil {
			t.Fatal(err)
		}
		loader := assets.New(assetFS(t))
		if err := lib.UseAssets(loader); !errors.Is(err, prefab.ErrAsset) {
			t.Fatalf("UseAssets over a bad reference = %v, want ErrAsset", err)
		}
		// The failed UseAssets kept no loader: loading still does not check.
		if err := lib.LoadBytes("u.yaml", []byte("q: {components: {Picture: {image: other.png}}}\n")); err != nil {
			t.Errorf("LoadBytes after a failed UseAssets = %v, want nil", err)
		}
		if err := lib.LoadBytes("t.yaml", good); err != nil {
			t.Fatal(err)
		}
		if err := lib.LoadBytes("u.yaml", []byte("q: {}\n")); err != nil {
			t.Fatal(err)
		}
		if err := lib.UseAssets(loader); err != nil {
			t.Errorf("UseAssets over good references = %v", err)
		}
		if err := lib.LoadBytes("u.yaml", bad); !errors.Is(err, prefab.ErrAsset) {
			t.Errorf("LoadBytes after UseAssets = %v, want ErrAsset", err)
		}
		if err := lib.UseAssets(nil); err != nil {
			t.Fatal(err)
		}
		if err := lib.LoadBytes("u.yaml", []byte("q: {components: {Picture: {image: other.png}}}\n")); err != nil {
			t.Errorf("LoadBytes after UseAssets(nil) = %v, want nil", err)
		}
	})
	t.Run("Check and Reload", func(t *testing.T) {
		files := fstest.MapFS{"p/a.yaml": {Data: good}}
		lib := assetLibrary(t)
		if err := lib.LoadFS(files, "p"); err != nil {
			t.Fatal(err)
		}
		if err := lib.CheckFS(fstest.MapFS{"p/a.yaml": {Data: bad}}, "p"); !errors.Is(err, prefab.ErrAsset) {
			t.Errorf("CheckFS(bad) = %v, want ErrAsset", err)
		}
		before, _ := lib.Lookup("p")
		files["p/a.yaml"] = &fstest.MapFile{Data: append(bad, "# edited\n"...)}
		r := lib.Reload()
		if !errors.Is(r.Err, prefab.ErrAsset) {
			t.Errorf("Reload() = %+v, want ErrAsset", r)
		}
		if after, _ := lib.Lookup("p"); after != before {
			t.Error("a reload that failed its asset check changed the library")
		}
	})
}

// TestAssetPatchOverFactory: a mapping laid over a factory sets only some
// fields, so the value it decodes is not the whole value and is not
// checked; a value it sets whole is.
func TestAssetPatchOverFactory(t *testing.T) {
	lib := assetLibrary(t)
	lib.Add(prefab.New("base",
		prefab.Factory(tPicture, func(prefab.Spawn) Picture { return Picture{Image: assets.PathOf("sprites/a.png")} }),
		prefab.Factory(tGallery, func(prefab.Spawn) Gallery { return Gallery{} }),
	))
	err := lib.LoadBytes("t.yaml", []byte("v:\n  extends: base\n  components:\n    Picture: {scale: 2}\n"+
		"    Gallery: {cover: {scale: 2}, pages: [{image: nope.png}]}\n"))
	equal(t, "errors", messages(err), []string{`t.yaml:5:42: prefab "v": component "Gallery": field "pages[0]": nope.png: file does not exist`})
	if err := lib.LoadBytes("t.yaml", []byte("v:\n  extends: base\n  components:\n    Picture: {scale: 2}\n")); err != nil {
		t.Fatalf("a patch of scale over a factory = %v, want nil", err)
	}
	got, _ := spawnGet(t, lib, "v", tPicture)
	if got.Image.String() != "sprites/a.png" || got.Scale != 2 {
		t.Errorf("spawned %+v, want the factory's image at scale 2", got)
	}
}

// TestAssetCheckSpeed: thousands of prefabs naming one image load it once.
func TestAssetCheckSpeed(t *testing.T) {
	var src strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&src, "p%d: {components: {Picture: {image: sprites/a.png}}}\n", i)
	}
	if err := assetLibrary(t).LoadBytes("t.yaml", []byte(src.String())); err != nil {
		t.Fatal(err)
	}
}
