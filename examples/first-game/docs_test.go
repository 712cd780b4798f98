package main

// These tests keep the walkthrough, docs/FIRST_GAME.md, true to the game.

import (
	"bufio"
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The files under test, relative to this directory, and the repository root.
const (
	root     = "../.."
	mainFile = "main.go"
	doc      = root + "/docs/FIRST_GAME.md"
	maxLines = 50
)

// TestMainFits: main.go is gofmt'd and at most 50 lines.
func TestMainFits(t *testing.T) {
	src, err := os.ReadFile(mainFile)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(src, []byte("\n")); n > maxLines || n == 0 {
		t.Errorf("%s has %d lines, want 1 to %d: the first game must stay that short", mainFile, n, maxLines)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("%s is not gofmt'd: the line count is of the gofmt'd file", mainFile)
	}
}

// codeMarker names the file a docs snippet is copied from verbatim, on the
// line before its opening fence (as internal/readmecheck reads it).
var codeMarker = regexp.MustCompile(`^<!--\s*code:\s*(\S+)\s*-->$`)

// snippet is one fenced block of the walkthrough that names its file.
type snippet struct {
	line int    // of the opening fence
	file string // relative to the repository root
	text string // the lines between the fences, each ending in "\n"
}

// readSnippets returns the fenced blocks of path, with the file each one
// names; a ```go block that names none is an error.
func readSnippets(t *testing.T, path string) []snippet {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var (
		out  []snippet
		cur  *snippet
		prev string // the last line outside blocks
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fence := strings.TrimSpace(line) // fences may be indented, in a list
		switch {
		case cur != nil && fence == "```":
			if cur.file != "" {
				out = append(out, *cur)
			}
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		case strings.HasPrefix(fence, "```"):
			cur = &snippet{line: n}
			if m := codeMarker.FindStringSubmatch(strings.TrimSpace(prev)); m != nil {
				cur.file = m[1]
			} else if strings.TrimSpace(strings.TrimPrefix(fence, "```")) == "go" {
				t.Errorf("%s:%d: Go snippet without <!-- code: path --> on the line before it", path, n)
			}
		}
		if cur == nil {
			prev = line
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: code block is never closed", path, cur.line)
	}
	return out
}

// TestDocShowsTheGame checks docs/FIRST_GAME.md against the files it
// walks through: the snippets copied from each file, read in order, are
// that whole file, line for line, except for blank lines between them. So
// any change to main.go fails here until the page shows it.
func TestDocShowsTheGame(t *testing.T) {
	byFile := make(map[string][]snippet)
	for _, s := range readSnippets(t, doc) {
		byFile[s.file] = append(byFile[s.file], s)
	}
	for _, file := range []string{"examples/first-game/main.go", "examples/first-game/window.go"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(root, file))
			if err != nil {
				t.Fatal(err)
			}
			snippets := byFile[file]
			if len(snippets) == 0 {
				t.Fatalf("%s shows no snippet of %s", doc, file)
			}
			if err := covers(string(src), snippets); err != nil {
				t.Errorf("%s: %v; copy %s into the page again", doc, err, file)
			}
		})
	}
}

// covers reports whether the snippets, in order, are src: each one must
// be found verbatim where the last one ended, with only blank lines
// between them, before the first and after the last.
func covers(src string, snippets []snippet) error {
	rest := src
	for _, s := range snippets {
		skipped := strings.TrimLeft(rest, "\n")
		if !strings.HasPrefix(skipped, s.text) {
			if strings.Contains(src, s.text) {
				return fmt.Errorf("line %d: snippet is out of order, or lines before it are missing from the page", s.line)
			}
			return fmt.Errorf("line %d: snippet is not copied verbatim", s.line)
		}
		rest = skipped[len(s.text):]
	}
	if strings.TrimLeft(rest, "\n") != "" {
		return fmt.Errorf("the end of the file is missing from the page: %q", firstLine(strings.TrimLeft(rest, "\n")))
	}
	return nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func TestCovers(t *testing.T) {
	src := "a\nb\n\nc\nd\n"
	for _, tc := range []struct {
		name     string
		snippets []string
		ok       bool
	}{
		{"whole", []string{src}, true},
		{"split at the blank line", []string{"a\nb\n", "c\nd\n"}, true},
		{"split anywhere", []string{"a\n", "b\n\nc\n", "d\n"}, true},
		{"missing the end", []string{"a\nb\n"}, false},
		{"missing the start", []string{"c\nd\n"}, false},
		{"missing the middle", []string{"a\n", "d\n"}, false},
		{"out of order", []string{"c\nd\n", "a\nb\n"}, false},
		{"changed", []string{"a\nb\n", "c\nD\n"}, false},
		{"repeated", []string{"a\nb\n", "a\nb\n", "c\nd\n"}, false},
	} {
		var ss []snippet
		for i, text := range tc.snippets {
			ss = append(ss, snippet{line: i, text: text})
		}
		if err := covers(src, ss); (err == nil) != tc.ok {
			t.Errorf("%s: covers = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}
