// Package windowtest runs, from a package's tests, the window build of a
// program: the examples' and cmd/stress's screenshot tests build their
// main package with the build tag tesserawindow (which links ebitengine,
// whose start-up panics without a display), run it for a few frames with a
// screenshot and look at the picture.
//
// The test binaries themselves never link ebitengine, so they run
// anywhere; the tests skip under -short and when there is no display
// (scripts/test.sh starts Xvfb for them).
package windowtest

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Timeout bounds a build or a run: a cold build of an ebitengine program
// takes about 20 s on a 2-core machine.
const Timeout = 4 * time.Minute

// Build builds the main package in the test's working directory with the
// tesserawindow tag, into a temporary directory, and returns the binary's
// path. It skips the test under -short or without a display.
func Build(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary with ebitengine")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no display (DISPLAY is unset); scripts/test.sh starts Xvfb")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), filepath.Base(wd))
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", "tesserawindow", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -tags tesserawindow: %v\n%s", err, out)
	}
	return bin
}

// Run runs bin with args and returns what it printed on standard output;
// it fails the test, showing both outputs, if bin fails.
func Run(t testing.TB, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(bin), strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// ReadPNG decodes the PNG at path, failing the test if it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// Count returns how many pixels of img within r match.
func Count(img image.Image, r image.Rectangle, match func(color.NRGBA) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)) {
				n++
			}
		}
	}
	return n
}

// Near returns a match for Count: the colour c, within tolerance in each
// of red, green and blue.
func Near(c color.NRGBA, tolerance int) func(color.NRGBA) bool {
	within := func(a, b uint8) bool { d := int(a) - int(b); return d >= -tolerance && d <= tolerance }
	return func(p color.NRGBA) bool { return within(p.R, c.R) && within(p.G, c.G) && within(p.B, c.B) }
}

// alsaConf is ALSA's main configuration file on Debian and most Linux
// systems.
const alsaConf = "/usr/share/alsa/alsa.conf"

// NullAudio points ALSA's default device at its null device for the
// programs the test runs, on Linux, unless ALSA_CONFIG_PATH is set
// already, and reports whether it did. A program that plays sound then
// opens a real audio context on machines without a sound card (CI,
// containers) and never makes noise on machines with one.
func NullAudio(t testing.TB) bool {
	t.Helper()
	if os.Getenv("ALSA_CONFIG_PATH") != "" {
		return false
	}
	if _, err := os.Stat(alsaConf); err != nil {
		return false // not Linux, or no ALSA
	}
	null := filepath.Join(t.TempDir(), "null.conf")
	if err := os.WriteFile(null, []byte("pcm.!default { type null }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ALSA_CONFIG_PATH", alsaConf+":"+null)
	return true
}

// Screenshot runs bin one fixed step a frame (-debug.fixed_frames) to
// frame, with args, and returns the path of the screenshot it saved of
// that frame, in the test's temporary directory, and the picture, failing
// the test unless it is w×h. Every frame being one step, the frame shows a
// known state of the game however loaded the machine is.
func Screenshot(t testing.TB, bin string, frame, w, h int, args ...string) (string, image.Image) {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	n := strconv.Itoa(frame)
	Run(t, bin, append([]string{"-debug.fixed_frames", "-debug.frames", n,
		"-debug.screenshot_frame", n, "-debug.screenshot", shot}, args...)...)
	img := ReadPNG(t, shot)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("screenshot is %v, want %dx%d", b, w, h)
	}
	return shot, img
}

// UpdateDoc copies the screenshot at shot to docs/name at the repository's
// root, two directories up from an example's package: what an example's
// -update flag does with its window test's picture.
func UpdateDoc(t testing.TB, shot, name string) {
	t.Helper()
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "..", "docs", name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
