// Package game is the walk-room example's game: a player who walks through
// rooms with walls and furniture, picks up items, goes through a door into
// another room and pauses. It holds the components, systems, scenes and
// data (prefab YAML, the rooms as Tiled maps, the sprite sheet and
// sounds, embedded) and never imports ebitengine or draws: what is on the
// screen is sprites, shapes, texts and a camera, components its scenes'
// worlds hold, which the engine draws; sounds are asked for by path. All
// of it runs and tests headless.
//
// # Outline
//
//   - The game: [Game], [New] (with [Options]) or [FromConfig] (with
//     those of the configuration keys [Keys], read by [OptionsOf] when the
//     first room is entered), [Config], [State], [Game.Snapshot].
//   - Scenes: [Title] (the first, with [Options.Title]: a new game or
//     continue the saved one), [Room] (one per room; a door replaces it
//     with the next room, and a saved map rebuilds it) and [Pause] (pushed
//     on top; the room beneath stops stepping).
//   - The save slot: [Game.Save] (the save action, F5), [Game.Continue],
//     [Game.SaveFile] and [DefaultSaveFile] (the key save).
//   - Components: [Walker], [Item], [Door] and their values [Walking],
//     [Pickup], [Doorway]; the collider tags [TagSolid], [TagPlayer],
//     [TagDoor]; the draw layers [LayerFloor], [LayerDecor],
//     [LayerSolids], [LayerItems], [LayerPlayer], [LayerHUD].
//   - Data: [Files] (the embedded assets), [Prefabs] and [LoadPrefabs]
//     (the prefab library, for the game and its schema), [Layout] and
//     [LoadLayouts] (the rooms' maps, through package level), [Load].
//   - Sound: [SoundPickup], [SoundDoor], files synthesized by
//     internal/gensound (go generate).
//   - Input: [Actions] (the default bindings); the demo walk
//     ([Options.Demo], [DemoWalk]) plays the same actions itself.
//
// # Data
//
// Everything a designer tunes is under assets/: prefabs/*.yaml are the
// prefabs (the player, furniture, items, doors), each file checked
// against prefabs/prefabs.schema.json; rooms/*.tmx are the rooms, maps of
// the Tiled editor over the tileset sprites/room.tsx: a floor layer and a
// wall layer of tiles (the wall tile's properties make it collide, tagged
// solid), and object layers whose objects spawn the prefabs their tiles'
// or their own classes name, the player's start among them; a door's
// object is named, and its properties Door.to and Door.arrive say where it
// leads; a rectangle of class gem with the property scatter spawns that
// many gems at random points of it; the map's properties set the camera.
// Sprites name their pictures by path: sprites/room.yaml and room.tsx are
// two views of sprites/room.png, which internal/genart draws and packs
// (with the wizard, the plants and the cobbles it copies from ebitengine's
// example pictures).
//
// # A step
//
// The room's fixed systems run in this order: walk (the move axis, and
// the demo's, into the player's velocity), pause (the pause action pushes
// [Pause]), motion, collision (the player is a mover: walls and furniture
// stop it and it slides along them), pickup (an [world.Each2] over the
// items; asks for [SoundPickup]), doors (a contact with a door's trigger
// replaces the room; asks for [SoundDoor]), face (the player's sprite
// turns the way it walks) and hud (the HUD's text). After them the engine
// moves the room's camera towards the player, with a dead zone, clamped to
// the room. Between frames, with the engine's assets.dir set, the reload
// system looks at the rooms' maps and rebuilds the room from a map saved.
package game
