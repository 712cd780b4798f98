// Package save writes a world to a save and loads it back: per entity its
// prefab plus only what differs from it (current health, not max health;
// see [prefab.Changes]), or every component for an entity no prefab
// made; each entity's links, and each target's sources in their order;
// the world's generator, the engine's clock
// and the world's free ids, so that a loaded world is the saved one, hash
// for hash ([world.World.Hash]). It imports world, prefab, save/compact,
// random and go.yaml.in/yaml/v3, never ebitengine.
//
// # Outline
//
//   - What a save holds: [Component] (field by field; fields tagged
//     save:"-" are configuration, always from the prefab), [Custom] (its
//     own save and load functions), [Link] (a relationship besides
//     [world.ChildOf]), [Prefabs] (prefabs outside the library, such as a
//     level's); a [Codec] of them with the prefab library ([New]).
//   - Saving: [Codec.Save], [Codec.WriteFile] (written atomically), with
//     [SaveOptions]: the [Format] ([YAML] or [Compact]), the [Clock] and
//     the game's own state beside the world.
//   - Loading: [Codec.Load], [Codec.LoadFile], with [LoadOptions]
//     (progress, slices, limits, what to do about removed fields), giving
//     [Loaded] (and [Loaded.Game]); in two halves, [Codec.Prepare] off the
//     game loop and [Prepared.Commit] between steps; [Progress] and the
//     phases [PhaseParse] … [PhaseCommit].
//   - Errors: [Error] (file:line:col, entity, prefab, component, field),
//     [Errors], and the Err sentinels.
//
// # Ids and references
//
// A save keeps each entity's id, and the world's free ids, and a load
// makes exactly those ([world.World.MakeIDs]), so an id kept in a
// component (a world.Entity field, a target) names the same entity after
// a load, and one of an entity that died before the save stays dead. The
// remapping from saved ids to loaded ones is the identity.
//
// # Atomic and sliced loading
//
// A load builds the saved world in a new world and only when all of it
// loaded puts its state in place of the world's, so a load that fails, or
// is cancelled through its context, leaves the world as it was. It calls
// a progress function between slices of entities.
package save
