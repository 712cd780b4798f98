package systems_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/systems"
)

// Tags defined for this file's tests. Names are process-wide, so the
// tests only add names and never count on which bit a name gets.
var (
	tagWall   = systems.NewTag("test-wall")
	tagPlayer = systems.NewTag("test-player")
	tagDoor   = systems.NewTag("test.door")
)

func TestNewTagSameNameSameBit(t *testing.T) {
	if again := systems.NewTag("test-wall"); again != tagWall {
		t.Errorf("NewTag(test-wall) again = %#x, want %#x", uint64(again), uint64(tagWall))
	}
	for _, tag := range []systems.Tags{tagWall, tagPlayer, tagDoor} {
		if tag == 0 || tag&(tag-1) != 0 {
			t.Errorf("tag %#x is not one bit", uint64(tag))
		}
	}
	if tagWall == tagPlayer || tagWall == tagDoor || tagPlayer == tagDoor {
		t.Errorf("two names share a bit: %#x %#x %#x", uint64(tagWall), uint64(tagPlayer), uint64(tagDoor))
	}
	// Named tags come from the top, away from hand-numbered low bits.
	if tagWall < 1<<32 {
		t.Errorf("a named tag took a low bit: %#x", uint64(tagWall))
	}
	names := systems.TagNames()
	i, j := indexOf(names, "test-wall"), indexOf(names, "test-player")
	if i < 0 || j < 0 || i > j {
		t.Errorf("TagNames() = %q, want test-wall before test-player", names)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func TestNewTagRefusesBadNames(t *testing.T) {
	for _, name := range []string{"", "1st", "-1", "+x", ".5", ".inf", "null", "NULL", "wall|door", "wall door", "wäll", "a/b"} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, systems.ErrTagName) {
					t.Fatalf("NewTag(%q) panicked with %v, want an error wrapping ErrTagName", name, err)
				}
				if name != "" && !strings.Contains(err.Error(), name) {
					t.Errorf("error %q does not name %q", err, name)
				}
			}()
			systems.NewTag(name)
		})
	}
}

func TestTagsText(t *testing.T) {
	tests := []struct {
		text string
		want systems.Tags
		out  string // MarshalText of want
	}{
		{"test-wall", tagWall, "test-wall"},
		{"test-wall|test-player", tagWall | tagPlayer, ""},
		{" test-player | test-wall ", tagWall | tagPlayer, ""},
		{"test.door|4", tagDoor | 4, ""},
		{"4", 4, "4"},
		{"1|2", 3, "3"},
		{"0x10|0b1", 17, "17"},
		{"010", 10, "10"}, // decimal, not octal
		{"0X1F|0B10", 31, "31"},
		{"0", 0, "0"},
		{"", 0, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got systems.Tags
			if err := got.UnmarshalText([]byte(tt.text)); err != nil {
				t.Fatalf("UnmarshalText(%q): %v", tt.text, err)
			}
			if got != tt.want {
				t.Fatalf("UnmarshalText(%q) = %#x, want %#x", tt.text, uint64(got), uint64(tt.want))
			}
			out, err := got.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			if tt.out != "" && string(out) != tt.out {
				t.Errorf("MarshalText = %q, want %q", out, tt.out)
			}
			var back systems.Tags
			if err := back.UnmarshalText(out); err != nil || back != got {
				t.Errorf("MarshalText %q reads back as %#x, %v; want %#x", out, uint64(back), err, uint64(got))
			}
		})
	}
	// Names come before the unnamed bits, in definition order.
	if s := (tagPlayer | tagWall | 6).String(); s != "test-wall|test-player|6" {
		t.Errorf("String = %q, want test-wall|test-player|6", s)
	}
}

func TestTagsTextErrors(t *testing.T) {
	tests := []struct {
		text, want string
		isName     bool
	}{
		{"test-wal", `"test-wal" is not defined`, true},
		{"test-wall|", "empty name", true},
		{"test-wall||4", "empty name", true},
		{"99999999999999999999", "not a name or a 64-bit number", false},
		{"4x", "not a name or a 64-bit number", false},
		{"-1", "not a name or a 64-bit number", false},
		{"+4", "not a name or a 64-bit number", false},
		{"1_0", "not a name or a 64-bit number", false},
		{"0o10", "not a name or a 64-bit number", false},
		{"0x", "not a name or a 64-bit number", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := tagDoor
			err := got.UnmarshalText([]byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("UnmarshalText(%q) = %v, want an error saying %q", tt.text, err, tt.want)
			}
			if errors.Is(err, systems.ErrTagName) != tt.isName {
				t.Errorf("errors.Is(%v, ErrTagName) = %v, want %v", err, !tt.isName, tt.isName)
			}
			if got != tagDoor {
				t.Errorf("a failed UnmarshalText changed the tags to %v", got)
			}
		})
	}
	var got systems.Tags
	err := got.UnmarshalText([]byte("nope"))
	if err == nil || !strings.Contains(err.Error(), "test-player") {
		t.Errorf("unknown-name error %v does not list the defined names", err)
	}
}

// TestTagsConcurrent defines and reads names from several goroutines, for
// -race: prefab libraries may load on other goroutines than the one that
// defines tags.
func TestTagsConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 50 {
				name := fmt.Sprintf("test-race-%d", i%8)
				tag := systems.NewTag(name)
				var back systems.Tags
				if err := back.UnmarshalText([]byte(name + "|test-wall")); err != nil || back != tag|tagWall {
					t.Errorf("goroutine %d: %q read back as %v, %v", g, name, back, err)
					return
				}
				_ = back.String()
				_ = systems.TagNames()
			}
		})
	}
	wg.Wait()
}

// FuzzTagsText: any text either fails, leaving the tags alone, or reads
// as tags whose text form reads back as the same tags.
func FuzzTagsText(f *testing.F) {
	for _, s := range []string{"test-wall", "test-wall|test-player|4", "0x10", "", "0", "|", "a|", "18446744073709551615", "test.door | 0b101"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const before systems.Tags = 12345
		got := before
		if err := got.UnmarshalText([]byte(text)); err != nil {
			if got != before {
				t.Fatalf("UnmarshalText(%q) failed (%v) and changed the tags", text, err)
			}
			return
		}
		out, _ := got.MarshalText()
		var back systems.Tags
		if err := back.UnmarshalText(out); err != nil || back != got {
			t.Fatalf("UnmarshalText(%q) = %v, whose text %q reads back as %v, %v", text, got, out, back, err)
		}
	})
}

func ExampleNewTag() {
	var (
		hedge    = systems.NewTag("hedge")
		gardener = systems.NewTag("gardener")
	)
	gate := systems.Box(8, 40)
	gate.Tags, gate.Mask, gate.Trigger = systems.NewTag("gate"), gardener, true
	// Prefab data writes tags by name: Collider: {kind: box, tags: hedge}.
	var fromData systems.Tags
	if err := fromData.UnmarshalText([]byte("gardener | hedge")); err != nil {
		panic(err)
	}
	fmt.Println(fromData == hedge|gardener, gate.Mask, fromData)
	// Output: true gardener hedge|gardener
}
