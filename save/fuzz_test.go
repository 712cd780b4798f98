package save_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// fuzzLoad is the property both decoders keep: a load of any bytes never
// panics; a load that fails leaves the world as it was; one that succeeds
// saves again to a save that loads to the same world (hash for hash).
func fuzzLoad(t *testing.T, data []byte, f save.Format) {
	codec, lib := testCodec(t)
	w := world.New()
	lib.Spawn(w, "goblin", nil)
	before := w.Hash()
	if _, err := codec.Load(context.Background(), w, data, save.LoadOptions{MaxNodes: 1 << 16}); err != nil {
		if w.Hash() != before {
			t.Fatalf("a failed load changed the world: %v", err)
		}
		return
	}
	again, err := codec.Save(w, save.SaveOptions{Format: f, SkipUnknown: true})
	if err != nil {
		t.Fatalf("a loaded world does not save: %v", err)
	}
	got := world.New()
	if _, err := codec.Load(context.Background(), got, again, save.LoadOptions{}); err != nil {
		t.Fatalf("a save of a loaded world does not load: %v\n%s", err, again)
	}
	if got.Hash() != w.Hash() {
		t.Fatalf("saved again and loaded, the world differs: %v\n%s", got.Diff(w), again)
	}
}

// seed adds the testdata saves of format f, and some of their parts.
func seed(f *testing.F, format save.Format) {
	data, err := os.ReadFile(filepath.Join("testdata", "sample-"+format.String()+".yaml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add([]byte(header + "entities: []\n"))
}

// FuzzLoadYAML fuzzes the loader from the YAML save of testdata.
func FuzzLoadYAML(f *testing.F) {
	seed(f, save.YAML)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzLoad(t, data, save.YAML) })
}

// FuzzLoadCompact fuzzes the loader from the compact save of testdata:
// definitions and entity strings.
func FuzzLoadCompact(f *testing.F) {
	seed(f, save.Compact)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzLoad(t, data, save.Compact) })
}
