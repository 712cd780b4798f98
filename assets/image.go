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
// decodes, in pixels: the largest texture GPUs take. [Limits.ImageBytes]
// bounds the memory of the decoded image besides.
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
// The size its header gives is checked before any pixel is decoded: at
// most [MaxImageSide] on a side, and at most [Limits.ImageBytes] of
// memory decoded.
//
// The error is a [*LoadError] naming the path and wrapping [ErrNotFound],
// [ErrFormat] (not a PNG file), [ErrLimit] (a file, a side or a decoded
// size beyond the limits; one larger than MaxImageSide also matches
// ErrFormat) or [ErrDecode] (a corrupt PNG), or the file system's error.
func (l *Loader) Image(name string) (*Image, error) {
	return loadFile(l, KindImage, name, func(p string, data []byte) (*Image, error) {
		img, err := decodePNG(p, data, l.limits.ImageBytes)
		if err != nil {
			return nil, err
		}
		i := &Image{path: p}
		i.state.Store(&imageState{img: img, gen: 1})
		return i, nil
	})
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// decodePNG decodes data, checking the size the header announces against
// MaxImageSide and budget, the bytes the decoded image may take, before
// the pixels are allocated.
func decodePNG(p string, data []byte, budget int64) (image.Image, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, newError(p, ErrFormat, "not a PNG file"+sniff(data)+" (the loader decodes PNG only)")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, pngError(p, err)
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, &LoadError{Path: p, Err: &detail{kind: ErrLimit, cause: ErrFormat,
			msg: fmt.Sprintf("image is %dx%d pixels; the largest the loader takes is %d on a side", cfg.Width, cfg.Height, MaxImageSide)}}
	}
	facts := pngFactsOf(data, cfg.Width, cfg.Height)
	if size := facts.decoded; size > budget {
		return nil, newError(p, ErrLimit, fmt.Sprintf("image of %dx%d pixels would take %d MiB decoded; the loader decodes at most %d MiB an image (Limits.ImageBytes)",
			cfg.Width, cfg.Height, (size+1<<20-1)>>20, budget>>20))
	}
	if raw, packed := facts.raw, facts.packed; packed*maxDeflateRatio < raw {
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

// pngFacts is what a PNG's chunks say of the memory decoding it takes,
// without decoding anything.
type pngFacts struct {
	// raw is the bytes of filtered pixel data the image holds once
	// inflated (a lower bound, ignoring interlacing); packed the
	// compressed bytes its IDAT chunks hold.
	raw, packed int64
	// decoded is the memory image/png allocates for the pixels: the
	// decoded image, and as much again for the passes of an interlaced
	// one.
	decoded    int64
	interlaced bool
}

// pngFactsOf reads the facts of a w×h PNG from its header and chunk
// lengths. A file too short to tell gives zero facts.
func pngFactsOf(data []byte, w, h int) pngFacts {
	if len(data) < 33 {
		return pngFacts{}
	}
	depth, colorType := int64(data[24]), data[25]
	channels := map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colorType]
	if channels == 0 {
		return pngFacts{} // image/png reports the bad color type
	}
	f := pngFacts{interlaced: data[28] != 0}
	f.raw = int64(h) * (1 + (int64(w)*depth*channels+7)/8)
	trns := false
	for i := 8; i+8 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[i:]))
		switch string(data[i+4 : i+8]) {
		case "IDAT":
			f.packed += n
		case "tRNS":
			trns = true
		}
		if n > int64(len(data)) {
			break
		}
		i += 12 + int(n)
	}
	f.decoded = int64(w) * int64(h) * decodedPixel(colorType, depth, trns)
	if f.interlaced {
		f.decoded *= 2
	}
	return f
}

// decodedPixel returns the bytes a pixel of the image image/png decodes a
// PNG of colorType and depth into takes: Gray or Gray16, Paletted, RGBA or
// RGBA64, NRGBA or NRGBA64; a transparent colour (tRNS) makes a grey or
// RGB image NRGBA.
func decodedPixel(colorType byte, depth int64, trns bool) int64 {
	wide := int64(1)
	if depth == 16 {
		wide = 2
	}
	switch {
	case colorType == 3:
		return 1
	case colorType == 0 && !trns:
		return wide
	}
	return 4 * wide
}
