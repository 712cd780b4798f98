package render_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// FuzzFace feeds arbitrary bytes to assets.Font and, for those it takes,
// to Face and text measurement: a font that loads makes a face, and
// nothing panics. Seeds are Go Regular and the fonts of assets/testdata.
func FuzzFace(f *testing.F) {
	f.Add(goregular.TTF)
	seeds, _ := filepath.Glob(filepath.Join("..", "assets", "testdata", "*.ttf"))
	for _, name := range seeds {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { faceOf(t, data) })
}
