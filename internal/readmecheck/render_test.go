package readmecheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// renderDoc is the page about package render.
const renderDoc = "docs/RENDERING.md"

// TestRenderDocExamples checks docs/RENDERING.md against the examples of
// render and render/camera: every Go snippet is either the body of one of
// their examples (<!-- example: Name -->) or a declaration copied verbatim
// from a file (<!-- code: path -->, as in docs/LOOP.md), and every example
// written for the page (render/example_docs_test.go) appears on it.
func TestRenderDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"render/example_*_test.go", "render/camera/example_test.go"}, "Example")
	data, err := os.ReadFile(filepath.Join(root, renderDoc))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	used := make(map[string]bool)
	for _, b := range readBlocks(t, renderDoc) {
		if b.lang != "go" {
			continue
		}
		if b.example != "" {
			used[b.example] = true
			checkSnippet(t, renderDoc, b, b.example, examples)
			continue
		}
		checkCopied(t, renderDoc, lines, b)
	}
	for name, ex := range examples {
		if ex.file == "render/example_docs_test.go" && !used[name] {
			t.Errorf("%s:%d: %s is not shown in %s; show it there or move it to another file", ex.file, ex.line, name, renderDoc)
		}
	}
}
