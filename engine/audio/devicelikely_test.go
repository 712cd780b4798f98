package audio_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/engine/audio"
)

func TestDeviceLikely(t *testing.T) {
	file := &fstest.MapFile{Data: []byte{}}
	tests := []struct {
		name string
		goos string
		env  map[string]string
		root fstest.MapFS
		want bool
		why  string // in the reason
	}{
		{"container", "linux", nil, fstest.MapFS{"dev/null": file}, false, "no ALSA playback device"},
		{"capture only", "linux", nil, fstest.MapFS{"dev/snd/pcmC0D0c": file, "dev/snd/controlC0": file}, false, "no ALSA"},
		{"sound card", "linux", nil, fstest.MapFS{"dev/snd/pcmC0D0p": file}, true, "/dev/snd/pcmC0D0p"},
		{"ALSA config", "linux", map[string]string{"ALSA_CONFIG_PATH": "/tmp/null.conf"}, nil, true, "ALSA_CONFIG_PATH"},
		{"pulse server", "linux", map[string]string{"PULSE_SERVER": "tcp:host"}, nil, true, "PulseAudio"},
		{"pulse socket", "linux", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, fstest.MapFS{"run/user/1000/pulse/native": file}, true, "/run/user/1000/pulse/native"},
		{"pipewire socket", "linux", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, fstest.MapFS{"run/user/1000/pipewire-0": file}, true, "pipewire-0"},
		{"runtime dir without a server", "linux", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, fstest.MapFS{"run/user/1000/bus": file}, false, "no ALSA"},
		{"macOS", "darwin", nil, nil, true, "darwin"},
		{"Windows", "windows", nil, nil, true, "windows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tt.root
			if root == nil {
				root = fstest.MapFS{}
			}
			got, why := audio.DeviceLikelyOn(tt.goos, func(k string) string { return tt.env[k] }, root)
			if got != tt.want || !strings.Contains(why, tt.why) {
				t.Errorf("DeviceLikely = %v, %q; want %v and a reason saying %q", got, why, tt.want, tt.why)
			}
		})
	}
}

// TestDeviceLikelyHere runs the real check, which must not fail or panic
// whatever the machine has.
func TestDeviceLikelyHere(t *testing.T) {
	ok, why := audio.DeviceLikely()
	if why == "" {
		t.Errorf("DeviceLikely() = %v with no reason", ok)
	}
	t.Logf("DeviceLikely() = %v: %s", ok, why)
}
