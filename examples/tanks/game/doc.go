// Package game is the tanks example's game: a tank that drives round an
// arena, its turret turning on its own, firing shells at the monsters that
// hunt it and crawl out of nests, until the arena is clear or the tank is
// destroyed. It holds the components, systems, scenes and data (prefab
// YAML, the arena as a Tiled map, the sprites and sounds, embedded) and
// never imports ebitengine or draws: what is on the screen is sprites,
// shapes, texts and a camera, components its scenes' worlds hold, which
// the engine draws; sounds are asked for by path. All of it runs and tests
// headless.
//
// # Outline
//
//   - The game: [Game], [New] (with [Options]) or [FromConfig] (with those
//     of the configuration keys [Keys], read by [OptionsOf] when the first
//     scene is entered), [Config].
//   - Scenes: [Title], [Play] (one per play; its [Tally] is kept in its
//     world, on the entity with [Stats]), [Pause] (pushed on top; saves the
//     play in the slot) and [Over] (pushed over a play that ended).
//   - The save slot: [Game.Save], [Game.HasSave], [Game.ContinuePlay]
//     (package save, the play's whole world), [DefaultSlot].
//   - Components: [Tank] and [Turret] (the tank's child), [Monster] and
//     [Bar] (each monster's child), [Nest], [Repair], [Shell]; the
//     collider tags [TagSolid], [TagWater], [TagTank], [TagMonster],
//     [TagShell], [TagPickup]; the draw layers [LayerGround] to [LayerHUD].
//   - Data: [Files] (the embedded assets), [Prefabs] and [Load] (the
//     prefab library and the levels, through package level).
//   - Sound: [SoundFire], [SoundHit], [SoundBoom], [SoundHurt],
//     [SoundRepair], [SoundWin], files synthesized by internal/gensound.
//   - Input: [Actions] (the default bindings); the demo's [Autopilot]
//     plays on top of them.
//
// # Data
//
// Everything a designer tunes is under assets/: prefabs/*.yaml are the
// tank (with its turret as a prefab child), the monsters (each with a
// health bar as a child), the nests, the repair kit and the effects;
// levels/*.tmx are the levels, maps of the Tiled editor over the tileset
// sprites/tiles.tsx: a ground layer, a walls layer (the wall and crate
// tiles collide, tagged solid; the water collides, tagged water, and
// ripples), and an object layer whose objects spawn the prefabs their
// classes name (tank, ogre, demon, wraith, nest, repair; a nest's
// properties Nest.count and Nest.every patch its prefab). Sprites name
// their pictures by path: sprites/actors.yaml is the atlas of
// sprites/actors.png (its frames and the clips drive, ogre, demon, wraith
// and boom). internal/genart draws both sheets, copying the monsters, the
// explosion, the smoke and the flowers from ebitengine's example
// pictures.
//
// # A step
//
// The play's fixed systems are listed, in order, in [Play.OnEnter]:
// drive, aim, hunt and nest before motion and the transform system (which
// places the turret on the hull and the health bars over their monsters,
// and turns the turret with the hull's WorldTransform, which the renderer
// draws both pictures by),
// then fire (from the turret's muzzle as placed), collision, and the
// systems that read its contacts (shells, bite, pickup), the health bars,
// lifetimes, the outcome and the HUD. Randomness comes from the world's
// generator, seeded from the configuration's random.seed when a play
// starts, through streams keyed by the step and the entity, so the same
// seed and input give the same game, which is what replays rely on.
package game
