package assets

import (
	"cmp"
	"crypto/sha256"
	"io/fs"
	"math"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/tessera-engine/tessera/internal/poll"
)

// Reload is what a reload did: the event a game logs or shows a designer.
type Reload struct {
	// Paths are the files that changed and were reloaded, sorted.
	Paths []string
	// Err joins every problem the reload found, each a [*LoadError], in
	// the order of their paths. An asset whose file failed to reload keeps
	// its old value: the game goes on with what it had.
	Err error
}

// missing is the stamp of a file that could not be found, so that its
// absence is reported once.
var missing = stamp{-1, -1}

// Reload looks at the files of the images, atlases and data in the cache
// and reloads those whose content changed, in place: the same [*Image],
// [*Atlas] and [*Data] handles hold the new content, with their
// generation incremented, and values bound with [Data.Bind] are decoded
// again. An atlas is checked again when its image changes. Fonts and
// sounds are not reloaded: faces and players made of them would not see
// the change.
//
// A file that fails to reload (it no longer decodes, an atlas's frames no
// longer fit its image, data no longer fits a bound value, the file
// disappeared) keeps its old value, and is reported once: not again until
// it changes.
//
// Reload reads only files whose size or modification time changed, and
// decodes only those whose content did, so files in an embed.FS, which
// never change, cost a stat each. Call it between steps, from the
// goroutine that runs them (or use a [Watcher]), so that a game sees its
// assets change only there. It is safe to call while a [Batch] loads;
// assets still loading are looked at by the next reload.
func (l *Loader) Reload() Reload {
	l.reloadMu.Lock()
	defer l.reloadMu.Unlock()

	var ev Reload
	var errs []*LoadError
	fail := func(err error) { errs = append(errs, Errors(err)...) }
	for _, e := range l.watched() {
		switch a := e.asset.(type) {
		case *Image:
			if l.reloadImage(e, a, fail) {
				ev.Paths = append(ev.Paths, a.path)
			}
		case *Data:
			if l.reloadData(e, a, fail) {
				ev.Paths = append(ev.Paths, a.path)
			}
		case *Atlas:
			if l.reloadAtlas(e, a, fail) {
				ev.Paths = append(ev.Paths, a.path)
			}
		}
	}
	slices.Sort(ev.Paths)
	ev.Paths = slices.Compact(ev.Paths)
	if len(errs) > 0 {
		ev.Err = joinSorted(errs)
	}
	return ev
}

// watched returns the loaded entries a reload looks at: images first,
// whose changes atlases then see, then data, then atlases, each kind by
// path.
func (l *Loader) watched() []*entry {
	l.mu.Lock()
	var out []*entry
	for _, e := range l.entries {
		select {
		case <-e.done:
		default:
			continue // still loading
		}
		if e.err == nil && (e.watched || e.key.grid != "") {
			out = append(out, e)
		}
	}
	l.mu.Unlock()
	rank := func(k Kind) int {
		switch k {
		case KindImage:
			return 0
		case KindData:
			return 1
		}
		return 2
	}
	slices.SortFunc(out, func(a, b *entry) int {
		return cmp.Or(cmp.Compare(rank(a.key.kind), rank(b.key.kind)),
			strings.Compare(a.key.path, b.key.path), strings.Compare(a.key.grid, b.key.grid))
	})
	return out
}

// changed looks at e's file and returns its new content if it changed.
// It reports a file that cannot be read, once.
func (l *Loader) changed(e *entry, fail func(error)) ([]byte, stamp, bool) {
	p := e.key.path
	fi, err := fs.Stat(l.fsys, p)
	if err != nil {
		if e.bad == nil || *e.bad != missing {
			e.bad = &missing
			fail(ioError(p, err))
		}
		return nil, stamp{}, false
	}
	st := stampOf(fi)
	if st == e.st {
		e.bad = nil // back as it was
		return nil, stamp{}, false
	}
	if e.bad != nil && *e.bad == st {
		return nil, stamp{}, false // reported already
	}
	data, lerr := l.readFile(p, e.key.kind, fi)
	if lerr != nil {
		e.bad = &st
		fail(lerr)
		return nil, stamp{}, false
	}
	if sha256.Sum256(data) == e.sum { // touched, not changed
		e.st, e.bad = st, nil
		return nil, stamp{}, false
	}
	return data, st, true
}

// imageMark tells the states of the image at p apart, for an atlas file
// that failed with it: its generation if it is loaded, 0 if there is no
// such file, and the largest uint64 if the file is there but not loaded.
func (l *Loader) imageMark(p string) uint64 {
	l.mu.Lock()
	e := l.entries[key{kind: KindImage, path: p}]
	l.mu.Unlock()
	if e != nil {
		select {
		case <-e.done:
			if img, ok := e.asset.(*Image); ok && e.err == nil {
				return img.Generation()
			}
		default:
		}
	}
	if _, err := fs.Stat(l.fsys, p); err != nil {
		return 0
	}
	return math.MaxUint64
}

// accept records that e's file at st, holding data, is now loaded.
func (e *entry) accept(st stamp, data []byte) {
	e.st, e.sum, e.bad = st, sha256.Sum256(data), nil
}

func (l *Loader) reloadImage(e *entry, i *Image, fail func(error)) bool {
	data, st, ok := l.changed(e, fail)
	if !ok {
		return false
	}
	img, err := decodePNG(e.key.path, data, l.limits.ImageBytes)
	if err != nil {
		e.bad = &st
		fail(err)
		return false
	}
	i.state.Store(&imageState{img: img, gen: i.Generation() + 1})
	e.accept(st, data)
	return true
}

func (l *Loader) reloadData(e *entry, d *Data, fail func(error)) bool {
	data, st, ok := l.changed(e, fail)
	if !ok {
		return false
	}
	top, err := parseYAML(e.key.path, data)
	if err != nil {
		e.bad = &st
		fail(err)
		return false
	}
	next := &dataState{data: data, top: top, gen: d.Generation() + 1}
	d.mu.Lock()
	defer d.mu.Unlock()
	fresh := make([]any, len(d.binds))
	var errs []error
	for i, v := range d.binds {
		rv := reflectNew(v)
		if err := decodeData(e.key.path, next, rv.Interface()); err != nil {
			errs = append(errs, err)
		}
		fresh[i] = rv.Interface()
	}
	if len(errs) > 0 {
		e.bad = &st
		for _, err := range errs {
			fail(err)
		}
		return false
	}
	d.state.Store(next)
	for i, v := range d.binds {
		store(v, fresh[i])
	}
	e.accept(st, data)
	return true
}

func (l *Loader) reloadAtlas(e *entry, a *Atlas, fail func(error)) bool {
	old := a.state.Load()
	if e.watched { // an atlas file
		data, st, ok := l.changed(e, fail)
		if !ok && e.bad != nil && e.badImage != "" && l.imageMark(e.badImage) != e.badMark {
			// The file failed with its image as it was; the image has
			// changed or appeared since (the artist saved the two files
			// in the other order): try the file again.
			if d, _, err := l.read(e.key.path, KindAtlas); err == nil {
				data, st, ok = d, *e.bad, true
			}
		}
		if ok {
			src, errs := parseAtlas(e.key.path, data)
			next, more := l.buildAtlas(e.key.path, src)
			if errs = append(errs, more...); len(errs) > 0 {
				e.bad = &st
				e.badImage, e.badMark = "", 0
				if src != nil && src.imageNode != nil {
					e.badImage = path.Join(path.Dir(e.key.path), src.image)
					e.badMark = l.imageMark(e.badImage)
				}
				fail(joinSorted(errs))
				return false
			}
			next.gen = old.gen + 1
			a.state.Store(next)
			e.accept(st, data)
			e.badImage = ""
			return true
		}
		if e.bad != nil {
			// The file on disk is a failed one: the old frames stand as
			// they are, not re-checked against a changed image as if the
			// file were still the old one.
			return false
		}
	}
	// The image may have changed under the frames.
	gen := old.img.Generation()
	if gen == old.imgGen || gen == e.badGen {
		return false
	}
	next := &atlasState{img: old.img, imgGen: gen, src: old.src, gen: old.gen}
	var errs []*LoadError
	if a.grid != nil {
		errs = next.cut(a.path, *a.grid, old.img.Bounds(), nil)
	} else {
		errs = next.check(a.path, old.img.Bounds())
	}
	if len(errs) > 0 {
		e.badGen = gen
		fail(joinSorted(errs))
		return false
	}
	if !slices.Equal(next.frames, old.frames) {
		next.gen++
	}
	a.state.Store(next)
	return false // the atlas's own file did not change
}

// Watcher reloads a loader's assets when their files change, looking at
// most once per interval: the hot reload that lets artists and designers
// see their changes without restarting the game. It polls file sizes and
// modification times, which needs no dependency and behaves the same on
// every system and with every [io/fs.FS]. Call [Watcher.Poll] between
// steps, from the goroutine that runs them, so that assets change only
// there.
//
// A Watcher is not safe for concurrent use.
type Watcher struct {
	l    *Loader
	pace poll.Pace
}

// Watch returns a Watcher for l that looks at the files at most once per
// interval; zero or less means at every poll.
func (l *Loader) Watch(interval time.Duration) *Watcher {
	return &Watcher{l: l, pace: poll.Every(interval)}
}

// Poll reloads the assets whose files changed, if the interval has passed
// (see [Loader.Reload]), and reports whether there is something to tell: a
// file reloaded, or one that failed. Between looks it costs a clock read
// and allocates nothing.
func (w *Watcher) Poll() (Reload, bool) {
	if !w.pace.Due() {
		return Reload{}, false
	}
	r := w.l.Reload()
	return r, len(r.Paths) > 0 || r.Err != nil
}
