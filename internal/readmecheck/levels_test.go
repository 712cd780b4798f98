package readmecheck

import "testing"

// TestLevelsDocExamples checks docs/LEVELS.md against the examples of
// package level: every Go snippet names an example and is its body.
func TestLevelsDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"level/example*_test.go"}, "Example")
	checkDoc(t, "docs/LEVELS.md", examples, "level/example_docs_test.go")
}
