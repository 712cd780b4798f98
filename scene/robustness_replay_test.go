package scene_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// hookName is s's name, or "nil".
func hookName(s scene.Scene) string {
	if s == nil {
		return "nil"
	}
	return s.(*hookScene).name
}

// replay rebuilds the stack from the changes OnChange reports and checks
// each change against it: From must be the top it leaves, To the top
// after.
func replayChanges(t *testing.T, start []string, changes []scene.Change) {
	t.Helper()
	stack := append([]string(nil), start...)
	top := func() string {
		if len(stack) == 0 {
			return "nil"
		}
		return stack[len(stack)-1]
	}
	for _, c := range changes {
		if got := hookName(c.From); got != top() {
			t.Errorf("change %s %s -> %s: From is not the top of the reported stack %q", c.Kind, hookName(c.From), hookName(c.To), stack)
		}
		switch c.Kind {
		case scene.Pushed:
			stack = append(stack, hookName(c.To))
		case scene.Replaced:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, hookName(c.To))
		case scene.Popped:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) != 0 {
		t.Errorf("replaying OnChange leaves stack %q; the manager's is empty (a leaving scene's change was never reported)", stack)
	}
}

// A scene whose OnExit calls Close ("save and quit"), left by a pop, a
// replace or a Close: OnChange sees it leave, then the scenes beneath, so
// replaying the changes rebuilds the (empty) stack. (Its leave used to go
// unreported: it was off the stack before OnExit, and a change Close ran
// during was not reported.)
func TestCloseInOnExitReportsTheLeave(t *testing.T) {
	for _, kind := range []string{"pop", "replace", "close"} {
		t.Run(kind, func(t *testing.T) {
			m := scene.NewManager()
			var changes []scene.Change
			m.OnChange = func(c scene.Change) { changes = append(changes, c) }
			a := &hookScene{name: "a"}
			b := &hookScene{name: "b"}
			m.Push(a)
			m.Push(b)
			if err := m.Apply(); err != nil {
				t.Fatal(err)
			}
			changes = nil
			b.onExit = func() { m.Close() }
			switch kind {
			case "pop":
				m.Pop()
				m.Apply()
			case "replace":
				m.Replace(&hookScene{name: "c"})
				m.Apply()
			case "close":
				m.Close()
			}
			var log []string
			sawB := false
			for _, c := range changes {
				log = append(log, fmt.Sprintf("%s %s->%s", c.Kind, hookName(c.From), hookName(c.To)))
				if c.From == scene.Scene(b) {
					sawB = true
				}
			}
			if !sawB {
				t.Errorf("OnChange never saw b leave; changes %q", log)
			}
			replayChanges(t, []string{"a", "b"}, changes)
		})
	}
}

// An Apply from inside an OnExit does nothing: the Apply in progress
// makes the change queued there. (The inner Apply used to walk the outer
// one's queue from the start and report a request already taken as a
// change of kind 0.)
func TestApplyInsideApplyDoesNothing(t *testing.T) {
	m := scene.NewManager()
	var changes []scene.Change
	m.OnChange = func(c scene.Change) { changes = append(changes, c) }
	a := &hookScene{name: "a"}
	b := &hookScene{name: "b"}
	m.Push(a)
	m.Push(b)
	m.Apply()
	changes = nil
	b.onExit = func() {
		m.Push(&hookScene{name: "d"})
		m.Apply()
	}
	m.Pop()
	m.Apply()
	for _, c := range changes {
		if c.Kind < scene.Replaced || c.Kind > scene.Popped {
			t.Errorf("OnChange got a change of kind %v: %s", c.Kind, c)
		}
	}
	var names []string
	for s := range m.All() {
		names = append(names, hookName(s))
	}
	if fmt.Sprint(names) != "[a d]" {
		t.Errorf("stack %q, want [a d]: the push queued in OnExit made by the outer Apply", names)
	}
}
