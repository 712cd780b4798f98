// Package loading is a loading screen: a [scene.Scene] that loads an
// [assets.Batch] on a goroutine while the game loop goes on, shows the
// batch's progress as a bar of drawables in its world, and when the batch
// has loaded replaces itself with the game's next scene.
//
// # Outline
//
//   - The scene: [Scene], [New]; [Scene.Progress], [Scene.Err],
//     [Scene.Results].
//   - The bar: [Bar], and its defaults [DefaultBar].
//
// It lives apart from package assets because scenes import assets: a
// scene in assets would make an import cycle. Like assets and scene, it
// never imports ebitengine: its bar is made of the components of package
// render/drawable, which the runtime draws as it draws any scene's.
package loading
