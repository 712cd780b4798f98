package prefab

import (
	"errors"
	"io/fs"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/world"
)

// Library holds the prefabs a game spawns by name: prefabs added in code
// and prefabs loaded from YAML files that designers edit. It knows the
// components data may name ([Library.Register]) and the parts code gives
// to data prefabs ([Library.Attach]), such as factories, since data cannot
// hold a function.
//
// Every change (a load, an add, a reload) is all or nothing: when it
// fails, it returns every problem it found and the library is exactly as
// before. Lookups and spawns never block and see either the library before
// a change or after it, so a Library is safe for concurrent use; spawn
// from the goroutine that runs the game's steps, and change it between
// steps.
//
// The zero value is an empty library, ready to use.
type Library struct {
	mu     sync.Mutex // serializes changes
	cur    atomic.Pointer[state]
	comps  map[string]entry // guarded by mu
	limits Limits           // guarded by mu
	// tried holds the stamps of the files of the last reload that failed,
	// so that an unchanged broken file is reported once, not every poll.
	tried map[fileKey]stamp
}

// state is one immutable version of a library's contents. A change builds
// a new state and swaps it in only when it is free of errors.
type state struct {
	code     []*Prefab         // added in code, in order
	attached map[string][]Part // by data prefab name, attached in code
	roots    []root            // what Load and LoadFS were given, for reloads
	sources  []*source         // loaded files, in load order
	prefabs  map[string]*Prefab
	names    []string       // sorted
	assets   *assets.Loader // checks the assets data names; nil: no checking
}

// NewLibrary returns a library that knows components.
//
// Panics with an error wrapping [ErrDuplicateComponent] if two of them
// have the same name.
func NewLibrary(components ...Registration) *Library {
	l := new(Library)
	if err := l.Register(components...); err != nil {
		panic(err)
	}
	return l
}

func (l *Library) state() *state {
	if s := l.cur.Load(); s != nil {
		return s
	}
	return &state{}
}

// Register makes components known to the library's data under their
// names. It returns an error wrapping [ErrDuplicateComponent], and
// registers none of them, if a name is registered already or repeats.
func (l *Library) Register(components ...Registration) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	seen := make(map[string]bool)
	placing := 0
	for _, e := range l.comps {
		if e.placePath() != nil {
			placing++
		}
	}
	for _, r := range components {
		if r.e == nil {
			e := newError(CodeInvalidRegistration)
			e.Op, e.Value = "Register", "a zero Registration"
			return e
		}
		name := r.e.dataName()
		if _, ok := l.comps[name]; ok || seen[name] {
			e := newError(CodeDuplicateComponent)
			e.Op, e.Component = "Register", name
			return e
		}
		seen[name] = true
		if r.e.placePath() != nil {
			if placing++; placing > 1 {
				e := newError(CodeInvalidRegistration)
				e.Op, e.Component, e.Value = "Register", name, "a second registration made with At"
				return e
			}
		}
	}
	if l.comps == nil {
		l.comps = make(map[string]entry)
	}
	for _, r := range components {
		l.comps[r.e.dataName()] = r.e
	}
	return nil
}

// Components returns the names of the registered components, sorted.
func (l *Library) Components() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	names := make([]string, 0, len(l.comps))
	for name := range l.comps {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Add adds prefabs made in code, which data may extend. It returns an
// error wrapping [ErrDuplicatePrefab], and adds none of them, if a name is
// taken already, by code or by data.
func (l *Library) Add(prefabs ...*Prefab) error {
	return l.change(func(s *state) {
		s.code = append(slices.Clone(s.code), prefabs...)
	})
}

// Attach gives parts made in code to the prefab named name when data
// defines it: typically a [Factory] for a component data cannot hold (an
// image, an AI agent). Attached parts are laid over what the data gives,
// and variants of the prefab inherit them like any part. Attach before or
// after loading; the library's data prefab, if loaded, is rebuilt.
// [Library.Check] reports parts attached to a name no file defines.
func (l *Library) Attach(name string, parts ...Part) error {
	return l.change(func(s *state) {
		m := make(map[string][]Part, len(s.attached)+1)
		for k, v := range s.attached {
			m[k] = v
		}
		m[name] = append(slices.Clone(m[name]), parts...)
		s.attached = m
	})
}

// UseAssets makes the library check the assets its data names against
// loader, the game's asset loader: every value a load decodes whose type
// (or pointer type) implements [assets.Referrer] (a sprite naming its
// image, a text its font), at any depth, has its CheckAssets called, and
// a value naming an asset that cannot be loaded is a [*LoadError] at the
// value's file:line:column, wrapping [ErrAsset] and the loader's error.
// Loads, [Library.Reload] and [Library.Check] all check, and a failed
// check keeps nothing, as any failed load.
//
// The prefabs the library holds already are checked at once: if one
// names a bad asset, UseAssets returns every such problem and the library
// is unchanged, its previous loader included. A nil loader turns checking
// off, which is what a new library does. Checking loads the assets
// through loader, so it also fills the loader's cache; values that data
// does not write (a mapping laid over a factory's value checks only the
// values it sets whole, and parts made in code are not checked) are left
// to the code that makes them.
func (l *Library) UseAssets(loader *assets.Loader) error {
	return l.change(func(s *state) { s.assets = loader })
}

// Load loads prefab files from the operating system's file system: each
// path is a YAML file, or a directory whose .yaml and .yml files are all
// loaded, subdirectories included (names starting with "." are skipped).
// Bases may be in any file, in any order, or added in code. A file loaded
// again replaces what it held before. Load returns every problem it finds,
// each a [*LoadError], joined; then nothing of the load is kept. The files
// are remembered for [Library.Reload].
func (l *Library) Load(paths ...string) error {
	return l.load(osRoots(paths), false)
}

// LoadFS is [Library.Load] for the files of fsys, such as an [embed.FS]
// for a shipped game or an [os.DirFS]. Paths are slash-separated, as
// [fs.FS] wants; no path means the whole of fsys.
//
// A file is known by its file system and its path: loading the same file
// system again (an equal embed.FS or os.DirFS, the same fstest.MapFS)
// replaces its files, while a file of the same path in another file
// system is another file, kept beside it. A file system that cannot be
// compared and is not a map or a slice (a func, a struct holding a map)
// cannot be recognised, so each call loads it as a new one.
func (l *Library) LoadFS(fsys fs.FS, paths ...string) error {
	return l.load(fsRoots(fsys, paths), false)
}

// LoadBytes loads one prefab file held in memory, named name in errors.
// It is never reloaded.
func (l *Library) LoadBytes(name string, data []byte) error {
	return l.change(func(s *state) {
		src := newSource(fileKey{fsID{kind: fsBytes}, name}, -1, stamp{}, data, l.limits.effective())
		s.sources = replaceSources(s.sources, []*source{src})
	})
}

// Check loads paths, as [Library.Load] would, without changing the
// library, and returns every problem: those a load reports, and parts
// attached to prefabs that no file defines. It is what a game's CI runs
// over its prefab folder (see the prefabtest package and cmd/prefab).
func (l *Library) Check(paths ...string) error {
	return l.load(osRoots(paths), true)
}

// CheckFS is [Library.Check] for the files of fsys.
func (l *Library) CheckFS(fsys fs.FS, paths ...string) error {
	return l.load(fsRoots(fsys, paths), true)
}

// Lookup returns the prefab named name, and whether there is one. After a
// reload it returns the reloaded prefab: look prefabs up again rather than
// keeping them across reloads. O(1), no allocation.
func (l *Library) Lookup(name string) (*Prefab, bool) {
	p, ok := l.state().prefabs[name]
	return p, ok
}

// Spawn spawns the prefab named name into w with args (see
// [Prefab.Spawn]). It returns an error wrapping [ErrUnknownPrefab] if the
// library has no such prefab. A spawn that succeeds costs one map lookup
// more than [Prefab.Spawn].
func (l *Library) Spawn(w *world.World, name string, args any) (world.Entity, error) {
	p, ok := l.state().prefabs[name]
	if !ok {
		return 0, unknownPrefab("Spawn", name)
	}
	return p.Spawn(w, args), nil
}

// Names returns the names of every prefab, sorted. It allocates.
func (l *Library) Names() []string {
	return slices.Clone(l.state().names)
}

// Files returns the names of the loaded files, in load order. It
// allocates.
func (l *Library) Files() []string {
	s := l.state()
	out := make([]string, len(s.sources))
	for i, src := range s.sources {
		out[i] = src.name
	}
	return out
}

// load reads the files of roots into a copy of the current state, builds
// it and, unless only checking, swaps it in.
func (l *Library) load(roots []root, check bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := l.state()
	lim := l.limits.effective()
	next := old.clone()
	next.roots = slices.Clone(next.roots)
	var errs []*LoadError
	var srcs []*source
	index := make(map[rootKey]int, len(next.roots))
	for i, r := range next.roots {
		index[r.key()] = i
	}
	again := make(rootSet) // roots loaded before: what they list now is all they hold
	for _, r := range roots {
		i, ok := index[r.key()]
		if !ok {
			i = len(next.roots)
			index[r.key()] = i
			next.roots = append(next.roots, r)
		} else {
			again[r.key()] = true
		}
		files, ferrs := r.list()
		errs = append(errs, ferrs...)
		for _, f := range files {
			src, err := readSource(r, i, f, lim)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			srcs = append(srcs, src)
		}
	}
	if len(again) > 0 {
		// A file deleted since its root was last loaded goes, as Reload
		// would drop it: its prefabs must not clash with where they moved.
		listed := make(map[fileKey]bool, len(srcs))
		for _, src := range srcs {
			listed[src.key] = true
		}
		// Any file under such a root, whichever root loaded it (Load(dir)
		// after Load(dir/sub) holds dir/sub's files too).
		next.sources = slices.DeleteFunc(slices.Clone(next.sources), func(src *source) bool {
			if src.root < 0 || listed[src.key] {
				return false
			}
			own := next.roots[src.root]
			if again[own.key()] {
				return true // its own root no longer lists it
			}
			return again.hold(src.key) && !own.has(src.key.name)
		})
	}
	next.sources = replaceSources(next.sources, srcs)
	errs = append(errs, l.build(next)...)
	if check {
		errs = append(errs, next.checkAttached()...)
	}
	if len(errs) > 0 {
		return joinErrors(next, errs)
	}
	if !check {
		l.publish(next)
	}
	return nil
}

// change applies edit to a copy of the current state, builds it and swaps
// it in if it is free of errors.
func (l *Library) change(edit func(*state)) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	next := l.state().clone()
	edit(next)
	if errs := l.build(next); len(errs) > 0 {
		return joinErrors(next, errs)
	}
	l.publish(next)
	return nil
}

func (l *Library) publish(s *state) {
	l.cur.Store(s)
	l.tried = nil
}

func (s *state) clone() *state {
	c := *s
	c.prefabs, c.names = nil, nil
	return &c
}

// replaceSources returns list with the sources of add replacing those of
// the same file (name and file system), and the others appended.
func replaceSources(list, add []*source) []*source {
	out := slices.Clone(list)
	at := make(map[fileKey]int, len(out))
	for i, s := range out {
		at[s.key] = i
	}
	for _, a := range add {
		if i, ok := at[a.key]; ok {
			out[i] = a
		} else {
			at[a.key] = len(out)
			out = append(out, a)
		}
	}
	return out
}

// checkAttached reports parts attached to names no file defines.
func (s *state) checkAttached() []*LoadError {
	data := make(map[string]bool)
	for _, src := range s.sources {
		for _, d := range src.defs {
			data[d.name] = true
		}
	}
	var errs []*LoadError
	for _, name := range slices.Sorted(mapsKeys(s.attached)) {
		if data[name] {
			continue
		}
		for _, p := range s.attached[name] {
			why := "no file defines it"
			if _, ok := s.prefabs[name]; ok {
				why = "it is defined in code; give the part to New instead"
			}
			e := problem(CodeUnknownPrefab, "a part is attached to this prefab in code, but "+why, nil)
			e.Prefab = name
			if c, ok := p.(*childPart); ok {
				e.Child = c.name
			} else {
				e.Component = p.Component().Name()
			}
			detail(e, name)
			errs = append(errs, e)
		}
	}
	return errs
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// joinErrors sorts errs by file (in load order), line and column, and
// joins them.
func joinErrors(s *state, errs []*LoadError) error {
	order := make(map[string]int)
	for i, src := range s.sources {
		order[src.name] = i + 1
	}
	rank := func(e *LoadError) int {
		if e.File == "" {
			return len(s.sources) + 2 // no file: code, last
		}
		if r, ok := order[e.File]; ok {
			return r
		}
		return 0 // a file that could not be read, first
	}
	slices.SortStableFunc(errs, func(a, b *LoadError) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if a.File != b.File {
			if a.File < b.File {
				return -1
			}
			return 1
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	list := make([]error, len(errs))
	for i, e := range errs {
		list[i] = e
	}
	return errors.Join(list...)
}
