package readmecheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const root = "../.."

// readmeExample is the example the README's snippet mirrors; the snippet is
// the ```go block under the heading readmeHeading.
const (
	readmeExample = "Example_readme"
	readmeHeading = "## Example"
)

// exampleComment names the example a docs/WORLD.md snippet mirrors; it
// stands on the line before the block's opening fence.
var exampleComment = regexp.MustCompile(`^<!--\s*example:\s*(\w+)\s*-->$`)

// block is one fenced code block of a Markdown file.
type block struct {
	line    int    // line number of the opening fence
	lang    string // the fence's info string, such as "go"
	heading string // the last heading before the block
	example string // from an example comment right before the block
	text    string // the lines between the fences, each ending in "\n"
}

// readBlocks returns the fenced code blocks of the Markdown file doc, a path
// relative to the repository root.
func readBlocks(t *testing.T, doc string) []block {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		t.Fatal(err)
	}
	var (
		blocks  []block
		cur     *block
		heading string
		prev    string // the previous line outside blocks
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		case strings.HasPrefix(line, "```"):
			cur = &block{line: n, lang: strings.TrimSpace(strings.TrimPrefix(line, "```")), heading: heading}
			if m := exampleComment.FindStringSubmatch(strings.TrimSpace(prev)); m != nil {
				cur.example = m[1]
			}
		case strings.HasPrefix(line, "#"):
			heading = strings.TrimSpace(line)
		}
		if cur == nil {
			prev = line
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Fatalf("%s:%d: code block is never closed", doc, cur.line)
	}
	return blocks
}

// example is the body of one Example function.
type example struct {
	file string // relative to the repository root
	line int
	body string // de-indented by one tab, each line ending in "\n"
}

// readExamples returns the bodies of the Example functions in world's
// example_*_test.go files, by name.
func readExamples(t *testing.T) map[string]example {
	t.Helper()
	return readFuncs(t, []string{"world/example_*_test.go"}, "Example")
}

// readFuncs returns the bodies of the functions whose names start with one
// of prefixes in the files matching globs (relative to the repository
// root), by name.
func readFuncs(t *testing.T, globs []string, prefixes ...string) map[string]example {
	t.Helper()
	var files []string
	for _, g := range globs {
		m, err := filepath.Glob(filepath.Join(root, g))
		if err != nil || len(m) == 0 {
			t.Fatalf("no files match %s (err = %v)", g, err)
		}
		files = append(files, m...)
	}
	fset := token.NewFileSet()
	out := make(map[string]example)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !slices.ContainsFunc(prefixes, func(p string) bool {
				return strings.HasPrefix(fn.Name.Name, p)
			}) {
				continue
			}
			rel, err := filepath.Rel(root, name)
			if err != nil {
				t.Fatal(err)
			}
			lbrace := fset.Position(fn.Body.Lbrace).Offset
			rbrace := fset.Position(fn.Body.Rbrace).Offset
			out[fn.Name.Name] = example{
				file: filepath.ToSlash(rel),
				line: fset.Position(fn.Pos()).Line,
				body: dedent(string(src[lbrace+1 : rbrace])),
			}
		}
	}
	return out
}

// dedent turns a function body's text into the text of a snippet: the
// lines after the opening brace, with one leading tab taken off each.
func dedent(body string) string {
	body = strings.TrimPrefix(body, "\n")
	lines := strings.Split(body, "\n")
	if last := len(lines) - 1; strings.TrimSpace(lines[last]) == "" {
		lines = lines[:last] // the indentation before the closing brace
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimPrefix(l, "\t"))
		b.WriteByte('\n')
	}
	return b.String()
}

// firstDiff returns the index of the first line where a snippet and an
// example differ, and the two lines quoted.
func firstDiff(doc, ex string) (i int, d, e string) {
	dl, el := strings.Split(doc, "\n"), strings.Split(ex, "\n")
	for i = range max(len(dl), len(el)) {
		d, e = "(no line)", "(no line)"
		if i < len(dl) {
			d = fmt.Sprintf("%q", dl[i])
		}
		if i < len(el) {
			e = fmt.Sprintf("%q", el[i])
		}
		if d != e {
			break
		}
	}
	return i, d, e
}

// checkSnippet reports an error unless b's text is the body of the named
// example.
func checkSnippet(t *testing.T, doc string, b block, name string, examples map[string]example) {
	t.Helper()
	ex, ok := examples[name]
	if !ok {
		t.Errorf("%s:%d: snippet names %s, which is not an example in the files this page is checked against", doc, b.line, name)
		return
	}
	if b.text != ex.body {
		i, d, e := firstDiff(b.text, ex.body)
		t.Errorf("%s:%d: snippet differs from the body of %s (%s:%d)\n\tsnippet: %s\n\texample: %s\n"+
			"Edit both together: the snippet is the example's body with one tab of indentation removed.",
			doc, b.line+1+i, name, ex.file, ex.line+1+i, d, e)
	}
}

func TestReadmeExample(t *testing.T) {
	const doc = "README.md"
	examples := readExamples(t)
	found := false
	for _, b := range readBlocks(t, doc) {
		if b.lang != "go" {
			continue
		}
		name := b.example
		if name == "" && b.heading == readmeHeading && !found {
			name, found = readmeExample, true
		}
		if name == "" {
			t.Errorf("%s:%d: Go snippet is neither the one under %q nor preceded by <!-- example: ExampleName -->, so nothing checks that it compiles", doc, b.line, readmeHeading)
			continue
		}
		checkSnippet(t, doc, b, name, examples)
	}
	if !found {
		t.Errorf("%s: no ```go block under the heading %q", doc, readmeHeading)
	}
}

func TestWorldDocExamples(t *testing.T) {
	checkDoc(t, "docs/WORLD.md", readExamples(t), "world/example_docs_test.go")
}

// TestPrefabDocExamples checks docs/PREFABS.md against the examples of
// prefab and its subpackages, and against the test of prefabtest that
// shows how a game calls it.
func TestPrefabDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"prefab/example_*_test.go", "prefab/*/example_test.go"}, "Example", "Test")
	checkDoc(t, "docs/PREFABS.md", examples, "prefab/example_docs_test.go")
}

// checkDoc checks that every Go snippet of doc names an example and is its
// body, and that every example of docFile (the file written for the page)
// appears on it.
func checkDoc(t *testing.T, doc string, examples map[string]example, docFile string) {
	t.Helper()
	used := make(map[string]bool)
	for _, b := range readBlocks(t, doc) {
		if b.lang != "go" {
			continue
		}
		if b.example == "" {
			t.Errorf("%s:%d: Go snippet has no <!-- example: ExampleName --> comment on the line before it", doc, b.line)
			continue
		}
		used[b.example] = true
		checkSnippet(t, doc, b, b.example, examples)
	}
	// Every example written for the page appears on it.
	for name, ex := range examples {
		if ex.file == docFile && !used[name] {
			t.Errorf("%s:%d: %s is not shown in %s; show it there or move it to another file", ex.file, ex.line, name, doc)
		}
	}
}

// TestQuickStart checks that the README's quick start is exactly the two
// scripts, that they exist and are executable, and that CI runs the same
// test command.
func TestQuickStart(t *testing.T) {
	const doc = "README.md"
	want := []string{"./scripts/ecs-stress.sh", "./scripts/test.sh"}
	var got []string
	for _, b := range readBlocks(t, doc) {
		if b.heading != "## Quick start" {
			continue
		}
		for l := range strings.Lines(b.text) {
			if cmd, _, _ := strings.Cut(l, "#"); strings.TrimSpace(cmd) != "" {
				got = append(got, strings.TrimSpace(cmd))
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s: quick start commands = %q, want %q", doc, got, want)
	}
	for _, cmd := range want {
		fi, err := os.Stat(filepath.Join(root, cmd))
		if err != nil {
			t.Errorf("quick start command %s: %v", cmd, err)
		} else if fi.Mode()&0o111 == 0 {
			t.Errorf("quick start command %s is not executable (mode %v)", cmd, fi.Mode())
		}
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(want[1]) + `\s*$`).Match(ci) {
		t.Errorf(".ci/run does not run the README's test command %s on a line of its own", want[1])
	}
}

// TestQuickStartMainJob runs the README's first command as a machine
// without a display would: it must say it runs headless and print the
// example's timing table, every walk agreeing with the limit.
func TestQuickStartMainJob(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the ecs-stress example")
	}
	cmd := exec.Command(filepath.Join(root, "scripts", "ecs-stress.sh"), "-bodies", "500", "-steps", "10", "-walk", "slots,each")
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "DISPLAY=") || strings.HasPrefix(kv, "WAYLAND_DISPLAY=")
	})
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("scripts/ecs-stress.sh: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "running ecs-stress headless") {
		t.Errorf("stderr = %q, want it to say it runs headless", stderr.String())
	}
	for _, want := range []string{"slots", "each", "limit", "ok: every walk matches the limit"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
}
