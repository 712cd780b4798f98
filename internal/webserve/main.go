// Command webserve serves a folder that scripts/web.sh wrote (game.wasm,
// wasm_exec.js, index.html) on the loopback interface, and prints the
// address to open:
//
//	go run ./internal/webserve -dir build/web/first-game [-port 8080] [-search '?window.zoom=2']
//
// Without -port it serves on port 8080, or on a free port if 8080 is
// taken; -port 0 always picks a free one. The first line on stdout is
// "serving DIR on URL", URL ending in -search, for people and for
// internal/webtest to read. Files are sent with Cache-Control: no-cache, so
// a reload after a rebuild runs the new game, and .wasm as
// application/wasm, which WebAssembly.instantiateStreaming requires. It
// serves until it is interrupted.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"time"
)

const defaultPort = 8080

func main() {
	dir := flag.String("dir", "", "the folder to serve (required)")
	port := flag.Int("port", defaultPort, "the port on 127.0.0.1; 0 picks a free one")
	search := flag.String("search", "", "the query string to print after the address, such as ?window.zoom=2")
	flag.Parse()
	portSet := false
	flag.Visit(func(f *flag.Flag) { portSet = portSet || f.Name == "port" })
	if err := run(*dir, *port, portSet, *search); err != nil {
		fmt.Fprintln(os.Stderr, "webserve:", err)
		os.Exit(1)
	}
}

func run(dir string, port int, portSet bool, search string) error {
	if dir == "" {
		return errors.New("-dir is required")
	}
	if info, err := os.Stat(dir); err != nil {
		return err
	} else if !info.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	ln, err := listen(port, portSet)
	if err != nil {
		return err
	}
	fmt.Printf("serving %s on http://%s/%s (Ctrl-C to stop)\n", dir, ln.Addr(), search)
	srv := &http.Server{Handler: handler(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// listen listens on 127.0.0.1:port; if the port is the default one, not
// asked for, and taken, on a free port instead.
func listen(port int, portSet bool) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err == nil || portSet {
		return ln, err
	}
	fmt.Fprintf(os.Stderr, "webserve: port %d: %v; using a free port\n", port, err)
	return net.Listen("tcp", "127.0.0.1:0")
}

// handler serves root's files, every one with Cache-Control: no-cache and
// .wasm files as application/wasm, whatever the system's MIME table says.
func handler(root http.FileSystem) http.Handler {
	files := http.FileServer(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if path.Ext(r.URL.Path) == ".wasm" {
			w.Header().Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	})
}
