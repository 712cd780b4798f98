package assets

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png" // the only image format the loader decodes, and registers
	"strings"
	"sync/atomic"
)

// MaxImageSide bounds the width and the height of an image the loader
// decodes, in pixels: the largest texture most GPUs take, and a limit that
// keeps a corrupt or hostile file from making the loader allocate
// gigabytes.
const MaxImageSide = 16384

// Image is a loaded PNG image. The handle stays the same for the loader's
// life; a reload ([Loader.Reload]) swaps the decoded image inside it and
// increments its generation, so code that made something from the image
// (package render uploads it to the GPU) knows to make it again.
//
// An Image is safe for concurrent use. Reloads happen only inside
// [Loader.Reload] and [Watcher.Poll], so a game that calls those on its
// loop's goroutine sees an Image change only between steps.
type Image struct {
	path  string
	state atomic.Pointer[imageState]
}

// imageState is one version of an image; never modified once published.
type imageState struct {
	img image.Image
	gen uint64
}

// Path returns the image's path in the loader's file system.
func (i *Image) Path() string { return i.path }

// Image returns the decoded image, as image/png decodes it (an
// *image.NRGBA, *image.RGBA, *image.Paletted, *image.Gray, ... whose bounds
// start at 0,0). It must not be modified. O(1), no allocation.
func (i *Image) Image() image.Image { return i.state.Load().img }

// Bounds returns the image's bounds.
func (i *Image) Bounds() image.Rectangle { return i.state.Load().img.Bounds() }

// Generation returns 1 for the image as first loaded, and one more after
// each reload that changed it. O(1), no allocation.
func (i *Image) Generation() uint64 { return i.state.Load().gen }

// Image loads the PNG image at name, or returns it from the cache. Only
// PNG is decoded (and registered with package image, as a side effect of
// importing image/png): it is lossless, has an alpha channel, and every
// image editor writes it.
//
// The error is a [*LoadError] naming the path and wrapping [ErrNotFound],
// [ErrFormat] (not a PNG file, or larger than [MaxImageSide]) or
// [ErrDecode] (a corrupt PNG), or the file system's error.
func (l *Loader) Image(name string) (*Image, error) {
	return loadFile(l, KindImage, name, func(p string, data []byte) (*Image, error) {
		img, err := decodePNG(p, data)
		if err != nil {
			return nil, err
		}
		i := &Image{path: p}
		i.state.Store(&imageState{img: img, gen: 1})
		return i, nil
	})
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// decodePNG decodes data, checking the size the header announces before
// the pixels are allocated.
func decodePNG(p string, data []byte) (image.Image, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, newError(p, ErrFormat, "not a PNG file"+sniff(data)+" (the loader decodes PNG only)")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, pngError(p, err)
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, newError(p, ErrFormat, fmt.Sprintf("image is %dx%d pixels; the largest the loader takes is %d on a side", cfg.Width, cfg.Height, MaxImageSide))
	}
	if raw, packed := pngSizes(data, cfg.Width, cfg.Height); packed*maxDeflateRatio < raw {
		// image/png allocates every pixel before it finds the data
		// missing: a 68-byte header would cost gigabytes.
		return nil, newError(p, ErrDecode, fmt.Sprintf("invalid PNG: %d bytes of image data cannot hold %dx%d pixels", packed, cfg.Width, cfg.Height))
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, pngError(p, err)
	}
	return img, nil
}

// pngError reports an error of image/png, whose messages start with
// "png: invalid format: " or "png: unsupported feature: ".
func pngError(p string, err error) *LoadError {
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "png: "), "invalid format: ")
	return &LoadError{Path: p, Err: &detail{kind: ErrDecode, msg: "invalid PNG: " + msg, cause: err}}
}

// sniff names a few formats a PNG is mistaken for, for the error message.
func sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return " (it is a JPEG)"
	case bytes.HasPrefix(data, []byte("GIF8")):
		return " (it is a GIF)"
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return " (it is a WebP)"
	}
	return ""
}

// maxDeflateRatio bounds how much deflate can expand data: 1032 to 1 is
// its most, for long runs of one byte.
const maxDeflateRatio = 1032

// pngSizes returns the bytes of filtered pixel data a w×h PNG holds once
// inflated (a lower bound, ignoring interlacing) and the compressed bytes
// its IDAT chunks hold, from the header and the chunk lengths, without
// decoding anything. A file too short to tell gives 0, 0.
func pngSizes(data []byte, w, h int) (raw, packed int64) {
	if len(data) < 33 {
		return 0, 0
	}
	depth, colorType := int64(data[24]), data[25]
	channels := map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colorType]
	if channels == 0 {
		return 0, 0 // image/png reports the bad color type
	}
	raw = int64(h) * (1 + (int64(w)*depth*channels+7)/8)
	for i := 8; i+8 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[i:]))
		if string(data[i+4:i+8]) == "IDAT" {
			packed += n
		}
		if n > int64(len(data)) {
			break
		}
		i += 12 + int(n)
	}
	return raw, packed
}
