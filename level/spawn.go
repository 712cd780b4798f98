package level

import (
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// Spawn spawns the whole map into w: [Map.SpawnTiles], then every
// object, layer by layer ([Object.Spawn]). A game that places some
// objects itself calls the two for the parts it wants. O(cells + objects).
func (m *Map) Spawn(w *world.World) {
	m.SpawnTiles(w)
	for _, o := range m.objects {
		o.Spawn(w)
	}
}

// SpawnTiles spawns into w what the map's layers show but its objects:
// each tile of a tile layer as an entity with a geom.Position (the
// tile's middle) and a drawable.Sprite (its tileset's frame, mirrored and
// turned as Tiled flips it, in the layer's tint and draw order), and a
// drawable.Animation for an animated tile; each image layer's image;
// each collider the layers' tiles make, as an entity with a
// geom.Position and a systems.Collider. The drawables of a hidden layer
// get the drawable.Hidden tag. O(cells): one entity per tile drawn,
// which the renderer culls to each camera and batches by atlas.
func (m *Map) SpawnTiles(w *world.World) {
	tw, th := float64(m.tileW), float64(m.tileH)
	for _, l := range m.layers {
		switch l.Kind {
		case TileLayer:
			for i, c := range l.cells {
				if c == 0 {
					continue
				}
				t := m.tiles[c&^flipBits]
				x, y := i%m.width, i/m.width
				at := geom.Vec2{X: float64(x)*tw + t.Size.X/2, Y: float64(y+1)*th - t.Size.Y/2}.Add(t.Tileset.Offset).Add(l.Offset)
				flip, rot := flipOf(c)
				pic := drawable.Picture{Region: t.Region, Origin: geom.Vec2{X: 0.5, Y: 0.5}, Flip: flip, Rotation: rot, Tint: l.Tint, Order: l.Order}
				var e world.Entity
				if t.Animation.Clip != 0 {
					e = world.Spawn3(w, geom.Position, at, drawable.Sprite, pic, drawable.Animation, t.Animation)
				} else {
					e = world.Spawn2(w, geom.Position, at, drawable.Sprite, pic)
				}
				if !l.Visible {
					drawable.Hidden.Add(w, e)
				}
			}
		case ImageLayer:
			if l.Image.IsZero() {
				continue
			}
			e := world.Spawn2(w, geom.Position, l.Offset, drawable.Sprite, drawable.Picture{Region: l.Image, Tint: l.Tint, Order: l.Order})
			if !l.Visible {
				drawable.Hidden.Add(w, e)
			}
		}
		for _, c := range l.colliders {
			world.Spawn2(w, geom.Position, c.at, systems.Collider, c.shape)
		}
	}
}

// Spawn spawns the object into w and returns its entity: its prefab
// (its class's, with its component properties laid over it), given the
// object as the spawn's arguments (a factory reads them as
// s.Args.(*level.Object)) and a geom.Position at the object's Position
// (set before the factories run, so they may read it). A tile object
// also gets from its tile what its prefab does not give it: its picture
// (a drawable.Sprite the size of the object, mirrored as the object is,
// in its layer's tint and draw order, and a drawable.Animation if the
// tile is animated), and if the tile collides, a systems.Collider (the
// tile's one collision shape, scaled to the object; with none or
// several, a box of the object's size; never rotated). A tile object
// without a class is its tile alone. A hidden object's entity gets the
// drawable.Hidden tag. Spawning from a prefab costs what
// prefab.Prefab.SpawnWith costs.
func (o *Object) Spawn(w *world.World) world.Entity {
	var e world.Entity
	if o.prefab != nil {
		e = o.prefab.SpawnWith(w, prefab.SpawnOptions{Args: o, With: []prefab.Part{prefab.Value(geom.Position, o.Position)}})
	} else {
		e = world.Spawn1(w, geom.Position, o.Position)
	}
	if t := o.Tile; t != nil {
		if !w.Has(e, drawable.Sprite) {
			drawable.Sprite.Add(w, e, o.spawnSprite())
			if t.Animation.Clip != 0 && !w.Has(e, drawable.Animation) {
				drawable.Animation.Add(w, e, t.Animation)
			}
		}
		if t.collides && !w.Has(e, systems.Collider) {
			systems.Collider.Add(w, e, o.tileCollider())
		}
	}
	if !o.Visible {
		drawable.Hidden.Add(w, e)
	}
	return e
}

// tileCollider returns the collider a tile object gets from its tile,
// relative to the object's centre.
func (o *Object) tileCollider() systems.Shape {
	t := o.Tile
	var s systems.Shape
	if len(t.shapes) != 1 || t.Size.X <= 0 || t.Size.Y <= 0 {
		s = systems.Box(o.Size.X, o.Size.Y)
	} else {
		var bits uint32
		if o.Flip&drawable.FlipX != 0 {
			bits |= flipH
		}
		if o.Flip&drawable.FlipY != 0 {
			bits |= flipV
		}
		s = transformShape(t.shapes[0], t.Size, bits)
		k := geom.Vec2{X: o.Size.X / t.Size.X, Y: o.Size.Y / t.Size.Y}
		half := t.Size.Scale(0.5)
		fit := func(p geom.Vec2) geom.Vec2 { return geom.Vec2{X: (p.X - half.X) * k.X, Y: (p.Y - half.Y) * k.Y} }
		switch s.Kind {
		case systems.ShapeBox:
			s.Offset, s.Size = fit(s.Offset), geom.Vec2{X: s.Size.X * k.X, Y: s.Size.Y * k.Y}
		case systems.ShapeCircle:
			s.Offset, s.Radius = fit(s.Offset), s.Radius*min(k.X, k.Y)
		default:
			pts := make([]geom.Vec2, len(s.Points))
			for i, p := range s.Points {
				pts[i] = fit(p)
			}
			s.Points = pts
		}
	}
	s.Tags, s.Trigger = t.tags, t.trigger
	return s
}
