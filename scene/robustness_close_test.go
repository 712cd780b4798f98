package scene_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// OnChange closes, queues title+menu, then panics (Apply's deferred
// compaction is documented to keep what follows a panicking change). The
// closes check is skipped by the panic, so the defer drops min(done, len)
// of the new queue.
func TestCloseThenPanicInOnChangeKeepsNewQueue(t *testing.T) {
	for _, prior := range []int{0, 1} { // requests done before the failing one
		var log []string
		a := &logScene{name: "a", log: &log}
		b := &logScene{name: "b", log: &log, enterErr: errors.New("broken level")}
		title, menu := &logScene{name: "title", log: &log}, &logScene{name: "menu", log: &log}
		m := scene.NewManager()
		m.Replace(a)
		if err := m.Apply(); err != nil {
			t.Fatal(err)
		}
		restarted := false
		m.OnChange = func(ch scene.Change) {
			if ch.Err != nil && !restarted {
				restarted = true
				m.Close()
				m.Replace(title)
				m.Push(menu)
				panic("OnChange broke after restarting")
			}
		}
		for range prior {
			m.Push(&logScene{name: "x", log: &log})
		}
		m.Push(b)
		func() {
			defer func() { recover() }()
			m.Apply()
		}()
		m.OnChange = nil
		m.Apply()
		if got := stack(m); len(got) != 2 || got[0] != "title" || got[1] != "menu" {
			t.Errorf("%d request(s) before the failing one: stack %q, want [title menu]", prior, got)
		}
	}
}

// Close in the entered scene's OnEnter, then a Replace: the queue after
// the Close is kept for the next Apply, what was queued before it is
// dropped, and the change Close undid is not reported after Close's pops.
func TestCloseInOnEnterKeepsLaterRequests(t *testing.T) {
	var log []string
	title := &logScene{name: "title", log: &log}
	m := scene.NewManager()
	var last scene.Change
	m.OnChange = func(ch scene.Change) { last = ch }
	b := &logScene{name: "b", log: &log}
	b.onEnter = func(s *logScene) { m.Close(); m.Replace(title) }
	m.Replace(&logScene{name: "a", log: &log})
	m.Push(b)
	m.Push(&logScene{name: "dropped", log: &log})
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if got := stack(m); len(got) != 0 || !m.Pending() {
		t.Errorf("after Apply: stack %q, pending %v; want [] and the Replace queued", got, m.Pending())
	}
	if last.To != nil {
		t.Errorf("last change reported %v, want one that leaves the stack empty", last)
	}
	if err := m.Apply(); err != nil {
		t.Fatal(err)
	}
	if got := stack(m); len(got) != 1 || got[0] != "title" {
		t.Errorf("after the 2nd Apply: stack %q, want [title]", got)
	}
	if last.To != title {
		t.Errorf("last change reported %v, want the one entering title", last)
	}
	for _, l := range log {
		if strings.Contains(l, "dropped") {
			t.Errorf("log %q: the push queued before Close ran", log)
		}
	}
}
