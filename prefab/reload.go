package prefab

import (
	"bytes"
	"maps"
	"slices"
	"time"

	"github.com/tessera-engine/tessera/internal/poll"
)

// Reload is what a reload did: the event a game logs or shows a designer.
type Reload struct {
	// Files are the files that changed, appeared or disappeared since the
	// library last looked, in load order.
	Files []string
	// Changed are the prefabs the reload added, changed or removed,
	// sorted. A prefab is compared as it resolves, base included, so a
	// variant whose base changed something it inherits is listed too (one
	// that overrides the change is not). It is empty when the reload
	// failed, or when the files changed in ways that change no prefab (a
	// comment, say).
	Changed []string
	// Err joins every problem the reload found, each a [*LoadError]. When
	// it is not nil the library is unchanged: the game keeps running with
	// the prefabs it had.
	Err error
	// Recovered reports that the files are good again after a reload that
	// failed, even if they now hold what the library already has (a
	// designer undid the broken edit): a game showing the last reload's
	// errors can clear them.
	Recovered bool
}

// Reload looks at the files the library loaded with [Library.Load] and
// [Library.LoadFS] (and at the directories they came from, for files
// added or removed) and, if any changed, loads them all again, all or
// nothing: a good reload swaps the new prefabs in at once, a bad one keeps
// the old library and reports every problem in [Reload.Err]. A bad reload
// is reported once; the same broken files are not reported again until
// they change. Files given to [Library.LoadBytes] are kept as they are.
//
// Reload reads only files whose size or modification time changed, and
// rebuilds only if the content of one did. Call it between steps (or use
// a [Watcher]): entities spawned after it get the new prefabs; entities
// spawned before keep what they got until [Library.Apply] brings them up
// to date.
func (l *Library) Reload() Reload {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := l.state()
	lim := l.limits.effective()

	var errs []*LoadError
	var listed []fileKey
	rootOf := make(map[fileKey]int)
	stamps := make(map[fileKey]stamp)
	for i, r := range old.roots {
		files, ferrs := r.list()
		errs = append(errs, ferrs...)
		for _, f := range files {
			k := fileKey{r.id, f.name}
			if _, dup := rootOf[k]; !dup {
				rootOf[k] = i
				stamps[k] = f.st
				listed = append(listed, k)
			}
		}
	}
	if l.tried != nil && maps.Equal(l.tried, stamps) {
		return Reload{} // the same broken files, reported already
	}

	var ev Reload
	stampChanged := len(errs) > 0
	next := old.clone()
	next.sources = nil
	have := make(map[fileKey]bool)
	for _, src := range old.sources {
		if src.root < 0 {
			next.sources = append(next.sources, src)
			continue
		}
		st, ok := stamps[src.key]
		switch {
		case !ok:
			ev.Files = append(ev.Files, src.name)
		case st == src.st:
			next.sources = append(next.sources, src)
		default:
			stampChanged = true
			i := rootOf[src.key]
			ns, err := reread(old.roots[i], i, file{src.name, st}, src, lim)
			if err != nil {
				have[src.key] = true // reported once: not a new file either
				errs = append(errs, err)
				continue
			}
			if !bytes.Equal(ns.data, src.data) {
				ev.Files = append(ev.Files, src.name)
			}
			next.sources = append(next.sources, ns)
		}
		have[src.key] = true
	}
	for _, k := range listed {
		if have[k] {
			continue
		}
		i := rootOf[k]
		ns, err := readSource(old.roots[i], i, file{k.name, stamps[k]}, lim)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ev.Files = append(ev.Files, k.name)
		next.sources = append(next.sources, ns)
	}
	if len(ev.Files) == 0 && len(errs) == 0 {
		recovered := l.tried != nil
		if stampChanged {
			// Touched, not changed: remember the new stamps only.
			next.prefabs, next.names = old.prefabs, old.names
			l.publish(next) // also forgets the failed attempt
		} else if recovered {
			// The files are as they were before the failed attempt (a
			// broken new file deleted, a file moved away and back):
			// recovered, once.
			l.tried = nil
		}
		return Reload{Recovered: recovered}
	}
	errs = append(errs, l.build(next)...)
	if len(errs) > 0 {
		l.tried = stamps
		ev.Err = joinErrors(next, errs)
		return ev
	}
	ev.Changed = changedPrefabs(old.prefabs, next.prefabs)
	ev.Recovered = l.tried != nil
	l.publish(next)
	return ev
}

// reread reads f again; it returns src itself, with the new stamp, when
// the content is the same.
func reread(r root, index int, f file, src *source, lim Limits) (*source, *LoadError) {
	data, err := r.read(f.name, lim.FileSize)
	if err != nil {
		return nil, err
	}
	if bytes.Equal(data, src.data) {
		c := *src
		c.st = f.st
		return &c, nil
	}
	return newSource(fileKey{r.id, f.name}, index, f.st, data, lim), nil
}

// changedPrefabs returns the names of the prefabs that differ between a
// and b: added, removed, given another base, other parts or other
// children.
func changedPrefabs(a, b map[string]*Prefab) []string {
	var out []string
	seen := make(map[[2]*Prefab]bool) // children are shared: compare each pair once
	for name, pa := range a {
		pb, ok := b[name]
		if !ok || !samePrefab(pa, pb, seen) {
			out = append(out, name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// samePrefab reports whether a and b spawn the same entities: the same
// base name, parts and children. Pairs found the same are remembered in
// seen.
func samePrefab(a, b *Prefab, seen map[[2]*Prefab]bool) bool {
	if a == b || seen[[2]*Prefab{a, b}] {
		return true
	}
	if len(a.parts) != len(b.parts) || len(a.children) != len(b.children) || (a.base == nil) != (b.base == nil) ||
		a.base != nil && a.base.name != b.base.name || a.childName != b.childName {
		return false
	}
	for i, p := range a.parts {
		if !p.same(b.parts[i]) {
			return false
		}
	}
	for i, c := range a.children {
		if !samePrefab(c, b.children[i], seen) {
			return false
		}
	}
	seen[[2]*Prefab{a, b}] = true
	return true
}

// Watcher reloads a library when its files change, checking at most once
// per interval: the hot reload that lets designers iterate without
// restarting the game. It polls file sizes and modification times, which
// needs no dependency and behaves the same on every system. Call
// [Watcher.Poll] between steps, from the goroutine that runs them, so a
// reload never lands in the middle of one; after one that changed
// prefabs, [Library.Apply] brings the live entities up to date.
//
// A Watcher is not safe for concurrent use.
type Watcher struct {
	lib  *Library
	pace poll.Pace
}

// Watch returns a Watcher for l that looks at the files at most once per
// interval; zero or less means at every poll.
func (l *Library) Watch(interval time.Duration) *Watcher {
	return &Watcher{lib: l, pace: poll.Every(interval)}
}

// Poll reloads the library if the interval has passed and its files
// changed (see [Library.Reload]), and reports whether there is something
// to tell: a reload that changed files, one that failed, or one that
// recovered from a failure. Between looks
// it costs a clock read and allocates nothing.
func (w *Watcher) Poll() (Reload, bool) {
	if !w.pace.Due() {
		return Reload{}, false
	}
	r := w.lib.Reload()
	return r, len(r.Files) > 0 || r.Err != nil || r.Recovered
}
