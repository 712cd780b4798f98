package scene_test

// Tests from a review of this stop's last fixes. Where a comment tells a
// defect ("is dropped", "used to"), it is the one the test pinned and the
// fix removed; the test asserts the fixed behaviour.

import (
	"errors"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// An OnChange that, on a failed change, closes the manager and starts over
// (a title scene with a menu on it, queued after Close): Apply goes on at
// its old index into the new queue, and its compaction drops min(done,
// len) of it. Here the title's Replace is skipped and dropped, and the
// menu's Push runs alone on the empty stack.
func TestLastQueueAfterCloseInOnChange(t *testing.T) {
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
		}
	}
	m.Push(b)
	m.Apply()
	m.Apply() // whatever is still queued
	t.Logf("stack %q, pending %v", stack(m), m.Pending())
	if got := stack(m); len(got) != 2 || got[0] != "title" || got[1] != "menu" {
		t.Errorf("Close, Replace(title), Push(menu) in OnChange: stack %q, want [title menu]", got)
	}
}
