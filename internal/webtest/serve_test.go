//go:build unix

package webtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildTimeout bounds one run of web.sh up to its address: a cold wasm
// build of an example takes about 30 s on a loaded 2-core machine.
const buildTimeout = 5 * time.Minute

// repoRoot returns the module's root, two levels up from this package.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "scripts", "web.sh")); err != nil {
		t.Fatalf("no scripts/web.sh at the module root: %v", err)
	}
	return root
}

// trackSources looks at every file of the module that a wasm build or
// these tests read, so that go test's cache, which sees only the files a
// test itself opens, runs the tests again when one changes: the games'
// sources and data are read by the go build that web.sh runs.
func trackSources(t testing.TB, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "build" || d.Name() == "bench") {
				return filepath.SkipDir // git, scripts/web.sh's output, another module
			}
			return nil
		}
		_, err = os.Stat(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// server is a run of scripts/web.sh serving one game.
type server struct {
	url  string        // the address it printed
	took time.Duration // from its start to the address: mostly the build
	cmd  *exec.Cmd
	out  *tail // its stderr and the rest of its stdout
}

// serve runs scripts/web.sh name -out out -port 0 and waits, up to
// buildTimeout, for the address it prints once the game is built and
// served. The caller stops it (and the server web.sh runs) with stop.
func serve(root, name, out string) (*server, error) {
	start := time.Now()
	s := &server{out: &tail{max: 60}}
	s.cmd = exec.Command("bash", filepath.Join(root, "scripts", "web.sh"), name, "-out", out, "-port", "0")
	s.cmd.Stderr = s.out
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // go run and the server it starts
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			if _, url, ok := strings.Cut(line, " on http://"); ok && strings.HasPrefix(line, "serving ") {
				found <- "http://" + strings.TrimSuffix(url, " (Ctrl-C to stop)")
				break
			}
			fmt.Fprintln(s.out, line)
		}
		_, _ = io.Copy(s.out, stdout)
		close(found)
	}()
	timer := time.NewTimer(buildTimeout)
	defer timer.Stop()
	select {
	case url, ok := <-found:
		if ok {
			s.url, s.took = url, time.Since(start)
			return s, nil
		}
		err = s.stop()
		return nil, fmt.Errorf("web.sh %s exited before serving (%v); its output:\n%s", name, err, s.out)
	case <-timer.C:
		s.stop()
		return nil, fmt.Errorf("web.sh %s: no address after %v; its output:\n%s", name, buildTimeout, s.out)
	}
}

// stop ends the server's process group and returns how web.sh exited.
func (s *server) stop() error {
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		return <-done
	}
}

// page is what index.html says of the game: its data-state (loading,
// running, exited, failed) and its status text.
type page struct {
	State  string `json:"state"`
	Status string `json:"status"`
}

const pageExpr = `({state: document.documentElement.dataset.state || "",
	status: (document.getElementById("status") || {}).textContent || ""})`

// waitState polls the page until its state is not loading, and returns it.
func waitState(ctx context.Context, b *browser) (page, error) {
	for {
		var p page
		err := b.eval(ctx, pageExpr, &p) // fails while the page is replaced
		if err == nil && p.State != "loading" && p.State != "" {
			return p, nil
		}
		select {
		case <-b.closed:
			return p, err
		case <-ctx.Done():
			return p, fmt.Errorf("the page still says %q (%v): %w", p.Status, err, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}
