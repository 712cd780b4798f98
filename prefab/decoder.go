package prefab

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/internal/yamltext"
	"github.com/tessera-engine/tessera/world"
)

// A prefab goes from YAML to entity in one direction: parse reads a file's
// nodes into defs (parse.go), build orders the defs by their bases
// (build.go), and the decoder turns each def's components into parts
// (here and decode.go), which the registry's typed entries wrap
// (registry.go) and spawning adds to entities (part.go). The decoder is
// the only one to change its own state; where a value is (its prefab,
// component and field) travels down with the value as an [at].

// decoder turns the YAML nodes of one file into prefabs and Go values,
// collecting every problem it meets with its position rather than
// stopping at the first. It spends the file's allowance of alias nodes
// (see [Limits]) as it follows aliases, and stops decoding the file once
// that is spent.
type decoder struct {
	file    string
	errs    *[]*LoadError
	nodes   *fileNodes          // what parsing measured of the file
	aliases int                 // alias nodes left to spend
	spent   bool                // a limit was passed: decode nothing more
	merging map[*yaml.Node]bool // mappings whose merge keys are being expanded
	comps   map[string]entry    // the components data may name, by name
	known   []string            // their names, sorted, made on first need
	assets  *assets.Loader      // checks decoded values that name assets; nil: no checking
	place   entry               // the component a child's at sets; nil: none does
	lib     *Library            // the library the prefabs are built for

	left    int       // problems still worth reporting
	dropped int       // problems past that, counted
	first   LoadError // the first problem dropped, for where the count is reported
}

// fileNodes is what parsing measured of one file, for the decoders that
// build its prefabs: the size of each anchored node (what an alias to it
// costs) and the alias nodes parsing left for them to spend.
type fileNodes struct {
	sizes      map[*yaml.Node]int
	aliasLimit int // Limits.AliasNodes, for messages
	aliases    int // left after parsing
}

// newDecoder returns a decoder for file, measured by nodes, that reports
// to errs, decodes the components comps (nil when only a file's shape is
// read) and checks asset references against loader (nil: not at all).
func newDecoder(file string, errs *[]*LoadError, nodes *fileNodes, comps map[string]entry, loader *assets.Loader) *decoder {
	return &decoder{file: file, errs: errs, nodes: nodes, aliases: nodes.aliases, comps: comps, assets: loader, left: maxProblems}
}

// at is where a value being decoded is, for messages: its prefab,
// component and field path. When rec is not nil the value is decoded as a
// patch over a factory, and rec collects the fields it sets whole.
type at struct {
	prefab, component string
	kid               string // the child's path: its names, or numbers from 1, joined by "/"
	field             *step  // innermost step first; nil at the component's top
	depth             int    // how many values deep, aliases followed
	rec               *record
}

// step is one step of a field path: a struct field or map key, or a list
// item. The path is made into text only when a message needs it, so a
// deep value costs no more than a shallow one.
type step struct {
	up   *step
	name string // "" for a list item
	item int
}

// child returns where a child of a's prefab (or child) is, name being
// the child's name or number.
func (a at) child(name string) at {
	if a.kid != "" {
		name = a.kid + "/" + name
	}
	a.kid = yamltext.Clip(name, maxFieldPath)
	return a
}

// in returns where the field or map key name of a's value is.
func (a at) in(name string) at {
	a.field = &step{up: a.field, name: name}
	return a
}

// item returns where item i of a's list is.
func (a at) item(i int) at {
	a.field = &step{up: a.field, item: i}
	return a
}

// path returns the field path as messages write it: "resist.fire",
// "items[2]", "" at the component's top.
func (a at) path() string {
	var steps []*step
	for s := a.field; s != nil; s = s.up {
		steps = append(steps, s)
	}
	var b strings.Builder
	for _, s := range slices.Backward(steps) {
		switch {
		case s.name == "":
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.item))
			b.WriteByte(']')
		case b.Len() > 0:
			b.WriteByte('.')
			fallthrough
		default:
			b.WriteString(s.name)
		}
	}
	return b.String()
}

// record is what a patch over a factory sets: every struct field the data
// sets whole, as an index path from the top value (for
// reflect.Value.FieldByIndex). Struct fields it merges into are not
// recorded; their own fields are.
type record struct {
	cur  []int
	sets [][]int
}

// fail records a problem of kind code at node n.
func (d *decoder) fail(n *yaml.Node, a at, code world.Code, format string, args ...any) {
	d.report(n, a, problem(code, fmt.Sprintf(format, args...), nil))
}

// failNaming is fail for a message that quotes the component or field
// (what) it is about, which the error's text then does not say again.
func (d *decoder) failNaming(what string, n *yaml.Node, a at, code world.Code, format string, args ...any) {
	p := problem(code, fmt.Sprintf(format, args...), nil)
	p.Err.(*why).names = what
	d.report(n, a, p)
}

// failCause is fail for a value whose own decoding returned cause, which
// the error then wraps.
func (d *decoder) failCause(n *yaml.Node, a at, code world.Code, cause error, format string, args ...any) {
	d.report(n, a, problem(code, fmt.Sprintf(format, args...), cause))
}

// report places the problem p at node n and a, and keeps it, unless the
// file has more problems than are worth reporting.
func (d *decoder) report(n *yaml.Node, a at, p *LoadError) {
	p.File, p.Prefab, p.Child, p.Component = d.file, a.prefab, a.kid, a.component
	if n != nil {
		p.Line, p.Col = n.Line, n.Column
	}
	if d.left == 0 && p.code() != CodeLimit { // a limit passed is always said
		if d.dropped == 0 {
			d.first = *p
		}
		d.dropped++
		return
	}
	d.left = max(d.left-1, 0)
	p.Field = yamltext.Clip(a.path(), maxFieldPath)
	value := valueOf(n)
	if a.field != nil && value == a.field.name {
		value = nil // the node is the key the field path ends with
	}
	detail(p, value)
	*d.errs = append(*d.errs, p)
}

// detail copies where p is into its *world.Error, with the offending
// value.
func detail(p *LoadError, value any) {
	if we := p.coded(); we != nil {
		we.Component, we.Field = p.Component, p.Field
		if value != nil {
			we.Value = value
		}
	}
}

// valueOf returns what an error says node n holds: a scalar's text,
// clipped, or what the node is ("a list"); nil for no node.
func valueOf(n *yaml.Node) any {
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.ScalarNode:
		return yamltext.Clip(n.Value, yamltext.QuoteLen)
	}
	return yamlpos.Describe(n)
}

// maxFieldPath is how much of a field path, in bytes, an error keeps.
const maxFieldPath = 1024

// failPrefab records a problem of the prefab df as a whole, at node n.
func (d *decoder) failPrefab(df *def, n *yaml.Node, code world.Code, msg string) {
	d.report(n, at{prefab: df.name}, problem(code, msg, nil))
}

// failLimit reports that the file passed a limit, and stops decoding it.
func (d *decoder) failLimit(n *yaml.Node, a at, format string, args ...any) {
	d.fail(n, a, CodeLimit, format, args...)
	d.spent = true
}

// finish reports how many problems were past the number worth reporting,
// at the first of them. It returns the alias nodes left, for the passes
// that follow.
func (d *decoder) finish() int {
	if d.dropped > 0 {
		e := problem(CodeLimit, fmt.Sprintf("and %d more problems in this file", d.dropped), nil)
		e.File, e.Line, e.Col, e.Prefab, e.Component = d.first.File, d.first.Line, d.first.Col, d.first.Prefab, d.first.Component
		detail(e, nil)
		*d.errs = append(*d.errs, e)
		d.dropped = 0
	}
	return d.aliases
}

// problems returns how many problems d has reported or counted, so that a
// caller can tell whether decoding a value found any.
func (d *decoder) problems() int { return maxProblems - d.left + d.dropped }

// resolve returns the node n stands for, following an alias, whose cost
// (the nodes of the value it names) it spends from the file's allowance.
// It returns nil once a limit is passed, when decoding the file stops.
func (d *decoder) resolve(n *yaml.Node, a at) *yaml.Node {
	if d.spent {
		return nil
	}
	if n == nil || n.Kind != yaml.AliasNode {
		return n
	}
	to := yamlpos.Resolve(n)
	if d.aliases -= max(d.nodes.sizes[to], 1); d.aliases < 0 {
		d.failLimit(n, a, "aliases and merge keys expand to more than %d nodes (Limits.AliasNodes)", d.nodes.aliasLimit)
		return nil
	}
	return to
}

// measure counts the nodes of the tree under n, each alias once, against
// the file's allowance of nodes (left), and records the size of each
// anchored node, which is what an alias to it costs. It reports the node
// that passes the allowance and returns false.
func (d *decoder) measure(n *yaml.Node, left *int, limit int) (size int, ok bool) {
	if *left--; *left < 0 {
		d.failLimit(n, at{}, "the file holds more than %d YAML nodes (Limits.Nodes)", limit)
		return 0, false
	}
	size = 1
	for _, c := range n.Content {
		s, ok := d.measure(c, left, limit)
		if !ok {
			return 0, false
		}
		size += s
	}
	if n.Anchor != "" {
		d.nodes.sizes[n] = size
	}
	return size, true
}

// pair is one key and value of a mapping. merged marks those that come
// from a merge key (<<: *anchor), which the mapping's own keys override.
type pair struct {
	key, val *yaml.Node
	merged   bool
}

// pairs returns the keys and values of mapping n, with those of merge keys
// first so that later ones override them, as YAML's merge key says.
func (d *decoder) pairs(n *yaml.Node, a at) []pair {
	if d.merging[n] {
		d.fail(n, a, CodeSyntax, "a merge key (<<) refers to a mapping it is part of")
		d.spent = true // stop: the mapping would expand for ever
		return nil
	}
	if d.merging == nil {
		d.merging = make(map[*yaml.Node]bool)
	}
	d.merging[n] = true
	defer delete(d.merging, n)
	var groups [][]pair // each merge key's pairs, in order
	var own []pair
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			groups = append(groups, d.mergePairs(v, a))
			continue
		}
		own = append(own, pair{key: k, val: v})
	}
	// A later merge key's pairs come first, so that an earlier one's win
	// (the last of a key's pairs is what a mapping keeps); joined once, not
	// prepended group by group.
	var merged []pair
	for _, g := range slices.Backward(groups) {
		merged = append(merged, g...)
	}
	return append(merged, own...)
}

// mergePairs returns the pairs a merge key's value brings: one mapping, or
// a list of them where earlier ones win.
func (d *decoder) mergePairs(v *yaml.Node, a at) []pair {
	v = d.resolve(v, a)
	if v == nil {
		return nil
	}
	maps := []*yaml.Node{v}
	if v.Kind == yaml.SequenceNode {
		maps = maps[:0]
		for _, m := range v.Content {
			if m = d.resolve(m, a); m == nil {
				return nil
			}
			maps = append(maps, m)
		}
	}
	var out []pair
	for _, m := range slices.Backward(maps) {
		if m.Kind != yaml.MappingNode {
			d.fail(m, a, CodeSyntax, "a merge key (<<) takes a mapping or a list of mappings, got %s", yamlpos.Describe(m))
			continue
		}
		ps := d.pairs(m, a)
		if d.spent {
			return nil // reported already
		}
		for _, p := range ps {
			p.merged = true
			out = append(out, p)
		}
	}
	return out
}

// prefab builds the prefab df defines over base (nil when it has none or
// it is unknown): each component decoded over the base's part, the
// children laid over the base's (targets holds the prefabs they name),
// then the parts attached in code laid over them.
func (d *decoder) prefab(df *def, base *Prefab, attached []Part, targets map[*childDef]*Prefab) *Prefab {
	var list []Part
	var kids []*Prefab
	if base != nil {
		list, kids = slices.Clone(base.parts), base.children
	}
	a := at{prefab: df.name}
	list = d.layComponents(list, df.comps, a)
	kids = d.children(df.children, kids, a, targets)
	comps, more := split(attached)
	kids, err := layChildren(kids, more)
	if err != nil {
		d.failPrefab(df, df.key, CodeUnknownChild, fmt.Sprintf("a Child attached in code changes the child %s, which the prefab does not have",
			yamltext.Quote(fmt.Sprint(err.(*world.Error).Value))))
	}
	p := &Prefab{name: df.name, base: base, parts: resolve(list, comps), children: kids, lib: d.lib}
	p.size = sizeOf(kids)
	if p.size > maxSpawn {
		d.failPrefab(df, df.key, CodeLimit, fmt.Sprintf("spawning it makes more than %d entities, children included", maxSpawn))
	}
	return p
}

// layComponents decodes comps, a prefab's (or a child's) components,
// over list, the parts of its base, and returns the result.
func (d *decoder) layComponents(list []Part, comps []compDef, a at) []Part {
	for _, c := range comps {
		a := a
		a.component = c.name
		e, ok := d.comps[c.name]
		if !ok {
			if d.known == nil {
				d.known = slices.Sorted(maps.Keys(d.comps))
			}
			d.failNaming("component", c.key, a, CodeUnknownComponent, "unknown component %s%s", yamltext.Quote(c.name), hint(c.name, d.known, "components"))
			continue
		}
		id := e.component().ID()
		i := slices.IndexFunc(list, func(p Part) bool { return p.Component().ID() == id })
		if isNone(c.val) {
			if i >= 0 {
				list = slices.Delete(list, i, i+1)
			}
			continue
		}
		var prev Part
		if i >= 0 {
			prev = list[i]
		}
		if prev != nil && prev.factory() && isEmpty(c.val) {
			continue // "Health: {}" over a base's factory keeps the factory
		}
		p := d.component(e, c.val, prev, a)
		if i >= 0 {
			list[i] = p
		} else {
			list = append(list, p)
		}
	}
	return list
}

// component returns the part of component e that node n gives, laid over
// prev, the part the prefab's base has for it (or nil).
//
// The value starts as a copy of the base's, so that a struct's fields the
// data leaves out keep the base's values; everything the data gives
// replaces what was there (see decoder.value). Over a base's factory, a
// mapping that sets some of a struct's fields is a patch: the factory
// still makes each entity's value, and the fields the data sets are then
// copied over it. Data that gives the whole value replaces the factory.
func (d *decoder) component(e entry, n *yaml.Node, prev Part, a at) Part {
	v, overFactory := e.start(prev)
	if yamlpos.IsNull(n) {
		return e.valuePart(v)
	}
	if !overFactory || !mergesInto(e.goType(), n) {
		d.value(v, n, a)
		return e.valuePart(v)
	}
	a.rec = new(record)
	d.value(v, n, a)
	return e.patchPart(prev, v, a.rec.sets)
}

// isEmpty reports whether a component's value is null or an empty
// mapping: the base's part as it is.
func isEmpty(n *yaml.Node) bool {
	n = yamlpos.Resolve(n)
	return n == nil || n.Kind == yaml.MappingNode && len(n.Content) == 0 ||
		n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// isNone reports whether a component's value is the plain word none,
// which removes the component. A quoted "none" is a string.
func isNone(n *yaml.Node) bool {
	n = yamlpos.Resolve(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Style == 0 && n.ShortTag() == "!!str" && n.Value == "none"
}
