package assets_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"io/fs"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// pngSized returns a 1x1 PNG whose header claims w by h pixels.
func pngSized(w, h uint32) []byte {
	data := pngFile(1, 1)
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

func TestImage(t *testing.T) {
	good := pngFile(3, 2)
	files := fstest.MapFS{
		"sprites/hero.png": {Data: good},
		"sprites/dir/x":    {Data: []byte("x")},
		"photo.png":        {Data: []byte("\xff\xd8\xff\xe0 JFIF")},
		"anim.png":         {Data: []byte("GIF89a")},
		"text.png":         {Data: []byte("hello")},
		"cut.png":          {Data: good[:len(good)-20]},
		"huge.png":         {Data: pngSized(20000, 1)},
		"wide.png":         {Data: pngSized(assets.MaxImageSide, 1)},
		"badcrc.png":       {Data: append(append([]byte{}, good[:30]...), good[31:]...)},
	}
	tests := []struct {
		name    string
		path    string
		want    string // the error message; "" for a good load
		wantErr []error
	}{
		{name: "good", path: "sprites/hero.png"},
		{name: "cleaned", path: "sprites/./dir/../hero.png"},
		{name: "missing", path: "sprites/villain.png", want: "sprites/villain.png: file does not exist", wantErr: []error{assets.ErrNotFound, fs.ErrNotExist}},
		{name: "outside the root", path: "../hero.png", want: "../hero.png: invalid path: paths in an fs.FS are slash-separated and relative, without .. or a leading /", wantErr: []error{assets.ErrNotFound, fs.ErrInvalid}},
		{name: "absolute", path: "/sprites/hero.png", want: "/sprites/hero.png: invalid path: paths in an fs.FS are slash-separated and relative, without .. or a leading /", wantErr: []error{assets.ErrNotFound}},
		{name: "directory", path: "sprites/dir", want: "sprites/dir: is a directory, not a file", wantErr: []error{assets.ErrNotFound}},
		{name: "jpeg", path: "photo.png", want: "photo.png: not a PNG file (it is a JPEG) (the loader decodes PNG only)", wantErr: []error{assets.ErrFormat}},
		{name: "gif", path: "anim.png", want: "anim.png: not a PNG file (it is a GIF) (the loader decodes PNG only)", wantErr: []error{assets.ErrFormat}},
		{name: "text", path: "text.png", want: "text.png: not a PNG file (the loader decodes PNG only)", wantErr: []error{assets.ErrFormat}},
		{name: "cut short", path: "cut.png", want: "cut.png: invalid PNG: unexpected EOF", wantErr: []error{assets.ErrDecode}},
		{name: "bad checksum", path: "badcrc.png", want: "badcrc.png: invalid PNG: invalid checksum", wantErr: []error{assets.ErrDecode}},
		{name: "too large", path: "huge.png", want: "huge.png: image is 20000x1 pixels; the largest the loader takes is 16384 on a side", wantErr: []error{assets.ErrFormat}},
		{name: "largest passes the size check", path: "wide.png", want: "wide.png: invalid PNG: 16 bytes of image data cannot hold 16384x1 pixels", wantErr: []error{assets.ErrDecode}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := assets.New(files).Image(tt.path)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Image(%q) = %v", tt.path, err)
				}
				if img.Path() != "sprites/hero.png" || img.Bounds() != image.Rect(0, 0, 3, 2) || img.Generation() != 1 {
					t.Errorf("Image(%q) = %s %v generation %d, want sprites/hero.png (0,0)-(3,2) generation 1", tt.path, img.Path(), img.Bounds(), img.Generation())
				}
				return
			}
			if img != nil {
				t.Errorf("Image(%q) returned an image with error %v", tt.path, err)
			}
			checkError(t, "Image("+tt.path+")", err, tt.want, tt.wantErr...)
		})
	}
}

// checkError checks that err is one *LoadError with message want that
// matches each of kinds.
func checkError(t *testing.T, what string, err error, want string, kinds ...error) {
	t.Helper()
	var le *assets.LoadError
	if !errors.As(err, &le) {
		t.Fatalf("%s = %v (%T), want a *LoadError", what, err, err)
	}
	if got := err.Error(); got != want {
		t.Errorf("%s =\n\t%s\nwant\n\t%s", what, got, want)
	}
	for _, k := range kinds {
		if !errors.Is(err, k) {
			t.Errorf("%s = %v, want it to match %v", what, err, k)
		}
	}
}

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
