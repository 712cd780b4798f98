// Package game is the night garden: a small living scene of fireflies
// that wander with timers and tweens, flowers that open when night falls
// and close at dawn, and a day/night cycle that tints the sky and the
// world. It imports no ebitengine, so all of it runs and tests headless;
// the example's main package draws it.
//
// # Outline
//
//   - The scene: [Garden], made by [New] with [Options]; [Garden.Snapshot]
//     and [Garden.Settings] read its state; [Art] holds the sprite regions a
//     renderer hands out.
//   - Designer data: [Settings] (assets/garden.yaml, loaded through the
//     assets package) and the prefab components [Firefly] and [Flower]
//     (assets/prefabs, loaded by [Prefabs] through the prefab library), with
//     the value types [Color], [Easing], [Range] and [Glow]. [Files] is the
//     embedded copy of both.
//   - Input: [Actions] names the buttons of the actions [ActionSkip],
//     [ActionScatter] and [ActionFast].
//   - The cycle: [Phase] and its helpers [Light], [SkyColor] and
//     [AmbientColor].
//
// # Hot reload
//
// [Options.Watch] makes the garden poll its prefab and settings files
// between steps (in [Garden.Update], after the frame's fixed steps). A
// changed firefly or flower prefab respawns the entities made from it in
// place, so existing fireflies take the new colour or speed; a changed
// settings file applies at once, and lays the garden out again when its
// size or populations changed. A file that fails to load keeps the old
// data and is reported by [Garden.Problem] until it is fixed.
package game
