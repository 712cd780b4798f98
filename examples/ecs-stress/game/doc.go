// Package game is the ecs-stress example's simulation: tens of thousands
// of bodies bouncing in a field, loaded from prefab YAML, moved by one
// fixed system that walks the world in one of several ways ([Walks]),
// optionally colliding with one another through the systems package, and
// added and removed in batches by the "add" and "remove" input actions.
//
// It imports neither ebitengine nor render, so it runs and tests anywhere,
// and draws nothing itself: each body carries a drawable.Sprite its
// prefab names (a monster of sprites/monsters.yaml), the field has a
// drawable.Camera that fits it to the screen, and the HUD is a
// drawable.Text on the screen; the engine draws them in a window, and a
// headless run only moves them.
//
// Outline:
//
//   - The scene: [Scene], [New] or [FromConfig], [Options], [Scene.Bodies],
//     [Scene.HUDText].
//   - Walks: [Walks], [LookupWalk], [Move].
//   - Data: [Files], [Prefabs], [LoadPrefabs], the components [Body],
//     [Radius] and [Field] ([Settings]).
//   - Configuration: [Config], [Keys], [OptionsOf], the actions
//     [ActionAdd] and [ActionRemove].
package game
