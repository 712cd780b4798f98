package readmecheck

import "testing"

// TestStateDocExamples checks docs/STATE.md against the examples of
// random and save/compact: every Go snippet names an example and is its
// body.
func TestStateDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"random/example*_test.go", "save/compact/example*_test.go"}, "Example")
	checkDoc(t, "docs/STATE.md", examples, "random/example_docs_test.go")
}
