package render_test

import (
	"image/color"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// TestOrder draws overlapping drawables whose layers and z say which is
// on top, spawned in an order that says otherwise.
func TestOrder(t *testing.T) {
	k := newKit(t, render.Options{})
	k.lookAt(240, 160)
	sq := func(x, y float64, c color.NRGBA, o drawable.Order) world.Entity {
		f := drawable.Rect(30, 30, c)
		f.Order = o
		return k.shape(x, y, f)
	}
	// Layers beat z: red (layer 1) is over green (layer 0, z 100).
	sq(10, 10, red, drawable.Order{Layer: 1})
	sq(25, 25, green, drawable.Order{Layer: 0, Z: 100})
	// Within a layer, z: blue over yellow over white, spawned the other way.
	sq(80, 10, blue, drawable.Order{Z: 3})
	sq(90, 20, yellow, drawable.Order{Z: -1})
	sq(100, 30, white, drawable.Order{Z: -2.5})
	// Equal keys draw by entity: the later slot on top.
	sq(160, 10, red, drawable.Order{})
	sq(175, 25, green, drawable.Order{})
	// A sprite, a shape and a text on one entity draw in that order.
	e := k.sprite(20, 100, drawable.Picture{Region: hero, Scale: geom.Vec2{X: 2, Y: 2}})
	drawable.Shape.Add(k.w, e, drawable.Circle(12, blue))
	drawable.Text.Add(k.w, e, drawable.Label{Text: "top", Font: assetsPath("go.ttf"), Size: 12, Align: drawable.AlignCenter, VAlign: drawable.AlignCenter})
	// Sprites and shapes interleave by their keys.
	k.sprite(100, 100, drawable.Picture{Region: hero, Scale: geom.Vec2{X: 2, Y: 2}, Order: drawable.Order{Z: 1}})
	sq(110, 90, green, drawable.Order{Z: 0})
	k.sprite(120, 110, drawable.Picture{Region: hero, Order: drawable.Order{Z: 2}})
	got := grab(240, 160, bg, k.draw)
	golden(t, "order", got)
	checkPixels(t, got, []check{
		{"layer 1 over layer 0", 30, 30, red},
		{"z 3 over z -1", 95, 25, blue},
		{"z -1 over z -2.5", 105, 45, yellow},
		{"later slot over earlier", 180, 30, green},
		{"shape over its own sprite", 20, 90, blue},
		{"z 1 sprite over z 0 shape", 115, 105, red},
		{"z 0 shape over nothing else", 130, 92, green},
	})
}

// TestOrderIgnoresWalkOrder gives shapes to the same entities in two
// orders: the world walks object components in the order they were
// added, but the picture must not change.
func TestOrderIgnoresWalkOrder(t *testing.T) {
	draw := func(reverse bool) []byte {
		k := newKit(t, render.Options{})
		k.lookAt(60, 40)
		var es []world.Entity
		for i := range 5 {
			es = append(es, world.Spawn1(k.w, geom.Position, geom.Vec2{X: float64(10 + 8*i), Y: float64(5 + 5*i)}))
		}
		colors := []color.NRGBA{red, green, blue, yellow, white}
		for j := range es {
			i := j
			if reverse {
				i = len(es) - 1 - j
			}
			drawable.Shape.Add(k.w, es[i], drawable.Rect(20, 20, colors[i]))
		}
		return grab(60, 40, bg, k.draw).Pix
	}
	a, b := draw(false), draw(true)
	if string(a) != string(b) {
		t.Error("the picture depends on the order the shapes were added in")
	}
}
