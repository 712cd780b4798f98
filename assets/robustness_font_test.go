package assets_test

import (
	"encoding/binary"
	"errors"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// fontBomb returns a font collection of n fonts that all point at one
// sfnt whose directory lists 65535 tables: about 1 MiB + 4n bytes, and
// n*65535 table records for checkFont to walk.
func fontBomb(n int) []byte {
	const tables = 65535
	head := 12 + 4*n
	data := make([]byte, head+12+16*tables)
	copy(data, "ttcf")
	binary.BigEndian.PutUint32(data[4:], 0x00010000)
	binary.BigEndian.PutUint32(data[8:], uint32(n))
	for i := range n {
		binary.BigEndian.PutUint32(data[12+4*i:], uint32(head))
	}
	copy(data[head:], "\x00\x01\x00\x00")
	binary.BigEndian.PutUint16(data[head+4:], tables) // every record: offset 0, length 0
	return data
}

// TestFontCollectionDirectories: a collection whose table directories add
// up to more than the file (one font listed thousands of times) is refused
// at once; checking it used to take time the square of its size.
func TestFontCollectionDirectories(t *testing.T) {
	for _, n := range []int{1000, 16000, 64000} {
		data := fontBomb(n)
		l := assets.New(fstest.MapFS{"f.ttc": {Data: data}})
		start := time.Now()
		f, err := l.Font("f.ttc")
		took := time.Since(start)
		t.Logf("%7d fonts, %5d KiB: err = %v, faces %d, took %v", n, len(data)>>10, err, func() int {
			if f == nil {
				return 0
			}
			return f.Faces()
		}(), took)
		if took > time.Second || !errors.Is(err, assets.ErrDecode) {
			t.Errorf("a %d KiB font took %v to check, err %v; want ErrDecode at once", len(data)>>10, took, err)
		}
	}
}
