package assets_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// pngFile returns a PNG of w by h grey pixels.
func pngFile(w, h int) []byte { return pngOf(w, h, color.NRGBA{0x80, 0x80, 0x80, 0xff}) }

// pngOf returns a PNG of w by h pixels of one colour.
func pngOf(w, h int, c color.NRGBA) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// wavHeader describes a WAV file for wavOf.
type wavHeader struct {
	encoding, channels uint16
	rate               uint32
	bits               uint16
	dataSize           uint32 // what the header says; the data holds min(dataSize, have)
	have               int    // bytes of data actually present; -1 means dataSize
	fmtSize            uint32 // 0 means 16
	extra              []byte // chunks between fmt and data
	dataFirst          bool   // put the data chunk before the fmt chunk
}

// wavOf returns a RIFF WAVE file as h describes it.
func wavOf(h wavHeader) []byte {
	fmtSize := h.fmtSize
	if fmtSize == 0 {
		fmtSize = 16
	}
	var fmtChunk bytes.Buffer
	fmtChunk.WriteString("fmt ")
	le := func(w *bytes.Buffer, v any) { binary.Write(w, binary.LittleEndian, v) }
	le(&fmtChunk, fmtSize)
	le(&fmtChunk, h.encoding)
	le(&fmtChunk, h.channels)
	le(&fmtChunk, h.rate)
	le(&fmtChunk, h.rate*uint32(h.channels)*uint32(h.bits)/8)
	le(&fmtChunk, h.channels*h.bits/8)
	le(&fmtChunk, h.bits)
	fmtChunk.Write(make([]byte, max(0, int(fmtSize)-16)))
	var data bytes.Buffer
	data.WriteString("data")
	le(&data, h.dataSize)
	have := h.have
	if have < 0 {
		have = int(h.dataSize)
	}
	data.Write(make([]byte, have))
	var body bytes.Buffer
	body.WriteString("WAVE")
	if h.dataFirst {
		body.Write(data.Bytes())
		body.Write(fmtChunk.Bytes())
	} else {
		body.Write(fmtChunk.Bytes())
		body.Write(h.extra)
		body.Write(data.Bytes())
	}
	var out bytes.Buffer
	out.WriteString("RIFF")
	le(&out, uint32(body.Len()))
	out.Write(body.Bytes())
	return out.Bytes()
}

// pcm16 is a good header: 16-bit mono PCM at 8000 Hz, 1600 bytes (0.1 s).
var pcm16 = wavHeader{encoding: 1, channels: 1, rate: 8000, bits: 16, dataSize: 1600, have: -1}

// messages returns the messages of the *LoadErrors in err, in order, and
// fails the test if err holds another kind of error.
func messages(t testing.TB, err error) []string {
	t.Helper()
	errs := assets.Errors(err)
	if joined, ok := err.(interface{ Unwrap() []error }); ok && len(joined.Unwrap()) != len(errs) {
		t.Errorf("%d errors, of which %d are *LoadError: %v", len(joined.Unwrap()), len(errs), err)
	}
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// equal reports got and want, one per line, unless they are equal.
func equal(t testing.TB, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s =\n\t%s\nwant\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// countingFS counts the files opened, by name, and can hold the opening of
// some until released.
type countingFS struct {
	fs.FS
	mu     sync.Mutex
	opens  map[string]int
	gate   map[string]chan struct{} // opening name waits for the channel to close
	opened chan string              // if not nil, receives each name as it is being opened
}

func newCountingFS(fsys fs.FS) *countingFS {
	return &countingFS{FS: fsys, opens: make(map[string]int), gate: make(map[string]chan struct{})}
}

func (c *countingFS) Open(name string) (fs.File, error) {
	c.mu.Lock()
	c.opens[name]++
	g := c.gate[name]
	c.mu.Unlock()
	if c.opened != nil {
		c.opened <- name
	}
	if g != nil {
		<-g
	}
	return c.FS.Open(name)
}

func (c *countingFS) count(name string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.opens[name]
}

// testFS returns the fixtures of testdata as a MapFS, so tests may change
// them.
func testFS(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range []string{"hero.png", "hero.yaml", "tiles.png", "tiles.yaml", "tuning.yaml", "jump.wav", "ui.ttf", "theme.ogg"} {
		data, err := fs.ReadFile(testdata, name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: data}
	}
	return m
}

// zeroPNG returns a valid PNG of w×h pixels of colour type colorType at
// depth bits a sample, every byte of its pixel data zero (black, or
// transparent), without an image in memory: its deflate stream is written
// by hand, one fixed-Huffman block of repeats, so a file that decodes to
// gigabytes is made in milliseconds (about 6.5 bytes of file per KiB of
// pixels).
func zeroPNG(w, h int, depth, colorType byte, interlaced bool) []byte {
	channels := map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colorType]
	rowBytes := func(w int) int64 { return int64(1 + (w*channels*int(depth)+7)/8) }
	var raw int64
	if !interlaced {
		raw = int64(h) * rowBytes(w)
	} else {
		// Adam7's passes: their first column and row, and their steps.
		for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
			pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
			if pw > 0 && ph > 0 {
				raw += int64(ph) * rowBytes(pw)
			}
		}
	}
	var bits bitWriter
	bits.write(1, 1)                      // the last block
	bits.write(1, 2)                      // of fixed Huffman codes
	zero := func() { bits.code(0x30, 8) } // the literal 0
	zero()
	// A repeat of the last 258 bytes: length 258 (code 285, 8 bits
	// 11000101), then distance 1 (code 0, 5 bits), as write takes them.
	const repeat = 0b10100011
	n := raw - 1
	for ; n >= 258; n -= 258 {
		bits.write(repeat, 13)
	}
	for ; n > 0; n-- {
		zero()
	}
	bits.code(0, 7) // end of block
	z := []byte{0x78, 0x01}
	z = append(z, bits.flush()...)
	z = binary.BigEndian.AppendUint32(z, uint32(raw%65521)<<16|1) // Adler-32 of raw zeros

	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = depth, colorType
	if interlaced {
		ihdr[12] = 1
	}
	chunk("IHDR", ihdr)
	if colorType == 3 {
		chunk("PLTE", make([]byte, 3))
	}
	chunk("IDAT", z)
	chunk("IEND", nil)
	return b.Bytes()
}

// bitWriter writes a deflate stream's bits, least significant first.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

// write writes the n low bits of v, least significant first (extra bits,
// headers).
func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes an n-bit Huffman code, most significant bit first.
func (w *bitWriter) code(c uint64, n uint) {
	var r uint64
	for i := range n {
		r |= (c >> i & 1) << (n - 1 - i)
	}
	w.write(r, n)
}

func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc, w.nacc = 0, 0
	}
	return w.out
}
