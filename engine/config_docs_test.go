package engine_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// configDoc is the configuration reference, relative to this package.
const configDoc = "../docs/CONFIG.md"

// configDocExamples is the file whose examples docs/CONFIG.md shows.
const configDocExamples = "config_docs_test.go"

// The examples below are shown in docs/CONFIG.md: TestConfigDocExamples
// keeps each snippet there the body of its example.

func ExampleKey() {
	fs := flag.NewFlagSet("orcs", flag.ContinueOnError) // the game's own flags
	seed := fs.Uint64("seed", 1, "random seed")
	headless := fs.Bool("headless", false, "run without a window")
	cfg, err := engine.LoadConfig(engine.LoadOptions{
		Args:  []string{"-headless", "-seed", "42", "-orcs.count", "12", "-orcs.speed", "1.5"},
		Flags: fs,
		Keys: []engine.Key{
			{Name: "orcs.count", Default: 8, Min: 1, Max: 100, Usage: "orcs in the first wave"},
			{Name: "orcs.speed", Default: 1.0, Min: 0.1, Max: 10, Usage: "orc speed in tiles a second"},
			{Name: "orcs.kinds", Default: []string{"grunt", "brute"}, Usage: "orc kinds, weakest first"},
			{Name: "orcs.boss", Default: true, Usage: "end the level with a boss"},
		},
	})
	if err != nil {
		panic(err)
	}
	count := cfg.Game["orcs.count"].(int) // each value has its default's type
	speed := cfg.Game["orcs.speed"].(float64)
	kinds := cfg.Game["orcs.kinds"].([]string)
	fmt.Println(*headless, *seed, count, speed, kinds, cfg.Game["orcs.boss"])
	// Output:
	// true 42 12 1.5 [grunt brute] true
}

func ExampleConfigError() {
	_, err := engine.LoadConfig(engine.LoadOptions{
		Args: []string{"-window.width", "wide", "-loop.hz", "0", "-orcs.count", "500"},
		Keys: []engine.Key{{Name: "orcs.count", Default: 8, Min: 1, Max: 100}},
	})
	fmt.Println(err) // every problem, one a line
	var ce *engine.ConfigError
	if errors.As(err, &ce) { // the first
		fmt.Println(ce.Key, ce.Source, errors.Is(ce, engine.ErrWrongType))
	}
	fmt.Println(errors.Is(err, engine.ErrOutOfRange))
	// Output:
	// engine: config window.width from flag -window.width: wrong type: "wide" is not an integer
	// engine: config loop.hz from flag -loop.hz: out of range: 0 is not in [1, 1000]
	// engine: config orcs.count from flag -orcs.count: out of range: 500 is not in [1, 100]
	// window.width flag -window.width true
	// true
}

func ExampleConfig_Validate() {
	cfg := engine.Config{Window: engine.WindowConfig{Title: "Orcs", Zoom: 40}}
	fmt.Println(cfg.WithDefaults().Window.Width, cfg.WithDefaults().Loop.Hz)
	fmt.Println(cfg.Validate())
	// Output:
	// 640 60
	// engine: config window.zoom from code: out of range: 40 is not in [0.1, 16]
}

func ExampleKeys() {
	for _, k := range engine.Keys()[:4] { // the first four, for a game's own usage text
		line := fmt.Sprintf("%-13s %-6s %-8v %s", k.Key, k.Type, k.Default, k.Range)
		fmt.Println(strings.TrimSpace(line))
	}
	// Output:
	// window.title  string Tessera
	// window.width  int    640      [1, 16384]
	// window.height int    360      [1, 16384]
	// window.zoom   float  1        [0.1, 16]
}

// configRow matches a row of the keys table:
// | `key` | type | `default` | range | `field` | meaning |
var configRow = regexp.MustCompile("^\\| `([a-zA-Z_.]+)` \\| (\\w*) \\| (`[^`]*`|none) \\| ([^|]*) \\| `([^`]*)` \\| ([^|]*) \\|$")

// docRow is one row of the keys table of docs/CONFIG.md.
type docRow struct {
	line                               int
	key, typ, def, rng, field, meaning string
}

// readConfigRows returns the rows of the keys table, in order.
func readConfigRows(t *testing.T) []docRow {
	t.Helper()
	data, err := os.ReadFile(configDoc)
	if err != nil {
		t.Fatal(err)
	}
	var rows []docRow
	for i, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "| `") {
			continue
		}
		m := configRow.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("%s:%d: row %q does not read | `key` | type | `default` | range | `field` | meaning |", configDoc, i+1, l)
			continue
		}
		rows = append(rows, docRow{i + 1, m[1], m[2], m[3], strings.TrimSpace(m[4]), m[5], strings.TrimSpace(m[6])})
	}
	return rows
}

// TestConfigDocKeys fails when the keys table of docs/CONFIG.md does not
// list exactly the keys engine.Keys returns, in its order, with their
// types, defaults and ranges, followed by the input keys whose names the
// game chooses; and when a row's Config field does not exist.
func TestConfigDocKeys(t *testing.T) {
	rows := readConfigRows(t)
	keys := engine.Keys()
	named := []docRow{
		{key: "input.actions.NAME", typ: "list", def: "none", field: "Input.Actions[NAME]"},
		{key: "input.axes.NAME", typ: "list", def: "none", field: "Input.Axes[NAME]"},
	}
	if len(rows) != len(keys)+len(named) {
		t.Errorf("%s: the keys table has %d rows; want %d (engine.Keys, then %s and %s)", configDoc, len(rows), len(keys)+len(named), named[0].key, named[1].key)
	}
	for i, k := range keys {
		if i >= len(rows) {
			t.Errorf("%s: the keys table has no row for %s", configDoc, k.Key)
			continue
		}
		r := rows[i]
		def := "`" + fmt.Sprint(k.Default) + "`"
		if s, ok := k.Default.(string); ok {
			def = "`" + fmt.Sprintf("%q", s) + "`"
		}
		if r.key != k.Key || r.typ != k.Type || r.def != def || r.rng != k.Range {
			t.Errorf("%s:%d: row says %s, %s, default %s, range %q; engine.Keys()[%d] is %s, %s, default %s, range %q",
				configDoc, r.line, r.key, r.typ, r.def, r.rng, i, k.Key, k.Type, def, k.Range)
		}
		if r.meaning == "" {
			t.Errorf("%s:%d: %s has no meaning", configDoc, r.line, r.key)
		}
		if err := checkField(r.field); err != nil {
			t.Errorf("%s:%d: %s: %v", configDoc, r.line, r.key, err)
		}
	}
	for j, want := range named {
		i := len(keys) + j
		if i >= len(rows) {
			t.Errorf("%s: the keys table has no row for %s", configDoc, want.key)
			continue
		}
		r := rows[i]
		if r.key != want.key || r.typ != want.typ || r.def != want.def || r.field != want.field || r.meaning == "" {
			t.Errorf("%s:%d: row says %s, %s, default %s, field %s; want %s, %s, default %s, field %s, and a meaning",
				configDoc, r.line, r.key, r.typ, r.def, r.field, want.key, want.typ, want.def, want.field)
		}
	}
}

// checkField checks that a dotted field path such as "Window.Width",
// optionally after "not ", names a field of engine.Config.
func checkField(path string) error {
	typ := reflect.TypeFor[engine.Config]()
	for name := range strings.SplitSeq(strings.TrimPrefix(path, "not "), ".") {
		f, ok := typ.FieldByName(name)
		if !ok {
			return fmt.Errorf("engine.Config has no field %s (in %s)", name, path)
		}
		typ = f.Type
	}
	return nil
}

// TestConfigDocErrors checks the error messages docs/CONFIG.md shows in
// its ```text block under "## Errors" against those LoadConfig returns for
// the same mistakes: a misspelt key in tessera.yaml, a number that is not
// one in the environment, and a value out of range on the command line.
func TestConfigDocErrors(t *testing.T) {
	var want string
	for _, b := range readDocBlocks(t) {
		if b.heading == "## Errors" && b.lang == "text" {
			want = b.text
			break
		}
	}
	if want == "" {
		t.Fatalf("%s: no ```text block under ## Errors", configDoc)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, engine.DefaultConfigFile), []byte("window:\n  widht: 800\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	t.Setenv("TESSERA_CONFIG", "")
	t.Setenv("TESSERA_WINDOW_ZOOM", "big")
	_, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-loop.max_steps", "0"}})
	if err == nil {
		t.Fatal("LoadConfig: no error")
	}
	if got := err.Error() + "\n"; got != want {
		t.Errorf("%s: the errors under ## Errors read\n%s\nLoadConfig returns\n%s", configDoc, want, got)
	}
}

// docBlock is one fenced code block of docs/CONFIG.md.
type docBlock struct {
	line    int    // of the opening fence
	lang    string // the fence's info string
	heading string // the last heading before the block
	example string // named by <!-- example: Name --> on the line before
	text    string // the lines between the fences, each ending in "\n"
}

// exampleMarker names the example a snippet is the body of, as the docs
// checked by internal/readmecheck do.
var exampleMarker = regexp.MustCompile(`^<!--\s*example:\s*(\w+)\s*-->$`)

// readDocBlocks returns the fenced code blocks of docs/CONFIG.md.
func readDocBlocks(t *testing.T) []docBlock {
	t.Helper()
	f, err := os.Open(configDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		blocks        []docBlock
		cur           *docBlock
		heading, prev string
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
			continue
		case cur != nil:
			cur.text += line + "\n"
			continue
		case strings.HasPrefix(line, "```"):
			cur = &docBlock{line: n, lang: strings.TrimSpace(line[3:]), heading: heading}
			if m := exampleMarker.FindStringSubmatch(strings.TrimSpace(prev)); m != nil {
				cur.example = m[1]
			}
		case strings.HasPrefix(line, "#"):
			heading = strings.TrimSpace(line)
		}
		prev = line
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Fatalf("%s:%d: code block is never closed", configDoc, cur.line)
	}
	return blocks
}

// exampleBodies returns the bodies of the Example functions of file, by
// name, with one tab of indentation removed, as docs snippets show them.
func exampleBodies(t *testing.T, file string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") {
			continue
		}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		var b strings.Builder
		for l := range strings.Lines(strings.TrimPrefix(body, "\n")) {
			if strings.TrimSpace(l) == "" && !strings.HasSuffix(l, "\n") {
				continue // the indentation before the closing brace
			}
			b.WriteString(strings.TrimPrefix(l, "\t"))
		}
		out[fn.Name.Name] = b.String()
	}
	return out
}

// TestConfigDocExamples applies the rule of internal/readmecheck to
// docs/CONFIG.md: every Go snippet names an example of this file with
// <!-- example: Name --> on the line before it and is that example's
// body, and every example of this file appears on the page.
func TestConfigDocExamples(t *testing.T) {
	examples := exampleBodies(t, configDocExamples)
	used := make(map[string]bool)
	for _, b := range readDocBlocks(t) {
		if b.lang != "go" {
			continue
		}
		body, ok := examples[b.example]
		switch {
		case b.example == "":
			t.Errorf("%s:%d: Go snippet has no <!-- example: ExampleName --> on the line before it, so nothing checks that it compiles", configDoc, b.line)
		case !ok:
			t.Errorf("%s:%d: snippet names %s, which is not an example in engine/%s", configDoc, b.line, b.example, configDocExamples)
		case b.text != body:
			t.Errorf("%s:%d: snippet is not the body of %s in engine/%s; edit both together (the snippet is the body with one tab of indentation removed)\nsnippet:\n%s\nbody:\n%s",
				configDoc, b.line, b.example, configDocExamples, b.text, body)
		}
		used[b.example] = true
	}
	for name := range examples {
		if !used[name] {
			t.Errorf("engine/%s: %s is not shown in %s; show it there", configDocExamples, name, configDoc)
		}
	}
}

// TestConfigDocLimits checks the table under "## Limits" against
// LoadOptions: a row for each limit field, with the default the engine's
// constant has.
func TestConfigDocLimits(t *testing.T) {
	data, err := os.ReadFile(configDoc)
	if err != nil {
		t.Fatal(err)
	}
	_, limits, ok := strings.Cut(string(data), "\n## Limits\n")
	if !ok {
		t.Fatalf("%s has no ## Limits section", configDoc)
	}
	limits, _, _ = strings.Cut(limits, "\n## ")
	want := map[string]string{
		"MaxFileBytes": fmt.Sprintf("%d MiB (`engine.DefaultMaxFileBytes`)", engine.DefaultMaxFileBytes>>20),
		"MaxDepth":     fmt.Sprintf("%d (`engine.DefaultMaxDepth`)", engine.DefaultMaxDepth),
		"MaxValues":    fmt.Sprintf("%d,%03d (`engine.DefaultMaxValues`)", engine.DefaultMaxValues/1000, engine.DefaultMaxValues%1000),
	}
	row := regexp.MustCompile("(?m)^\\| [^|]+ \\| ([^|]+) \\| `(\\w+)` \\|")
	seen := 0
	for _, m := range row.FindAllStringSubmatch(limits, -1) {
		def, field := strings.TrimSpace(m[1]), m[2]
		if _, ok := reflect.TypeFor[engine.LoadOptions]().FieldByName(field); !ok {
			t.Errorf("%s: ## Limits names LoadOptions.%s, which does not exist", configDoc, field)
		}
		if want[field] != def {
			t.Errorf("%s: ## Limits gives %s a default of %q, want %q", configDoc, field, def, want[field])
		}
		seen++
	}
	if seen != len(want) {
		t.Errorf("%s: ## Limits has %d rows, want one for each of %d limits", configDoc, seen, len(want))
	}
}
