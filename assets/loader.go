package assets

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind is the kind of an asset: what a file is loaded as.
type Kind uint8

// The kinds of asset a [Loader] loads.
const (
	KindImage Kind = iota + 1 // a PNG file, as an [*Image]
	KindAtlas                 // an atlas file in YAML, or an image cut into a [Grid], as an [*Atlas]
	KindFont                  // a TrueType or OpenType font, as a [*Font]
	KindSound                 // a WAV or Ogg Vorbis sound, as a [*Sound]
	KindData                  // a YAML file, as [*Data]
)

// String returns "image", "atlas", "font", "sound" or "data".
func (k Kind) String() string {
	switch k {
	case KindImage:
		return "image"
	case KindAtlas:
		return "atlas"
	case KindFont:
		return "font"
	case KindSound:
		return "sound"
	case KindData:
		return "data"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Request names one asset to load: its kind and its path in the loader's
// file system. For [KindAtlas], a Request with a Grid cuts the image at
// Path into cells; one without reads the atlas file at Path.
type Request struct {
	Kind Kind
	Path string
	Grid *Grid
}

// String returns a description such as "image sprites/hero.png" or
// "atlas tiles.png (grid 16x16)".
func (r Request) String() string {
	s := r.Kind.String() + " " + r.Path
	if r.Grid != nil {
		s += fmt.Sprintf(" (grid %dx%d)", r.Grid.W, r.Grid.H)
	}
	return s
}

// Loader loads assets from one [io/fs.FS] (an embed.FS in a shipped game,
// os.DirFS while developing, an fstest.MapFS in tests) and caches them by
// kind and cleaned path: loading an asset a second time returns the same
// value, without reading the file again. A load that fails is not cached,
// so it is tried again next time.
//
// Loading decodes without ebitengine: images become [image.Image] values,
// fonts and sounds stay bytes (checked), YAML is parsed. Package render
// turns images into ebitengine images and fonts into text faces; sounds are
// played by the audio helper beside the engine.
//
// A Loader is safe for concurrent use: two goroutines asking for the same
// asset share one load. The values it returns are the same whatever the
// order of the loads.
type Loader struct {
	fsys   fs.FS
	limits Limits // with the defaults filled in

	mu      sync.Mutex
	entries map[key]*entry

	// reloadMu lets one reload at a time run, and guards the entries'
	// watch fields. Atlas loads hold it to read, so that a reload never
	// sees an atlas checked against an image it is replacing.
	reloadMu sync.RWMutex

	// reloads counts the new generations reloads stored, each once the
	// asset holds it (see Loader.Reloads).
	reloads atomic.Uint64
}

// Reloads returns a number that grows each time [Loader.Reload] gives an
// asset a new generation, once the asset holds it: while it returns the
// same number, every image, atlas and data file holds what it held, so a
// cache of what assets hold needs no look at them. O(1), safe for
// concurrent use.
func (l *Loader) Reloads() uint64 { return l.reloads.Load() }

// New returns a loader of the files in fsys, with an empty cache and the
// default [Limits]. Paths given to it are paths in fsys: slash-separated
// and relative, such as "sprites/hero.png" (see [io/fs.ValidPath]).
func New(fsys fs.FS) *Loader { return NewWithOptions(fsys, Options{}) }

// NewWithOptions is [New] with options: limits other than the defaults.
func NewWithOptions(fsys fs.FS, opts Options) *Loader {
	return &Loader{fsys: fsys, limits: opts.Limits.withDefaults(), entries: make(map[key]*entry)}
}

// FS returns the file system the loader reads.
func (l *Loader) FS() fs.FS { return l.fsys }

// Limits returns the limits the loader applies, its defaults filled in.
func (l *Loader) Limits() Limits { return l.limits }

// key is what the cache is keyed by.
type key struct {
	kind Kind
	path string // cleaned
	grid string // for a grid atlas, its Grid in a canonical form
}

// entry is one cached asset, or one being loaded: done is closed once
// asset or err is set.
type entry struct {
	key   key
	done  chan struct{}
	asset any
	err   error

	// Watch state, set by the load and then guarded by Loader.reloadMu.
	watched bool  // the asset has a file of its own, which Reload looks at
	st      stamp // of the file when it was last read
	sum     [sha256.Size]byte
	bad     *stamp // a reload at this stamp failed and was reported
	badMsg  string // what it reported
	// blocked says the failed version may load once another file changes:
	// an image that an atlas's frames would not fit, an atlas file whose
	// frames do not fit its image.
	blocked bool
	// For an atlas file whose new content failed: the image it names and
	// that image's mark (imageMark) then, so that the file is tried again
	// once the image changes or appears.
	badImage string
	badMark  uint64
}

// stamp is what a reload compares to tell whether a file may have changed.
type stamp struct {
	size int64
	mod  int64 // modification time, Unix nanoseconds
}

func stampOf(fi fs.FileInfo) stamp { return stamp{fi.Size(), fi.ModTime().UnixNano()} }

// get returns the cached asset of k, or loads it with load: the first
// caller loads, the others wait for it. A load that fails leaves the cache.
func (l *Loader) get(k key, load func(e *entry) (any, error)) (any, error) {
	l.mu.Lock()
	if e, ok := l.entries[k]; ok {
		l.mu.Unlock()
		<-e.done
		return e.asset, e.err
	}
	e := &entry{key: k, done: make(chan struct{})}
	l.entries[k] = e
	l.mu.Unlock()

	finished := false
	defer func() {
		if !finished { // load panicked: let the waiters go, then go on panicking
			e.err = newError(k.path, ErrDecode, "the loader panicked")
		}
		if e.err != nil {
			l.mu.Lock()
			delete(l.entries, k)
			l.mu.Unlock()
		}
		close(e.done)
	}()
	e.asset, e.err = load(e)
	finished = true
	return e.asset, e.err
}

// Loaded returns the assets in the cache (fully loaded; loads in progress
// are left out), sorted by path, then kind. O(n log n) in the cache's
// size.
func (l *Loader) Loaded() []Request {
	l.mu.Lock()
	var out []Request
	for k, e := range l.entries {
		select {
		case <-e.done:
		default:
			continue
		}
		r := Request{Kind: k.kind, Path: k.path}
		if a, ok := e.asset.(*Atlas); ok && a.grid != nil {
			g := a.grid.clone()
			r.Grid = &g
		}
		out = append(out, r)
	}
	l.mu.Unlock()
	slices.SortFunc(out, func(a, b Request) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return strings.Compare(gridKey(a.Grid), gridKey(b.Grid))
	})
	return out
}

// clean returns name as the cache and errors name it, or an error if it
// is not a valid path in an fs.FS.
func clean(name string) (string, *LoadError) {
	c := path.Clean(name)
	if !fs.ValidPath(c) {
		return name, &LoadError{Path: name, Err: &detail{kind: ErrNotFound, cause: fs.ErrInvalid,
			msg: "invalid path: paths in an fs.FS are slash-separated and relative, without .. or a leading /"}}
	}
	return c, nil
}

// read returns the content of the file name, to load as kind, with the
// stamp it had just before it was read (so a change during the read shows
// at the next reload).
func (l *Loader) read(name string, kind Kind) ([]byte, stamp, *LoadError) {
	fi, err := fs.Stat(l.fsys, name)
	if err != nil {
		return nil, stamp{}, ioError(name, err)
	}
	data, lerr := l.readFile(name, kind, fi)
	if lerr != nil {
		return nil, stamp{}, lerr
	}
	return data, stampOf(fi), nil
}

// ioError reports a file that could not be read. The message drops the
// path the *fs.PathError repeats.
func ioError(name string, err error) *LoadError {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &LoadError{Path: name, Err: &detail{kind: ErrNotFound, msg: "file does not exist", cause: err}}
	case errors.Is(err, fs.ErrInvalid):
		return &LoadError{Path: name, Err: &detail{kind: ErrNotFound, msg: "invalid path", cause: err}}
	}
	return &LoadError{Path: name, Err: err}
}

// loadFile is the common part of loading an asset that is one file: it
// reads the file, decodes it and records what a reload compares.
func loadFile[T any](l *Loader, kind Kind, name string, decode func(path string, data []byte) (T, error)) (T, error) {
	var zero T
	p, lerr := clean(name)
	if lerr != nil {
		return zero, lerr
	}
	a, err := l.get(key{kind: kind, path: p}, func(e *entry) (any, error) {
		data, st, lerr := l.read(p, kind)
		if lerr != nil {
			return nil, lerr
		}
		v, err := decode(p, data)
		if err != nil {
			return nil, err
		}
		e.st, e.sum = st, sha256.Sum256(data)
		e.watched = kind == KindImage || kind == KindData || kind == KindAtlas
		return v, nil
	})
	if err != nil {
		return zero, err
	}
	return a.(T), nil
}
