package prefab

import "math"

// Limits bounds what one prefab file may cost to load, so that a broken or
// hostile file (a modder's, a corrupted download) fails with an error in
// bounded time and memory instead of hanging the game or exhausting its
// memory. Each limit is per file. A file over one is reported as a
// [*LoadError] wrapping [ErrLimit], and the load keeps nothing, as any
// load that fails. A field's zero value means its default; a negative
// value means no limit.
//
// Besides these, values nest at most 10,000 deep (the YAML parser's own
// limit, which the loader also applies to values that aliases nest), one
// load reports about a thousand problems of a file, then one error
// counting the rest, and one spawn of a prefab makes at most 65,536
// entities, its children's children included.
type Limits struct {
	// FileSize is the size, in bytes, of the largest file a load reads,
	// whether by path ([Library.Load]), through an fs.FS or given to
	// [Library.LoadBytes]; a larger file is refused before it is read.
	// Zero means [DefaultFileSize].
	FileSize int64
	// Nodes is the most YAML nodes one file may hold: every mapping,
	// list, key and value, each alias counted once, where it is written.
	// Zero means [DefaultNodes].
	Nodes int
	// AliasNodes is the most nodes aliases may add to what the loader
	// decodes of one file: each use of an alias (one a merge key names
	// included) counts the nodes of the value it stands for. Zero means
	// [DefaultAliasNodes].
	AliasNodes int
}

// The defaults of [Limits].
const (
	// DefaultFileSize is 2 MiB. Parsing YAML takes memory in proportion
	// to the file: a load of a file this size peaks at about 230 MB for
	// the densest YAML (a flow list of one-digit numbers) and 115 MB for
	// typical prefabs (see docs/PREFABS.md, "Limits").
	DefaultFileSize = 2 << 20
	// DefaultNodes is 1,048,576 nodes: 50,000 prefabs of a few components
	// each hold about half as many.
	DefaultNodes = 1 << 20
	// DefaultAliasNodes is 262,144 nodes.
	DefaultAliasNodes = 1 << 18
)

const (
	// maxDepth is how deep values may nest, the YAML parser's own limit
	// (which aliases could otherwise get around).
	maxDepth = 10000
	// maxProblems is how many problems one pass over a file reports;
	// the rest are counted in one last error.
	maxProblems = 1000
	// maxSpawn is how many entities one spawn of a prefab may make, its
	// children's included: children that nest several each can multiply
	// to billions.
	maxSpawn = 1 << 16
)

// SetLimits sets the limits that later loads, reloads and checks apply
// (see [Limits]); what the library holds is kept. Safe for concurrent
// use.
func (l *Library) SetLimits(lim Limits) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.limits = lim
}

// Limits returns the limits the library applies, defaults filled in.
func (l *Library) Limits() Limits {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.limits.filled()
}

// filled returns lim with its zero fields set to their defaults.
func (lim Limits) filled() Limits {
	if lim.FileSize == 0 {
		lim.FileSize = DefaultFileSize
	}
	if lim.Nodes == 0 {
		lim.Nodes = DefaultNodes
	}
	if lim.AliasNodes == 0 {
		lim.AliasNodes = DefaultAliasNodes
	}
	return lim
}

// effective returns lim as the loader applies it: defaults filled in, and
// no limit as the largest value.
func (lim Limits) effective() Limits {
	lim = lim.filled()
	if lim.FileSize < 0 {
		lim.FileSize = math.MaxInt64
	}
	if lim.Nodes < 0 {
		lim.Nodes = math.MaxInt
	}
	if lim.AliasNodes < 0 {
		lim.AliasNodes = math.MaxInt
	}
	return lim
}
