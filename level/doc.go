// Package level loads maps made in the Tiled map editor (.tmx files, with
// their tilesets in .tsx files) and spawns them into a world: tile layers
// as sprites, the colliders their tiles' properties ask for, and object
// layers as prefabs chosen by each object's class, its custom properties
// patched over the prefab's fields. Maps are read with
// github.com/lafriks/go-tiled, through the game's asset loader, so they
// come from the same files as everything else (embedded, or the
// directory of the engine's assets.dir while developing) and their
// tilesets are atlases the renderer already draws. The package never
// imports ebitengine: maps load, spawn and test headless.
//
// docs/LEVELS.md says how to make a map for a Tessera game in Tiled.
//
// # Outline
//
//   - Loading: [Load] with [Options] (the prefab library objects spawn
//     from, its components, the custom properties the game reads,
//     [Limits]) returns a [*Map]; every problem is a [*LoadError] naming
//     the file, line, column, layer and object, wrapping one of the
//     sentinels ([ErrSyntax], [ErrUnsupported], [ErrNotFound],
//     [ErrUnknownPrefab], [ErrUnknownProperty], [ErrBadValue], [ErrTile],
//     [ErrLimit]); [Errors] lists them.
//   - The model: [Map] (size, grid, [Properties]), its layers ([Layer],
//     of a [LayerKind]: tiles, objects, an image), tilesets ([Tileset])
//     and tiles ([Tile]), and objects ([Object], of an [ObjectKind]) with
//     the [*prefab.Prefab] each spawns.
//     [Property] values read as numbers, booleans and colours, and
//     [Properties.Decode] fills a struct of the game's from them.
//   - Spawning: [Map.Spawn] spawns everything, [Map.SpawnTiles] the tile
//     and image layers with their colliders, [Object.Spawn] one object.
//   - Saves: [Variants] (or [Map.Variant]) finds the prefab variants the
//     maps make for their objects, for save.Prefabs.
//   - Hot reload: [Map.Watch] returns a [Watcher] whose [Watcher.Poll]
//     loads a changed map again, all or nothing ([Reload]).
//
// # Tiles are sprites
//
// Each cell of a tile layer that shows a tile is spawned as an entity
// with a drawable.Sprite whose Region names the tile's tileset as an
// atlas (the .tsx file, which package assets reads as an atlas whose
// frames are the tiles by id) and the tile's id as its frame, and a
// drawable.Animation for an animated tile. So the renderer draws tiles as
// it draws every sprite: culled to each camera's view, batched by texture
// (all the tiles of a tileset, and every sprite cut from the same image,
// in one draw call), sorted with the objects by draw layer, and reloaded
// in place when the tileset or its image is saved. A map needs nothing of
// the renderer that a sprite does not, and a layer drawn this way mixes
// with the rest of the world (an object on the layer between two tile
// layers draws between them).
//
// The cost is an entity per drawn cell, and the renderer looks at each of
// them every frame to cull it: fine for rooms and screens of a few
// thousand cells (walk-room's hall is 70×45 cells, its floor and walls 277
// sprites and 5 colliders; see [Limits] for the bounds), not for maps of
// millions of cells, which would want a tile-layer drawable that culls by
// the grid. Empty cells cost nothing. Colliders do not cost an entity per
// cell: full-cell colliding tiles are merged into as few boxes as cover
// them.
//
// # Objects are prefabs
//
// An object's class (Type before Tiled 1.9; for a tile object without
// one, its tile's class) names a prefab of [Options.Prefabs]. Its custom
// properties named Component.field (Item.radius, Door.to,
// Sprite.offset.x) patch that field of the prefab's component: they are
// written as the prefab data of a variant of the class's prefab and
// decoded by a library of [Options.Components], so they take the same
// values, merge by the same rules and fail with the same messages as the
// game's prefab files, reported at the property in the map. An unknown
// class, component or field is an error; so is any other property the
// game did not name in [Options.Properties]. The variant is named by the
// map's path and the object's id ("levels/room.tmx#3"), which a save of
// its entity names, so a game's save codec registers [Variants].
//
// # Reload
//
// A [Watcher] follows the map file and its tilesets as the asset loader
// reloads them (the engine does, with assets.dir). Its Poll returns a new
// [*Map] when one loads; the scene rebuilds from it (a room replaces
// itself with a new room of the new map, say), and the old map stays
// valid for as long as anything holds it.
package level
