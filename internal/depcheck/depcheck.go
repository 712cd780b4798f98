// Package depcheck keeps Tessera's packages to the dependencies the
// design allows them, from their own tests: world to the standard
// library, prefab to world and the YAML parser, and every package but
// render and engine/window away from ebitengine, which panics at start-up
// without a display (see STYLE.md, "Package boundaries").
//
// A package's imports_test.go calls [Only] with what it may depend on.
package depcheck

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the import path every Tessera package starts with.
const module = "github.com/tessera-engine/tessera"

// Deps returns the import paths outside the standard library that the
// package in the test's working directory depends on, directly or not,
// itself included, as go list -deps reports them (test files left out).
// It skips t when the go command cannot be run.
func Deps(t testing.TB) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	return strings.Fields(string(out))
}

// Only fails t for each dependency of the package under test (see [Deps])
// that is neither the package itself nor in allowed. An entry of allowed
// ending in "/..." allows every path under it. An entry naming a Tessera
// package also allows what that package depends on: its own imports test
// checks those, so a package that may import world may import what world
// does (package random, say) without saying so.
func Only(t testing.TB, allowed ...string) {
	t.Helper()
	deps := Deps(t)
	if len(deps) == 0 {
		t.Fatal("go list -deps listed nothing")
	}
	self := deps[len(deps)-1] // go list -deps lists the package last
	through := depsOf(t, allowed)
	for _, path := range deps {
		if path == self || allows(allowed, path) || slices.Contains(through, path) {
			continue
		}
		t.Errorf("%s depends on %s; it may import only the standard library%s",
			strings.TrimPrefix(self, module+"/"), path, list(allowed))
	}
}

// depsOf returns what the Tessera packages in allowed depend on, outside
// the standard library.
func depsOf(t testing.TB, allowed []string) []string {
	t.Helper()
	var pkgs []string
	for _, a := range allowed {
		if strings.HasPrefix(a, module+"/") && !strings.HasSuffix(a, "/...") {
			pkgs = append(pkgs, a)
		}
	}
	if len(pkgs) == 0 {
		return nil
	}
	args := append([]string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}, pkgs...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	return strings.Fields(string(out))
}

func allows(allowed []string, path string) bool {
	return slices.ContainsFunc(allowed, func(a string) bool {
		if prefix, ok := strings.CutSuffix(a, "/..."); ok {
			return path == prefix || strings.HasPrefix(path, prefix+"/")
		}
		return path == a
	})
}

// list says what allowed holds, for a message.
func list(allowed []string) string {
	if len(allowed) == 0 {
		return ""
	}
	return " and " + strings.Join(allowed, ", ")
}
