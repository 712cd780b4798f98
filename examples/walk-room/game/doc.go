// Package game is the walk-room example's game: a player who walks through
// rooms with walls and furniture, picks up items, goes through a door into
// another room and pauses. It holds the components, systems, scenes and
// data (prefab YAML and room layouts, embedded) and never imports
// ebitengine, so all of it runs and tests headless; the window build in the
// example's main package wraps its scenes to draw them.
//
// # Outline
//
//   - The game: [Game], [New], [Options], [State], [Game.Snapshot].
//   - Scenes: [Room] (one per room layout; a door replaces it with the next
//     room) and [Pause] (pushed on top; the room beneath stops stepping).
//   - Components: [Walker], [Item], [Door] and their values [Walking],
//     [Pickup], [Doorway]; the collider tags [TagSolid], [TagPlayer],
//     [TagDoor]; the draw layers [LayerFloor], [LayerDecor], [LayerSolids],
//     [LayerItems], [LayerPlayer].
//   - Data: [Prefabs] (the prefab library, for the game and its schema),
//     [Layout] and [Thing] (a room file), [Files] (the embedded assets).
//   - Sound: [Sound] ([SoundPickup], [SoundDoor]), asked for through
//     [Options.Sound]; the files under assets/sounds are synthesized by
//     internal/gensound (go generate).
//   - Input: [Actions] (the default bindings), [DemoScript] (a scripted
//     walk for the headless run and the tests).
//
// # Data
//
// Everything a designer tunes is YAML under assets/: prefabs/*.yaml are
// the prefabs (player, walls, furniture, items, doors), each file checked
// against prefabs/prefabs.schema.json; rooms/*.yaml are the room layouts,
// each a size, a floor colour, camera settings, a start point and a list
// of things: which prefab goes where, at what size, and for doors which
// room and door they lead to.
//
// # A step
//
// The room's fixed systems run in this order: walk (input axis into the
// player's velocity), pause (the pause action pushes [Pause]), motion,
// collision (the player is a mover: walls and furniture stop it and it
// slides along them), pickup (an [world.Each2] over the items; asks for
// [SoundPickup]), doors (a contact with a door's trigger replaces the room;
// asks for [SoundDoor]) and camera (follows the player with a dead zone,
// clamped to the room).
package game
