package depcheck

import "testing"

func TestAllows(t *testing.T) {
	allowed := []string{"go.yaml.in/yaml/v3", module + "/world", "github.com/solarlune/resolv/..."}
	tests := []struct {
		path string
		want bool
	}{
		{"go.yaml.in/yaml/v3", true},
		{module + "/world", true},
		{module + "/worlds", false},
		{module + "/world/internal", false},
		{"github.com/solarlune/resolv", true},
		{"github.com/solarlune/resolv/sub", true},
		{"github.com/solarlune/resolvx", false},
		{"github.com/hajimehoshi/ebiten/v2", false},
	}
	for _, tt := range tests {
		if got := allows(allowed, tt.path); got != tt.want {
			t.Errorf("allows(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestDeps lists this package's own dependencies: the standard library
// only, so just itself.
func TestDeps(t *testing.T) {
	deps := Deps(t)
	if len(deps) != 1 || deps[0] != module+"/internal/depcheck" {
		t.Errorf("Deps() = %q, want only %s/internal/depcheck", deps, module)
	}
}
