package systems

import (
	"errors"
	"fmt"
	"testing"
)

// TestNewTagRunsOut names all 64 bits, on a copy of the registry put back
// afterwards: the 65th name panics, and a name already defined still
// returns its tag.
func TestNewTagRunsOut(t *testing.T) {
	tagNames.Lock()
	saved, savedNames, savedUsed := tagNames.byBit, tagNames.byName, tagNames.used
	tagNames.byBit, tagNames.byName, tagNames.used = [64]string{}, nil, 0
	tagNames.Unlock()
	defer func() {
		tagNames.Lock()
		tagNames.byBit, tagNames.byName, tagNames.used = saved, savedNames, savedUsed
		tagNames.Unlock()
	}()
	seen := Tags(0)
	for i := range 64 {
		tag := NewTag(fmt.Sprintf("t%d", i))
		if seen&tag != 0 {
			t.Fatalf("t%d got a bit already taken: %#x", i, uint64(tag))
		}
		seen |= tag
	}
	if seen != ^Tags(0) {
		t.Fatalf("64 names took %#x, want every bit", uint64(seen))
	}
	if NewTag("t5") != 1<<58 {
		t.Errorf("t5 again = %#x, want bit 58", uint64(NewTag("t5")))
	}
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, ErrTagName) {
			t.Errorf("the 65th name panicked with %v, want an error wrapping ErrTagName", err)
		}
	}()
	NewTag("one-too-many")
}

// early is defined while package-level variables are initialized, before
// any init function runs: it still gets a bit from the top.
var early = NewTag("test-early")

func TestNewTagDuringVarInit(t *testing.T) {
	if early < 1<<32 {
		t.Errorf("a tag named during variable initialization got %#x, a low bit", uint64(early))
	}
}
