package level

import (
	"fmt"
	"image/color"
	"iter"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
)

// Map is a Tiled map, loaded and checked: its layers in draw order, the
// tiles they show and the colliders those make, its objects with the
// prefabs they spawn, and its custom properties. A Map is immutable once
// loaded (a reload makes a new one, see [Map.Watch]) and safe to read and
// spawn from several goroutines, each into its own world.
type Map struct {
	path          string
	width, height int // in tiles
	tileW, tileH  int // in pixels
	props         Properties
	layers        []*Layer
	tilesets      []*Tileset
	tiles         map[uint32]*Tile // the tiles the map uses, by global id (flips cleared)
	objects       []*Object
	files         []*file // the map and its tilesets, as read
	seen          []seen  // what a watcher of the map looks at
	loader        *assets.Loader
	opts          Options
}

// Path returns the map file's path in the game's files.
func (m *Map) Path() string { return m.path }

// Size returns the map's width and height in world units (pixels: a tile
// of the map's grid is TileSize units). The map spans (0, 0) to Size.
func (m *Map) Size() geom.Vec2 {
	return geom.Vec2{X: float64(m.width * m.tileW), Y: float64(m.height * m.tileH)}
}

// Bounds returns the map's rectangle, from (0, 0) to [Map.Size].
func (m *Map) Bounds() geom.Rectangle {
	s := m.Size()
	return geom.Rect(0, 0, s.X, s.Y)
}

// Grid returns the map's width and height in tiles.
func (m *Map) Grid() (width, height int) { return m.width, m.height }

// TileSize returns the size of a cell of the map's grid, in world units.
func (m *Map) TileSize() geom.Vec2 { return geom.Vec2{X: float64(m.tileW), Y: float64(m.tileH)} }

// Properties returns the map's own custom properties (Map > Map
// Properties in Tiled), which Tessera does not read: they are the game's
// (a level's music, its time limit), in the file's order. The slice is
// the map's and must not be modified.
func (m *Map) Properties() Properties { return m.props }

// Layers returns the map's layers in draw order, as Tiled lists them from
// the bottom up; the layers of a group are in its place, their names
// those Tiled shows. Groups themselves are not listed. The slice is the
// map's and must not be modified.
func (m *Map) Layers() []*Layer { return m.layers }

// Layer returns the first layer called name, and whether there is one.
func (m *Map) Layer(name string) (*Layer, bool) {
	for _, l := range m.layers {
		if l.Name == name {
			return l, true
		}
	}
	return nil, false
}

// Objects returns every object of the map, layer by layer in draw
// order, each layer's in the file's order. The slice is the map's and
// must not be modified.
func (m *Map) Objects() []*Object { return m.objects }

// Object returns the first object called name, and whether there is one.
func (m *Map) Object(name string) (*Object, bool) {
	for _, o := range m.objects {
		if o.Name == name {
			return o, true
		}
	}
	return nil, false
}

// Variant returns the prefab variant the map made for one of its
// objects, by its name ("levels/room.tmx#3": the map's path and the
// object's id), and whether the map made one by that name. An object
// whose properties patch its prefab's components spawns such a variant,
// so a save of its entity names it, and a load must find it outside the
// game's library: register [Variants] of every map the game loads with
// save.Prefabs. Variant looks through the map's objects; Variants makes
// an index once.
func (m *Map) Variant(name string) (*prefab.Prefab, bool) {
	for p := range m.variants() {
		if p.Name() == name {
			return p, true
		}
	}
	return nil, false
}

// variants yields the prefab variants the map made for its objects, in
// the objects' order: the objects' prefabs named by the map's path (the
// others are the library's).
func (m *Map) variants() iter.Seq[*prefab.Prefab] {
	prefix := m.path + "#"
	return func(yield func(*prefab.Prefab) bool) {
		for _, o := range m.objects {
			if p := o.prefab; p != nil && strings.HasPrefix(p.Name(), prefix) && !yield(p) {
				return
			}
		}
	}
}

// Variants returns a lookup of the prefab variants the maps made for
// their objects (see [Map.Variant]), indexed by name when it is called:
// the one function save.Prefabs needs for the entities of every level a
// game loads. A variant's name holds its map's path, so the maps' order
// matters only for two maps of one path (one reloaded, say): the first
// given wins.
func Variants(levels ...*Map) func(name string) (*prefab.Prefab, bool) {
	index := map[string]*prefab.Prefab{}
	for _, m := range levels {
		for p := range m.variants() {
			if _, ok := index[p.Name()]; !ok {
				index[p.Name()] = p
			}
		}
	}
	return func(name string) (*prefab.Prefab, bool) {
		p, ok := index[name]
		return p, ok
	}
}

// Tilesets returns the tilesets the map names, in the file's order.
func (m *Map) Tilesets() []*Tileset { return m.tilesets }

// Files returns the paths of the files the map was read from: the map
// and its tilesets (their images are the asset loader's, which reloads
// them itself).
func (m *Map) Files() []string {
	out := make([]string, len(m.files))
	for i, f := range m.files {
		out[i] = f.path
	}
	return out
}

// LayerKind is what a [Layer] holds.
type LayerKind uint8

// The kinds of layer.
const (
	// TileLayer is a grid of tiles.
	TileLayer LayerKind = iota + 1
	// ObjectLayer holds objects, which spawn prefabs.
	ObjectLayer
	// ImageLayer shows one image.
	ImageLayer
)

// String returns "tile", "object" or "image".
func (k LayerKind) String() string {
	switch k {
	case TileLayer:
		return "tile"
	case ObjectLayer:
		return "object"
	case ImageLayer:
		return "image"
	}
	return fmt.Sprintf("LayerKind(%d)", uint8(k))
}

// Layer is one layer of a map: a grid of tiles, a set of objects or an
// image. What a group layer sets (offset, opacity, tint, visibility, a
// draw layer) is folded into the layers it holds.
type Layer struct {
	Name  string
	Class string
	Kind  LayerKind
	// Visible is false for a layer Tiled hides, or inside a hidden group:
	// its tiles and image draw with the drawable.Hidden tag, and so do its
	// objects; its colliders collide all the same (a hidden layer of
	// walls is how a map says where the walls are without drawing them).
	Visible bool
	// Offset moves everything of the layer, in world units (Tiled's
	// offset, plus its groups').
	Offset geom.Vec2
	// Tint is what the layer's tiles and image are tinted: Tiled's tint
	// colour, with its opacity as alpha. The zero value is none.
	Tint color.NRGBA
	// Order is the draw order of the layer's tiles and image, and of its
	// tile objects that spawn no prefab: the draw layer its property
	// "layer" names (0 without one), and as Z its index among the map's
	// layers, so that layers sharing a draw layer stack as in Tiled.
	Order drawable.Order
	// Properties are the layer's custom properties that the game reads
	// ([Options.Properties]); those Tessera reads are left out.
	Properties Properties
	// Objects are an object layer's objects, in the file's order.
	Objects []*Object
	// Image is what an image layer shows, its top-left corner at Offset.
	Image drawable.Region

	m         *Map
	cells     []uint32 // a tile layer's global tile ids, row by row, flip bits kept
	colliders []placed
	line, col int
}

// Map returns the map the layer belongs to.
func (l *Layer) Map() *Map { return l.m }

// Colliders returns how many collider entities [Map.SpawnTiles] makes for
// the layer: its colliding tiles, merged into as few boxes as fit.
func (l *Layer) Colliders() int { return len(l.colliders) }

// TileAt returns the tile of a tile layer at column x and row y, and
// whether there is one. O(1).
func (l *Layer) TileAt(x, y int) (*Tile, bool) {
	if l.Kind != TileLayer || x < 0 || y < 0 || x >= l.m.width || y >= l.m.height {
		return nil, false
	}
	t, ok := l.m.tiles[l.cells[y*l.m.width+x]&^flipBits]
	return t, ok
}

// placed is a collider ready to spawn: an entity at at with shape.
type placed struct {
	at    geom.Vec2
	shape systems.Shape
}

// Tileset is a tileset a map uses, from its own .tsx file.
type Tileset struct {
	// Path is the tileset file's path in the game's files; its tiles are
	// the frames of the atlas the asset loader reads from it.
	Path string
	Name string
	// FirstGID is the map's global id of the tileset's tile 0.
	FirstGID uint32
	// TileSize is the tileset's tile size in pixels.
	TileSize geom.Vec2
	// Offset is Tiled's drawing offset of the tileset's tiles.
	Offset geom.Vec2
	// Properties are the tileset's custom properties, the game's.
	Properties Properties
}

// Tile is a tile of a tileset as a map uses it.
type Tile struct {
	Tileset *Tileset
	ID      int
	// Class is the tile's class (Tiled's Class, or Type before 1.9): a
	// tile object of this tile spawns the prefab it names, unless the
	// object has a class of its own.
	Class string
	// Size is the tile's picture's size in pixels.
	Size geom.Vec2
	// Region names the tile's picture: a frame of its tileset's atlas, or
	// for a collection of separate images, its image.
	Region drawable.Region
	// Animation plays the tile's animation (the clip of its tileset's
	// atlas named by the tile's id); the zero value for a still tile.
	Animation drawable.Playback
	// Properties are the tile's custom properties that objects of it
	// inherit: components' fields and the game's; those Tessera reads
	// (collides, tags, trigger) are left out.
	Properties Properties

	collides bool
	tags     systems.Tags
	trigger  bool
	shapes   []systems.Shape // collision shapes, relative to the tile's top-left corner; nil: the whole tile
}

// Collides reports whether the tile makes a collider where it lies.
func (t *Tile) Collides() bool { return t.collides }

// ObjectKind is the shape of an [Object] in Tiled.
type ObjectKind uint8

// The kinds of object.
const (
	RectObject ObjectKind = iota + 1
	PointObject
	EllipseObject
	PolygonObject
	PolylineObject
	TextObject
	TileObject
)

var objectKinds = [...]string{"", "rectangle", "point", "ellipse", "polygon", "polyline", "text", "tile"}

// String returns the kind's name: "rectangle", "point", "ellipse",
// "polygon", "polyline", "text" or "tile".
func (k ObjectKind) String() string {
	if int(k) < len(objectKinds) && k != 0 {
		return objectKinds[k]
	}
	return fmt.Sprintf("ObjectKind(%d)", uint8(k))
}

// Object is an object of an object layer: where it is, what it is and
// the prefab it spawns.
type Object struct {
	// ID is the object's id, unique in its map and kept by Tiled across
	// edits: a game that remembers objects (an item picked up) keys them
	// by it.
	ID   int
	Name string
	// Class names the prefab the object spawns: its own class (Type
	// before Tiled 1.9), or for a tile object without one, its tile's.
	// A tile object with no class at all draws its tile.
	Class string
	Kind  ObjectKind
	// Position is where the object spawns, in world units: the centre of
	// a rectangle, ellipse, text or tile object, the point of a point,
	// the first vertex's origin of a polygon or polyline; rotation and
	// the layers' offsets applied.
	Position geom.Vec2
	// Size is the object's width and height as Tiled shows it (a tile
	// object stretched or shrunk has its new size).
	Size geom.Vec2
	// Rotation is the object's rotation in radians, clockwise.
	Rotation float64
	// Points are a polygon's or polyline's vertices, relative to
	// Position, rotated.
	Points []geom.Vec2
	// Tile is a tile object's tile; nil for other objects.
	Tile *Tile
	// Flip is how a tile object's tile is mirrored.
	Flip drawable.Flip
	// Visible is false for an object Tiled hides, or on a hidden layer:
	// what it spawns gets the drawable.Hidden tag.
	Visible bool
	// Properties are the object's custom properties, after its tile's:
	// the ones patching its prefab's components (Component.field) and
	// the ones the game reads ([Options.Properties]).
	Properties Properties
	// Layer is the layer the object is on.
	Layer *Layer
	// File, Line and Col are where the object is in the map file.
	File      string
	Line, Col int

	prefab *prefab.Prefab // what it spawns: its class's prefab, its properties laid over it
	xy     geom.Vec2      // Tiled's x and y, for messages
}

// Prefab returns the prefab the object spawns: its class's, with the
// object's component properties laid over it, or nil for a tile object
// that spawns no prefab but draws its tile.
func (o *Object) Prefab() *prefab.Prefab { return o.prefab }

// String names the object as errors do, with its position as Tiled shows
// it (x and y before rotation and offsets):
// `object 7 "east" (door-east) at (1108, 380)`.
func (o *Object) String() string {
	s := "object " + itoa(o.ID)
	if o.Name != "" {
		s += " " + quote(o.Name)
	}
	if o.Class != "" {
		s += " (" + o.Class + ")"
	}
	return s + fmt.Sprintf(" at (%g, %g)", o.xy.X, o.xy.Y)
}
