package readmecheck

import "testing"

// TestAssetsDocExamples checks docs/ASSETS.md against the examples of
// assets and of its subpackages (the loading scene): every Go snippet
// names an example and is its body, and every example written for the
// page (assets/example_docs_test.go) appears on it.
func TestAssetsDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"assets/example_*_test.go", "assets/*/example_test.go"}, "Example")
	checkDoc(t, "docs/ASSETS.md", examples, "assets/example_docs_test.go")
}
