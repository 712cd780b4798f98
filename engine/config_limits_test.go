package engine_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/engine"
)

// quick is how much time a load refused by a limit, or a load of a large
// configuration within the limits, may take: well under the 2 s a hostile
// input may cost at most (the refusals take milliseconds).
const quick = 2 * time.Second

// timed runs f and fails t if it took longer than quick: the CPU time
// this process spent, where it is known, so that other work on the
// machine does not count; else the wall clock. Nothing else runs in the
// process meanwhile, as no test of this package is parallel. The race
// detector slows code tenfold, so under it the time is only logged.
func timed(t *testing.T, what string, f func()) {
	t.Helper()
	cost, wall := costOf(f)
	if cost > quick && !underRace {
		t.Errorf("%s took %v (%v of wall time), want under %v", what, cost, wall, quick)
	}
	t.Logf("%s: %v CPU, %v wall", what, cost.Round(time.Millisecond), wall.Round(time.Millisecond))
}

// costOf runs f and returns the CPU time this process spent in it (the
// wall time where that is not known), and the wall time.
func costOf(f func()) (cost, wall time.Duration) {
	cpu0, haveCPU := cpuTime()
	start := time.Now()
	f()
	wall = time.Since(start)
	cost = wall
	if cpu1, ok := cpuTime(); haveCPU && ok {
		cost = cpu1 - cpu0
	}
	return cost, wall
}

// TestConfigReadsOnlyRegularFiles: a FIFO, a device and a directory are
// refused before they are read. Before, a FIFO named *.yaml blocked
// forever and a link to /dev/zero read until memory ran out.
func TestConfigReadsOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Logf("no FIFO: mkfifo: %v", err)
		fifo = ""
	}
	zero := filepath.Join(dir, "zero.yaml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{"a device": zero, "a directory": dir}
	if fifo != "" {
		paths["a named pipe"] = fifo
	}
	for what, path := range paths {
		if _, err := os.Stat(path); err != nil {
			t.Logf("skipping %s: %v", what, err)
			continue
		}
		done := make(chan error, 1)
		go func() {
			_, err := engine.LoadConfig(engine.LoadOptions{File: path})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file but "+what) {
				t.Errorf("LoadConfig(%s) = %v, want an error saying it is not a regular file but %s", path, err, what)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("LoadConfig(%s) still blocks after 10 s", path)
			if what == "a named pipe" { // let the blocked open return
				if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
					w.Close()
				}
				<-done
			}
		}
	}
}

// growingFS holds one file whose Stat says it is small, as if it grew
// between the Stat and the read.
type growingFS struct{ data []byte }

func (g growingFS) Open(name string) (fs.File, error) {
	f, err := fstest.MapFS{name: {Data: g.data}}.Open(name)
	if err != nil {
		return nil, err
	}
	return smallFile{f}, nil
}

type smallFile struct{ fs.File }

func (f smallFile) Stat() (fs.FileInfo, error) {
	info, err := f.File.Stat()
	return smallInfo{info}, err
}

type smallInfo struct{ fs.FileInfo }

func (smallInfo) Size() int64 { return 1 }

func TestConfigFileSizeLimit(t *testing.T) {
	big := []byte("loop:\n  hz: 30\n" + strings.Repeat("# a comment line\n", engine.DefaultMaxFileBytes/17+1))
	for _, tt := range []struct {
		name  string
		fsys  fs.FS
		limit int64
		ok    bool
	}{
		{"over the default", fstest.MapFS{"c.yaml": {Data: big}}, 0, false},
		{"under a larger limit", fstest.MapFS{"c.yaml": {Data: big}}, 2 * engine.DefaultMaxFileBytes, true},
		{"over a small limit", fstest.MapFS{"c.yaml": {Data: []byte("loop:\n  hz: 30\n")}}, 10, false},
		{"growing past the limit", growingFS{big}, 0, false},
	} {
		cfg, err := engine.LoadConfigFS(engine.LoadOptions{File: "c.yaml", MaxFileBytes: tt.limit}, tt.fsys, nil)
		switch {
		case tt.ok && (err != nil || cfg.Loop.Hz != 30):
			t.Errorf("%s: hz %d, %v; want 30 from the file", tt.name, cfg.Loop.Hz, err)
		case !tt.ok && (!errors.Is(err, engine.ErrLimit) || !strings.Contains(err.Error(), "LoadOptions.MaxFileBytes")):
			t.Errorf("%s: %v, want an error naming LoadOptions.MaxFileBytes", tt.name, err)
		case !tt.ok && cfg.Loop.Hz != engine.DefaultHz:
			t.Errorf("%s: hz %d, want the default after a refused file", tt.name, cfg.Loop.Hz)
		}
	}
}

// nested returns a config file nesting maps n deep under game, in the
// given format.
func nested(format string, n int) string {
	switch format {
	case "yaml block":
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%sk:\n", strings.Repeat(" ", i))
		}
		return b.String()
	case "yaml flow":
		return "game: " + strings.Repeat("{k: ", n) + "1" + strings.Repeat("}", n) + "\n"
	case "yaml list":
		return "game: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n"
	case "yaml dotted key":
		return "? game" + strings.Repeat(".k", n) + "\n: 1\n" // an explicit key: an implicit one is at most 1024 bytes
	case "json":
		return `{"game": ` + strings.Repeat(`{"k": `, n) + "1" + strings.Repeat("}", n) + "}"
	case "json list":
		return `{"game": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + "}"
	case "toml":
		return "game = " + strings.Repeat("{k = ", n) + "1" + strings.Repeat("}", n) + "\n"
	case "toml list":
		return "game = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n"
	case "toml dotted key":
		return "[game" + strings.Repeat(".k", n) + "]\n"
	}
	panic(format)
}

func extension(format string) string {
	ext, _, _ := strings.Cut(format, " ")
	return "c." + ext
}

// TestConfigDepthLimit: a file nested 2,000 deep is refused in a
// millisecond, naming the limit. Before, viper's path search made it
// take 19 s.
func TestConfigDepthLimit(t *testing.T) {
	for _, format := range []string{"yaml block", "yaml flow", "yaml list", "yaml dotted key", "json", "json list", "toml", "toml list", "toml dotted key"} {
		text := nested(format, 2000)
		var err error
		timed(t, format+" nested 2000 deep", func() {
			_, err = engine.LoadConfigFS(engine.LoadOptions{File: extension(format), MaxFileBytes: 8 << 20},
				fstest.MapFS{extension(format): {Data: []byte(text)}}, nil)
		})
		if !errors.Is(err, engine.ErrLimit) || !strings.Contains(err.Error(), "LoadOptions.MaxDepth (32)") || !strings.Contains(err.Error(), extension(format)+":") {
			t.Errorf("%s nested 2000 deep: %v, want an error at a line and column naming LoadOptions.MaxDepth (32)", format, err)
		}
	}
	// The limit is inclusive, and configurable: input.actions.jump: [A]
	// is four deep (the file's map, input, actions and the list).
	text := "input:\n  actions:\n    jump: [A]\n"
	for _, tt := range []struct {
		depth int
		ok    bool
	}{{4, true}, {3, false}, {0, true}} {
		_, err := loadFileWith(engine.LoadOptions{MaxDepth: tt.depth}, "c.yaml", text)
		if (err == nil) != tt.ok {
			t.Errorf("MaxDepth %d: %v, want ok %v", tt.depth, err, tt.ok)
		}
	}
}

func loadFileWith(opts engine.LoadOptions, name, text string) (engine.Config, error) {
	opts.File = name
	return engine.LoadConfigFS(opts, fstest.MapFS{name: {Data: []byte(text)}}, nil)
}

// actionsFile returns a YAML file defining n actions.
func actionsFile(n int) string {
	var b strings.Builder
	b.WriteString("input:\n  actions:\n")
	for i := range n {
		fmt.Fprintf(&b, "    a%d: [Space, GamepadA]\n", i)
	}
	return b.String()
}

// TestConfigValuesLimit: a file of 100,000 actions is refused quickly,
// naming the limit, and loads in linear time when the limits allow it.
// Before, it took more than 8 s.
func TestConfigValuesLimit(t *testing.T) {
	text := actionsFile(100_000) // 3 MB
	var err error
	timed(t, "refusing 100,000 actions", func() {
		_, err = loadFileWith(engine.LoadOptions{}, "c.yaml", text)
	})
	if !errors.Is(err, engine.ErrLimit) || !strings.Contains(err.Error(), "LoadOptions.MaxFileBytes (1048576)") {
		t.Errorf("100,000 actions: %v, want an error naming LoadOptions.MaxFileBytes (1048576)", err)
	}
	timed(t, "refusing 12,000 actions", func() {
		_, err = loadFileWith(engine.LoadOptions{}, "c.yaml", actionsFile(12_000))
	})
	if !errors.Is(err, engine.ErrLimit) || !strings.Contains(err.Error(), "LoadOptions.MaxValues (10000)") {
		t.Errorf("12,000 actions: %v, want an error naming LoadOptions.MaxValues (10000)", err)
	}
	// Under larger limits a load takes time in proportion to its size:
	// 100,000 actions cost about ten times 10,000, where they cost a
	// hundred times (8 s) before. The test bounds the ratio, not the
	// seconds (1.3 s on a slow day, against the 2 s a hostile input may
	// cost), so that a slow machine passes: the best of three smaller
	// loads against one larger, with room for a slow spell during it.
	larger := engine.LoadOptions{MaxFileBytes: 8 << 20, MaxValues: 1 << 20}
	small := time.Duration(math.MaxInt64)
	for range 3 {
		c, _ := costOf(func() { _, err = loadFileWith(larger, "c.yaml", actionsFile(10_000)) })
		small = min(small, c)
		if err != nil {
			t.Fatalf("10,000 actions: %v", err)
		}
	}
	var cfg engine.Config
	big, wall := costOf(func() { cfg, err = loadFileWith(larger, "c.yaml", text) })
	t.Logf("loading 10,000 actions: %v CPU at best; 100,000: %v CPU, %v wall (%.1f×)", small.Round(time.Millisecond), big.Round(time.Millisecond), wall.Round(time.Millisecond), float64(big)/float64(small))
	if err != nil || len(cfg.Input.Actions) != 100_000 {
		t.Fatalf("100,000 actions under a larger limit: %d actions, %v", len(cfg.Input.Actions), err)
	}
	if big > 30*small {
		t.Errorf("loading 100,000 actions took %v, %.1f times 10,000 (%v): want about 10, and under 30", big, float64(big)/float64(small), small)
	}
	timed(t, "NewInput of 100,000 actions", func() {
		_, err = engine.NewInput(cfg.Input)
	})
	if err != nil {
		t.Error(err)
	}

	// Aliases count once per use, so a billion laughs stops at the limit.
	laughs := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'j'; i++ {
		laughs += fmt.Sprintf("%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	timed(t, "a billion laughs", func() {
		_, err = loadFileWith(engine.LoadOptions{}, "c.yaml", laughs)
	})
	if !errors.Is(err, engine.ErrLimit) {
		t.Errorf("a billion laughs: %v, want an error wrapping ErrLimit", err)
	}

	// A list from the environment or a flag has the same bound.
	long := strings.TrimSuffix(strings.Repeat("Space,", 101), ",")
	defaults := engine.Config{Input: engine.InputConfig{Actions: map[string][]string{"jump": {"Space"}}}}
	cfg, err = engine.LoadConfigFS(engine.LoadOptions{Defaults: defaults, MaxValues: 100},
		fstest.MapFS{}, map[string]string{"TESSERA_INPUT_ACTIONS_JUMP": long})
	if ces := configErrors(err); len(ces) != 1 || ces[0].Source != "env TESSERA_INPUT_ACTIONS_JUMP" || !errors.Is(err, engine.ErrLimit) || len(cfg.Input.Actions["jump"]) != 1 {
		t.Errorf("a list of 101 names from the environment over a limit of 100: %v; jump %q", err, cfg.Input.Actions["jump"])
	}
}

// TestConfigManyDefaultActions: a game's defaults are not limited, and
// 100,000 actions in code load and set up in linear time.
func TestConfigManyDefaultActions(t *testing.T) {
	actions := make(map[string][]string, 100_000)
	for i := range 100_000 {
		actions[fmt.Sprintf("a%d", i)] = []string{"Space", "GamepadA", "MouseLeft"}
	}
	var (
		cfg engine.Config
		err error
	)
	timed(t, "LoadConfig with 100,000 default actions", func() {
		cfg, err = engine.LoadConfigFS(engine.LoadOptions{Defaults: engine.Config{Input: engine.InputConfig{Actions: actions}}}, fstest.MapFS{}, nil)
	})
	if err != nil || len(cfg.Input.Actions) != 100_000 {
		t.Fatalf("%d actions, %v", len(cfg.Input.Actions), err)
	}
	var in *engine.Input
	timed(t, "NewInput of 100,000 actions", func() {
		in, err = engine.NewInput(cfg.Input)
	})
	if err != nil || len(in.Buttons()) != 3 {
		t.Errorf("NewInput: %v buttons, %v; want the 3 bound", in.Buttons(), err)
	}
}

func TestConfigNegativeLimits(t *testing.T) {
	for _, opts := range []engine.LoadOptions{{MaxFileBytes: -1}, {MaxDepth: -1}, {MaxValues: -1}} {
		if _, err := engine.LoadConfigFS(opts, fstest.MapFS{}, nil); err == nil || !strings.Contains(err.Error(), "must not be negative") {
			t.Errorf("LoadConfig(%+v) = %v, want an error", opts, err)
		}
	}
}
