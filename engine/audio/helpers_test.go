package audio_test

import (
	"os"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

// loadSound loads a sound of testdata.
func loadSound(t testing.TB, name string) *assets.Sound {
	t.Helper()
	s, err := assets.New(os.DirFS("testdata")).Sound(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantPanic runs f and checks that it panics with an error whose text is
// want.
func wantPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		err, ok := r.(error)
		switch {
		case r == nil:
			t.Errorf("no panic; want %q", want)
		case !ok:
			t.Errorf("panic value %#v is not an error; want %q", r, want)
		case err.Error() != want:
			t.Errorf("panic %q, want %q", err, want)
		}
	}()
	f()
}
