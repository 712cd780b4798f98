package window

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// saveScreenshot reads the screen's pixels and writes them to path as an
// opaque PNG, as the window shows them. It must run in Draw, once the
// screen is drawn.
func saveScreenshot(screen *ebiten.Image, path string) error {
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	// The pixels are premultiplied, so making each opaque composes it over
	// the black the window shows where nothing was drawn.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("window: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("window: screenshot %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("window: screenshot %s: %w", path, err)
	}
	return nil
}

// numbered puts the frame number before path's extension:
// shots/screenshot.png becomes shots/screenshot-120.png.
func numbered(path string, frame uint64) string {
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), frame, ext)
}
