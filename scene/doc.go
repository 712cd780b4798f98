// Package scene holds the scenes a game is made of and the manager that
// switches between them. A scene owns a [world.World] and a display list
// (its root [Node]); entering it builds them, leaving it clears them. The
// package imports world and the standard library only, never ebitengine, so
// scenes build and test anywhere; the engine's runtime draws them.
//
// # Outline
//
//   - Scenes: [Scene], the embeddable [Base] ([Base.World], [Base.Root],
//     [Base.Scenes]).
//   - Switching: [Manager], [NewManager], [Manager.Replace],
//     [Manager.Push], [Manager.Pop], [Manager.Apply], [Manager.Top],
//     [Manager.All], [Manager.Close]; each change is reported as a
//     [Change].
//   - Display list: [Node] ([Node.Add], [Node.Remove], [Node.Release]),
//     [Rect].
//   - Errors: [Error], [ErrActive]; [Name] names a scene by its type.
//
// # Lifecycle
//
// A scene is a struct that embeds [Base] and overrides what it needs of
// OnEnter, OnExit, FixedUpdate and Update; Base's versions do nothing. The
// manager enters a scene by calling OnEnter, which adds the scene's systems
// to its world and spawns its entities. Leaving a scene calls OnExit, then
// clears its world (every entity destroyed, every system removed and
// disposed) and releases its root (every node removed, each node's
// OnRelease called). So a scene entered again starts empty and adds its
// systems again: add systems in OnEnter, never in a constructor.
//
// # Switching
//
// [Manager.Replace] swaps the top scene for another, [Manager.Push] covers
// it with another (the covered one stops updating but is still drawn, under
// the new one: pause menus, dialogs) and [Manager.Pop] leaves the top scene,
// uncovering the one beneath. None of them acts at once: they queue the
// change, and [Manager.Apply] makes the queued changes in order. The engine
// calls Apply at the end of every fixed step and every frame, so a change
// asked for by a system takes effect after the step, never in the middle of
// one.
//
// # Drawing
//
// Scenes draw in two ways, both optional. The root [Node] is an
// engine-agnostic display list: nodes with offsets and shapes such as
// [Rect], drawn by the runtime in tree order. And a scene may have a Draw
// method taking the runtime's screen type (for ebitengine, Draw(screen
// *ebiten.Image)), which the runtime discovers with a type assertion, the
// way io.Copy discovers io.WriterTo. Scenes are drawn bottom to top of the
// manager's stack.
package scene
