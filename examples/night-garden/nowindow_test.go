//go:build !tesserawindow

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoWindow: the default build, which does not link ebitengine, says
// how to get the window and exits 2.
func TestNoWindow(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "tesserawindow") {
		t.Errorf("run() = %d, stderr %q; want 2 and the tesserawindow tag named", code, stderr.String())
	}
}
