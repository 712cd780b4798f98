package level

// Limits bound what one map may cost to load, so that a broken or hostile
// file fails in bounded time and memory instead of taking the game down.
// A zero field means its default.
type Limits struct {
	// FileSize bounds the bytes of the map and of each tileset file;
	// zero means DefaultFileSize.
	FileSize int64
	// Cells bounds the cells of all tile layers together (width × height
	// for each); zero means DefaultCells. Each drawn cell becomes an
	// entity.
	Cells int
	// Objects bounds the objects of the map; zero means DefaultObjects.
	Objects int
	// Elements bounds the XML elements of one file, layer data cells
	// left out; zero means DefaultElements.
	Elements int
}

// The default limits.
const (
	DefaultFileSize = 16 << 20
	DefaultCells    = 1 << 20
	DefaultObjects  = 1 << 16
	DefaultElements = 1 << 19
)

// Fixed limits, which no map an editor saves reaches.
const (
	// MaxTilesets is how many tilesets one map may use: finding a tile's
	// tileset costs a pass over them.
	MaxTilesets = 256
	// MaxDepth is how deeply group layers may nest.
	MaxDepth = 64
	// MaxSide is the largest width or height of a map, in tiles, and of a
	// tile, in pixels.
	MaxSide = 1 << 16
)

func (l Limits) withDefaults() Limits {
	if l.FileSize <= 0 {
		l.FileSize = DefaultFileSize
	}
	if l.Cells <= 0 {
		l.Cells = DefaultCells
	}
	if l.Objects <= 0 {
		l.Objects = DefaultObjects
	}
	if l.Elements <= 0 {
		l.Elements = DefaultElements
	}
	return l
}
