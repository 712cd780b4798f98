package render_test

import (
	"image"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/camera"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestStructureChangesReachTheFrame: the renderer learns which of the
// components it looks for the world holds (hidden, HUD, posed sprites,
// shapes, texts), which entities are its cameras and where its sprites
// are only when the world's structure changes. After each change below,
// the first of its kind in a world the renderer has drawn, its frame must
// be the frame of a renderer that has never drawn.
func TestStructureChangesReachTheFrame(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(k *kit, ents []world.Entity)
	}{
		{"first hidden sprite", func(k *kit, ents []world.Entity) { drawable.Hidden.Add(k.w, ents[3]) }},
		{"last hidden sprite shown", func(k *kit, ents []world.Entity) { k.w.Remove(ents[0], drawable.Hidden) }},
		{"first HUD sprite", func(k *kit, ents []world.Entity) { drawable.Screen.Add(k.w, ents[5]) }},
		{"first posed sprite", func(k *kit, ents []world.Entity) {
			geom.WorldTransform.Add(k.w, ents[7], geom.Pose{Rotation: 0.5, Scale: geom.Vec2{X: 2, Y: 2}})
		}},
		{"first shape", func(k *kit, ents []world.Entity) { k.shape(40, 40, drawable.Circle(3, red)) }},
		{"first text", func(k *kit, ents []world.Entity) {
			k.text(10, 10, drawable.Label{Text: "hello", Font: assetsPath("go.ttf"), Size: 12})
		}},
		{"sprite born", func(k *kit, ents []world.Entity) { k.sprite(100, 100, drawable.Picture{Region: frame(1)}) }},
		{"sprite died", func(k *kit, ents []world.Entity) { k.w.Destroy(ents[70]) }},
		{"sprite lost its picture", func(k *kit, ents []world.Entity) { k.w.Remove(ents[9], drawable.Sprite) }},
		// The cameras are learnt with the structure too, their values
		// read every frame.
		{"camera moved", func(k *kit, ents []world.Entity) { drawable.Camera.Require(k.w, k.cam).Position.X += 30 }},
		{"camera set", func(k *kit, ents []world.Entity) {
			if err := drawable.Camera.Set(k.w, k.cam, cameraAt(100, 90)); err != nil {
				panic(err)
			}
		}},
		{"camera lost", func(k *kit, ents []world.Entity) { k.w.Remove(k.cam, drawable.Camera) }},
		{"second camera", func(k *kit, ents []world.Entity) {
			k.camera(camera.Camera{Position: geom.Vec2{X: 40, Y: 40}, Depth: -1})
		}},
		{"camera replaced", func(k *kit, ents []world.Entity) {
			k.w.Destroy(k.cam)
			k.camera(cameraAt(100, 100))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKit(t, render.Options{})
			k.cam = k.lookAt(320, 240)
			var ents []world.Entity
			for i := range 130 {
				ents = append(ents, k.sprite(float64(i%20)*15, float64(i/20)*30, drawable.Picture{Region: frame(i % 4)}))
			}
			if tc.name == "last hidden sprite shown" {
				drawable.Hidden.Add(k.w, ents[0])
			}
			screen := image.Rect(0, 0, 320, 240)
			k.r.Prepare(screen, k.w, 1)
			k.r.Prepare(screen, k.w, 1)
			before, beforeOps, beforeStats := slices.Clone(k.r.FirstBatch().Vertices), slices.Clone(k.r.FirstBatch().Ops), k.r.Stats()
			tc.change(k, ents)
			fresh := render.New(k.c, render.Options{})
			k.r.Prepare(screen, k.w, 1)
			fresh.Prepare(screen, k.w, 1)
			got, want := k.r.FirstBatch(), fresh.FirstBatch()
			if !slices.Equal(got.Vertices, want.Vertices) || !slices.Equal(got.Ops, want.Ops) || k.r.Stats() != fresh.Stats() {
				t.Fatalf("the frames differ: %d and %d vertices, %v and %v ops, stats %+v and %+v",
					len(got.Vertices), len(want.Vertices), got.Ops, want.Ops, k.r.Stats(), fresh.Stats())
			}
			if slices.Equal(got.Vertices, before) && slices.Equal(got.Ops, beforeOps) && k.r.Stats() == beforeStats {
				t.Error("the change left the frame as it was")
			}
		})
	}
}

// TestAnotherWorldReachesTheFrame: a renderer that draws another world
// whose structure epoch is the same number, its sprites in other slots,
// draws that world.
func TestAnotherWorldReachesTheFrame(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(320, 240)
	for i := range 10 {
		k.sprite(float64(i)*10, 0, drawable.Picture{Region: frame(0)})
	}
	other := world.New()
	other.Create() // no components: the epoch stays, the sprites' slots move on
	world.Spawn1(other, drawable.Camera, cameraAt(160, 120))
	for i := range 10 {
		world.Spawn2(other, geom.Position, geom.Vec2{X: float64(i) * 10, Y: 50}, drawable.Sprite, drawable.Picture{Region: frame(1)})
	}
	if k.w.StructureEpoch() != other.StructureEpoch() {
		t.Fatalf("the worlds' epochs are %d and %d; the test needs them equal", k.w.StructureEpoch(), other.StructureEpoch())
	}
	screen := image.Rect(0, 0, 320, 240)
	k.r.Prepare(screen, k.w, 1)
	k.r.Prepare(screen, other, 1)
	fresh := render.New(k.c, render.Options{})
	fresh.Prepare(screen, other, 1)
	if got, want := k.r.FirstBatch(), fresh.FirstBatch(); !slices.Equal(got.Vertices, want.Vertices) {
		t.Fatal("the renderer drew the first world's sprites over the second's")
	}
}

// TestRestoredWorldReachesTheFrame: a world restored from a snapshot has
// new structure (its sets' versions move on), so the renderer learns it
// again, cameras and sprites, and draws the restored world as a renderer
// that has never drawn does.
func TestRestoredWorldReachesTheFrame(t *testing.T) {
	k := newKit(t, render.Options{})
	k.cam = k.lookAt(320, 240)
	var ents []world.Entity
	for i := range 70 {
		ents = append(ents, k.sprite(float64(i%10)*30, float64(i/10)*30, drawable.Picture{Region: frame(i % 4)}))
	}
	screen := image.Rect(0, 0, 320, 240)
	var snap world.Snapshot
	k.w.Snapshot(&snap)
	// What the snapshot does not hold: no camera (the default one draws)
	// and fewer sprites, learnt by the frames before the restore.
	k.w.Remove(k.cam, drawable.Camera)
	for _, e := range ents[20:50] {
		k.w.Destroy(e)
	}
	k.r.Prepare(screen, k.w, 1)
	changed := slices.Clone(k.r.FirstBatch().Vertices)
	if err := k.w.Restore(&snap); err != nil {
		t.Fatal(err)
	}
	k.r.Prepare(screen, k.w, 1)
	fresh := render.New(k.c, render.Options{})
	fresh.Prepare(screen, k.w, 1)
	got, want := k.r.FirstBatch(), fresh.FirstBatch()
	if !slices.Equal(got.Vertices, want.Vertices) || !slices.Equal(got.Ops, want.Ops) {
		t.Fatalf("the restored world's frame differs from a fresh renderer's: %d and %d vertices", len(got.Vertices), len(want.Vertices))
	}
	if slices.Equal(got.Vertices, changed) {
		t.Error("the restore left the frame of the world before it")
	}
}
