//go:build !tesserawindow

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWindowNeedsTag checks that the default binary, which must not link
// ebitengine, answers a run without -headless by saying how to get the
// window.
func TestWindowNeedsTag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-tags tesserawindow") {
		t.Errorf("run() = %d, stderr %q; want 2 and how to build with the tag", code, stderr.String())
	}
}
