package render_test

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/render"
)

// TestFaceParserPanic: a panic in the font parser is an error (which the
// cache reports once, drawing nothing), not the game's end. assets.Font refuses the fonts the parser panics on, so
// the test breaks a loaded font's bytes (which no game may do) to reach
// the parser with one: the second entry of Go Regular's glyph location
// table, 0xffff, makes go-text v0.2.0 slice beyond its glyf table.
func TestFaceParserPanic(t *testing.T) {
	f, err := assets.New(fstest.MapFS{"go.ttf": {Data: append([]byte(nil), goregular.TTF...)}}).Font("go.ttf")
	if err != nil {
		t.Fatal(err)
	}
	data := f.Bytes()
	for i := range int(binary.BigEndian.Uint16(data[4:])) {
		if rec := data[12+16*i:]; string(rec[:4]) == "loca" {
			binary.BigEndian.PutUint16(data[binary.BigEndian.Uint32(rec[8:]):], 0xffff)
		}
	}
	src, err := render.ParseFont(f)
	if err == nil || !strings.Contains(err.Error(), "render: font go.ttf: the font parser panicked: ") {
		t.Fatalf("parsing a font the parser panics on = %v, %v; want an error saying so", src, err)
	}
	t.Log(err)
}

// TestFaceOfMutatedFonts: of Go Regular with two bytes changed, about 1
// in 20 passed assets.Font and then made Face panic. Now every mutant
// either fails to load or makes a face that measures text.
func TestFaceOfMutatedFonts(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	loaded := 0
	for range 200 {
		data := append([]byte(nil), goregular.TTF...)
		for range 2 {
			data[rng.IntN(len(data))] = byte(rng.IntN(256))
		}
		if faceOf(t, data) {
			loaded++
		}
	}
	t.Logf("%d of 200 mutants loaded and made faces", loaded)
}

// faceOf loads data as a font and, if assets takes it, makes a face of it
// and measures a string with it, failing t if that fails; it reports
// whether the font loaded.
func faceOf(t *testing.T, data []byte) bool {
	t.Helper()
	f, err := assets.New(fstest.MapFS{"f.ttf": {Data: data}}).Font("f.ttf")
	if err != nil {
		return false
	}
	src, err := render.ParseFont(f)
	if err != nil {
		t.Fatalf("assets.Font took a font the renderer cannot use: %v", err)
	}
	_ = text.Advance("Tessera 0123", &text.GoTextFace{Source: src, Size: 12})
	return true
}
