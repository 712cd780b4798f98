package save

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/save/compact"
	"github.com/tessera-engine/tessera/world"
)

// outEntity is one entity as a save writes it.
type outEntity struct {
	id     world.Entity
	prefab string // "" for none
	child  int    // its index among its parent's prefab's children; -1 for none
	comps  []outComp
	links  []outLink
	// sources lists, for a target whose sources the load's linking would
	// give in another order, the order they have (see sourceOrders).
	sources []outLink
}

type outComp struct {
	name    string
	removed bool
	custom  bool          // v is the custom save's value, written whole
	fields  []outField    // for a component saved field by field
	v       reflect.Value // for a custom component
	c       comp          // nil for a removed component
}

type outField struct {
	path string // "" for the whole value
	v    reflect.Value
}

type outLink struct {
	name    string
	targets []world.Entity
}

// Save returns w's state as a save in o.Format: for every entity its id,
// its prefab (for one spawned from the codec's library) and how it
// differs from it (see [prefab.Changes]), or every component for one
// without; its links; the world's generator, o.Clock, and the free ids,
// so that a load hands out the same ids next. Entities come in slot
// order, moved only so that a load links every target's sources in their
// order (and a target whose order no entity order gives has it written).
// It reads w only. O(entities × components), reflecting over
// every value it saves; it allocates the save.
//
// It fails, returning every problem, on a component the codec does not
// know whose value a load could not give back ([ErrUnsaved], unless
// o.SkipUnknown).
func (c *Codec) Save(w *world.World, o SaveOptions) ([]byte, error) {
	ents, err := c.collect(w, o)
	if err != nil {
		return nil, err
	}
	free, slots := w.FreeIDs()
	st := w.Rand().State()
	doc := newMap()
	addPair(doc, "version", number(strconv.Itoa(version)))
	addPair(doc, "format", scalar(o.Format.String()))
	clock := flowMap()
	addPair(clock, "step", number(strconv.FormatUint(o.Clock.Step, 10)))
	addPair(clock, "now", scalar(o.Clock.Now.String()))
	addPair(doc, "clock", clock)
	addPair(doc, "rand", scalar(st.String()))
	ids := flowMap()
	addPair(ids, "slots", number(strconv.Itoa(slots)))
	fl := flowSeq()
	for _, e := range free {
		fl.Content = append(fl.Content, scalar(e.String()))
	}
	addPair(ids, "free", fl)
	addPair(doc, "ids", ids)
	if o.Game != nil {
		var g yaml.Node
		if err := g.Encode(o.Game); err != nil {
			return nil, fmt.Errorf("save: the game's state: %w", err)
		}
		addPair(doc, "game", &g)
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	switch o.Format {
	case YAML:
		// made a chunk at a time below, so that few nodes live at once
	case Compact:
		defs, nodes, err := compactNodes(ents)
		if err != nil {
			return nil, err
		}
		if defs != nil {
			addPair(doc, "entityDefinitions", defs)
		}
		list.Content = nodes
	default:
		return nil, fmt.Errorf("save: unknown format %v", o.Format)
	}
	var buf bytes.Buffer
	buf.Grow(256 + len(ents)*80) // a YAML entity takes about 60 bytes, a compact one 15
	if err := encodeYAML(&buf, doc); err != nil {
		return nil, err
	}
	n := len(list.Content)
	if o.Format == YAML {
		n = len(ents)
	}
	if n == 0 {
		buf.WriteString("entities: []\n")
		return buf.Bytes(), nil
	}
	// The entities go a chunk at a time, each chunk a list of its own
	// indented under the key: the YAML emitter keeps every event of a
	// document until its end, so one document of a million nodes costs it
	// far more than many small ones.
	buf.WriteString("entities:\n")
	var chunk bytes.Buffer
	var nodes []*yaml.Node
	for i := 0; i < n; i += entityChunk {
		end := min(i+entityChunk, n)
		if o.Format == YAML {
			nodes = nodes[:0]
			for j := i; j < end; j++ {
				en, err := entityNode(&ents[j])
				if err != nil {
					return nil, err
				}
				nodes = append(nodes, en)
			}
		} else {
			nodes = list.Content[i:end]
		}
		part := &yaml.Node{Kind: yaml.SequenceNode, Content: nodes}
		chunk.Reset()
		if err := encodeYAML(&chunk, part); err != nil {
			return nil, err
		}
		for line := range bytes.Lines(chunk.Bytes()) {
			if len(line) > 1 {
				buf.WriteString("  ")
			}
			buf.Write(line)
		}
	}
	return buf.Bytes(), nil
}

// entityChunk is how many entities Save gives the YAML emitter at once.
const entityChunk = 256

// encodeYAML appends n as a YAML document, indented by two, to buf.
func encodeYAML(buf *bytes.Buffer, n *yaml.Node) error {
	enc := yaml.NewEncoder(buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

// WriteFile saves w as [Codec.Save] does to the file at path, atomically:
// it writes a temporary file beside it and renames it over path, so a
// crash mid-write leaves the old save whole. It makes path's directory if
// needed.
func (c *Codec) WriteFile(w *world.World, path string, o SaveOptions) error {
	data, err := c.Save(w, o)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// collect reads every live entity of w into what the save writes.
func (c *Codec) collect(w *world.World, o SaveOptions) ([]outEntity, error) {
	live := w.Entities()
	out := make([]outEntity, 0, len(live))
	var errs []error
	unknown := func(e world.Entity, pre string, ct world.ComponentType) {
		if !o.SkipUnknown {
			errs = append(errs, &Error{Entity: e.String(), Prefab: pre, Component: ct.Name(),
				Err: because(ErrUnsaved, "register it with save.Component, or save with SkipUnknown")})
		}
	}
	for _, e := range live {
		oe := outEntity{id: e, child: -1}
		pre, child, ok := c.prefabOf(w, e)
		if ok {
			oe.prefab, oe.child = pre, child
			changes, _ := prefab.Changes(w, e)
			for _, ch := range changes {
				if _, isRel := c.relIDs[ch.Component.ID()]; isRel || isReverse(ch.Component) {
					continue // saved as links
				}
				r := c.byID[ch.Component.ID()]
				switch ch.Kind {
				case prefab.Removed:
					if r == nil {
						unknown(e, pre, ch.Component)
						continue
					}
					oe.comps = append(oe.comps, outComp{name: ch.Component.Name(), removed: true})
				case prefab.Added:
					if r == nil {
						unknown(e, pre, ch.Component)
						continue
					}
					oe.addWhole(w, r, false)
				case prefab.Made:
					if r != nil {
						oe.addWhole(w, r, true)
					} // else the factory makes it again on load
				case prefab.Changed:
					if r == nil {
						unknown(e, pre, ch.Component)
						continue
					}
					oe.addChanged(w, r, ch)
				}
			}
		} else {
			for _, ct := range w.ComponentsOf(e) {
				id := ct.ID()
				if _, isRel := c.relIDs[id]; isRel || id == prefab.Origin.ID() || isReverse(ct) {
					continue
				}
				r := c.byID[id]
				if r == nil {
					unknown(e, "", ct)
					continue
				}
				oe.addWhole(w, r, false)
			}
		}
		for _, rel := range c.order {
			if w.Has(e, rel) {
				oe.links = append(oe.links, outLink{name: rel.Name(), targets: rel.Targets(w, e)})
			}
		}
		out = append(out, oe)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c.linkOrder(w, out), nil
}

// linkOrder returns ents in an order in which a load, linking each
// entity's targets in turn, gives every target its sources in the order
// they have in w ([world.Relation.Sources]), which the world hash
// covers: the slot order, except that each target's sources come in
// their order. When the orders contradict each other (a target's
// children in one order and the same entities liking another in the
// opposite one, say) no entity order gives them all: the rest go in slot
// order, and the targets whose sources that order would not give back
// get their order written out (sourceOrders), which the load applies
// once everything is linked.
func (c *Codec) linkOrder(w *world.World, ents []outEntity) []outEntity {
	at := make(map[world.Entity]int, len(ents))
	for i := range ents {
		at[ents[i].id] = i
	}
	// after[i] lists the entities that must come after i; need[i] counts
	// those that must come before it.
	after := map[int][]int{}
	need := make([]int, len(ents))
	inOrder := true
	for i := range ents {
		for _, rel := range c.order {
			srcs := rel.Sources(w, ents[i].id)
			for k := 1; k < len(srcs); k++ {
				a, b := at[srcs[k-1]], at[srcs[k]]
				inOrder = inOrder && a < b
				after[a] = append(after[a], b)
				need[b]++
			}
		}
	}
	if inOrder {
		return ents // every list is in slot order already
	}
	out := make([]outEntity, 0, len(ents))
	ready := &slotHeap{}
	for i := range ents {
		if need[i] == 0 {
			heap.Push(ready, i)
		}
	}
	done := make([]bool, len(ents))
	for ready.Len() > 0 {
		i := heap.Pop(ready).(int)
		done[i] = true
		out = append(out, ents[i])
		for _, j := range after[i] {
			if need[j]--; need[j] == 0 {
				heap.Push(ready, j)
			}
		}
	}
	if len(out) == len(ents) {
		return out
	}
	for i := range ents {
		if !done[i] {
			out = append(out, ents[i])
		}
	}
	c.sourceOrders(w, out)
	return out
}

// sourceOrders gives each target in ents whose sources a load, linking
// each entity's targets in the order of ents, would give in an order
// other than w's the order w has. O(links).
func (c *Codec) sourceOrders(w *world.World, ents []outEntity) {
	at := make(map[world.Entity]int, len(ents))
	for i := range ents {
		at[ents[i].id] = i
	}
	for _, rel := range c.order {
		loaded := map[world.Entity][]world.Entity{} // each target's sources as the load links them
		for i := range ents {
			for _, l := range ents[i].links {
				if l.name != rel.Name() {
					continue
				}
				for _, t := range l.targets {
					loaded[t] = append(loaded[t], ents[i].id)
				}
			}
		}
		for i := range ents {
			t := ents[i].id
			if srcs := rel.Sources(w, t); !slices.Equal(srcs, loaded[t]) {
				ents[at[t]].sources = append(ents[at[t]].sources, outLink{name: rel.Name(), targets: slices.Clone(srcs)})
			}
		}
	}
}

// slotHeap is a min-heap of entity indices, which are in slot order.
type slotHeap []int

func (h slotHeap) Len() int           { return len(h) }
func (h slotHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h slotHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *slotHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *slotHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// isReverse reports whether ct is the reverse side of a relationship,
// which the world keeps from the sources' links.
func isReverse(ct world.ComponentType) bool {
	_, ok := ct.(*world.Reverse)
	return ok
}

// prefabOf returns the prefab a save names for e, and for a child its
// index among its parent's prefab's children; false when e saves every
// component (no prefab, one the library does not hold, a child whose
// parent's prefab does not list it).
func (c *Codec) prefabOf(w *world.World, e world.Entity) (string, int, bool) {
	p, ok := prefab.Origin.Get(w, e)
	if !ok || *p == nil {
		return "", -1, false
	}
	if !(*p).IsChild() {
		if q, ok := c.lookup((*p).Name()); ok && q.Name() == (*p).Name() {
			return (*p).Name(), -1, true
		}
		return "", -1, false
	}
	parent, ok := world.ChildOf.Target(w, e)
	if !ok {
		return "", -1, false
	}
	if _, _, ok := c.prefabOf(w, parent); !ok {
		return "", -1, false
	}
	pp := *prefab.Origin.Require(w, parent)
	i := slices.Index(pp.Children(), *p)
	if i < 0 {
		return "", -1, false
	}
	return (*p).Name(), i, true
}

// addWhole adds e's value of r, every field (but configuration when the
// entity's prefab gives the component).
func (oe *outEntity) addWhole(w *world.World, r comp, fromPrefab bool) {
	v, ok := r.value(w, oe.id)
	if !ok {
		return
	}
	oc := outComp{name: r.key().Name(), c: r}
	if s, ok := r.saved(v); ok {
		oc.custom, oc.v = true, s
	} else {
		for _, l := range r.fields() {
			if l.config && fromPrefab {
				continue
			}
			oc.fields = append(oc.fields, outField{path: l.path, v: fieldAt(v, l.index)})
		}
	}
	oe.comps = append(oe.comps, oc)
}

// addChanged adds the field ch names, unless it is configuration; a
// custom component is saved whole.
func (oe *outEntity) addChanged(w *world.World, r comp, ch prefab.Change) {
	name := r.key().Name()
	var oc *outComp
	if n := len(oe.comps); n > 0 && oe.comps[n-1].name == name {
		oc = &oe.comps[n-1]
	}
	if r.fields() == nil { // custom
		if oc == nil {
			oe.addWhole(w, r, true)
		}
		return
	}
	l, ok := leafByPath(r, ch.Field)
	if !ok || l.config {
		return
	}
	v, ok := r.value(w, oe.id)
	if !ok {
		return
	}
	if oc == nil {
		oe.comps = append(oe.comps, outComp{name: name, c: r})
		oc = &oe.comps[len(oe.comps)-1]
	}
	oc.fields = append(oc.fields, outField{path: l.path, v: fieldAt(v, l.index)})
}

// entityNode returns e as a YAML mapping.
func entityNode(e *outEntity) (*yaml.Node, error) {
	n := newMap()
	addPair(n, "id", scalar(e.id.String()))
	if e.prefab != "" {
		addPair(n, "prefab", scalar(e.prefab))
	}
	if e.child >= 0 {
		addPair(n, "child", number(strconv.Itoa(e.child)))
	}
	if len(e.links) > 0 {
		addPair(n, "links", linksNode(e.links))
	}
	if len(e.sources) > 0 {
		addPair(n, "sources", linksNode(e.sources))
	}
	if len(e.comps) > 0 {
		cn := newMap()
		for i := range e.comps {
			v, err := compNode(&e.comps[i])
			if err != nil {
				return nil, &Error{Entity: e.id.String(), Prefab: e.prefab, Component: e.comps[i].name, Err: fmt.Errorf("%w: %w", ErrValue, err)}
			}
			addPair(cn, e.comps[i].name, v)
		}
		addPair(n, "components", cn)
	}
	return n, nil
}

// linksNode returns lists of ids by relationship as a flow mapping:
// {ChildOf: [0v1]}.
func linksNode(ls []outLink) *yaml.Node {
	m := flowMap()
	for _, l := range ls {
		ids := flowSeq()
		for _, t := range l.targets {
			ids.Content = append(ids.Content, scalar(t.String()))
		}
		addPair(m, l.name, ids)
	}
	return m
}

// compNode returns a component's saved value as YAML: none, the custom
// value, the whole value, or a flow mapping of field paths to values.
func compNode(oc *outComp) (*yaml.Node, error) {
	switch {
	case oc.removed:
		return scalar("none"), nil
	case oc.custom:
		return valueNode(oc.v)
	case len(oc.fields) == 1 && oc.fields[0].path == "":
		return valueNode(oc.fields[0].v)
	}
	m := flowMap()
	for _, f := range oc.fields {
		v, err := valueNode(f.v)
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", f.path, err)
		}
		addPair(m, f.path, v)
	}
	return m, nil
}

var entityType = reflect.TypeFor[world.Entity]()

// valueNode encodes v as YAML; an entity id as its text, "3v1".
func valueNode(v reflect.Value) (*yaml.Node, error) {
	if v.Type() == entityType {
		return scalar(world.Entity(v.Uint()).String()), nil
	}
	if f, ok := floatOf(v); ok && math.IsNaN(f) {
		return nil, errors.New("NaN cannot be saved (a load refuses it)")
	}
	var n yaml.Node
	if err := n.Encode(v.Interface()); err != nil {
		return nil, err
	}
	return &n, nil
}

func floatOf(v reflect.Value) (float64, bool) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

func newMap() *yaml.Node  { return &yaml.Node{Kind: yaml.MappingNode} }
func flowMap() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }
func flowSeq() *yaml.Node { return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle} }

// scalar returns a plain scalar node; the encoder quotes it when needed.
func scalar(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// number returns an integer scalar node.
func number(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: s}
}

func addPair(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, scalar(key), v)
}

// compactNodes returns the definitions and the entities of a compact
// save: strings for the entities that fit, mappings for the others.
func compactNodes(ents []outEntity) (*yaml.Node, []*yaml.Node, error) {
	// One definition per prefab: its properties in order of first use.
	type defBuild struct {
		props []compact.Property
		has   map[string]bool
	}
	builds := map[string]*defBuild{}
	var types []string
	cents := make([]*compact.Entity, len(ents))
	for i := range ents {
		ce, props, ok := compactEntity(&ents[i])
		if !ok {
			continue
		}
		b := builds[ce.Type]
		if b == nil {
			b = &defBuild{has: map[string]bool{}}
			builds[ce.Type] = b
			types = append(types, ce.Type)
		}
		for _, p := range props {
			if !b.has[p.Name] {
				b.has[p.Name] = true
				b.props = append(b.props, p)
			}
		}
		cents[i] = ce
	}
	defs := make([]compact.Definition, len(types))
	for i, t := range types {
		defs[i] = compact.Definition{Type: t, Properties: builds[t].props}
	}
	table, err := compact.NewTable(defs...)
	if err != nil {
		return nil, nil, fmt.Errorf("save: %w", err)
	}
	nodes := make([]*yaml.Node, len(ents))
	var strs []string
	var buf []byte
	for i := range ents {
		if cents[i] != nil {
			b, err := table.AppendEncode(buf[:0], *cents[i])
			if err == nil {
				s := string(b)
				buf = b
				strs = append(strs, s)
				nodes[i] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
				continue
			}
			if !errors.Is(err, compact.ErrNoFit) {
				return nil, nil, fmt.Errorf("save: entity %v: %w", ents[i].id, err)
			}
		}
		n, err := entityNode(&ents[i])
		if err != nil {
			return nil, nil, err
		}
		n.Style = yaml.FlowStyle
		nodes[i] = n
	}
	if len(strs) == 0 {
		return nil, nodes, nil
	}
	used, err := table.Used(strs)
	if err != nil {
		return nil, nil, fmt.Errorf("save: %w", err)
	}
	var dn yaml.Node
	if err := dn.Encode(used); err != nil {
		return nil, nil, fmt.Errorf("save: %w", err)
	}
	flowProperties(&dn)
	return &dn, nodes, nil
}

// flowProperties writes each property of the definitions node on one
// line: {name: x, type: uint}.
func flowProperties(n *yaml.Node) {
	if n.Kind == yaml.SequenceNode {
		for _, p := range n.Content {
			if p.Kind == yaml.MappingNode {
				p.Style = yaml.FlowStyle
			}
		}
		return
	}
	for _, c := range n.Content {
		flowProperties(c)
	}
}

// The properties every compact definition may have besides the
// components' fields.
const (
	propSlot   = "@slot"
	propGen    = "@gen"    // absent for generation 1
	propChild  = "@child"  // absent for a root
	propParent = "@parent" // the ChildOf target, as a uint64 id
)

// compactEntity returns e as a compact entity and the properties it
// uses, or false when it cannot be one: no prefab, a link other than
// ChildOf, an order of its sources, a component saved whole, or a field
// that is not a number, a boolean or a string.
func compactEntity(e *outEntity) (*compact.Entity, []compact.Property, bool) {
	if e.prefab == "" || len(e.sources) > 0 {
		return nil, nil, false
	}
	ce := &compact.Entity{Type: e.prefab}
	var props []compact.Property
	add := func(name string, k compact.Kind, v compact.Value) {
		ce.Fields = append(ce.Fields, compact.Field{Name: name, Value: v})
		props = append(props, compact.Property{Name: name, Kind: k})
	}
	add(propSlot, compact.Uint, compact.UintValue(uint64(e.id.Slot())))
	if g := e.id.Generation(); g != 1 {
		add(propGen, compact.Uint, compact.UintValue(uint64(g)))
	}
	if e.child >= 0 {
		add(propChild, compact.Uint, compact.UintValue(uint64(e.child)))
	}
	for _, l := range e.links {
		if l.name != world.ChildOf.Name() || len(l.targets) != 1 {
			return nil, nil, false
		}
		add(propParent, compact.Uint, compact.UintValue(entityCode(l.targets[0])))
	}
	for i := range e.comps {
		oc := &e.comps[i]
		if oc.removed {
			add("-"+oc.name, compact.Boolean, compact.BoolValue(true))
			continue
		}
		if oc.custom {
			return nil, nil, false
		}
		for _, f := range oc.fields {
			if f.path == "" {
				return nil, nil, false // a whole value: added, made or not a struct
			}
			k, v, ok := compactValue(f.v)
			if !ok {
				return nil, nil, false
			}
			add(oc.name+"."+f.path, k, v)
		}
	}
	return ce, props, true
}

// compactValue returns v as a compact value, or false when no kind holds
// it: a float64 goes as its shortest decimal text, exact.
func compactValue(v reflect.Value) (compact.Kind, compact.Value, bool) {
	if v.Type() != entityType && (v.Type().Implements(textMarshalerType) || v.Type().PkgPath() != "" && v.Kind() == reflect.Struct) {
		return 0, compact.Value{}, false
	}
	if v.Type() == entityType {
		return compact.Uint, compact.UintValue(entityCode(world.Entity(v.Uint()))), true
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return compact.Int, compact.IntValue(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return compact.Uint, compact.UintValue(v.Uint()), true
	case reflect.Bool:
		return compact.Boolean, compact.BoolValue(v.Bool()), true
	case reflect.Float32:
		if math.IsNaN(v.Float()) {
			return 0, compact.Value{}, false
		}
		return compact.Float32, compact.Float32Value(float32(v.Float())), true
	case reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) {
			return 0, compact.Value{}, false
		}
		return compact.String, compact.StringValue(strconv.FormatFloat(f, 'g', -1, 64)), true
	case reflect.String:
		if v.Len() == 0 {
			return 0, compact.Value{}, false
		}
		return compact.String, compact.StringValue(v.String()), true
	}
	return 0, compact.Value{}, false
}

// entityCode is how a compact string holds an entity id: its bits with
// generation 1 turned to 0, so that an id of the first generation is its
// slot alone, a short number. It is its own inverse.
func entityCode(e world.Entity) uint64 { return uint64(e) ^ 1<<32 }

var textMarshalerType = reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]()
