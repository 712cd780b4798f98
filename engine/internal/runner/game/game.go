// Package game is the runner: a small complete game written the way a
// Tessera game is meant to be, as components, systems, scenes and data
// only. The runner runs; the player jumps over the blocks that come (Space,
// Up, W or a gamepad's A); each one cleared scores a point, and the first
// one hit ends the run. A title scene starts it, a game-over scene pushed
// over the frozen run shows the score and starts the next.
//
// Nothing here imports ebitengine or draws: sprites, animations and texts
// are components naming their assets by path, the prefabs are YAML, and
// the engine draws every scene, loads the files and plays the sounds. The
// engine's tests run it headless and, under Xvfb, in a window.
package game

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/images"
	"github.com/hajimehoshi/ebiten/v2/examples/resources/images/flappy"
	"golang.org/x/image/font/gofont/gobold"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

//go:embed assets
var embedded embed.FS

// Files returns the game's files: the YAML under assets/ and, beside the
// atlas files, the pictures ebitengine's module ships (runner.png, CC0;
// tiles.png, CC0; see the README), the Go Bold font, and the sound
// effects, made in code.
func Files() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // a bug: the directory is embedded
	}
	files := map[string][]byte{
		"sprites/runner.png": images.Runner_png,
		"sprites/tiles.png":  flappy.Tiles_png,
		"fonts/gobold.ttf":   gobold.TTF,
	}
	for name, data := range soundFiles() {
		files["sounds/"+name] = data
	}
	return assets.WithFiles(sub, files)
}

// The draw layers the prefabs name.
var (
	LayerBack   = drawable.NameLayer("back", 0)
	LayerGround = drawable.NameLayer("ground", 1)
	LayerActors = drawable.NameLayer("actors", 2)
	LayerHUD    = drawable.NameLayer("hud", 3)
)

// Actions returns the game's input: jump, and confirm to start.
func Actions() engine.InputConfig {
	in := engine.StandardInput()
	in.Actions["jump"] = []string{"Space", "ArrowUp", "W", "GamepadA"}
	return in
}

// Screen is the size of the logical screen, in pixels.
const ScreenW, ScreenH = 320, 180

// Config returns the engine configuration the game runs with by default.
func Config() engine.Config {
	return engine.Config{
		Window: engine.WindowConfig{Title: "Tessera: runner", Width: ScreenW, Height: ScreenH, Zoom: 3},
		Input:  Actions(),
	}
}

// Tuning is how a run plays, from tuning.yaml.
type Tuning struct {
	Speed   float64 // pixels a second the world scrolls at the start
	Speedup float64 // pixels a second faster for every point
	Gap     struct{ Min, Max float64 }
	Ground  float64 // the y of the ground's top
}

// Game is what outlives a scene: the prefabs and the tuning, loaded once
// from the engine's files, the best score and the random numbers.
type Game struct {
	Best int // the best score so far
	// Last is the score of the last run that ended.
	Last int
	// Runs counts the runs started.
	Runs int

	seed   uint64
	lib    *prefab.Library
	tuning Tuning
}

// New returns a game whose obstacles come as seed says.
func New(seed uint64) *Game { return &Game{seed: seed} }

// First returns the scene the game starts with: the title.
func (g *Game) First() *Title { return &Title{game: g} }

// load reads the prefabs and the tuning through the engine's loader the
// first time a scene needs them.
func (g *Game) load(w *world.World) error {
	if g.lib != nil {
		return nil
	}
	l := engine.AssetsOf(w)
	if l == nil {
		return errors.New("runner: no engine runs this scene")
	}
	lib := prefab.NewLibrary(append(engine.Components(), prefab.Component(RunnerFields), prefab.Component(Obstacles), prefab.Component(Scrolls))...)
	if err := lib.UseAssets(l); err != nil { // the sprites and clips the prefabs name must exist
		return err
	}
	if err := lib.LoadFS(l.FS(), "prefabs"); err != nil {
		return err
	}
	var t Tuning
	if err := l.Decode("tuning.yaml", &t); err != nil {
		return err
	}
	if t.Speed <= 0 || t.Gap.Min <= 0 || t.Gap.Max < t.Gap.Min {
		return fmt.Errorf("runner: tuning.yaml: need speed > 0 and 0 < gap.min <= gap.max, have %+v", t)
	}
	g.lib, g.tuning = lib, t
	return nil
}

// rng returns the random numbers of run n: the same seed and run give the
// same obstacles.
func (g *Game) rng(n int) *rand.Rand { return rand.New(rand.NewPCG(g.seed, uint64(n))) }
