//go:build !tesserawindow

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWindowNeedsTag checks that the headless binary, which must not link
// ebitengine, answers -window by saying how to get a binary that draws.
func TestWindowNeedsTag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-window"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-tags tesserawindow") {
		t.Errorf("run(-window) = %d, stderr %q; want 2 and how to build with the tag", code, stderr.String())
	}
}

// TestSpritesNeedTag: so does -sprites, which draws through package
// render.
func TestSpritesNeedTag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-sprites"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-tags tesserawindow") {
		t.Errorf("run(-sprites) = %d, stderr %q; want 2 and how to build with the tag", code, stderr.String())
	}
}
