//go:build !tesserawindow

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoWindow: the default build, which cannot open a window, says how to
// get one and exits with status 2.
func TestNoWindow(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "tesserawindow") {
		t.Errorf("run() = %d, stderr %q; want 2 and a word on the tesserawindow tag", code, stderr.String())
	}
}
