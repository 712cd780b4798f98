package world_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOps decodes its input as a sequence of operations (see mtByteSource
// and mtScripts for the decoding) and runs it against a world and the
// model of model_helpers_test.go, failing on any mismatch or unexpected
// panic. The seed corpus is the scripts of TestModelScenarios, checked in
// under testdata/fuzz/FuzzOps, plus a few random inputs.
func FuzzOps(f *testing.F) {
	for _, sc := range mtScripts() {
		f.Add(sc.script)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 64, 256, 1024} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.UintN(256))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := newMTHarness(t, &mtByteSource{data: data}, fmt.Sprintf("fuzz input of %d bytes", len(data)))
		h.reproduce = "the fuzzer saves a failing input under testdata/fuzz/FuzzOps; rerun it with go test ./world -run 'FuzzOps/<file name>'\n"
		h.fullEvery = 16
		h.run(len(data)) // every operation takes at least one byte
	})
}

// mtCorpusFile formats data as a file of the fuzz corpus.
func mtCorpusFile(data []byte) string {
	return fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
}

// TestFuzzOpsCorpus checks that testdata/fuzz/FuzzOps holds every script
// of mtScripts as it is now. With TESSERA_WRITE_FUZZ_CORPUS=1 it writes
// them instead.
func TestFuzzOpsCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzOps")
	write := os.Getenv("TESSERA_WRITE_FUZZ_CORPUS") == "1"
	if write {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, sc := range mtScripts() {
		path := filepath.Join(dir, sc.name)
		want := mtCorpusFile(sc.script)
		if write {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v; regenerate the corpus with TESSERA_WRITE_FUZZ_CORPUS=1 go test ./world -run TestFuzzOpsCorpus", err)
			continue
		}
		if string(got) != want {
			t.Errorf("%s = %q, want %q; regenerate the corpus with TESSERA_WRITE_FUZZ_CORPUS=1 go test ./world -run TestFuzzOpsCorpus", path, got, want)
		}
	}
}
