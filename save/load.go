package save

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save/compact"
	"github.com/tessera-engine/tessera/world"
)

// Load replaces w's state with the save in data, written by [Codec.Save]
// in either format, atomically: it builds the saved world in a new world
// and, only when every entity, component, field and link loaded, puts
// that world's state in place of w's ([world.World.Restore]), so a load
// that fails leaves w exactly as it was and returns every problem, each
// an [*Error] with its file:line:col, joined (see [Errors]). w keeps its
// systems and the resources that are not state; the resources that take
// part in snapshots are replaced by none, as the saved world holds none.
//
// What each entity gets: the ids of the saved world (the same entity
// ids, the same free ids), then, for an entity saved with a prefab, what
// the library's prefab of that name gives now (see [prefab.Prefab.Fill])
// with the saved fields laid over it, so fields added to a prefab since
// come with their default; for one without, the saved components. Links
// follow. A field the build no longer has is an error naming it
// ([ErrUnknownField]) unless o.IgnoreRemoved.
//
// The load goes in phases ([PhaseParse] … [PhaseCommit]), calling
// o.Progress after every o.Slice entities and looking at ctx as often:
// a cancelled load stops there, keeps nothing, and returns an error
// wrapping ctx.Err(). It must run between steps, never in a walk or a
// system run of w (the commit then fails with [world.ErrDuringWalk]).
func (c *Codec) Load(ctx context.Context, w *world.World, data []byte, o LoadOptions) (Loaded, error) {
	p, err := c.Prepare(ctx, data, o)
	if err != nil {
		return Loaded{}, err
	}
	return p.Commit(w)
}

// Prepared is a save loaded into a world of its own, not yet put in
// place: what [Codec.Prepare] returns and [Prepared.Commit] puts in place.
type Prepared struct {
	world    *world.World
	loaded   Loaded
	progress func(Progress)
	last     float64
}

// Prepare does all of a load but the commit: it reads data and builds the
// saved world in a world of its own, reporting progress and looking at
// ctx as [Codec.Load] does. It touches no world of the caller's, so it
// may run on a goroutine of its own while the game goes on (a loading
// scene, see package assets/loading); then [Prepared.Commit] puts the
// result in place between steps.
func (c *Codec) Prepare(ctx context.Context, data []byte, o LoadOptions) (*Prepared, error) {
	l := &loader{c: c, o: o, ctx: ctx, r: reader{file: o.Name}}
	if l.o.Slice <= 0 {
		l.o.Slice = 1024
	}
	l.report(PhaseParse, 0, 1)
	doc, err := l.r.parse(data, o)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("save: load cancelled: %w", err)
	}
	l.report(PhaseParse, 1, 1)
	fresh, err := l.build(doc)
	if err != nil {
		return nil, err
	}
	p := &Prepared{world: fresh, progress: o.Progress, last: l.last,
		loaded: Loaded{Clock: doc.clock, Entities: len(doc.records), game: doc.game, file: o.Name}}
	for s := range l.ignored {
		p.loaded.Ignored = append(p.loaded.Ignored, s)
	}
	slices.Sort(p.loaded.Ignored)
	return p, nil
}

// Info returns what the load read besides the world ([Loaded]), before
// any commit: a game reads its own state ([Loaded.Game]) from it to know
// where the save continues.
func (p *Prepared) Info() Loaded {
	out := p.loaded
	out.Ignored = slices.Clone(out.Ignored)
	return out
}

// Commit replaces w's state with the prepared world's ([world.World.Restore]),
// reports the commit phase, and returns what the load read. It must run
// between steps: in a walk or a system run of w it fails with
// [world.ErrDuringWalk] and changes nothing. Committing again puts the
// same state in place again. O(the saved world's size).
func (p *Prepared) Commit(w *world.World) (Loaded, error) {
	report := func(done int) {
		if p.progress != nil {
			f := max(0.95+0.05*float64(done), p.last)
			p.progress(Progress{Phase: PhaseCommit, Done: done, Total: 1, Fraction: f})
		}
	}
	report(0)
	var snap world.Snapshot
	p.world.Snapshot(&snap)
	if err := w.Restore(&snap); err != nil {
		return Loaded{}, err
	}
	report(1)
	out := p.loaded
	out.Ignored = slices.Clone(out.Ignored)
	return out, nil
}

// LoadFile loads the save in the file at path as [Codec.Load] does,
// naming the file in messages unless o.Name does.
func (c *Codec) LoadFile(ctx context.Context, w *world.World, path string, o LoadOptions) (Loaded, error) {
	if o.Name == "" {
		o.Name = path
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Loaded{}, err
	}
	return c.Load(ctx, w, data, o)
}

// loader is one load's work.
type loader struct {
	c       *Codec
	o       LoadOptions
	ctx     context.Context
	r       reader
	ignored map[string]bool
	last    float64
}

// weights of the phases in the fraction Progress reports.
var phaseSpan = map[string][2]float64{
	PhaseParse:    {0, 0.3},
	PhaseEntities: {0.3, 0.85},
	PhaseLinks:    {0.85, 0.95},
	PhaseCommit:   {0.95, 1},
}

func (l *loader) report(phase string, done, total int) {
	if l.o.Progress == nil {
		return
	}
	span := phaseSpan[phase]
	f := span[0]
	if total > 0 {
		f += (span[1] - span[0]) * float64(done) / float64(total)
	}
	f = max(f, l.last)
	l.last = f
	l.o.Progress(Progress{Phase: phase, Done: done, Total: total, Fraction: f})
}

// tick reports progress after every slice of i and says whether to go
// on; false once ctx is done.
func (l *loader) tick(phase string, i, total int) error {
	if (i+1)%l.o.Slice != 0 {
		return nil
	}
	l.report(phase, i+1, total)
	if err := l.ctx.Err(); err != nil {
		return fmt.Errorf("save: load cancelled in phase %s: %w", phase, err)
	}
	return nil
}

func (l *loader) ignore(s string) {
	if l.ignored == nil {
		l.ignored = map[string]bool{}
	}
	l.ignored[s] = true
}

// build makes the document's world.
func (l *loader) build(doc *document) (*world.World, error) {
	r := &l.r
	fresh := world.New()
	live := make([]world.Entity, len(doc.records))
	index := make(map[world.Entity]int, len(doc.records))
	for i := range doc.records {
		live[i] = doc.records[i].id
		index[doc.records[i].id] = i
	}
	retired := doc.slots - len(live) - len(doc.free)
	if retired > 1<<16 {
		r.fail(nil, nil, "", "", because(ErrIDs, fmt.Sprintf("%d slots for %d ids: more retired slots than a world makes", doc.slots, len(live)+len(doc.free))))
		return nil, r.joined()
	}
	if err := fresh.MakeIDs(live, doc.free, doc.slots); err != nil {
		r.fail(nil, nil, "", "", &both{ErrIDs, err})
		return nil, r.joined()
	}
	fresh.Rand().Restore(doc.rand)

	// The prefab of each record, parents before children.
	prefabs := make([]*prefab.Prefab, len(doc.records))
	state := make([]uint8, len(doc.records)) // 0 unknown, 1 resolving, 2 done
	var resolve func(i int) *prefab.Prefab
	resolve = func(i int) *prefab.Prefab {
		rec := &doc.records[i]
		switch state[i] {
		case 1:
			return nil // a cycle of parents: reported by the links
		case 2:
			return prefabs[i]
		}
		state[i] = 1
		defer func() { state[i] = 2 }()
		at := &yaml.Node{Line: rec.line, Column: rec.col}
		if rec.prefab == "" {
			return nil
		}
		if rec.child < 0 {
			p, ok := l.c.lookup(rec.prefab)
			if !ok {
				r.fail(at, rec, "", "", because(ErrUnknownPrefab, "the library has no such prefab"))
				return nil
			}
			prefabs[i] = p
			return p
		}
		parent, ok := parentOf(rec)
		j, known := index[parent]
		if !ok || !known {
			r.fail(at, rec, "", "", because(ErrUnknownPrefab, fmt.Sprintf("child %d of no saved parent", rec.child)))
			return nil
		}
		pp := resolve(j)
		if pp == nil {
			if doc.records[j].prefab == "" {
				r.fail(at, rec, "", "", because(ErrUnknownPrefab, fmt.Sprintf("child %d of %v, which has no prefab", rec.child, parent)))
			}
			return nil
		}
		kids := pp.Children()
		if rec.child >= len(kids) || kids[rec.child].Name() != rec.prefab {
			r.fail(at, rec, "", "", because(ErrUnknownPrefab, fmt.Sprintf("prefab %q no longer has %q as child %d", pp.Name(), rec.prefab, rec.child)))
			return nil
		}
		prefabs[i] = kids[rec.child]
		return prefabs[i]
	}
	total := len(doc.records)
	l.report(PhaseEntities, 0, total)
	for i := range doc.records {
		resolve(i)
	}
	for i := range doc.records {
		l.entity(fresh, &doc.records[i], prefabs[i])
		if err := l.tick(PhaseEntities, i, total); err != nil {
			return nil, err
		}
	}
	if total%l.o.Slice != 0 || total == 0 {
		l.report(PhaseEntities, total, total)
	}
	l.report(PhaseLinks, 0, total)
	for i := range doc.records {
		l.linksOf(fresh, &doc.records[i])
		if err := l.tick(PhaseLinks, i, total); err != nil {
			return nil, err
		}
	}
	// The orders of sources, once every link is made, and only if nothing
	// failed before them: after a problem a target may lack sources its
	// list rightly names, and blaming the list would say the same problem
	// twice. Each target's list is checked against its own sources only,
	// so every wrong list is reported, not just the first.
	if len(r.errs) == 0 {
		for i := range doc.records {
			l.sourcesOf(fresh, &doc.records[i])
			if (i+1)%l.o.Slice == 0 {
				if err := l.ctx.Err(); err != nil {
					return nil, fmt.Errorf("save: load cancelled in phase %s: %w", PhaseLinks, err)
				}
			}
		}
	}
	if total%l.o.Slice != 0 || total == 0 {
		l.report(PhaseLinks, total, total)
	}
	if len(r.errs) > 0 {
		return nil, r.joined()
	}
	return fresh, nil
}

// parentOf returns the ChildOf target a record links to.
func parentOf(rec *record) (world.Entity, bool) {
	for _, l := range rec.links {
		if l.name == world.ChildOf.Name() && len(l.targets) == 1 {
			return l.targets[0], true
		}
	}
	return 0, false
}

// entity makes rec's entity in w from p (nil for none) and its saved
// components.
func (l *loader) entity(w *world.World, rec *record, p *prefab.Prefab) {
	r := &l.r
	var without []world.ComponentType
	comps := make([]comp, len(rec.comps))
	for i := range rec.comps {
		rc := &rec.comps[i]
		c := l.c.byName[rc.name]
		if c == nil {
			at := &yaml.Node{Line: rc.line, Column: rc.col}
			if l.o.IgnoreRemoved {
				l.ignore("component " + rc.name)
			} else {
				r.fail(at, rec, rc.name, "", because(ErrUnknownComponent, "the build has no such component"))
			}
			continue
		}
		comps[i] = c
		if rc.removed {
			without = append(without, c.key())
		}
	}
	if p != nil {
		parent, _ := parentOf(rec)
		if err := catch(func() { p.Fill(w, rec.id, l.o.Args, parent, without...) }); err != nil {
			r.fail(&yaml.Node{Line: rec.line, Column: rec.col}, rec, "", "", &both{ErrValue, err})
			return
		}
	}
	for i := range rec.comps {
		rc, c := &rec.comps[i], comps[i]
		if c == nil || rc.removed {
			if c != nil && w.Has(rec.id, c.key()) {
				w.Remove(rec.id, c.key()) // a prefab value Fill gave anyway
			}
			continue
		}
		at := &yaml.Node{Line: rc.line, Column: rc.col}
		v := reflect.New(c.goType()).Elem()
		if cur, ok := c.value(w, rec.id); ok {
			v.Set(cur)
		}
		if err := l.fill(v, c, rc, rec); err != nil {
			if rc.whole != nil {
				at = rc.whole
			}
			r.fail(at, rec, rc.name, "", err)
			continue
		}
		var err error
		if perr := catch(func() { err = c.put(w, rec.id, v) }); perr != nil {
			err = perr
		}
		if err != nil {
			r.fail(at, rec, rc.name, "", &both{ErrValue, err})
		}
	}
}

// fill lays rc's saved value over v, reporting field problems itself;
// it returns an error for the component as a whole.
func (l *loader) fill(v reflect.Value, c comp, rc *recComp, rec *record) error {
	r := &l.r
	if st := c.savedType(); st != nil { // custom
		if rc.whole == nil {
			return because(ErrValue, "a custom component is saved whole, not as compact fields")
		}
		if !l.r.lossless(rc.whole, st, rec, rc.name, "", ErrValue) {
			return nil
		}
		s := reflect.New(st).Elem()
		if err := rc.whole.Decode(s.Addr().Interface()); err != nil {
			return valueError(err)
		}
		if err := c.loaded(v, s); err != nil {
			return &both{ErrValue, err}
		}
		return nil
	}
	leaves := c.fields()
	if len(leaves) == 1 && leaves[0].path == "" { // a value saved whole
		if rc.whole == nil {
			return because(ErrValue, "a value saved whole, not as fields")
		}
		if !l.r.lossless(rc.whole, v.Type(), rec, rc.name, "", ErrValue) {
			return nil
		}
		return decodeInto(v, rc.whole, recField{})
	}
	if rc.whole != nil && rc.whole.Kind != yaml.MappingNode {
		return because(ErrSyntax, "a component's fields are a mapping, not "+describe(rc.whole))
	}
	for _, f := range rc.fields {
		at := &yaml.Node{Line: f.line, Column: f.col}
		lf, ok := leafByPath(c, f.path)
		if !ok {
			if l.o.IgnoreRemoved {
				l.ignore("component " + rc.name + " field " + f.path)
			} else {
				r.fail(at, rec, rc.name, f.path, because(ErrUnknownField, "the component has no such field"))
			}
			continue
		}
		fv := fieldAt(v, lf.index)
		if f.node != nil && !l.r.lossless(f.node, fv.Type(), rec, rc.name, f.path, ErrValue) {
			continue
		}
		if err := decodeInto(fv, f.node, f); err != nil {
			if f.node != nil {
				at = f.node // the value is wrong, not the key
			}
			r.fail(at, rec, rc.name, f.path, err)
		}
	}
	return nil
}

// decodeInto sets dst from a YAML node, or from f.cv when node is nil.
func decodeInto(dst reflect.Value, node *yaml.Node, f recField) error {
	t := dst.Type()
	if node == nil {
		return compactInto(dst, f.cv)
	}
	if t == entityType {
		e, ok := parseEntityValue(node.Value)
		if !ok || node.Kind != yaml.ScalarNode {
			return because(ErrValue, describe(node)+" is not an entity id such as 3v1")
		}
		dst.SetUint(uint64(e))
		return nil
	}
	tmp := reflect.New(t)
	if err := node.Decode(tmp.Interface()); err != nil {
		return valueError(err)
	}
	dst.Set(tmp.Elem())
	return nil
}

// compactInto sets dst from a compact value.
func compactInto(dst reflect.Value, v compact.Value) error {
	bad := func() error {
		return because(ErrValue, fmt.Sprintf("%v does not fit a %v", v, dst.Type()))
	}
	if dst.Type() == entityType {
		n, ok := v.Uint64()
		if !ok {
			return bad()
		}
		dst.SetUint(entityCode(world.Entity(n)))
		return nil
	}
	switch dst.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.Int64()
		if !ok || dst.OverflowInt(n) {
			return bad()
		}
		dst.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, ok := v.Uint64()
		if !ok || dst.OverflowUint(n) {
			return bad()
		}
		dst.SetUint(n)
	case reflect.Bool:
		b, ok := v.Bool()
		if !ok {
			return bad()
		}
		dst.SetBool(b)
	case reflect.Float32:
		f, ok := v.Float64()
		if !ok || math.IsNaN(f) || float64(float32(f)) != f && !math.IsInf(f, 0) {
			return bad()
		}
		dst.SetFloat(f)
	case reflect.Float64:
		s, ok := v.Text()
		if !ok {
			return bad()
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) {
			return bad()
		}
		dst.SetFloat(f)
	case reflect.String:
		s, ok := v.Text()
		if !ok {
			return bad()
		}
		dst.SetString(s)
	default:
		return bad()
	}
	return nil
}

// linksOf makes rec's links in w.
func (l *loader) linksOf(w *world.World, rec *record) {
	for _, ln := range rec.links {
		at := &yaml.Node{Line: ln.line, Column: ln.col}
		rel := l.relation(at, rec, ln.name)
		if rel == nil {
			continue
		}
		for _, t := range ln.targets {
			if !w.IsAlive(t) {
				l.r.fail(at, rec, ln.name, "", because(ErrIDs, fmt.Sprintf("links to %v, which the save does not hold", t)))
				continue
			}
			var err error
			if perr := catch(func() { err = rel.Set(w, rec.id, t) }); perr != nil {
				err = perr
			}
			if err != nil {
				l.r.fail(at, rec, ln.name, "", &both{ErrIDs, err})
			}
		}
	}
}

// relation returns the relationship named name, or nil, ignored or
// reported at at, when the build has none.
func (l *loader) relation(at *yaml.Node, rec *record, name string) *world.Relation {
	rel := l.c.rels[name]
	if rel == nil {
		if l.o.IgnoreRemoved {
			l.ignore("link " + name)
		} else {
			l.r.fail(at, rec, name, "", because(ErrUnknownComponent, "the build has no such relationship"))
		}
	}
	return rel
}

// sourcesOf gives rec's entity, once everything is linked, the order of
// its sources the save wrote where its entity order could not give it.
func (l *loader) sourcesOf(w *world.World, rec *record) {
	for _, ln := range rec.sources {
		at := &yaml.Node{Line: ln.line, Column: ln.col}
		rel := l.relation(at, rec, ln.name)
		if rel == nil || !w.IsAlive(rec.id) {
			continue // its id was refused already
		}
		if err := rel.OrderSources(w, rec.id, ln.targets); err != nil {
			// At the id the order refuses, if it names one: a source is
			// refused where it comes again, any other id where it
			// first comes.
			var we *world.Error
			if errors.As(err, &we) && we.Other != 0 {
				again := slices.Contains(rel.Sources(w, rec.id), we.Other)
				for i, t := range ln.targets {
					if t == we.Other {
						at = &yaml.Node{Line: ln.at[i][0], Column: ln.at[i][1]}
						if !again {
							break
						}
						again = false
					}
				}
			}
			l.r.fail(at, rec, ln.name, "", &both{ErrIDs, err})
		}
	}
}

// valueError returns the error of decoding a value as ErrValue, in the
// words of the parser's first problem without its line (the error's
// position says where), or for an entity id inside the value that is
// not one, in the words a field's own id gets.
func valueError(err error) error {
	var te *yaml.TypeError
	var we *world.Error
	if errors.As(err, &we) && we.Code == world.CodeNotAnID {
		return because(ErrValue, fmt.Sprintf("the text %v is not an entity id such as 3v1", we.Value))
	}
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg := te.Errors[0]
		if _, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "line ") {
			msg = rest
		}
		return because(ErrValue, msg)
	}
	return &both{ErrValue, err}
}

// catch runs fn and returns its panic as an error.
func catch(fn func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok {
				err = e
			} else {
				err = fmt.Errorf("panic: %v", p)
			}
		}
	}()
	fn()
	return nil
}

func describe(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	return describeNode(n)
}
