package scene

import (
	"fmt"
	"image/color"
	"slices"
)

// Node is an element of a scene's display list: what the scene draws
// outside the ECS, such as a HUD or a background. A node has an offset from
// its parent, an optional shape and children drawn after it, in order. The
// runtime draws a scene's root and everything under it every frame, while
// the scene is on the stack.
//
// The zero value is an empty node ready to use. Nodes are not safe for
// concurrent use.
type Node struct {
	// X and Y are the node's offset from its parent, in logical pixels.
	X, Y float64
	// Hidden keeps the node and its children from being drawn.
	Hidden bool
	// Shape is what the node draws at its position: nil for a group, a
	// [Rect], or a value the runtime knows how to draw (the ebitengine
	// runtime draws values with a DrawAt(screen *ebiten.Image, x, y
	// float64) method). Other values are skipped.
	Shape any
	// OnRelease, if not nil, is called when the node is released, to free
	// what it holds (images, sounds).
	OnRelease func()

	parent   *Node
	children []*Node
}

// Rect is a shape: a rectangle of W by H logical pixels, filled with Color,
// whose top-left corner is at the node's position.
type Rect struct {
	W, H  float64
	Color color.RGBA
}

// Add appends children to n, after its current children; they are drawn
// in that order, after n. A child that has a parent is moved. Panics if a
// child is nil, n itself or one of n's ancestors.
func (n *Node) Add(children ...*Node) {
	for _, c := range children {
		if c == nil {
			panic(fmt.Errorf("scene: Add of a nil node"))
		}
		for a := n; a != nil; a = a.parent {
			if a == c {
				panic(fmt.Errorf("scene: Add would make a node its own descendant"))
			}
		}
		if c.parent != nil {
			c.parent.Remove(c)
		}
		c.parent = n
		n.children = append(n.children, c)
	}
}

// Remove detaches child from n and reports whether it was n's child. The
// child is not released; it may be added elsewhere.
func (n *Node) Remove(child *Node) bool {
	i := slices.Index(n.children, child)
	if i < 0 {
		return false
	}
	n.children = slices.Delete(n.children, i, i+1)
	child.parent = nil
	return true
}

// Children returns n's children in drawing order. The slice belongs to n:
// do not modify it, and do not keep it past the next Add or Remove.
func (n *Node) Children() []*Node { return n.children }

// Parent returns the node n was added to, or nil.
func (n *Node) Parent() *Node { return n.parent }

// Release removes every node under n, calling OnRelease on each, children
// before their parents, and leaves n empty. n itself stays where it is and
// its OnRelease is not called. Leaving a scene releases its root.
//
// An OnRelease that panics does not stop the release: every node is
// released all the same, and then Release panics with the first panic's
// value (the scene manager reports it as the scene's "Release" error).
func (n *Node) Release() {
	var first any
	n.release(&first)
	if first != nil {
		panic(first)
	}
}

// release is Release, keeping the first panic of an OnRelease in *p.
func (n *Node) release(p *any) {
	for _, c := range n.children {
		c.release(p)
		c.parent = nil
		if c.OnRelease != nil {
			func() {
				defer func() {
					if r := recover(); r != nil && *p == nil {
						*p = r
					}
				}()
				c.OnRelease()
			}()
		}
	}
	clear(n.children)
	n.children = n.children[:0]
}
