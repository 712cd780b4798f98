package scene_test

import (
	"fmt"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

// hookScene is a scene whose OnEnter and OnExit run hooks.
type hookScene struct {
	scene.Base
	name    string
	onEnter func()
	onExit  func()
	exits   int
}

func (s *hookScene) OnEnter() error {
	if f := s.onEnter; f != nil {
		s.onEnter = nil
		f()
	}
	return nil
}

func (s *hookScene) OnExit() {
	s.exits++
	if f := s.onExit; f != nil {
		s.onExit = nil
		f()
	}
}

func (s *hookScene) String() string { return s.name }

func hookStack(m *scene.Manager) []string {
	var out []string
	for s := range m.All() {
		out = append(out, s.(*hookScene).name)
	}
	return out
}

// Close inside the OnExit of the scene a pop, a replace or a Close is
// leaving: it leaves the scenes beneath once each, the interrupted change
// goes no further (a replace does not enter its new scene), and the last
// change reported leaves the stack empty. (The scene being left used to
// be popped twice, and then apply popped an empty stack and panicked.)
func TestCloseInOnExit(t *testing.T) {
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
			b.onExit = func() { m.Close() }
			var perr any
			func() {
				defer func() { perr = recover() }()
				switch kind {
				case "pop":
					m.Pop()
					m.Apply()
				case "replace":
					m.Replace(&hookScene{name: "c", onEnter: func() { t.Error("the replace entered c after Close") }})
					m.Apply()
				case "close":
					m.Close()
				}
			}()
			if perr != nil {
				t.Errorf("Close inside OnExit during %s: panic out of the manager: %v", kind, perr)
			}
			if got := hookStack(m); len(got) != 0 {
				t.Errorf("stack %q, want empty after Close", got)
			}
			if a.exits != 1 || b.exits != 1 {
				t.Errorf("OnExit ran %d times for a, %d for b; want once each", a.exits, b.exits)
			}
			if n := len(changes); n > 0 && changes[n-1].To != nil {
				t.Errorf("last change %v, want one leaving the stack empty", changes[n-1])
			}
		})
	}
}

// Close in OnEnter, OnChange and with a panic in OnChange: the queue after
// every combination holds exactly what was asked after Close, and the last
// change reported matches the stack.
func TestCloseDuringChangeCombinations(t *testing.T) {
	for _, where := range []string{"OnEnter", "OnChange"} {
		for _, panicAfter := range []bool{false, true} {
			for _, prior := range []int{0, 1, 2} {
				for _, after := range []int{0, 1, 2} {
					name := fmt.Sprintf("%s/panic=%v/prior=%d/after=%d", where, panicAfter, prior, after)
					m := scene.NewManager()
					var last *scene.Change
					m.Push(&hookScene{name: "base"})
					if err := m.Apply(); err != nil {
						t.Fatal(err)
					}
					target := &hookScene{name: "target"}
					closed := false
					doClose := func() {
						closed = true
						m.Close()
						for i := range after {
							m.Push(&hookScene{name: fmt.Sprint("after", i)})
						}
					}
					if where == "OnEnter" {
						target.onEnter = func() {
							doClose()
							if panicAfter {
								panic("enter broke")
							}
						}
					}
					m.OnChange = func(c scene.Change) {
						last = &c
						if where == "OnChange" && c.To == target && !closed {
							doClose()
							if panicAfter {
								panic("onchange broke")
							}
						}
					}
					for i := range prior {
						m.Push(&hookScene{name: fmt.Sprint("prior", i)})
					}
					m.Push(target)
					m.Push(&hookScene{name: "dropped"})
					func() {
						defer func() { recover() }()
						m.Apply()
					}()
					if got := hookStack(m); len(got) != 0 {
						t.Errorf("%s: stack %q after Close", name, got)
					}
					if last == nil || last.To != nil {
						t.Errorf("%s: last change %v, stack empty", name, last)
					}
					m.OnChange = func(c scene.Change) { last = &c }
					m.Apply()
					got := hookStack(m)
					if len(got) != after {
						t.Errorf("%s: after the 2nd Apply stack %q, want %d after-scenes", name, got, after)
					}
					for i, s := range got {
						if s != fmt.Sprint("after", i) {
							t.Errorf("%s: stack %q", name, got)
							break
						}
					}
					if after > 0 && (last == nil || last.To == nil || last.To.(*hookScene).name != got[len(got)-1]) {
						t.Errorf("%s: last change %v, stack %q", name, last, got)
					}
				}
			}
		}
	}
}
