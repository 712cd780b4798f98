package webtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmesSayHowToPlayInBrowser checks that the README's section on
// browsers gives the one command, and that every example's README (new
// ones too) says how to run that example with it.
func TestReadmesSayHowToPlayInBrowser(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Play in a browser\n")
	section, _, _ = strings.Cut(section, "\n## ")
	if !ok || !strings.Contains(section, "\n./scripts/web.sh ") {
		t.Errorf("README.md: no section \"## Play in a browser\" with a ./scripts/web.sh command line")
	}
	entries, err := os.ReadDir(filepath.Join(root, "examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		path := filepath.Join(root, "examples", e.Name(), "README.md")
		text, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("example %s: %v", e.Name(), err)
			continue
		}
		if !regexp.MustCompile(`(?m)^\./scripts/web\.sh ` + regexp.QuoteMeta(e.Name()) + `\b`).Match(text) {
			t.Errorf("%s has no line ./scripts/web.sh %s saying how to play it in a browser", path, e.Name())
		}
	}
}
