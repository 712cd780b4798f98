// Package readmecheck has no API. Its tests keep the documentation honest:
// every Go snippet in README.md and docs/WORLD.md must be, line for line,
// the body of a runnable example in world/ (example_readme_test.go and
// example_docs_test.go), and every Go snippet in docs/PREFABS.md the body
// of an example in prefab/ (example_*_test.go, and example_test.go in its
// subpackages); docs/LOOP.md's snippets are checked the same way against
// the engine and scene examples (loop_test.go), and docs/ASSETS.md's
// against the assets examples (assets_test.go), and docs/SYSTEMS.md's and
// docs/COLLISION.md's against the systems examples (systems_test.go), and
// docs/RENDERING.md's against the render and render/camera examples
// (render_test.go). So `go test ./...` fails as
// soon as the docs and the code drift apart. They also check that the
// README's quick start is the two scripts, that CI runs its test command,
// and that its first command runs the ecs-stress example headless on a
// machine without a display (TestQuickStartMainJob, skipped with -short).
package readmecheck
