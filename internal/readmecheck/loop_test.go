package readmecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loopDoc is the page about the loop, scenes, input and configuration.
const loopDoc = "docs/LOOP.md"

// loopExampleFiles are the files whose examples docs/LOOP.md shows; every
// example in them must appear on the page.
var loopExampleFiles = []string{"engine/example_test.go", "engine/example_game_test.go", "engine/window/example_test.go"}

// loopExample is the body of one Example function.
type loopExample struct {
	file string // relative to the repository root
	line int
	body string // de-indented by one tab, each line ending in "\n"
}

// readExampleFiles returns the bodies of the Example functions in files
// (relative to the repository root), by name.
func readExampleFiles(t *testing.T, files ...string) map[string]loopExample {
	t.Helper()
	fset := token.NewFileSet()
	out := make(map[string]loopExample)
	for _, name := range files {
		src, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			lbrace := fset.Position(fn.Body.Lbrace).Offset
			rbrace := fset.Position(fn.Body.Rbrace).Offset
			out[fn.Name.Name] = loopExample{file: name, line: fset.Position(fn.Pos()).Line, body: dedent(string(src[lbrace+1 : rbrace]))}
		}
	}
	return out
}

func TestLoopDocExamples(t *testing.T) {
	examples := readExampleFiles(t, loopExampleFiles...)
	data, err := os.ReadFile(filepath.Join(root, loopDoc))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	used := make(map[string]bool)
	for _, b := range readBlocks(t, loopDoc) {
		if b.lang != "go" {
			continue
		}
		if b.example != "" {
			used[b.example] = true
			ex, ok := examples[b.example]
			if !ok {
				t.Errorf("%s:%d: snippet names %s, which is not an example in %s", loopDoc, b.line, b.example, strings.Join(loopExampleFiles, " or "))
				continue
			}
			if b.text != ex.body {
				i, d, e := firstDiff(b.text, ex.body)
				t.Errorf("%s:%d: snippet differs from the body of %s (%s:%d)\n\tsnippet: %s\n\texample: %s\n"+
					"Edit both together: the snippet is the example's body with one tab of indentation removed.",
					loopDoc, b.line+1+i, b.example, ex.file, ex.line+1+i, d, e)
			}
			continue
		}
		checkCopied(t, loopDoc, lines, b)
	}
	for name, ex := range examples {
		if !used[name] {
			t.Errorf("%s:%d: %s is not shown in %s; show it there or move it to another file", ex.file, ex.line, name, loopDoc)
		}
	}
}
