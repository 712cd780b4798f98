package readmecheck

import "testing"

// TestSystemsDocExamples checks docs/SYSTEMS.md and docs/COLLISION.md
// against the examples of systems/: every Go snippet on either page must
// be the body of one, and every example written for a page
// (example_systems_docs_test.go, example_collision_docs_test.go) must
// appear on it.
func TestSystemsDocExamples(t *testing.T) {
	examples := readFuncs(t, []string{"systems/example_*_test.go"}, "Example")
	checkDoc(t, "docs/SYSTEMS.md", examples, "systems/example_systems_docs_test.go")
	checkDoc(t, "docs/COLLISION.md", examples, "systems/example_collision_docs_test.go")
}
