// Package game is the walk-room example's game: a player who walks through
// rooms with walls and furniture, picks up items, goes through a door into
// another room and pauses. It holds the components, systems, scenes and
// data (prefab YAML, room layouts, pictures and sounds, embedded) and
// never imports ebitengine or draws: what is on the screen is sprites,
// shapes, texts and a camera, components its scenes' worlds hold, which
// the engine draws; sounds are asked for by path. All of it runs and
// tests headless.
//
// # Outline
//
//   - The game: [Game], [New], [Options] (from the configuration keys
//     [Keys] by [OptionsOf]), [Config], [State], [Game.Snapshot].
//   - Scenes: [Room] (one per room layout; a door replaces it with the next
//     room) and [Pause] (pushed on top; the room beneath stops stepping).
//   - Components: [Walker], [Item], [Door], [Tile] and their values
//     [Walking], [Pickup], [Doorway], [Tiling]; the collider tags
//     [TagSolid], [TagPlayer], [TagDoor]; the draw layers [LayerFloor],
//     [LayerDecor], [LayerSolids], [LayerItems], [LayerPlayer], [LayerHUD].
//   - Data: [Files] (the embedded assets, with ebitengine's pictures),
//     [Prefabs] and [LoadPrefabs] (the prefab library, for the game and its
//     schema), [Layout], [Floor] and [Thing] (a room file), [Load].
//   - Sound: [SoundPickup], [SoundDoor], files synthesized by
//     internal/gensound (go generate).
//   - Input: [Actions] (the default bindings); the demo walk
//     ([Options.Demo], [DemoWalk]) plays the same actions itself.
//
// # Data
//
// Everything a designer tunes is YAML under assets/: prefabs/*.yaml are
// the prefabs (player, floors, walls, furniture, items, doors), each file
// checked against prefabs/prefabs.schema.json; rooms/*.yaml are the room
// layouts, each a size, a floor, camera settings, a start point and a list
// of things: which prefab goes where, at what size, and for doors which
// room and door they lead to. Sprites name their pictures by path:
// sprites/room.yaml (the furniture, drawn by internal/genart),
// sprites/people.yaml and sprites/outdoor.yaml (frames of ebitengine's
// spritesheet.png and tiles.png), sprites/cobbles.png.
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
// the room.
package game
