package readmecheck

import "testing"

// TestStateDocExamples checks docs/STATE.md against the examples of
// random, save, save/compact and world's state examples: every Go snippet
// names an example and is its body, and every example of
// world/example_state_test.go and save/example_test.go appears on the
// page.
func TestStateDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"random/example*_test.go", "save/example*_test.go", "save/compact/example*_test.go", "world/example_state_test.go"}, "Example")
	checkDoc(t, "docs/STATE.md", examples, "world/example_state_test.go")
	checkDoc(t, "docs/STATE.md", examples, "save/example_test.go")
}
