// Package scene holds the scenes a game is made of and the manager that
// switches between them. A scene owns a [world.World]; entering it builds
// the world (systems, entities), leaving it clears it. A scene says what
// to draw only through components in its world (drawables, cameras): the
// engine's runtime draws them. The package imports world and the standard
// library only, never ebitengine, so scenes build and test anywhere.
//
// # Outline
//
//   - Scenes: [Scene], the embeddable [Base] ([Base.World],
//     [Base.Scenes]).
//   - Switching: [Manager], [NewManager]; the requests [Manager.Replace],
//     [Manager.Push], [Manager.Pop], [Manager.PopAll],
//     [Manager.ReplaceAll], [Manager.Close]; [Manager.Apply] makes them;
//     [Manager.Top], [Manager.Len], [Manager.All], [Manager.Pending],
//     [Manager.Closed].
//   - Reports: each change is a [Change] ([ChangeKind]) handed to
//     [Manager.OnChange], its failures attached.
//   - Errors: [Error], [ErrActive], [ErrRunaway]; [Name] names a scene by
//     its type.
//
// # Lifecycle
//
// A scene is a struct that embeds [Base] and overrides what it needs of
// OnEnter, OnExit, FixedUpdate and Update; Base's versions do nothing. The
// manager enters a scene by calling OnEnter, which adds the scene's systems
// to its world and spawns its entities. Leaving a scene calls OnExit, then
// clears its world (every entity destroyed, every system removed and
// disposed). So a scene entered again starts with an empty world and adds
// its systems again: add systems in OnEnter, never in a constructor. Its
// own fields are the scene's to reset, in OnEnter (see [Base]).
//
// # One queue
//
// Every request is queued: [Manager.Replace] swaps the top scene for
// another, [Manager.Push] covers it with another (the covered one stops
// updating but is still drawn, under the new one: pause menus, dialogs),
// [Manager.Pop] leaves the top scene, [Manager.PopAll] leaves them all,
// [Manager.ReplaceAll] leaves all but the bottom one and replaces it
// ("quit to title"), and [Manager.Close] leaves them all and takes no
// request after it. [Manager.Apply] makes the queue in order, one change
// at a time, including what the scenes' OnEnter and OnExit and the
// OnChange observer ask for meanwhile, which joins the end of the queue.
// Every change is reported once, to OnChange, with its failures. The
// engine calls Apply at every step boundary, so a change asked for by a
// system takes effect after the step, never in the middle of one.
package scene
