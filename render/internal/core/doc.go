// Package core is the part of package render that needs no GPU: it turns
// drawables into sorted, culled batches of vertices, and keeps the
// bookkeeping behind interpolation, animation, text wrapping and the debug
// overlay's numbers. It never imports ebitengine, so all of it tests and
// benchmarks anywhere; package render hands its batches to ebitengine.
//
// A frame goes through it in four steps:
//
//  1. render collects one [Item] per visible drawable, in world
//     coordinates ([Item.PlaceQuad] for sprites), and its sort key
//     ([Order.Add] with [Key] and [Tie]);
//  2. [Order.Sorted] sorts the keys: layer, then z, then entity, then kind
//     (sprite, shape, text), by a radix sort that allocates nothing and
//     skips the digits all keys share;
//  3. for each camera, [Batch.Build] culls the items against the camera's
//     view and writes the rest as screen-space vertices in reused buffers,
//     cutting them into [Op]s: runs of quads from one texture, runs of
//     shape meshes, single texts;
//  4. render issues each Op as one DrawTriangles call (or a text draw).
//
// [Vertex] has the memory layout of ebitengine's Vertex, so render passes
// the buffers to DrawTriangles without copying them.
package core
