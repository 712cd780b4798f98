package engine_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/internal/hostile"
)

// TestHostileConfigFiles: configuration files a player or a broken tool
// could leave, each loaded by LoadConfig within hostile's bounds (2 s of
// processor time, 256 MiB), never panicking, returning an error that
// names a key (or the file), and a Config that still validates: the bad
// values keep their defaults. Large files are made here.
func TestHostileConfigFiles(t *testing.T) {
	repeat := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, file, data string
	}{
		{"binary junk", "tessera.yaml", "\x00\xff\xfe\x01GIF89a"},
		{"YAML nested 1,000 deep", "tessera.yaml", repeat(1000, func(i int) string { return strings.Repeat(" ", i) + "a:\n" })},
		{"JSON nested 100,000 deep", "tessera.json", strings.Repeat(`{"a":`, 100_000) + "1" + strings.Repeat("}", 100_000)},
		{"TOML tables 2,000 deep", "tessera.toml", "[" + strings.Repeat("a.", 1999) + "a]\nx = 1\n"},
		{"100,000 input actions", "tessera.yaml", "input:\n  actions:\n" + repeat(100_000, func(i int) string { return fmt.Sprintf("    a%d: [Space]\n", i) })},
		{"a list of 100,000 buttons", "tessera.yaml", "input:\n  actions:\n    jump: [" + strings.Repeat("Space, ", 100_000) + "Space]\n"},
		{"a file over the size limit", "tessera.yaml", "# " + strings.Repeat("x", engine.DefaultMaxFileBytes) + "\n"},
		{"every key of the wrong type", "tessera.yaml", "window: {width: wide, height: [1], zoom: {a: 1}, vsync: 3}\nloop: {hz: 1e3, max_steps: 0x10}\ndebug: {frames: -1, screenshot_key: Nope}\n"},
		{"an alias bomb", "tessera.yaml", "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"},
		{"a key of a megabyte", "tessera.yaml", strings.Repeat("k", 1<<20) + ": 1\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			var cfg engine.Config
			var err error
			c := hostile.Measure(func() { cfg, err = engine.LoadConfig(engine.LoadOptions{File: path, Flags: quietFlags()}) })
			msg := fmt.Sprint(err)
			if len(msg) > 200 {
				msg = msg[:200] + "..."
			}
			t.Logf("%d KiB: %v: %s", len(tt.data)>>10, c, msg)
			if c.Panicked != nil {
				t.Fatalf("panicked: %v", c.Panicked)
			}
			if !c.Within() {
				t.Errorf("took %v; the bounds are %v of processor time and %d MiB", c, hostile.Time, hostile.Bytes>>20)
			}
			var ce *engine.ConfigError
			if err == nil || !errors.As(err, &ce) && !strings.Contains(err.Error(), tt.file) {
				t.Errorf("LoadConfig = %v, want an error naming a key or the file", err)
			}
			if verr := cfg.Validate(); verr != nil {
				t.Errorf("the Config returned does not validate: %v", verr)
			}
		})
	}
}
