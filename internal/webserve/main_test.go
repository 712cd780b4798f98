package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

func TestHandler(t *testing.T) {
	files := fstest.MapFS{
		"game.wasm":    {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"index.html":   {Data: []byte("<!DOCTYPE html>")},
		"wasm_exec.js": {Data: []byte(`"use strict";`)},
	}
	srv := httptest.NewServer(handler(http.FS(files)))
	defer srv.Close()
	tests := []struct {
		path, contentType string
		status            int
	}{
		{"/game.wasm", "application/wasm", http.StatusOK},
		{"/", "text/html; charset=utf-8", http.StatusOK},
		{"/wasm_exec.js", "", http.StatusOK}, // the system's MIME table says which JavaScript type
		{"/missing.wasm", "", http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Errorf("GET %s: status %d, want %d", tt.path, resp.StatusCode, tt.status)
			}
			if tt.contentType != "" {
				if got := resp.Header.Get("Content-Type"); got != tt.contentType {
					t.Errorf("GET %s: Content-Type %q, want %q", tt.path, got, tt.contentType)
				}
			}
			if got := resp.Header.Get("Cache-Control"); got != "no-cache" && tt.status == http.StatusOK {
				t.Errorf("GET %s: Cache-Control %q, want no-cache", tt.path, got)
			}
		})
	}
}

func TestListen(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port

	// The default port, taken: another one.
	ln, err := listen(port, false)
	if err != nil {
		t.Fatalf("listen(%d, not asked for) = %v, want a free port instead", port, err)
	}
	if got := ln.Addr().(*net.TCPAddr); got.Port == port || !got.IP.IsLoopback() {
		t.Errorf("listen(%d, not asked for) listens on %v, want another port on the loopback", port, got)
	}
	ln.Close()

	// A port asked for, taken: an error.
	if ln, err := listen(port, true); err == nil {
		ln.Close()
		t.Errorf("listen(%d, asked for) succeeded on a taken port, want an error", port)
	}

	// Port 0: a free one.
	ln, err = listen(0, true)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if _, p, _ := net.SplitHostPort(ln.Addr().String()); p == "0" || p == strconv.Itoa(port) {
		t.Errorf("listen(0) listens on %s, want a free port", ln.Addr())
	}
}
