//go:build unix

package webtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// requireEnv, set to 1, makes scripts/setup.sh install Debian's chromium
// and makes these tests fail, rather than skip, without a browser: CI sets
// it, so the browser tests cannot silently stop running there.
const requireEnv = "TESSERA_CHROMIUM"

// browserNames are the names Chromium goes by on PATH.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// lookBrowser returns the path of a Chromium on PATH, or skips the test
// (fails it when requireEnv is 1).
func lookBrowser(t *testing.T) string {
	t.Helper()
	for _, name := range browserNames {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	msg := fmt.Sprintf("no Chromium on PATH (looked for %s); TESSERA_CHROMIUM=1 scripts/setup.sh installs Debian's chromium",
		strings.Join(browserNames, ", "))
	if os.Getenv(requireEnv) == "1" {
		t.Fatal(msg + ", and TESSERA_CHROMIUM=1 asks for these tests to run")
	}
	t.Skip(msg)
	return ""
}

// browser is a headless Chromium driven through the DevTools protocol
// over a pipe (--remote-debugging-pipe: it reads commands from its file
// descriptor 3 and writes replies and events to 4, each a JSON object
// ended by a NUL byte), which needs no WebSocket and no port. It shows
// one page, of a fixed size.
type browser struct {
	cmd     *exec.Cmd
	send    *os.File // Chromium's fd 3
	session string   // the page's session
	stderr  *tail

	mu      sync.Mutex
	next    int
	waiting map[int]chan reply
	err     error // why the pipe closed, once it has
	closed  chan struct{}
}

type reply struct {
	Result json.RawMessage
	Err    *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
}

// startBrowser starts Chromium (path) headless, with software WebGL
// (SwiftShader, as ../../shared/PLATFORM.md measured), and opens a blank
// page of width×height CSS pixels at one device pixel each. The browser
// and every process it starts are stopped when the test ends.
func startBrowser(t *testing.T, path string, width, height int) *browser {
	t.Helper()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{send: cmdW, stderr: &tail{max: 40}, waiting: map[int]chan reply{}, closed: make(chan struct{})}
	b.cmd = exec.Command(path,
		"--headless=new", "--no-sandbox", // the sandbox refuses to run as root, as CI does
		"--enable-unsafe-swiftshader", "--use-angle=swiftshader", // software WebGL
		"--remote-debugging-pipe",
		"--user-data-dir="+t.TempDir(), // never another run's profile (its lock)
		"--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
		"--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
		fmt.Sprintf("--window-size=%d,%d", width, height),
		"about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, outW}
	b.cmd.Stderr = b.stderr
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its renderer and GPU processes go with it
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	cmdR.Close()
	outW.Close()
	go b.read(outR)
	t.Cleanup(func() { b.stop(t) })

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	if err := b.call(ctx, "", "Target.getTargets", nil, &targets); err != nil {
		t.Fatalf("chromium: %v\nits stderr:\n%s", err, b.stderr)
	}
	page := ""
	for _, info := range targets.TargetInfos {
		if info.Type == "page" {
			page = info.TargetID
			break
		}
	}
	if page == "" {
		t.Fatalf("chromium: no page among its targets %+v", targets.TargetInfos)
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": page, "flatten": true}, &attached); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	b.session = attached.SessionID
	metrics := map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}
	if err := b.call(ctx, b.session, "Emulation.setDeviceMetricsOverride", metrics, nil); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return b
}

// read delivers replies to their callers until the pipe closes; events
// (messages without an id) are not asked for, and dropped.
func (b *browser) read(r io.ReadCloser) {
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<20)
	var err error
	for {
		var msg []byte
		msg, err = br.ReadBytes(0)
		if err != nil {
			break
		}
		var m struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err = json.Unmarshal(msg[:len(msg)-1], &m); err != nil {
			break
		}
		if m.ID == 0 {
			continue
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- reply{Result: m.Result, Err: m.Error}
		}
	}
	b.mu.Lock()
	b.err = fmt.Errorf("chromium's pipe closed: %w", err)
	b.mu.Unlock()
	close(b.closed)
}

// call sends one command (to the page's session, or to the browser if
// session is empty) and decodes its result into result, if not nil.
func (b *browser) call(ctx context.Context, session, method string, params any, result any) error {
	b.mu.Lock()
	if b.err != nil {
		defer b.mu.Unlock()
		return fmt.Errorf("%s: %w", method, b.err)
	}
	b.next++
	id := b.next
	ch := make(chan reply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()

	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.send.Write(append(data, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r := <-ch:
		if r.Err != nil {
			return fmt.Errorf("%s: %s (%d)", method, r.Err.Message, r.Err.Code)
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(r.Result, result)
	case <-b.closed:
		b.mu.Lock()
		defer b.mu.Unlock()
		return fmt.Errorf("%s: %w", method, b.err)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// navigate opens url in the page.
func (b *browser) navigate(ctx context.Context, url string) error {
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := b.call(ctx, b.session, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("navigate to %s: %s", url, nav.ErrorText)
	}
	return nil
}

// eval evaluates a JavaScript expression in the page and decodes its
// value, which must be JSON, into v.
func (b *browser) eval(ctx context.Context, expr string, v any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := b.call(ctx, b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return err
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("evaluate %s: %s", expr, res.ExceptionDetails.Text)
	}
	if len(res.Result.Value) == 0 {
		return fmt.Errorf("evaluate %s: no value", expr)
	}
	return json.Unmarshal(res.Result.Value, v)
}

// screenshot returns what the page shows now, composited as on a screen
// (WebGL canvases included).
func (b *browser) screenshot(ctx context.Context) (image.Image, error) {
	var shot struct {
		Data string `json:"data"`
	}
	if err := b.call(ctx, b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &shot); err != nil {
		return nil, err
	}
	data, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return nil, fmt.Errorf("screenshot: %w", err)
	}
	return png.Decode(bytes.NewReader(data))
}

// stop closes the browser, and kills its process group if it has not
// exited a few seconds later.
func (b *browser) stop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = b.call(ctx, "", "Browser.close", nil, nil)
	b.send.Close()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Logf("chromium did not exit 10 s after Browser.close; killing its process group %d", b.cmd.Process.Pid)
		_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
	// Helpers it started may outlive it in its group; they are ours.
	_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
}

// tail keeps the last max lines written to it, for failure messages. It
// is safe for concurrent use.
type tail struct {
	mu    sync.Mutex
	max   int
	lines []string
	part  string
}

func (w *tail) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	text := w.part + string(p)
	parts := strings.Split(text, "\n")
	w.part = parts[len(parts)-1]
	for _, line := range parts[:len(parts)-1] {
		if strings.Contains(line, "GPU stall due to ReadPixels") || strings.Contains(line, "dbus") {
			continue // harmless, and many
		}
		w.lines = append(w.lines, line)
		if len(w.lines) > w.max {
			w.lines = w.lines[1:]
		}
	}
	return len(p), nil
}

func (w *tail) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(append(w.lines[:len(w.lines):len(w.lines)], w.part), "\n")
}
