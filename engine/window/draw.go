package window

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/scene"
)

// Drawer is implemented by a scene that draws itself: Draw is called every
// frame while the scene is on the stack. The screen is the logical screen,
// of the configured width and height.
type Drawer interface {
	Draw(screen *ebiten.Image)
}

// drawScene calls s's Draw, if s is a Drawer.
func drawScene(screen *ebiten.Image, s scene.Scene) {
	if d, ok := s.(Drawer); ok {
		d.Draw(screen)
	}
}
