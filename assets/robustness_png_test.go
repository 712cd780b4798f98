package assets_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// pngHeaderOnly returns a PNG whose IHDR claims w x h pixels of 16-bit RGBA
// and whose IDAT holds an empty zlib stream: a ~60-byte file.
func pngHeaderOnly(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 16, 6 // 16-bit, RGBA
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// TestPNGHeaderAllocation: a PNG whose header claims more pixels than its
// data could hold is refused before any pixel is allocated (a 68-byte file
// used to make the loader allocate 2 GiB).
func TestPNGHeaderAllocation(t *testing.T) {
	data := pngHeaderOnly(assets.MaxImageSide, assets.MaxImageSide)
	l := assets.New(fstest.MapFS{"bomb.png": {Data: data}})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := l.Image("bomb.png")
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("file of %d bytes; err = %v; allocated %d MiB", len(data), err, alloc>>20)
	if err == nil {
		t.Fatal("loaded")
	}
	if alloc > 64<<20 {
		t.Errorf("a %d-byte PNG made the loader allocate %d MiB before failing", len(data), alloc>>20)
	}
}
