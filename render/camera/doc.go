// Package camera is the camera math of package render: where a camera
// looks, how the world maps to the screen and back, what it shows, and how
// it follows an entity. It imports world, geom and the standard library
// only, never ebitengine, so game code that aims, picks with the mouse or
// moves cameras tests anywhere.
//
// # Outline
//
//   - [Camera]: Position, Zoom, Rotation, Viewport, Background, Bounds,
//     Follow, Smoothing, DeadZone, Depth; a scene's cameras are entities
//     with the render/drawable Camera component.
//   - Conversions: [Camera.WorldToScreen], [Camera.ScreenToWorld],
//     [Camera.Transform], [Affine], [Camera.Contains].
//   - What it shows: [Camera.View], [Camera.Area], [Camera.SetScreen].
//   - Moving: [Camera.CenterOn], [Camera.Track], [Camera.Clamp], and
//     [Camera.Step], which the engine calls every fixed step.
//
// # Coordinates
//
// World coordinates are geom's: units (pixels at zoom 1) with y growing
// down. Screen coordinates are the logical screen's pixels, (0, 0) at the
// top left. A camera maps its Position to the middle of its area (its
// Viewport, or the whole screen), turned by -Rotation and scaled by Zoom;
// [Camera.ScreenToWorld] inverts [Camera.WorldToScreen] exactly, up to
// floating-point rounding.
package camera
