package scene_test

import (
	"fmt"

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
	if err := m.Apply(); err != nil { // the engine applies at every step boundary
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

// Every change is reported once, to OnChange, in the order the requests
// were asked for: here a pause menu's "quit to title".
func ExampleManager_ReplaceAll() {
	m := scene.NewManager()
	m.OnChange = func(c scene.Change) {
		fmt.Printf("%v %s -> %s\n", c.Kind, nameOf(c.From), nameOf(c.To))
	}
	m.Replace(&Level{name: "level"})
	m.Push(&Level{name: "pause"})
	m.ReplaceAll(&Level{name: "title"})
	m.Apply()
	// Output:
	// enter level
	// replace <nil> -> level
	// enter pause
	// push level -> pause
	// exit pause
	// pop pause -> level
	// exit level
	// enter title
	// replace level -> title
}

func nameOf(s scene.Scene) string {
	if l, ok := s.(*Level); ok {
		return l.name
	}
	return "<nil>"
}

// Arena is a scene entered many times: what a run changes is one value,
// set afresh by every OnEnter; what the constructor sets stays.
type Arena struct {
	scene.Base
	lives int       // set by the constructor
	run   arenaPlay // what a run changes
}

type arenaPlay struct {
	lives, score int
}

func (a *Arena) OnEnter() error {
	a.run = arenaPlay{lives: a.lives}
	return nil
}

// A scene entered again (after a pop, a replace, or a restart by
// replacing it with itself) starts clean when its OnEnter resets its
// fields; between entries they keep what the last run left.
func ExampleBase() {
	m := scene.NewManager()
	arena := &Arena{lives: 3}
	m.Push(arena)
	m.Apply()
	arena.run.score, arena.run.lives = 1200, 0 // a run, lost
	m.Pop()
	m.Apply()
	fmt.Println("after leaving:", arena.run.score, "points; entered:", arena.Scenes() != nil)
	m.Push(arena)
	m.Apply()
	fmt.Println("entered again:", arena.run.score, "points,", arena.run.lives, "lives")
	// Output:
	// after leaving: 1200 points; entered: false
	// entered again: 0 points, 3 lives
}
