package scene_test

import "testing"

// FuzzManager drives the model test's harness (manager_model_test.go)
// from the fuzzer's bytes: each byte is one choice (a request and its
// scene, what a callback does, whether it fails or panics). Whatever the
// bytes, the manager never panics and matches the model, change by
// change. Seeds: testdata/fuzz/FuzzManager and those added here.
func FuzzManager(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 3, 0, 1})                   // a push from outside
	f.Add([]byte{7, 3, 0, 1, 0, 0, 3, 1, 5, 3, 7}) // pushes, then a close
	f.Add([]byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h := newHarness(t, &byteChooser{b: data})
		h.run(1 << 20) // until the bytes run out
	})
}
