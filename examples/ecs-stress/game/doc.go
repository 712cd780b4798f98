// Package game is the ecs-stress example's simulation: tens of thousands
// of bodies bouncing in a field, loaded from prefab YAML, moved by one
// fixed system that walks the world in one of several ways ([Walks]),
// optionally colliding with one another through the systems package, and
// added and removed in batches by the "add" and "remove" input actions.
//
// It imports neither ebitengine nor render, so it runs and tests anywhere:
// the bodies carry a render/drawable Sprite whose region the windowed
// build supplies ([Options.Look]); without one they draw nothing and cost
// nothing to draw.
//
// Outline:
//
//   - The scene: [Scene], [New], [Options], [Look], [Scene.Bodies].
//   - Walks: [Walks], [LookupWalk], [Move].
//   - Data: [Prefabs], [Assets], the components [Body], [Radius], [Tint]
//     and [Field] ([Settings]).
//   - Configuration: [ConfigDefaults], [Keys], the actions [ActionAdd] and
//     [ActionRemove].
package game
