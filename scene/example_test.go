package scene_test

import (
	"fmt"
	"image/color"

	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// Level is a scene with one system, added on every entry.
type Level struct {
	scene.Base
	name string
}

func (l *Level) OnEnter() error {
	fmt.Println("enter", l.name)
	l.World().Spawn()
	return l.World().AddSystem(world.System{Name: "rules", Phase: world.Fixed, Run: func(*world.Context) error { return nil }})
}

func (l *Level) OnExit() { fmt.Println("exit", l.name) }

func ExampleManager() {
	m := scene.NewManager()
	level, pause := &Level{name: "level"}, &Level{name: "pause"}
	m.Replace(level)
	fmt.Println("queued, not yet entered:", m.Len())
	if err := m.Apply(); err != nil { // the engine applies at the end of each step
		panic(err)
	}
	m.Push(pause) // level stops updating, but is still drawn beneath pause
	m.Apply()
	fmt.Println("top:", m.Top().(*Level).name, "of", m.Len())
	m.Pop()
	m.Replace(&Level{name: "next"})
	m.Apply()
	fmt.Println("level's world after leaving:", level.World().Len(), "entities,", len(level.World().SystemNames(world.Fixed)), "systems")
	// Output:
	// queued, not yet entered: 0
	// enter level
	// enter pause
	// top: pause of 2
	// exit pause
	// exit level
	// enter next
	// level's world after leaving: 0 entities, 0 systems
}

func ExampleNode() {
	var root scene.Node // a scene's Root()
	hud := &scene.Node{X: 4, Y: 4}
	hud.Add(
		&scene.Node{Shape: scene.Rect{W: 50, H: 6, Color: color.RGBA{0x40, 0x40, 0x40, 0xff}}},
		&scene.Node{Shape: scene.Rect{W: 30, H: 6, Color: color.RGBA{0xe0, 0x30, 0x30, 0xff}}, OnRelease: func() { fmt.Println("health bar released") }},
	)
	root.Add(hud)
	fmt.Println(len(root.Children()), len(hud.Children()))
	root.Release() // what leaving the scene does
	fmt.Println(len(root.Children()))
	// Output:
	// 1 2
	// health bar released
	// 0
}
