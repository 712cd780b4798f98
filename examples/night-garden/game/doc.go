// Package game is the night garden: a small living scene of fireflies
// that wander with timers and tweens, flowers that open when night falls
// and close at dawn, and a day/night cycle that tints the sky and the
// world. It imports no ebitengine and draws nothing itself: the sky's
// bodies, the ground, the fireflies and flowers are sprites (pictures
// named by path in its files) and shapes, the sky is its camera's
// background and the help line is a text on the screen, components the
// engine draws. All of it runs and tests headless.
//
// # Outline
//
//   - The scene: [Garden], made by [New] with [Options], or by
//     [FromConfig] with those of the configuration keys [Keys]
//     ([OptionsOf]; [Config] is the engine's defaults); [Garden.Snapshot],
//     [Garden.Settings] and [Garden.Help] read its state.
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
// Run with the engine's assets.dir (-assets.dir
// examples/night-garden/game/assets), the engine reads the garden's files
// from that directory and reloads the assets among them that change,
// between frames. The garden watches its prefab files itself (through
// the same files, in [Garden.Update], after the frame's fixed steps) and
// applies the settings file whenever the engine has reloaded it (its
// generation moved). A changed firefly or flower prefab reaches the live
// entities made from it (prefab.Library.Apply), which are then dressed
// again from their new data, so existing fireflies take the new colour or
// speed and keep their flight, target and timer; a changed settings file applies at once, and lays the
// garden out again when its size or populations changed. A file that
// fails to load keeps the old data and is reported by [Garden.Problem]
// (and on the help line) until it is fixed; a settings file that is no
// longer YAML at all is the engine's to report (the engine keeps the old
// one and logs why).
package game
