package window

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tessera-engine/tessera/scene"
)

// Drawer is implemented by a scene that draws itself: Draw is called every
// frame while the scene is on the stack, after its root's nodes are drawn.
// The screen is the logical screen, of the configured width and height.
type Drawer interface {
	Draw(screen *ebiten.Image)
}

// ShapeDrawer is implemented by a [scene.Node] shape of the game's own:
// DrawAt draws it with its top-left corner at x, y on the logical screen.
type ShapeDrawer interface {
	DrawAt(screen *ebiten.Image, x, y float64)
}

// drawScene draws s's root and then, if s is a Drawer, calls its Draw.
func drawScene(screen *ebiten.Image, s scene.Scene) {
	drawNode(screen, s.Root(), 0, 0)
	if d, ok := s.(Drawer); ok {
		d.Draw(screen)
	}
}

// drawNode draws n at its offset from x, y, then its children.
func drawNode(screen *ebiten.Image, n *scene.Node, x, y float64) {
	if n.Hidden {
		return
	}
	x, y = x+n.X, y+n.Y
	switch s := n.Shape.(type) {
	case nil:
	case scene.Rect:
		vector.DrawFilledRect(screen, float32(x), float32(y), float32(s.W), float32(s.H), s.Color, false)
	case *scene.Rect:
		vector.DrawFilledRect(screen, float32(x), float32(y), float32(s.W), float32(s.H), s.Color, false)
	case ShapeDrawer:
		s.DrawAt(screen, x, y)
	}
	for _, c := range n.Children() {
		drawNode(screen, c, x, y)
	}
}
