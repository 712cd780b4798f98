package assets_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// allocated returns the bytes f allocates, and how long it takes.
func allocated(f func()) (uint64, time.Duration) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, took
}

// TestImageMemoryBudget: the memory a PNG takes decoded is checked against
// Limits.ImageBytes before a pixel is decoded. A 6.5 MB PNG of 16384²
// pixels used to decode to 1 GiB, and a 16-bit one to 2 GiB.
func TestImageMemoryBudget(t *testing.T) {
	const small = 1 << 20 // a budget of 1 MiB, for the cases that fit
	tests := []struct {
		name   string
		png    []byte
		budget int64  // 0: the default
		want   string // the error; "" if it loads
	}{
		{"16384² RGBA", zeroPNG(16384, 16384, 8, 6, false), 0,
			"a.png: image of 16384x16384 pixels would take 1024 MiB decoded; the loader decodes at most 256 MiB an image (Limits.ImageBytes)"},
		{"16384² RGBA, 16 bits", zeroPNG(16384, 16384, 16, 6, false), 0,
			"a.png: image of 16384x16384 pixels would take 2048 MiB decoded; the loader decodes at most 256 MiB an image (Limits.ImageBytes)"},
		{"RGBA at the budget", zeroPNG(512, 512, 8, 6, false), small, ""},
		{"RGBA a row over", zeroPNG(512, 513, 8, 6, false), small,
			"a.png: image of 512x513 pixels would take 2 MiB decoded; the loader decodes at most 1 MiB an image (Limits.ImageBytes)"},
		{"RGB decodes to RGBA", zeroPNG(512, 513, 8, 2, false), small,
			"a.png: image of 512x513 pixels would take 2 MiB decoded; the loader decodes at most 1 MiB an image (Limits.ImageBytes)"},
		{"interlaced counts twice", zeroPNG(512, 256, 8, 6, true), small, ""},
		{"interlaced over", zeroPNG(512, 512, 8, 6, true), small,
			"a.png: image of 512x512 pixels would take 2 MiB decoded; the loader decodes at most 1 MiB an image (Limits.ImageBytes)"},
		{"grey, a byte a pixel", zeroPNG(1024, 1024, 8, 0, false), small, ""},
		{"grey, 16 bits", zeroPNG(1024, 1024, 16, 0, false), small,
			"a.png: image of 1024x1024 pixels would take 2 MiB decoded; the loader decodes at most 1 MiB an image (Limits.ImageBytes)"},
		{"paletted, a byte a pixel whatever the depth", zeroPNG(1024, 1024, 2, 3, false), small, ""},
		{"RGBA, 16 bits", zeroPNG(256, 512, 16, 6, false), small, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := assets.NewWithOptions(fstest.MapFS{"a.png": {Data: tt.png}}, assets.Options{Limits: assets.Limits{ImageBytes: tt.budget}})
			var err error
			alloc, took := allocated(func() { _, err = l.Image("a.png") })
			t.Logf("%d KiB file: %d MiB allocated in %v", len(tt.png)>>10, alloc>>20, took)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			checkError(t, "Image", err, tt.want, assets.ErrLimit)
			if alloc > 16<<20 {
				t.Errorf("refusing a %d KiB file allocated %d MiB", len(tt.png)>>10, alloc>>20)
			}
		})
	}
}

// TestFileSizeLimits: files are read up to the limit of their kind and no
// further, whatever their size says: YAML (atlases, data) to YAMLSize, the
// rest to FileSize. A 50 MB YAML list used to take 3.4 GiB.
func TestFileSizeLimits(t *testing.T) {
	list := bytes.Repeat([]byte("- 1\n"), (3<<20)/4) // 3 MiB: past the default YAMLSize
	files := fstest.MapFS{
		"big.yaml":  {Data: list},
		"big.wav":   {Data: wavOf(wavHeader{encoding: 1, channels: 1, rate: 8000, bits: 8, dataSize: 4000, have: -1})},
		"lies.yaml": {Data: []byte("a: 1\n")},
	}
	var err error
	alloc, took := allocated(func() { _, err = assets.New(files).Data("big.yaml") })
	checkError(t, "Data", err, "big.yaml: is 3145728 bytes; a data file may be 1048576 bytes at most (Limits.YAMLSize)", assets.ErrLimit)
	if alloc > 1<<20 || took > time.Second {
		t.Errorf("refusing a 3 MiB file took %v and %d KiB", took, alloc>>10)
	}
	files["mid.yaml"] = &fstest.MapFile{Data: list[:2000]}
	_, err = assets.NewWithOptions(files, assets.Options{Limits: assets.Limits{YAMLSize: 1000}}).Data("mid.yaml")
	checkError(t, "Data", err, "mid.yaml: is 2000 bytes; a data file may be 1000 bytes at most (Limits.YAMLSize)", assets.ErrLimit)
	if _, err := assets.NewWithOptions(files, assets.Options{Limits: assets.Limits{YAMLSize: 2000}}).Data("mid.yaml"); err != nil {
		t.Errorf("with YAMLSize 2000, Data(mid.yaml) = %v", err)
	}
	small := assets.NewWithOptions(files, assets.Options{Limits: assets.Limits{FileSize: 1000}})
	_, err = small.Sound("big.wav")
	checkError(t, "Sound", err, "big.wav: is 4044 bytes; a sound file may be 1000 bytes at most (Limits.FileSize)", assets.ErrLimit)
	_, err = small.Atlas("big.yaml") // YAML: bounded by YAMLSize, not FileSize
	checkError(t, "Atlas", err, "big.yaml: is 3145728 bytes; an atlas file may be 1048576 bytes at most (Limits.YAMLSize)", assets.ErrLimit)

	lying := assets.NewWithOptions(sizeFS{files, 5, ""}, assets.Options{Limits: assets.Limits{YAMLSize: 100}})
	_, err = lying.Data("big.yaml")
	checkError(t, "Data of a file larger than Stat says", err, "big.yaml: is more bytes than its size said; a data file may be 100 bytes at most (Limits.YAMLSize)", assets.ErrLimit)
	if _, err := lying.Data("lies.yaml"); err != nil {
		t.Errorf("Data of a small file whose Stat lies = %v", err)
	}

	got := assets.New(files).Limits()
	if want := (assets.Limits{FileSize: assets.DefaultFileSize, YAMLSize: assets.DefaultYAMLSize, ImageBytes: assets.DefaultImageBytes, MappingKeys: assets.DefaultMappingKeys}); got != want {
		t.Errorf("Limits() = %+v, want %+v", got, want)
	}
}

// sizeFS is a file system whose Stat reports the file name (every file,
// if name is "") as size bytes.
type sizeFS struct {
	fstest.MapFS
	size int64
	name string
}

func (s sizeFS) Stat(name string) (fs.FileInfo, error) {
	fi, err := s.MapFS.Stat(name)
	if err != nil || s.name != "" && name != s.name {
		return fi, err
	}
	return sizedInfo{fi, s.size}, nil
}

type sizedInfo struct {
	fs.FileInfo
	size int64
}

func (s sizedInfo) Size() int64 { return s.size }

func TestLimitErrorsAreLimits(t *testing.T) {
	_, err := assets.New(fstest.MapFS{"a.png": {Data: pngHeaderOnly(assets.MaxImageSide+1, 1)}}).Image("a.png")
	if !errors.Is(err, assets.ErrLimit) || !errors.Is(err, assets.ErrFormat) || !strings.Contains(err.Error(), "16384 on a side") {
		t.Errorf("an image wider than MaxImageSide: %v; want ErrLimit and ErrFormat", err)
	}
}

// TestMappingKeys: a data file's mappings are checked for keys given
// twice and for more keys than Limits.MappingKeys before the YAML decoder
// sees them, because it compares every key of a mapping with every other
// and reports each pair of equal keys: a mapping of 100 000 keys took
// minutes to decode, and 4000 copies of one key made 8 million errors.
func TestMappingKeys(t *testing.T) {
	var many bytes.Buffer
	for i := range 100000 {
		fmt.Fprintf(&many, "k%d: 1\n", i)
	}
	files := fstest.MapFS{
		"many.yaml":   {Data: many.Bytes()},
		"repeat.yaml": {Data: bytes.Repeat([]byte("a: 1\n"), 4000)},
		"nested.yaml": {Data: []byte("loot:\n  gold: 1\n  gem: 2\n  gold: 3\nlist:\n  - {a: 1, a: 2}\n")},
	}
	l := assets.New(files)
	for _, tt := range []struct {
		name string
		want []string
	}{
		{"many.yaml", []string{"many.yaml:1:1: a mapping of 100000 keys; data may have at most 4096 in one mapping (Limits.MappingKeys): make it a list"}},
		{"nested.yaml", []string{`nested.yaml:4:3: key "gold" given twice (first at line 2)`, `nested.yaml:6:12: key "a" given twice (first at line 6)`}},
	} {
		var v map[string]any
		var err error
		alloc, took := allocated(func() { err = l.Decode(tt.name, &v) })
		t.Logf("%s: %v, %d KiB", tt.name, took, alloc>>10)
		equal(t, tt.name, messages(t, err), tt.want)
	}
	var v any
	var err error
	alloc, took := allocated(func() { err = l.Decode("repeat.yaml", &v) })
	errs := assets.Errors(err)
	t.Logf("repeat.yaml: %v, %d MiB: %d errors, the last %v", took, alloc>>20, len(errs), errs[len(errs)-1])
	if len(errs) != 101 || errs[0].Error() != `repeat.yaml:2:1: key "a" given twice (first at line 1)` || errs[100].Error() != "repeat.yaml: and 3899 more problems" {
		t.Errorf("repeat.yaml: %d errors, first %v; want 100 and a count", len(errs), errs[0])
	}
	if took > 2*time.Second || alloc > 256<<20 {
		t.Errorf("took %v and %d MiB", took, alloc>>20)
	}
	if _, err := assets.NewWithOptions(files, assets.Options{Limits: assets.Limits{MappingKeys: 100000}}).Data("many.yaml"); err != nil {
		t.Errorf("with MappingKeys 100000, Data(many.yaml) = %v", err)
	}
}

// TestMappingKeyPairs: a data file's mappings may together hold as many
// pairs of keys as four mappings of Limits.MappingKeys keys, counting
// each time an alias repeats one, since the YAML decoder compares every
// pair each time it decodes a mapping: 25 mappings at the limit, or one
// aliased 40 times, took seconds. With MappingKeys 10 the budget is
// 4 × 45 = 180 pairs.
func TestMappingKeyPairs(t *testing.T) {
	mapping := func(keys int) string {
		var b strings.Builder
		b.WriteString("{")
		for k := range keys {
			fmt.Fprintf(&b, "k%d: %d, ", k, k)
		}
		return b.String() + "}"
	}
	ten := mapping(10)
	for _, tt := range []struct {
		name, file string
		want       string // the error, "" for a file that loads
	}{
		{"four at the limit", "- " + ten + "\n- " + ten + "\n- " + ten + "\n- " + ten + "\n", ""},
		{"five at the limit", "- " + ten + "\n- " + ten + "\n- " + ten + "\n- " + ten + "\n- " + ten + "\n",
			"d.yaml:5:3: the file's mappings hold more than 180 pairs of keys, counting each time an alias repeats one"},
		{"one aliased three times", "- &m " + ten + "\n- [*m, *m, *m]\n", ""},
		{"one aliased four times", "- &m " + ten + "\n- [*m, *m, *m,\n  *m]\n",
			"d.yaml:3:3: the file's mappings hold more than 180 pairs"},
		{"aliases of aliases", "- &m " + ten + "\n- &two [*m, *m]\n- [*two]\n",
			"d.yaml:3:4: the file's mappings hold more than 180 pairs"},
		{"the mapping holding them counts too", "a: &m " + ten + "\nb: [*m, *m, *m]\n", // 1 + 4 × 45
			"d.yaml:2:13: the file's mappings hold more than 180 pairs"},
		{"many small mappings", strings.Repeat("- "+mapping(3)+"\n", 60), ""}, // 60 × 3 pairs
		{"small ones past the budget", strings.Repeat("- "+mapping(3)+"\n", 61), "d.yaml:61:3: the file's mappings hold more than 180 pairs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := assets.NewWithOptions(fstest.MapFS{"d.yaml": {Data: []byte(tt.file)}}, assets.Options{Limits: assets.Limits{MappingKeys: 10}})
			if tt.want != "" { // a limit too large to square loads them all
				huge := assets.NewWithOptions(fstest.MapFS{"d.yaml": {Data: []byte(tt.file)}}, assets.Options{Limits: assets.Limits{MappingKeys: 1 << 40}})
				if _, err := huge.Data("d.yaml"); err != nil {
					t.Errorf("with MappingKeys 1<<40: %v", err)
				}
			}
			var v any
			err := l.Decode("d.yaml", &v)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Decode = %v, want it to load", err)
			case tt.want != "" && (!errors.Is(err, assets.ErrLimit) || !strings.HasPrefix(fmt.Sprint(err), tt.want)):
				t.Fatalf("Decode = %v, want ErrLimit starting %q", err, tt.want)
			}
		})
	}
}
