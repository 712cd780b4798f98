package prefabcmd_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/prefab/prefabcmd"
	"github.com/tessera-engine/tessera/world"
)

type life struct{ HP, Max int }

var health = world.DefineComponent[life]("Health")

func TestRun(t *testing.T) {
	lib := prefab.NewLibrary(prefab.Component(health))
	out := filepath.Join(t.TempDir(), "s.json")
	cases := []struct {
		args           []string
		code           int
		stdout, stderr string // substrings
	}{
		{nil, 2, "", "usage:"},
		{[]string{"nope"}, 2, "", `unknown command "nope"`},
		{[]string{"help"}, 0, "usage:", ""},
		{[]string{"check"}, 2, "", "no paths given"},
		{[]string{"check", "testdata/ok.yaml"}, 0, "ok: testdata/ok.yaml", ""},
		{[]string{"check", "testdata"}, 1, "", `unknown field "hpp"`},
		{[]string{"check", "testdata/missing.yaml"}, 1, "", "testdata/missing.yaml: no such file or directory"},
		{[]string{"components"}, 0, "Health\n", ""},
		{[]string{"schema"}, 0, `"$schema"`, ""},
		{[]string{"schema", "-o", out}, 0, "", ""},
		{[]string{"schema", "extra"}, 2, "", "unexpected arguments"},
		{[]string{"schema", "-x"}, 2, "", "flag provided but not defined"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := prefabcmd.Run(lib, c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.stdout) || !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("Run(%q) = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q",
				c.args, code, stdout.String(), stderr.String(), c.code, c.stdout, c.stderr)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(data) {
		t.Errorf("schema -o wrote invalid JSON")
	}
}

// icon names an image file, as a sprite does.
type icon struct{ Image assets.Path }

func (i icon) CheckAssets(l *assets.Loader) error {
	_, err := l.Image(i.Image.String())
	return err
}

var iconKey = world.DefineComponent[icon]("Icon")

// TestCheckAssets: check -assets DIR reports the assets prefabs name that
// DIR does not hold, at their file:line:col; without it they are not
// checked.
func TestCheckAssets(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "assets")
	if err := os.MkdirAll(filepath.Join(root, "sprites"), 0o755); err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	png.Encode(&img, image.NewGray(image.Rect(0, 0, 1, 1)))
	if err := os.WriteFile(filepath.Join(root, "sprites", "bird.png"), img.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(good, []byte("bird: {components: {Icon: {image: sprites/bird.png}}}\n"), 0o644)
	os.WriteFile(bad, []byte("bird:\n  components:\n    Icon: {image: sprites/brid.png}\n"), 0o644)
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"check", bad}, 0, ""},
		{[]string{"check", "-assets", root, good}, 0, ""},
		{[]string{"check", "-assets", root, bad}, 1, bad + `:3:11: prefab "bird": component "Icon": sprites/brid.png: file does not exist`},
		{[]string{"check", "-assets", filepath.Join(dir, "nowhere"), good}, 2, "not a directory"},
		{[]string{"check", "-assets"}, 2, "flag needs an argument"},
	}
	for _, c := range cases {
		lib := prefab.NewLibrary(prefab.Component(iconKey))
		var stdout, stderr bytes.Buffer
		code := prefabcmd.Run(lib, c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("Run(%q) = %d\nstderr: %s\nwant %d, stderr with %q", c.args, code, stderr.String(), c.code, c.stderr)
		}
	}
}
