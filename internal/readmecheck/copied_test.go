package readmecheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeComment names the file a docs snippet of declarations is
// copied from; it stands on the line before the block's opening fence, and
// the snippet must appear in the file verbatim, so it compiles with it.
var codeComment = regexp.MustCompile(`^<!--\s*code:\s*(\S+)\s*-->$`)

// checkCopied checks a Go snippet of doc that is not an example's body:
// the line before it must name, as <!-- code: path -->, the file the
// snippet is copied from verbatim. lines are doc's lines.
func checkCopied(t *testing.T, doc string, lines []string, b block) {
	t.Helper()
	prev := ""
	if b.line >= 2 {
		prev = strings.TrimSpace(lines[b.line-2])
	}
	m := codeComment.FindStringSubmatch(prev)
	if m == nil {
		t.Errorf("%s:%d: Go snippet has neither <!-- example: ExampleName --> nor <!-- code: path --> on the line before it, so nothing checks that it compiles", doc, b.line)
		return
	}
	src, err := os.ReadFile(filepath.Join(root, m[1]))
	if err != nil {
		t.Errorf("%s:%d: %v", doc, b.line, err)
		return
	}
	if !strings.Contains(string(src), b.text) {
		t.Errorf("%s:%d: snippet is not copied verbatim from %s; copy it again from there", doc, b.line, m[1])
	}
}
