package assets_test

import (
	"fmt"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

func TestCache(t *testing.T) {
	fsys := newCountingFS(testFS(t))
	l := assets.New(fsys)
	if l.FS() != fsys {
		t.Error("FS() is not the file system given to New")
	}
	first, err := l.Image("hero.png")
	if err != nil {
		t.Fatal(err)
	}
	opens := fsys.count("hero.png") // a stat and a read
	for _, name := range []string{"hero.png", "./hero.png", "x/../hero.png", "hero.png/."} {
		img, err := l.Image(name)
		if err != nil || img != first {
			t.Errorf("Image(%q) = %p, %v; want the cached %p", name, img, err, first)
		}
	}
	if got := fsys.count("hero.png"); got != opens {
		t.Errorf("hero.png opened %d times after cache hits, want %d", got, opens)
	}
	// The same file as another kind is another asset.
	if _, err := l.Grid("hero.png", assets.Grid{W: 16, H: 16}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Atlas("hero.yaml"); err != nil { // names hero.png: from the cache
		t.Fatal(err)
	}
	if got := fsys.count("hero.png"); got != opens {
		t.Errorf("hero.png opened %d times, want %d: grid and atlas should use the cached image", got, opens)
	}
	if _, err := l.Data("hero.yaml"); err != nil { // an atlas file is YAML data too
		t.Fatal(err)
	}
	want := []string{"image hero.png", "atlas hero.png (grid 16x16)", "atlas hero.yaml", "data hero.yaml"}
	var got []string
	for _, r := range l.Loaded() {
		got = append(got, r.String())
	}
	equal(t, "Loaded()", got, want)
}

func TestFailedLoadIsNotCached(t *testing.T) {
	files := fstest.MapFS{"a.png": {Data: []byte("soon a PNG")}}
	l := assets.New(files)
	if _, err := l.Image("a.png"); err == nil {
		t.Fatal("Image(a.png) of a text file succeeded")
	}
	if _, err := l.Image("b.png"); err == nil {
		t.Fatal("Image(b.png) of no file succeeded")
	}
	if got := l.Loaded(); len(got) != 0 {
		t.Errorf("Loaded() after failed loads = %v, want nothing", got)
	}
	files["a.png"] = &fstest.MapFile{Data: pngFile(1, 1)}
	files["b.png"] = &fstest.MapFile{Data: pngFile(1, 1)}
	for _, name := range []string{"a.png", "b.png"} {
		if _, err := l.Image(name); err != nil {
			t.Errorf("Image(%s) after fixing the file = %v", name, err)
		}
	}
}

// TestConcurrentLoads: goroutines asking for the same asset at once share
// one load and get the same handle.
func TestConcurrentLoads(t *testing.T) {
	fsys := newCountingFS(testFS(t))
	gate := make(chan struct{})
	fsys.gate["hero.yaml"] = gate
	l := assets.New(fsys)
	const n = 8
	got := make([]*assets.Atlas, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = l.Atlas("hero.yaml") })
	}
	close(gate)
	wg.Wait()
	for i := range n {
		if errs[i] != nil || got[i] != got[0] {
			t.Errorf("goroutine %d: Atlas() = %p, %v; want %p", i, got[i], errs[i], got[0])
		}
	}
	if c := fsys.count("hero.yaml"); c != 2 {
		t.Errorf("hero.yaml opened %d times, want 2 (a stat and a read)", c)
	}
}

// TestErrorsAreDeterministic: the same files give the same errors, in the
// same order, whatever the order of loading.
func TestErrorsAreDeterministic(t *testing.T) {
	src := "image: a.png\nframes:\n  a: {x: 9, w: 1, h: 1}\n  b: {x: z, w: 1, h: 1}\n  c: {x: 0, w: 1, h: 1, d: 1}\n"
	var first string
	for i := range 20 {
		files := fstest.MapFS{"a.png": {Data: pngFile(4, 4)}, "a.yaml": {Data: []byte(src)}}
		l := assets.New(files)
		if i%2 == 1 {
			l.Image("a.png") // the image loaded first, or by the atlas
		}
		_, err := l.Atlas("a.yaml")
		if i == 0 {
			first = fmt.Sprint(err)
			continue
		}
		if got := fmt.Sprint(err); got != first {
			t.Fatalf("run %d: %s\nrun 0: %s", i, got, first)
		}
	}
	want := `a.yaml:3:3: frame "a" (9,0)-(10,1) is outside the image a.png (0,0)-(4,4)
a.yaml:4:10: frame "b": x takes a whole number, got the string "z"
a.yaml:5:25: frame "c": unknown key "d" (keys: x, y, w, h)`
	if first != want {
		t.Errorf("Atlas() =\n%s\nwant\n%s", first, want)
	}
}
