// Package prefab holds Tessera's prefabs: named templates for entities,
// written in code by programmers or in YAML by designers, and a library
// that loads, checks and hot-reloads the YAML. It imports world, the
// standard library, assets and go.yaml.in/yaml/v3, so it tests anywhere.
//
// # Outline
//
//   - Prefabs in code: [New], [Prefab.Extend], [Prefab.Is],
//     [Prefab.Components].
//   - Parts, type-checked against their component: [Value], [Tag],
//     [Factory] (receiving a [Spawn]), [Patch], [None].
//   - Children, spawned and destroyed with their parent: [Child],
//     [NoChild], [Prefab.Children]; children in YAML, placed by the
//     component [Registration.At] names.
//   - Spawning: [Prefab.Spawn], [Prefab.SpawnWith] with [SpawnOptions],
//     [Library.Spawn].
//   - Provenance: the [Origin] component every spawn records, [Of], and
//     [Changes] ([Change], [ChangeKind]): what an entity changed since
//     spawn, for saves.
//   - The library: [NewLibrary], [Component] and [Registration.As],
//     [Library.Register], [Library.Add], [Library.Attach],
//     [Library.Lookup], [Library.Names].
//   - Loading YAML: [Library.Load] (files and directories),
//     [Library.LoadFS] (any [io/fs.FS], such as an embed.FS),
//     [Library.LoadBytes]; asset references checked with
//     [Library.UseAssets]; what one file may cost bounded by [Limits]
//     ([Library.SetLimits]).
//   - Hot reload: [Library.Reload], [Library.Watch], [Watcher.Poll],
//     [Reload]; reaching live entities: [Library.Apply] ([Applied]).
//   - Checking data in CI: [Library.Check], [Library.CheckFS],
//     [Library.WriteSchema]; the prefabtest package for a game's tests
//     and prefabcmd for its command line (cmd/prefab is one).
//   - Errors: [LoadError], [Errors]; codes ([CodeUnknownField] …) carried
//     by a [world.Error], and the Err sentinels beside them.
//
// # Prefabs and parts
//
// A prefab lists parts, one per component. A [Value] is copied into every
// entity deeply, so no two entities share a slice, map or pointed-to
// value; the copy function is built once per type, and a type holding no
// references is copied by assignment, so spawning it allocates nothing. A
// [Factory] is called once per spawn, for what cannot be copied or must
// differ per entity.
//
// # Children
//
// A prefab may list children, each spawned from a prefab of its own with
// the parent, linked to it by world.ChildOf, so destroying the parent
// destroys them:
//
//	pipe:
//	  children:
//	    - {name: top, prefab: pipe-cap, at: {x: 0, y: -16}}
//
// at sets the field of the component registered with [Registration.At]
// (the engine's LocalTransform offset). A variant's child of a name the
// base's children have replaces it (with prefab) or changes it (without);
// prefab: none removes it; other children are added.
//
// # Variants
//
// A variant ([Prefab.Extend], or extends in YAML) starts from its base's
// parts. A struct value is merged over the base's field by field, nested
// structs recursively; slices, maps, pointers and every other value
// replace the base's. In YAML a field is set when its key is present; in
// code, a [Value]'s zero fields keep the base's and [Patch] sets any
// field. [None] (none in YAML) removes a component the base has.
//
// # YAML
//
// A prefab file maps prefab names to prefabs:
//
//	goblin:
//	  extends: monster          # a prefab from any file, or added in code
//	  components:
//	    Health: { hp: 6, max: 6 }
//	    Flying: none            # removes a component the base has
//
// Component names are those registered with the library. A field's key is
// the name in its yaml tag, or else its Go name in lower case (HP is hp,
// MaxHP is maxhp), as go.yaml.in/yaml/v3 does; fields tagged yaml:"-" and
// unexported fields cannot be set from data, and ",inline" lays a struct's
// fields into its parent. Two fields with one key (HP and Hp) are refused
// by [Component], since data could set only one. A time.Duration is
// written as "1.5s"; a type implementing yaml.Unmarshaler or
// encoding.TextUnmarshaler decodes itself. Unknown fields are errors,
// checked against the Go type at every level. Anchors, aliases and merge
// keys (<<) work as in any YAML.
//
// # Errors
//
// A load returns every problem it finds at once, each a [*LoadError]
// naming the file, line and column, the prefab, the component and the
// field, such as
//
//	levels/orcs.yaml:14:3: prefab "grunt": component "Health": unknown field "hpp" (did you mean "hp"?)
//
// wrapping a [world.Error] whose code ([CodeUnknownField] here) is
// stable and matched by its sentinel ([ErrUnknownField]), with the
// details and a hint at the fix; every other error prefab returns or
// panics with is such a [world.Error] too. A load that fails keeps
// nothing: the library is exactly as before. Only regular files are read, each within [Limits] (size, nodes,
// alias expansion), so that no file can hang a load or exhaust memory.
package prefab
