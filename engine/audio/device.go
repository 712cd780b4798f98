package audio

import (
	"io/fs"
	"os"
	"path"
	"runtime"
	"strings"
)

// DeviceLikely reports whether an audio output device is likely to open on
// this machine, and why it thinks so: a cheap look before [New], because a
// device that fails to open ends ebitengine's game loop (see
// [Options.Silent]). A game without a sound switch of its own can run
// silently when it reports false, and say why.
//
// On Linux it looks for what ALSA, which ebitengine plays through, would
// open: a configuration named by ALSA_CONFIG_PATH, a PulseAudio server
// (PULSE_SERVER, or its socket under XDG_RUNTIME_DIR), a PipeWire socket,
// or a playback device under /dev/snd (pcmC*D*p). It opens nothing, so it
// can be wrong both ways: a sound card whose device is busy, or a server
// ALSA is not configured to reach. On other systems it reports true: they
// always have an output, if only a null one.
func DeviceLikely() (bool, string) {
	root := os.DirFS("/")
	return deviceLikely(runtime.GOOS, os.Getenv, root)
}

// deviceLikely is DeviceLikely with the system, environment and file
// system given, for tests. Paths in root have no leading slash.
func deviceLikely(goos string, getenv func(string) string, root fs.FS) (bool, string) {
	if goos != "linux" {
		return true, goos + " always has an audio output"
	}
	if p := getenv("ALSA_CONFIG_PATH"); p != "" {
		return true, "ALSA_CONFIG_PATH names ALSA's configuration (" + p + ")"
	}
	if s := getenv("PULSE_SERVER"); s != "" {
		return true, "PULSE_SERVER names a PulseAudio server (" + s + ")"
	}
	if dir := strings.TrimPrefix(getenv("XDG_RUNTIME_DIR"), "/"); dir != "" {
		for _, sock := range []string{"pulse/native", "pipewire-0"} {
			if _, err := fs.Stat(root, path.Join(dir, sock)); err == nil {
				return true, "a sound server listens at /" + path.Join(dir, sock)
			}
		}
	}
	if devs, err := fs.Glob(root, "dev/snd/pcmC*D*p"); err == nil && len(devs) > 0 {
		return true, "ALSA has a playback device, /" + devs[0]
	}
	return false, "no ALSA playback device in /dev/snd and no PulseAudio or PipeWire server"
}
