package assets_test

import (
	"errors"
	"io/fs"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/assets"
)

func TestPathOf(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"", ""},
		{"sprites/hero.png", "sprites/hero.png"},
		{"sprites/../sprites/hero.png", "sprites/hero.png"},
		{"./a.png", "a.png"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := assets.PathOf(tt.name)
			if got := p.String(); got != tt.want {
				t.Errorf("PathOf(%q).String() = %q, want %q", tt.name, got, tt.want)
			}
			if (p == 0) != (tt.want == "") {
				t.Errorf("PathOf(%q) = %d, want zero only for the empty path", tt.name, p)
			}
			if again := assets.PathOf(tt.want); again != p {
				t.Errorf("PathOf(%q) = %d, PathOf(%q) = %d: the same cleaned path must give the same Path", tt.name, p, tt.want, again)
			}
		})
	}
	if assets.PathOf("a.png") == assets.PathOf("b.png") {
		t.Error("two paths gave the same Path")
	}
}

func TestPathUnmarshalText(t *testing.T) {
	for _, bad := range []string{"/etc/passwd", "../up.png", "a//b/../../../x"} {
		var p assets.Path
		err := p.UnmarshalText([]byte(bad))
		if err == nil || !errors.Is(err, assets.ErrNotFound) || !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("UnmarshalText(%q) = %v, want an error matching ErrNotFound and fs.ErrInvalid", bad, err)
		}
		if p != 0 {
			t.Errorf("UnmarshalText(%q) set the path to %v", bad, p)
		}
	}
	var p assets.Path
	if err := p.UnmarshalText([]byte("fonts/go.ttf")); err != nil || p.String() != "fonts/go.ttf" {
		t.Errorf("UnmarshalText(fonts/go.ttf) = %v, %q", err, p)
	}
	b, err := p.MarshalText()
	if err != nil || string(b) != "fonts/go.ttf" {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
}

func TestPathConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]assets.Path, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = assets.PathOf("concurrent/one.png")
		}()
	}
	wg.Wait()
	for _, p := range got {
		if p != got[0] {
			t.Fatalf("concurrent PathOf gave %v", got)
		}
	}
}
