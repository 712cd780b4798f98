package level

import (
	"crypto/sha256"
	"io/fs"
	"time"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/internal/poll"
)

// Watcher reloads a map when it changes: the hot reload that lets a
// designer save a map in Tiled and see it in the running game. It looks
// at most once per interval, through the asset loader's file system (the
// directory the engine's assets.dir names, in development; a shipped
// game's embedded files never change).
//
// The map file is watched by its size, modification time and content.
// Its tilesets are assets, atlases of the loader: the loader reloads them
// (the engine does with assets.dir, between frames, reporting an
// engine.EventReload), and the map is loaded again once it has, so that
// it is checked against the tilesets the renderer draws: a tileset saved
// and not yet reloaded (or that fails to reload: the loader keeps the old
// one, and reports why) holds the map back, however its other files
// changed. A tileset the loader could not load at all (missing, broken)
// is watched by its file alone. The tilesets' images are the loader's
// and the renderer's business.
//
// A reload is all or nothing: a map that fails to load (a broken save)
// keeps the old map, and is reported once, until a file of it changes
// again (a file the broken save named and that was missing, included).
// Call [Watcher.Poll] between steps, from the goroutine that runs them
// (a frame system of the scene does), so that the map changes only there.
// A Watcher is not safe for concurrent use.
type Watcher struct {
	m     *Map
	pace  poll.Pace
	seen  []seen // the files of the last load, as it saw them
	limit int64
}

// seen is a file of a map as a load saw it: its stamp and content, and
// for a tileset the loader holds, its atlas's generation.
type seen struct {
	path  string
	st    stamp
	sum   [sha256.Size]byte
	atlas *assets.Atlas
	gen   uint64
}

// Watch returns a Watcher of m's files that looks at them at most once
// per interval (zero or less: at every poll). It reloads with the loader
// and options m was loaded with.
func (m *Map) Watch(interval time.Duration) *Watcher {
	return &Watcher{m: m, pace: poll.Every(interval), limit: m.opts.Limits.withDefaults().FileSize, seen: m.seen}
}

// Map returns the map as last loaded: the first, or the last reload that
// succeeded.
func (w *Watcher) Map() *Map { return w.m }

// Reload is what a poll found: a new map, or why the files no longer
// load.
type Reload struct {
	// Map is the map loaded again; nil if the reload failed.
	Map *Map
	// Err is every problem of a reload that failed; the watcher keeps the
	// map it had.
	Err error
}

// Poll loads the map again if the interval has passed and a file of it
// changed, and reports whether there is something to tell: a new map
// (the scene rebuilds what it spawned from the old one), or a failure not
// reported before. Between looks it costs a clock read; a look costs a
// stat of each file of the map and a read of each whose size or
// modification time changed.
func (w *Watcher) Poll() (Reload, bool) {
	if !w.pace.Due() || !w.changed() {
		return Reload{}, false
	}
	res := load(w.m.loader, w.m.path, w.m.opts)
	w.seen = res.seen
	if res.err != nil {
		return Reload{Err: res.err}, true
	}
	w.m = res.m
	return Reload{Map: res.m}, true
}

// changed reports whether the map should be loaded again: a file of the
// last load changed, or a tileset's atlas was reloaded, and no tileset
// saved since is still waiting for the loader to reload it.
func (w *Watcher) changed() bool {
	changed, waiting := false, false
	for i := range w.seen {
		s := &w.seen[i]
		saved := w.look(s)
		switch {
		case s.atlas == nil:
			changed = changed || saved
		case s.atlas.Generation() != s.gen:
			changed = true
		case saved:
			waiting = true
		}
	}
	return changed && !waiting
}

// look reports whether s's file changed since the load: its content, or
// whether it can be read. A file only touched takes its new stamp.
func (w *Watcher) look(s *seen) bool {
	fsys := w.m.loader.FS()
	if fi, err := fs.Stat(fsys, s.path); err == nil && (stamp{fi.Size(), fi.ModTime().UnixNano()}) == s.st {
		return false
	}
	data, st, err := readFile(fsys, s.path, w.limit)
	switch {
	case err != nil:
		return s.st != missing
	case s.st == missing || sha256.Sum256(data) != s.sum:
		return true
	}
	s.st = st
	return false
}

// missing is the stamp of a file that could not be read.
var missing = stamp{-1, -1}

// seenFiles returns what a watcher looks at after a load that read fl and
// found atlases, its tilesets as the loader holds them.
func seenFiles(fl *files, atlases map[string]atlasMark) []seen {
	out := make([]seen, 0, len(fl.order))
	for _, p := range fl.order {
		f := fl.byPath[p]
		s := seen{path: p, st: missing}
		if f.err == nil {
			s.st, s.sum = f.st, f.sum
		}
		if a, ok := atlases[p]; ok {
			s.atlas, s.gen = a.atlas, a.gen
		}
		out = append(out, s)
	}
	return out
}

// atlasMark is a tileset's atlas as a load checked the map against it.
type atlasMark struct {
	atlas *assets.Atlas
	gen   uint64
}
