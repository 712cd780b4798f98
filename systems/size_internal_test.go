package systems

import (
	"testing"
	"unsafe"
)

// TestBodyIsOneCacheLine: what a test reads of a neighbour fits one
// 64-byte cache line.
func TestBodyIsOneCacheLine(t *testing.T) {
	if n := unsafe.Sizeof(body{}); n != 64 {
		t.Errorf("body is %d bytes, want 64", n)
	}
}
