package assets

import (
	"fmt"
	"path"
	"sync"
)

// Path is an asset's path as a number: components that name assets (a
// sprite's image, a text's font, a sound) hold a Path, so that they stay
// plain numbers (as field components must) and compare in O(1). The zero
// Path names nothing.
//
// Paths are interned in a process-wide table that only grows, the one
// piece of package state assets keeps (a registry of names that data
// writes, like component names): the same cleaned path always gives the
// same Path in one process, but the numbers depend on the order paths
// were first seen, so save and send the text ([Path.String]), never the
// number.
type Path uint32

// paths is the intern table behind [Path].
var paths struct {
	sync.RWMutex
	names []string        // by Path; names[0] is ""
	ids   map[string]Path // by cleaned path
}

// PathOf returns the Path of name, cleaned as the loader cleans it
// ("sprites/../sprites/a.png" is "sprites/a.png"). "" gives the zero
// Path. Amortized O(len(name)); safe for concurrent use. Panics if name
// is not a valid [io/fs.FS] path; data is checked with
// [Path.UnmarshalText] instead, which returns an error.
func PathOf(name string) Path {
	p, err := lookupPath(name)
	if err != nil {
		panic(fmt.Errorf("assets: PathOf(%q): %w", name, err))
	}
	return p
}

// lookupPath interns name, or returns why it is not a valid path.
func lookupPath(name string) (Path, error) {
	if name == "" {
		return 0, nil
	}
	c, lerr := clean(name)
	if lerr != nil {
		return 0, lerr.Err
	}
	paths.RLock()
	p, ok := paths.ids[c]
	paths.RUnlock()
	if ok {
		return p, nil
	}
	paths.Lock()
	defer paths.Unlock()
	if p, ok := paths.ids[c]; ok {
		return p, nil
	}
	if paths.ids == nil {
		paths.ids = make(map[string]Path)
		paths.names = []string{""}
	}
	p = Path(len(paths.names))
	paths.names = append(paths.names, c)
	paths.ids[c] = p
	return p, nil
}

// String returns the cleaned path, or "" for the zero Path. O(1).
func (p Path) String() string {
	if p == 0 {
		return ""
	}
	paths.RLock()
	defer paths.RUnlock()
	if int(p) >= len(paths.names) {
		return fmt.Sprintf("Path(%d)", uint32(p))
	}
	return paths.names[p]
}

// Dir returns the directory of the path, as path.Dir does, for resolving
// paths that one asset names relative to itself.
func (p Path) Dir() string { return path.Dir(p.String()) }

// MarshalText returns the path, as data writes it.
func (p Path) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText sets p to the Path of the text, so prefab data writes
// image: sprites/hero.png. An invalid path (absolute, or with ..) is an
// error; whether the file exists is checked where the path is used (see
// [Referrer]).
func (p *Path) UnmarshalText(b []byte) error {
	v, err := lookupPath(string(b))
	if err != nil {
		return fmt.Errorf("asset path %q: %w", b, err)
	}
	*p = v
	return nil
}

// Referrer is implemented by values that name assets, such as a sprite's
// picture or a text's font. What loads data holding them (a prefab
// library given the game's loader) calls CheckAssets on each such value
// it decodes, so that an asset that is missing or misnamed is an error at
// the data's file:line:column, not a blank sprite when the game runs.
//
// CheckAssets loads what the value names through l (so a check also warms
// the cache) and returns an error saying what is wrong, or nil. It must
// not change the value.
type Referrer interface {
	CheckAssets(l *Loader) error
}
