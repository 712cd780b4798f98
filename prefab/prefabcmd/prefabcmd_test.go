package prefabcmd_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
