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

// table interns strings as small numbers; number 0 is "".
type table struct {
	sync.RWMutex
	names []string
	ids   map[string]uint32
}

// intern returns the number of s, adding it if it is new.
func (t *table) intern(s string) uint32 {
	if s == "" {
		return 0
	}
	t.RLock()
	id, ok := t.ids[s]
	t.RUnlock()
	if ok {
		return id
	}
	t.Lock()
	defer t.Unlock()
	if id, ok := t.ids[s]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = make(map[string]uint32)
		t.names = []string{""}
	}
	id = uint32(len(t.names))
	t.names = append(t.names, s)
	t.ids[s] = id
	return id
}

// name returns the string of id, and whether id was ever handed out.
func (t *table) name(id uint32) (string, bool) {
	t.RLock()
	defer t.RUnlock()
	if id == 0 {
		return "", true
	}
	if int(id) >= len(t.names) {
		return "", false
	}
	return t.names[id], true
}

// paths and names are the intern tables behind [Path] and [Name].
var paths, names table

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
	return Path(paths.intern(c)), nil
}

// String returns the cleaned path, or "" for the zero Path. O(1).
func (p Path) String() string {
	if s, ok := paths.name(uint32(p)); ok {
		return s
	}
	return fmt.Sprintf("Path(%d)", uint32(p))
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

// Name is a name inside an asset, such as an atlas's frame or clip, as a
// number, for the same reasons as [Path] and interned the same way: the
// same text always gives the same Name in one process, and the zero Name
// is "". Save the text, never the number.
type Name uint32

// NameOf returns the Name of s. Amortized O(len(s)); safe for concurrent
// use.
func NameOf(s string) Name { return Name(names.intern(s)) }

// String returns the name's text. O(1).
func (n Name) String() string {
	if s, ok := names.name(uint32(n)); ok {
		return s
	}
	return fmt.Sprintf("Name(%d)", uint32(n))
}

// MarshalText returns the name's text, as data writes it.
func (n Name) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText sets n to the Name of the text.
func (n *Name) UnmarshalText(b []byte) error {
	*n = NameOf(string(b))
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
