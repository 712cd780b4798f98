package save

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/random"
	"github.com/tessera-engine/tessera/save/compact"
	"github.com/tessera-engine/tessera/world"
)

// document is a save as read, before any entity is made.
type document struct {
	game    *yaml.Node
	clock   Clock
	rand    random.State
	slots   int
	free    []world.Entity
	records []record
}

// record is one entity of a save.
type record struct {
	line, col int
	id        world.Entity
	prefab    string
	child     int // -1 for none
	comps     []recComp
	links     []recLink
	sources   []recLink // the order of its sources, where the save gives it
}

type recComp struct {
	line, col int
	name      string
	removed   bool
	whole     *yaml.Node // the value, for a component not written field by field
	fields    []recField
}

type recField struct {
	line, col int
	path      string
	node      *yaml.Node    // from YAML
	cv        compact.Value // from a compact string, when node is nil
}

type recLink struct {
	line, col int
	name      string
	targets   []world.Entity
	at        [][2]int // each target's line and column
}

// reader collects the problems of one load.
type reader struct {
	file string
	errs []error
	more int // problems past maxProblems, counted only
}

// maxProblems bounds the problems a load reports one by one, so that a
// save of a million bad entities costs a bounded message.
const maxProblems = 100

func (r *reader) fail(n *yaml.Node, rec *record, component, field string, err error) {
	if len(r.errs) >= maxProblems {
		r.more++
		return
	}
	e := &Error{File: r.file, Component: component, Field: field, Err: err}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	if rec != nil {
		if rec.id != 0 {
			e.Entity = rec.id.String()
		}
		e.Prefab = rec.prefab
	}
	r.errs = append(r.errs, e)
}

// lossless reports, each at its place and as kind, what the YAML decoder
// would take from n into a t and change without a word (a fraction
// truncated into an integer, a null left out of a list: see
// yamlpos.Losses), and whether there was nothing of the kind. What a save
// writes holds neither, but for a type whose MarshalYAML writes null in
// a list; a save edited by hand may.
func (r *reader) lossless(n *yaml.Node, t reflect.Type, rec *record, component, field string, kind error) bool {
	losses := yamlpos.Losses(n, t)
	for _, loss := range losses {
		r.fail(loss.Node, rec, component, field, because(kind, loss.Msg))
	}
	return len(losses) == 0
}

// joined returns the problems in the order of their places in the file
// (those of no place first), each place's in the order found.
func (r *reader) joined() error {
	slices.SortStableFunc(r.errs, func(a, b error) int {
		x, y := a.(*Error), b.(*Error)
		if x.Line != y.Line {
			return cmp.Compare(x.Line, y.Line)
		}
		return cmp.Compare(x.Col, y.Col)
	})
	if r.more > 0 {
		r.errs = append(r.errs, &Error{File: r.file, Err: fmt.Errorf("and %d more problems", r.more)})
	}
	return errors.Join(r.errs...)
}

// parse reads data into a document, reporting every problem.
func (r *reader) parse(data []byte, o LoadOptions) (*document, error) {
	maxBytes := o.MaxBytes
	if maxBytes == 0 {
		maxBytes = DefaultMaxBytes
	}
	if maxBytes > 0 && len(data) > maxBytes {
		return nil, &Error{File: r.file, Err: because(ErrTooLarge, fmt.Sprintf("%d bytes, past the %d allowed", len(data), maxBytes))}
	}
	var top yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := yamlpos.Decode(dec, &top); err != nil {
		line, msg := yamlpos.Syntax(data, err)
		return nil, &Error{File: r.file, Line: line, Err: because(ErrSyntax, msg)}
	}
	maxNodes := o.MaxNodes
	if maxNodes == 0 {
		maxNodes = DefaultMaxNodes
	}
	if maxNodes > 0 {
		if n := countNodes(&top, map[*yaml.Node]int{}, maxNodes); n > maxNodes {
			return nil, &Error{File: r.file, Err: because(ErrTooLarge, fmt.Sprintf("more than %d YAML nodes, aliases expanded", maxNodes))}
		}
	}
	root := &top
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	root = yamlpos.Resolve(root)
	if root.Kind != yaml.MappingNode {
		r.fail(root, nil, "", "", because(ErrSyntax, "a save is a mapping, not "+yamlpos.Describe(root)))
		return nil, r.joined()
	}
	doc := &document{}
	var entities *yaml.Node
	var table *compact.Table
	versioned := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], yamlpos.Resolve(root.Content[i+1])
		switch k.Value {
		case "version":
			versioned = true
			if v.Value != strconv.Itoa(version) {
				r.fail(v, nil, "", "", because(ErrVersion, fmt.Sprintf("version %s; this build reads version %d", yamlpos.Describe(v), version)))
				return nil, r.joined()
			}
		case "format":
			if v.Value != YAML.String() && v.Value != Compact.String() {
				r.fail(v, nil, "", "", because(ErrSyntax, fmt.Sprintf("format %s is not yaml or compact", yamlpos.Describe(v))))
			}
		case "clock":
			r.clock(v, &doc.clock)
		case "rand":
			if err := doc.rand.UnmarshalText([]byte(v.Value)); err != nil || v.Kind != yaml.ScalarNode {
				r.fail(v, nil, "", "", because(ErrSyntax, fmt.Sprintf("rand %s is not a generator's state (seed=S stream=T position=P)", yamlpos.Describe(v))))
			}
		case "ids":
			r.ids(v, doc)
		case "game":
			doc.game = v
		case "entityDefinitions":
			var defs map[int]compact.Definition
			if !r.lossless(v, reflect.TypeOf(defs), nil, "", "", ErrCompact) {
				continue
			}
			if err := v.Decode(&defs); err != nil {
				r.fail(v, nil, "", "", fmt.Errorf("%w: %w", ErrCompact, err))
				continue
			}
			t, err := compact.LoadTable(defs)
			if err != nil {
				r.fail(v, nil, "", "", &both{ErrCompact, err})
				continue
			}
			table = t
		case "entities":
			entities = v
		default:
			r.fail(k, nil, "", "", because(ErrSyntax, fmt.Sprintf("unknown key %q", k.Value)))
		}
	}
	if !versioned {
		r.fail(root, nil, "", "", because(ErrVersion, "no version"))
	}
	// Every mapping's keys, once the version is known to be this build's
	// (a later version's save is ErrVersion whatever it holds): a key
	// given twice stops the load here.
	before := len(r.errs)
	if r.duplicateKeys(root, doc.game); len(r.errs) > before {
		return nil, r.joined()
	}
	if entities != nil {
		if entities.Kind != yaml.SequenceNode && !yamlpos.IsNull(entities) {
			r.fail(entities, nil, "", "", because(ErrSyntax, "entities is a list, not "+yamlpos.Describe(entities)))
		} else {
			doc.records = make([]record, 0, len(entities.Content))
			for _, n := range entities.Content {
				n = yamlpos.Resolve(n)
				rec := record{line: n.Line, col: n.Column, child: -1}
				ok := false
				switch {
				case n.Kind == yaml.ScalarNode && n.Tag == "!!str":
					ok = r.compactRecord(n, table, &rec)
				case n.Kind == yaml.MappingNode:
					ok = r.record(n, &rec)
				default:
					r.fail(n, nil, "", "", because(ErrSyntax, "an entity is a mapping or a compact string, not "+yamlpos.Describe(n)))
				}
				if ok {
					doc.records = append(doc.records, rec)
				}
			}
		}
	}
	if len(r.errs) > 0 {
		return nil, r.joined()
	}
	return doc, nil
}

// duplicateKeys reports, as ErrSyntax at the second, each key that a
// mapping under n gives twice, an alias key as the key it names; merge
// keys (the plain "<<") may repeat, and skip, the game's own state, is
// left to what Loaded.Game decodes it into. Save never repeats a key of
// its own; in a save edited by hand a repeated entity key, component,
// field, link or order of sources would otherwise lose one of its two
// values without a word. Aliases are not followed: what they name is in
// the document already. A mapping of many keys is checked through a map,
// a small one by comparing its keys.
func (r *reader) duplicateKeys(n, skip *yaml.Node) {
	if n == skip {
		return
	}
	if n.Kind == yaml.MappingNode {
		var seen map[string]*yaml.Node
		if len(n.Content) > 2*16 {
			seen = make(map[string]*yaml.Node, len(n.Content)/2)
		}
		key := func(i int) *yaml.Node {
			if k := yamlpos.Resolve(n.Content[i]); k.Kind == yaml.ScalarNode && k.Tag != "!!merge" {
				return k
			}
			return nil
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := key(i)
			if k == nil {
				continue
			}
			var first *yaml.Node
			if seen != nil {
				first = seen[k.Value]
				if first == nil {
					seen[k.Value] = n.Content[i]
				}
			} else {
				for j := 0; j < i && first == nil; j += 2 {
					if p := key(j); p != nil && p.Value == k.Value {
						first = n.Content[j]
					}
				}
			}
			if first != nil {
				r.fail(n.Content[i], nil, "", "", because(ErrSyntax, fmt.Sprintf("key %q given twice (first at line %d)", k.Value, first.Line)))
			}
		}
	}
	if n.Kind != yaml.AliasNode {
		for _, c := range n.Content {
			r.duplicateKeys(c, skip)
		}
	}
}

// countNodes counts the nodes under n, an alias as the nodes it names,
// stopping past limit.
func countNodes(n *yaml.Node, memo map[*yaml.Node]int, limit int) int {
	if n == nil {
		return 0
	}
	if c, ok := memo[n]; ok {
		return c
	}
	if n.Kind == yaml.AliasNode {
		c := 1 + countNodes(n.Alias, memo, limit)
		memo[n] = c
		return c
	}
	memo[n] = limit + 1 // a cycle counts as too many
	c := 1
	for _, k := range n.Content {
		c += countNodes(k, memo, limit)
		if c > limit {
			break
		}
	}
	memo[n] = c
	return c
}

func (r *reader) clock(v *yaml.Node, c *Clock) {
	if v.Kind != yaml.MappingNode {
		r.fail(v, nil, "", "", because(ErrSyntax, "clock is a mapping {step, now}, not "+yamlpos.Describe(v)))
		return
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], yamlpos.Resolve(v.Content[i+1])
		switch k.Value {
		case "step":
			s, err := strconv.ParseUint(x.Value, 10, 64)
			if err != nil || x.Kind != yaml.ScalarNode {
				r.fail(x, nil, "", "", because(ErrSyntax, "clock step "+yamlpos.Describe(x)+" is not a step count"))
			}
			c.Step = s
		case "now":
			d, err := time.ParseDuration(x.Value)
			if err != nil || x.Kind != yaml.ScalarNode {
				r.fail(x, nil, "", "", because(ErrSyntax, "clock now "+yamlpos.Describe(x)+" is not a duration such as 2.5s"))
			}
			c.Now = d
		default:
			r.fail(k, nil, "", "", because(ErrSyntax, fmt.Sprintf("unknown clock key %q", k.Value)))
		}
	}
}

func (r *reader) ids(v *yaml.Node, doc *document) {
	if v.Kind != yaml.MappingNode {
		r.fail(v, nil, "", "", because(ErrSyntax, "ids is a mapping {slots, free}, not "+yamlpos.Describe(v)))
		return
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], yamlpos.Resolve(v.Content[i+1])
		switch k.Value {
		case "slots":
			s, err := strconv.ParseUint(x.Value, 10, 32)
			if err != nil || x.Kind != yaml.ScalarNode {
				r.fail(x, nil, "", "", because(ErrIDs, "slots "+yamlpos.Describe(x)+" is not a count"))
			}
			doc.slots = int(s)
		case "free":
			if x.Kind != yaml.SequenceNode {
				r.fail(x, nil, "", "", because(ErrSyntax, "free is a list of ids, not "+yamlpos.Describe(x)))
				continue
			}
			for _, f := range x.Content {
				if e, ok := r.entityID(f, nil, "", ""); ok {
					doc.free = append(doc.free, e)
				}
			}
		default:
			r.fail(k, nil, "", "", because(ErrSyntax, fmt.Sprintf("unknown ids key %q", k.Value)))
		}
	}
}

// parseEntity reads an entity's id as world.Entity.String writes it:
// "12v3". A generation of 0 is never an entity's (a live entity's is at
// least 1), so it is refused: as an id, a link or a free id.
func parseEntity(s string) (world.Entity, bool) {
	e, ok := parseEntityValue(s)
	return e, ok && e.Generation() != 0
}

// parseEntityValue reads the value of a world.Entity field, written as
// world.Entity.String writes it. Any value round-trips, a generation of
// 0 included: "0v0", the zero Entity (a field's "no entity"), or "7v0",
// no entity either, which a field may hold all the same.
func parseEntityValue(s string) (world.Entity, bool) {
	e, err := world.ParseEntity(s)
	return e, err == nil
}

func (r *reader) entityID(n *yaml.Node, rec *record, component, field string) (world.Entity, bool) {
	n = yamlpos.Resolve(n)
	e, ok := parseEntity(n.Value)
	if !ok || n.Kind != yaml.ScalarNode {
		r.fail(n, rec, component, field, because(ErrIDs, yamlpos.Describe(n)+" is not an entity id such as 3v1"))
		return 0, false
	}
	return e, true
}

// record reads an entity written as a mapping.
func (r *reader) record(n *yaml.Node, rec *record) bool {
	before := len(r.errs)
	var comps, links, sources *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], yamlpos.Resolve(n.Content[i+1])
		switch k.Value {
		case "id":
			rec.id, _ = r.entityID(v, rec, "", "")
		case "prefab":
			if v.Kind != yaml.ScalarNode || v.Value == "" {
				r.fail(v, rec, "", "", because(ErrSyntax, "prefab "+yamlpos.Describe(v)+" is not a prefab's name"))
			}
			rec.prefab = v.Value
		case "child":
			c, err := strconv.ParseUint(v.Value, 10, 31)
			if err != nil || v.Kind != yaml.ScalarNode {
				r.fail(v, rec, "", "", because(ErrSyntax, "child "+yamlpos.Describe(v)+" is not an index"))
			}
			rec.child = int(c)
		case "components":
			comps = v
		case "links":
			links = v
		case "sources":
			sources = v
		default:
			r.fail(k, rec, "", "", because(ErrSyntax, fmt.Sprintf("unknown entity key %q", k.Value)))
		}
	}
	if rec.id == 0 && len(r.errs) == before {
		r.fail(n, rec, "", "", because(ErrIDs, "an entity without an id"))
	}
	rec.links = r.linkLists(links, rec, "links", "a link")
	rec.sources = r.linkLists(sources, rec, "sources", "an order of sources")
	if comps != nil {
		if comps.Kind != yaml.MappingNode {
			r.fail(comps, rec, "", "", because(ErrSyntax, "components is a mapping, not "+yamlpos.Describe(comps)))
		} else {
			for i := 0; i+1 < len(comps.Content); i += 2 {
				k, v := comps.Content[i], yamlpos.Resolve(comps.Content[i+1])
				c := recComp{line: k.Line, col: k.Column, name: k.Value}
				switch {
				case v.Kind == yaml.ScalarNode && v.Tag == "!!str" && v.Value == "none":
					c.removed = true
				case v.Kind == yaml.MappingNode && v.Style&yaml.FlowStyle != 0 || v.Kind == yaml.MappingNode:
					c.whole = v // field paths or a whole mapping: the loader tells
					for j := 0; j+1 < len(v.Content); j += 2 {
						fk := v.Content[j]
						c.fields = append(c.fields, recField{line: fk.Line, col: fk.Column, path: fk.Value, node: yamlpos.Resolve(v.Content[j+1])})
					}
				default:
					c.whole = v
				}
				rec.comps = append(rec.comps, c)
			}
		}
	}
	return len(r.errs) == before
}

// linkLists reads a mapping from relationships' names to lists of ids:
// an entity's links, or the order of its sources.
func (r *reader) linkLists(n *yaml.Node, rec *record, key, what string) []recLink {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		r.fail(n, rec, "", "", because(ErrSyntax, key+" is a mapping, not "+yamlpos.Describe(n)))
		return nil
	}
	var out []recLink
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], yamlpos.Resolve(n.Content[i+1])
		l := recLink{line: k.Line, col: k.Column, name: k.Value}
		if v.Kind != yaml.SequenceNode {
			r.fail(v, rec, k.Value, "", because(ErrSyntax, what+" is a list of ids, not "+yamlpos.Describe(v)))
			continue
		}
		for _, t := range v.Content {
			if e, ok := r.entityID(t, rec, k.Value, ""); ok {
				l.targets = append(l.targets, e)
				l.at = append(l.at, [2]int{t.Line, t.Column})
			}
		}
		out = append(out, l)
	}
	return out
}

// compactRecord reads an entity written as a compact string.
func (r *reader) compactRecord(n *yaml.Node, table *compact.Table, rec *record) bool {
	if table == nil {
		r.fail(n, nil, "", "", because(ErrCompact, "a compact entity string in a save without entityDefinitions"))
		return false
	}
	ce, err := table.Decode(n.Value)
	if err != nil {
		r.fail(n, nil, "", "", &both{ErrCompact, err})
		return false
	}
	rec.prefab = ce.Type
	gen := uint64(1)
	var slot uint64
	hasSlot := false
	before := len(r.errs)
	bad := func(f compact.Field, msg string) {
		r.fail(n, rec, "", f.Name, because(ErrCompact, msg))
	}
	for _, f := range ce.Fields {
		switch f.Name {
		case propSlot:
			s, ok := f.Value.Uint64()
			if !ok || s > math.MaxUint32 {
				bad(f, "not a slot")
			}
			slot, hasSlot = s, true
		case propGen:
			g, ok := f.Value.Uint64()
			if !ok || g == 0 || g > math.MaxUint32 {
				bad(f, "not a generation")
			}
			gen = g
		case propChild:
			c, ok := f.Value.Uint64()
			if !ok || c > math.MaxInt32 {
				bad(f, "not a child index")
			}
			rec.child = int(c)
		case propParent:
			p, ok := f.Value.Uint64()
			if !ok || world.Entity(entityCode(world.Entity(p))).Generation() == 0 {
				bad(f, "not an entity id")
			}
			rec.links = append(rec.links, recLink{line: n.Line, col: n.Column, name: world.ChildOf.Name(), targets: []world.Entity{world.Entity(entityCode(world.Entity(p)))}})
		default:
			if name, ok := strings.CutPrefix(f.Name, "-"); ok {
				if b, ok := f.Value.Bool(); ok && b {
					rec.comps = append(rec.comps, recComp{line: n.Line, col: n.Column, name: name, removed: true})
					continue
				}
				bad(f, "a removed component's property is true or absent")
				continue
			}
			name, path, ok := strings.Cut(f.Name, ".")
			if !ok {
				bad(f, "a property is Component.field")
				continue
			}
			var c *recComp
			if k := len(rec.comps); k > 0 && rec.comps[k-1].name == name && !rec.comps[k-1].removed {
				c = &rec.comps[k-1]
			} else {
				rec.comps = append(rec.comps, recComp{line: n.Line, col: n.Column, name: name})
				c = &rec.comps[len(rec.comps)-1]
			}
			c.fields = append(c.fields, recField{line: n.Line, col: n.Column, path: path, cv: f.Value})
		}
	}
	if !hasSlot {
		r.fail(n, rec, "", "", because(ErrCompact, "no @slot"))
	}
	rec.id = world.Entity(gen<<32 | slot)
	return len(r.errs) == before
}

func describeNode(n *yaml.Node) string { return yamlpos.Describe(n) }
