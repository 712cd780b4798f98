package assets

import (
	"cmp"
	"crypto/sha256"
	"image"
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
// it changes. Images and the atlases cut from them reload together: an
// image whose new size would leave an atlas's frames outside it is not
// reloaded either (the error says so), so an atlas and its image are
// always the versions that fit, and a later reload that makes them fit
// (the atlas file fixed, say) takes both.
//
// Reload reads only files whose size or modification time changed, and
// decodes only those whose content did, so files in an embed.FS, which
// never change, cost a stat each. Call it between steps, from the
// goroutine that runs them (or use a [Watcher]), so that a game sees its
// assets change only there. It is safe to call while a [Batch] loads:
// atlases loading wait for it, and assets still loading are looked at by
// the next reload.
func (l *Loader) Reload() Reload {
	l.reloadMu.Lock()
	defer l.reloadMu.Unlock()

	var ev Reload
	var errs []*LoadError
	fail := func(err error) { errs = append(errs, Errors(err)...) }
	var images, atlases []*entry
	for _, e := range l.watched() {
		switch a := e.asset.(type) {
		case *Image:
			images = append(images, e)
		case *Atlas:
			atlases = append(atlases, e)
		case *Data:
			if l.reloadData(e, a, fail) {
				ev.Paths = append(ev.Paths, a.path)
			}
		}
	}
	ev.Paths = append(ev.Paths, l.reloadSheets(images, atlases, fail)...)
	slices.Sort(ev.Paths)
	ev.Paths = slices.Compact(ev.Paths)
	if len(errs) > 0 {
		ev.Err = joinSorted(errs)
	}
	return ev
}

// watched returns the loaded entries a reload looks at, each kind by path.
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
	slices.SortFunc(out, func(a, b *entry) int {
		return cmp.Or(cmp.Compare(a.key.kind, b.key.kind), strings.Compare(a.key.path, b.key.path), strings.Compare(a.key.grid, b.key.grid))
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
			e.failed(missing, false, "")
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
		e.failed(st, false, "")
		fail(lerr)
		return nil, stamp{}, false
	}
	if sha256.Sum256(data) == e.sum { // touched, not changed
		e.st, e.bad = st, nil
		return nil, stamp{}, false
	}
	return data, st, true
}

// blockedContent returns the content of e's file again when the version
// that failed last could load now that another file changed (e is
// blocked), and the file is still that version.
func (l *Loader) blockedContent(e *entry) ([]byte, stamp, bool) {
	if e.bad == nil || !e.blocked {
		return nil, stamp{}, false
	}
	data, st, err := l.read(e.key.path, e.key.kind)
	if err != nil || st != *e.bad {
		return nil, stamp{}, false // changed again: the next reload sees it
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
	e.st, e.sum, e.bad, e.blocked, e.badMsg = st, sha256.Sum256(data), nil, false, ""
}

// failed records that e's file at st failed to reload: blocked if it may
// load once another file changes. It reports whether msg, what the failure
// says, is news: a blocked file tried again fails with the same message
// when nothing it depends on helped, and that is not reported again.
func (e *entry) failed(st stamp, blocked bool, msg string) bool {
	news := e.bad == nil || *e.bad != st || e.badMsg != msg
	e.bad, e.blocked, e.badMsg = &st, blocked, msg
	return news
}

func (l *Loader) reloadData(e *entry, d *Data, fail func(error)) bool {
	data, st, ok := l.changed(e, fail)
	if !ok {
		return false
	}
	top, err := l.parseData(e.key.path, data)
	if err != nil {
		e.failed(st, false, "")
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
		e.failed(st, false, "")
		for _, err := range errs {
			fail(err)
		}
		return false
	}
	d.state.Store(next)
	l.reloads.Add(1)
	for i, v := range d.binds {
		store(v, fresh[i])
	}
	e.accept(st, data)
	return true
}

// imageChange is an image whose file has new content, decoded but not
// yet stored.
type imageChange struct {
	e    *entry
	img  *Image
	next *imageState
	st   stamp
	data []byte
	// blockers, when not nil, are the problems of the atlases the new
	// content would not fit: the image keeps its old content.
	blockers []*LoadError
}

// atlasChange is what a reload does to an atlas: its file's new content
// (for an atlas file that changed), and the state it ends with.
type atlasChange struct {
	e    *entry
	a    *Atlas
	src  *atlasFile // the file's new content, parsed; nil if none
	st   stamp
	data []byte
	next *atlasState  // the state to store; nil keeps the atlas as it is
	errs []*LoadError // why src was not taken
}

// reloadSheets reloads images and atlases together, so that an atlas's
// frames always fit its image: every image whose file changed is decoded,
// every atlas file that changed is parsed, and each atlas takes its new
// file if that fits its image (new or old), or else keeps its file, which
// must fit its image: an image whose new content would leave an atlas's
// kept frames outside it keeps its old content. It stores what fits and
// returns the paths of the files that reloaded.
func (l *Loader) reloadSheets(images, atlases []*entry, fail func(error)) []string {
	var changes []*imageChange
	var plans []*atlasChange
	fresh := false // a file changed since the last reload
	var blocked []*entry
	for _, e := range images {
		data, st, ok := l.changed(e, fail)
		if !ok {
			blocked = append(blocked, e)
			continue
		}
		fresh = true
		if c := l.decodeChange(e, data, st, fail); c != nil {
			changes = append(changes, c)
		}
	}
	for _, e := range atlases {
		a := e.asset.(*Atlas)
		plan := &atlasChange{e: e, a: a}
		plans = append(plans, plan)
		if !e.watched { // a Grid: it has no file of its own
			continue
		}
		data, st, ok := l.changed(e, fail)
		if !ok {
			if e.bad != nil && e.badImage != "" && l.imageMark(e.badImage) != e.badMark {
				// The file failed for want of the image it names, which
				// has appeared or changed since.
				fresh = true
			}
			blocked = append(blocked, e)
			continue
		}
		fresh = true
		plan.st, plan.data = st, data
		l.parseChange(plan, fail)
	}
	if !fresh {
		return nil // nothing changed that could unblock a file that failed
	}
	// Files that failed only because of another file are tried again.
	for _, e := range blocked {
		data, st, ok := l.blockedContent(e)
		if !ok {
			continue
		}
		if e.key.kind == KindImage {
			if c := l.decodeChange(e, data, st, fail); c != nil {
				changes = append(changes, c)
			}
			continue
		}
		for _, plan := range plans {
			if plan.e == e {
				plan.st, plan.data = st, data
				l.parseChange(plan, fail)
			}
		}
	}
	l.fit(changes, plans)
	return l.store(changes, plans, fail)
}

// decodeChange decodes an image file's new content, reporting it if it
// does not decode.
func (l *Loader) decodeChange(e *entry, data []byte, st stamp, fail func(error)) *imageChange {
	i := e.asset.(*Image)
	img, err := decodePNG(e.key.path, data, l.limits.ImageBytes)
	if err != nil {
		if e.failed(st, false, err.Error()) {
			fail(err)
		}
		return nil
	}
	return &imageChange{e: e, img: i, next: &imageState{img: img, gen: i.Generation() + 1}, st: st, data: data}
}

// parseChange parses an atlas file's new content into plan.src, or
// reports it if it does not parse.
func (l *Loader) parseChange(plan *atlasChange, fail func(error)) {
	src, errs := parseAtlas(plan.e.key.path, plan.data)
	if len(errs) > 0 {
		err := joinSorted(errs)
		if plan.e.failed(plan.st, false, err.Error()) {
			fail(err)
		}
		return
	}
	plan.src = src
}

// fit decides what each atlas ends with and which images take their new
// content: each atlas takes its new file if it fits, else keeps its
// frames, and an image whose new content a kept atlas does not fit keeps
// its old content, which decides again for every atlas (images only ever
// drop their new content, so this ends after at most one round per
// image).
func (l *Loader) fit(changes []*imageChange, plans []*atlasChange) {
	byImage := make(map[*Image]*imageChange, len(changes))
	for _, c := range changes {
		byImage[c.img] = c
	}
	// bounds is what an image's bounds will be, and its generation.
	bounds := func(img *Image) (image.Rectangle, uint64) {
		if c := byImage[img]; c != nil && c.blockers == nil {
			return c.next.img.Bounds(), c.next.gen
		}
		s := img.state.Load()
		return s.img.Bounds(), s.gen
	}
	for again := true; again; {
		again = false
		for _, plan := range plans {
			old := plan.a.state.Load()
			plan.next, plan.errs = nil, nil
			if plan.src != nil {
				next, errs := l.buildAtlas(plan.e.key.path, plan.src, bounds)
				if len(errs) == 0 {
					next.gen = old.gen + 1
					plan.next = next
					continue
				}
				plan.errs = errs
			}
			b, gen := bounds(old.img)
			if gen == old.imgGen {
				continue // the atlas keeps its frames and their image
			}
			next := &atlasState{img: old.img, imgGen: gen, src: old.src, gen: old.gen}
			var errs []*LoadError
			if plan.a.grid != nil {
				errs = next.cut(plan.a.path, *plan.a.grid, b, nil)
			} else {
				errs = next.check(plan.a.path, b)
			}
			c := byImage[old.img]
			if len(errs) > 0 && c != nil {
				c.blockers = append(c.blockers, errs...)
				again = true
				break
			}
			if len(errs) > 0 {
				continue // changed outside a reload, which loads of atlases wait for: never
			}
			if !slices.Equal(next.frames, old.frames) {
				next.gen++
			}
			plan.next = next
		}
	}
}

// store stores the images and atlases fit decided on, reports what did
// not reload, and returns the paths of the files that did.
func (l *Loader) store(changes []*imageChange, plans []*atlasChange, fail func(error)) []string {
	var paths []string
	for _, c := range changes {
		if c.blockers != nil {
			err := keptError(c.img.path, c.blockers)
			if c.e.failed(c.st, true, err.Error()) {
				fail(err)
			}
			continue
		}
		c.img.state.Store(c.next)
		l.reloads.Add(1)
		c.e.accept(c.st, c.data)
		paths = append(paths, c.img.path)
	}
	for _, plan := range plans {
		if plan.next != nil {
			plan.a.state.Store(plan.next)
			l.reloads.Add(1)
		}
		if plan.src == nil {
			continue
		}
		if plan.errs == nil {
			plan.e.accept(plan.st, plan.data)
			plan.e.badImage = ""
			paths = append(paths, plan.a.path)
			continue
		}
		// The file failed with the images as they are: it is tried again
		// when another file changes, or the image it names appears.
		imgPath := path.Join(path.Dir(plan.e.key.path), plan.src.image)
		plan.e.badImage, plan.e.badMark = imgPath, l.imageMark(imgPath)
		err := joinSorted(plan.errs)
		if plan.e.failed(plan.st, true, err.Error()) {
			fail(err)
		}
	}
	return paths
}

// keptError reports the problems that kept the image at p from reloading:
// those of the atlases its new content would not fit.
func keptError(p string, blockers []*LoadError) error {
	errs := make([]*LoadError, len(blockers))
	for i, b := range blockers {
		errs[i] = &LoadError{Path: b.Path, Line: b.Line, Col: b.Col,
			Err: &detail{kind: b.Err, msg: reason(b.Err) + ": kept " + p + " and its atlases as they were"}}
	}
	return joinSorted(errs)
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
