package engine_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
)

// TestGameKeyClashes: game keys that clash with the engine's -config, each
// other or a flag of the game's own are errors naming the key, not panics.
func TestGameKeyClashes(t *testing.T) {
	own := quietFlags()
	own.Bool("game.fast", false, "the game's own flag")
	for _, tt := range []struct {
		keys  []engine.Key
		flags *flag.FlagSet
		want  string
	}{
		{[]engine.Key{{Name: "config", Default: "x"}}, quietFlags(), `game key "config": the engine defines it`},
		{[]engine.Key{{Name: "game.lives", Default: 3}, {Name: "game.lives", Default: 5}}, quietFlags(), `game key "game.lives": declared twice`},
		{[]engine.Key{{Name: "game.fast", Default: true}}, own, `game key "game.fast": the game's flag set has a flag`},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("LoadConfig with keys %v panicked: %v", tt.keys, r)
				}
			}()
			_, err := engine.LoadConfig(engine.LoadOptions{Keys: tt.keys, Flags: tt.flags})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("LoadConfig with keys %v = %v, want an error saying %q", tt.keys, err, tt.want)
			}
		}()
	}
}

func TestGameFloatNaNFromFile(t *testing.T) {
	dir := t.TempDir()
	p := dir + "/g.yaml"
	if err := os.WriteFile(p, []byte("game:\n  gravity: .nan\n  speed: .inf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := []engine.Key{{Name: "game.gravity", Default: 9.8}, {Name: "game.speed", Default: 1.0}}
	cfg, err := engine.LoadConfig(engine.LoadOptions{File: p, Keys: keys, Flags: quietFlags()})
	_, envErr := engine.LoadConfig(engine.LoadOptions{Args: []string{"-game.gravity", "NaN"}, Keys: keys, Flags: quietFlags()})
	if envErr == nil {
		t.Errorf("-game.gravity NaN accepted")
	}
	if err == nil {
		t.Errorf("file values .nan/.inf accepted for float keys (gravity=%v, speed=%v), though the same value from a flag is rejected: %v", cfg.Game["game.gravity"], cfg.Game["game.speed"], envErr)
	}
}
