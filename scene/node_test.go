package scene_test

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/scene"
)

func TestNodeTree(t *testing.T) {
	var released []string
	node := func(name string) *scene.Node {
		return &scene.Node{OnRelease: func() { released = append(released, name) }}
	}
	root := &scene.Node{}
	a, b, a1 := node("a"), node("b"), node("a1")
	root.Add(a, b)
	a.Add(a1)
	if got := root.Children(); len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("root.Children() = %v, want [a b]", got)
	}
	b.Add(a1) // moves it
	if len(a.Children()) != 0 || a1.Parent() != b {
		t.Errorf("after moving a1 to b: a has %d children, a1's parent is %p; want 0, b", len(a.Children()), a1.Parent())
	}
	if !root.Remove(a) || root.Remove(a) {
		t.Error("Remove(a) twice = want true then false")
	}
	root.Add(a)
	root.Release()
	if want := []string{"a1", "b", "a"}; !slices.Equal(released, want) {
		t.Errorf("released %q, want %q (children before parents, in order)", released, want)
	}
	if len(root.Children()) != 0 || a.Parent() != nil {
		t.Error("Release left children or parents behind")
	}
}

func TestNodeAddCyclePanics(t *testing.T) {
	a, b := &scene.Node{}, &scene.Node{}
	a.Add(b)
	defer func() {
		if _, ok := recover().(error); !ok {
			t.Error("adding an ancestor as a child did not panic with an error")
		}
	}()
	b.Add(a)
}
