// Package assets loads a game's files (images, atlases, fonts, sounds and
// YAML data) from any [io/fs.FS], caches them by path and reloads the
// images, atlases and data in place while the game runs. It imports the
// standard library, go.yaml.in/yaml/v3 and go-text's font parser (the one
// ebitengine's text/v2 uses) only, never ebitengine: it decodes images to
// [image.Image], checks fonts and sounds and keeps their bytes, and
// decodes YAML into Go values, so it builds and tests anywhere.
// Package render turns its images into ebitengine images and its fonts
// into text faces; the audio helper beside the engine plays its sounds.
//
// # Outline
//
//   - The loader: [New], [NewWithOptions] ([Options], [Limits]),
//     [Loader], [Loader.FS], [Loader.Limits], [Loader.Loaded]; assets are
//     named by a [Kind] and a path, together a [Request].
//   - Images: [Loader.Image], [Image] ([Image.Image], [Image.Bounds],
//     [Image.Generation]), [MaxImageSide].
//   - Atlases: [Loader.Atlas] (an atlas file in YAML), [Loader.Grid] (an
//     image cut into a [Grid]), [Atlas] ([Atlas.Frame], [Atlas.Lookup],
//     [Atlas.Name], [Atlas.Len]); clips, the animations an atlas file
//     names: [Atlas.Clip], [Atlas.Clips], [Clip] ([Clip.FrameAt],
//     [Clip.Duration]), [ClipMode].
//   - Fonts: [Loader.Font], [Font], [FontFormat].
//   - Sounds: [Loader.Sound], [Sound], [SoundInfo], [SoundFormat].
//   - Data: [Loader.Data], [Loader.Decode], [Data] ([Data.Decode],
//     [Data.Bind], [Data.Unbind]).
//   - Loading with progress: [Loader.Batch], [Batch] ([Batch.Add],
//     [Batch.AddGrid], [Batch.Load]), [Result]. Package
//     [github.com/tessera-engine/tessera/assets/loading] is a loading
//     scene that shows a batch's progress.
//   - Hot reload: [Loader.Reload], [Loader.Watch], [Watcher.Poll],
//     [Reload].
//   - Errors: [LoadError], [Errors] and the Err sentinels; [ErrLimit] for
//     a file past a [Limits] bound.
//
// # Paths and the cache
//
// Paths are those of the file system given to [New]: slash-separated and
// relative ("sprites/hero.png"). A game ships its files in an embed.FS and
// loads them from os.DirFS while it is developed, so that hot reload sees
// the files an artist saves. The cache is keyed by kind and cleaned path:
// "sprites/../sprites/hero.png" is "sprites/hero.png", and the same file
// may be loaded as two kinds (a PNG as an image and as a grid atlas). An
// asset stays cached for the loader's life; a load that fails is not
// cached.
//
// # Handles and reloads
//
// Images, atlases and data are handles: [*Image], [*Atlas], [*Data]. A
// reload keeps the handle and swaps what it holds, incrementing its
// generation, so whatever holds a handle sees the new content, and
// whatever made something from it (an ebitengine image, a decoded struct)
// can tell it is stale. Reloads happen only in [Loader.Reload] and
// [Watcher.Poll], which the game calls between steps, so a step never sees
// an asset change half-way, and replaying the same reloads at the same
// steps gives the same game.
//
// # Errors
//
// Every error names the file; errors in YAML files also name the line and
// column:
//
//	sprites/hero.yaml:4:3: frame "run-0" (48,0)-(64,16) is outside the image hero.png (0,0)-(48,16)
//	tuning.yaml:2:1: unknown field "sped" in main.Tuning
//
// Each is a [*LoadError] wrapping a sentinel such as [ErrNotFound] or
// [ErrDecode]; a file with several problems gives them all (the first 100
// and a count), joined.
//
// # Limits
//
// Every load is bounded in time and memory, whatever the file: files are
// read only if regular and up to [Limits.FileSize] or [Limits.YAMLSize],
// images decoded only within [Limits.ImageBytes] and [MaxImageSide],
// data mappings only up to [Limits.MappingKeys] keys (and a file's
// mappings together to four times the pairs of keys of one such mapping,
// aliases counted each time they repeat one), sounds only at rates
// from [MinSampleRate] to [MaxSampleRate]. A file past a limit fails at
// once with an error wrapping [ErrLimit] (or [ErrFormat]) that names it.
package assets
