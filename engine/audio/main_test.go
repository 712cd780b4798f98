package audio_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// alsaConf is ALSA's main configuration file on Debian and most Linux
// systems.
const alsaConf = "/usr/share/alsa/alsa.conf"

// nullDevice reports whether TestMain pointed ALSA at its null device, so
// that players in a real audio context consume their sounds and end.
var nullDevice bool

// TestMain points ALSA's default device at its null device, on Linux,
// unless ALSA_CONFIG_PATH is set already: the tests then play through a
// real ebitengine audio context on machines without a sound card (CI,
// containers) and never make noise on machines with one. Without it, an
// audio context whose device cannot open accepts plays whose sounds never
// end. The package imports ebitengine's audio package only, which needs no
// display, so no game loop runs here.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if runtime.GOOS == "linux" && os.Getenv("ALSA_CONFIG_PATH") == "" {
		if _, err := os.Stat(alsaConf); err == nil {
			dir, err := os.MkdirTemp("", "tessera-audio-test")
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			defer os.RemoveAll(dir)
			null := filepath.Join(dir, "null.conf")
			if err := os.WriteFile(null, []byte("pcm.!default { type null }\n"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			// os.Setenv reaches the C environment, where ALSA reads it,
			// when cgo is linked in, as it is with ebitengine's audio.
			os.Setenv("ALSA_CONFIG_PATH", alsaConf+":"+null)
			nullDevice = true
		}
	}
	return m.Run()
}
