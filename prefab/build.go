package prefab

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// build resolves every prefab of s: code prefabs as they are, data
// prefabs over their bases with their components decoded and the parts
// attached in code laid over them. It fills s.prefabs and s.names and
// returns every problem it finds. It keeps going after a problem, so that
// one load reports them all; a state with problems is never published.
func (l *Library) build(s *state) []*LoadError {
	var errs []*LoadError
	broken := false
	decoders := make(map[*fileNodes]*decoder, len(s.sources)) // one per file, reporting its problems
	var place entry
	for _, e := range l.comps {
		if e.placePath() != nil {
			place = e
		}
	}
	for _, src := range s.sources {
		errs = append(errs, src.errs...)
		broken = broken || src.broken
		dec := newDecoder(src.name, &errs, src.nodes, l.comps, s.assets)
		dec.place, dec.lib = place, l
		decoders[src.nodes] = dec
	}
	decoderOf := func(d *def) *decoder { return decoders[d.nodes] }

	s.prefabs = make(map[string]*Prefab)
	for _, p := range s.code {
		if _, dup := s.prefabs[p.name]; dup {
			e := problem(CodeDuplicatePrefab, "added in code twice", nil)
			e.Prefab = p.name
			detail(e, p.name)
			errs = append(errs, e)
			continue
		}
		s.prefabs[p.name] = p
	}

	nodes := make(map[string]*node)
	var order []*node
	var dups []*node // defined twice: built only to report their own errors
	for _, src := range s.sources {
		for _, d := range src.defs {
			if _, inCode := s.prefabs[d.name]; inCode {
				decoderOf(d).failPrefab(d, d.key, CodeDuplicatePrefab, "defined twice: here and in code")
				dups = append(dups, &node{def: d})
				continue
			}
			if prev, dup := nodes[d.name]; dup {
				decoderOf(d).failPrefab(d, d.key, CodeDuplicatePrefab, fmt.Sprintf("defined twice (first at %s:%d:%d)",
					prev.def.file, prev.def.key.Line, prev.def.key.Column))
				dups = append(dups, &node{def: d})
				continue
			}
			n := &node{def: d}
			nodes[d.name] = n
			order = append(order, n)
		}
	}

	hints := &baseHints{names: func() []string {
		return slices.Sorted(maps.Keys(maps.Collect(func(yield func(string, bool) bool) {
			for name := range nodes {
				yield(name, true)
			}
			for name := range s.prefabs {
				yield(name, true)
			}
		})))
	}}
	var stack []frame
	targets := make(map[*childDef]*Prefab) // the prefab each child names
	var visit func(n *node) *Prefab
	// follow visits b, which the prefab on top of the stack reaches by
	// the edge at node via (its extends, or a child's prefab), and returns
	// it built; nil when it closes a cycle, which it reports.
	follow := func(b *node, child bool, via *yaml.Node) *Prefab {
		top := &stack[len(stack)-1]
		top.child, top.via = child, via
		if b.state == 1 {
			i := slices.IndexFunc(stack, func(f frame) bool { return f.n == b })
			decoderOf(b.def).failPrefab(b.def, stack[i].via, CodeCycle, cycle(stack[i:], b))
			return nil
		}
		return visit(b)
	}
	// childTargets finds the prefabs defs name, visiting those of data.
	var childTargets func(n *node, defs []*childDef, a at)
	childTargets = func(n *node, defs []*childDef, a at) {
		for _, cd := range defs {
			ca := a.child(childLabel(cd, defs))
			switch b, inData := nodes[cd.prefab]; {
			case cd.prefab == "" || cd.none:
			case inData:
				if p := follow(b, true, cd.prefabNode); p != nil {
					targets[cd] = p
				}
			case s.prefabs[cd.prefab] != nil:
				targets[cd] = s.prefabs[cd.prefab]
			case !broken:
				decoderOf(n.def).fail(cd.prefabNode, ca, CodeUnknownPrefab,
					"child names unknown prefab %s%s", yamltext.Quote(cd.prefab), hints.of(cd.prefab, n.def.name))
			}
			childTargets(n, cd.children, ca)
		}
	}
	visit = func(n *node) *Prefab {
		if n.state == 2 {
			return n.result
		}
		n.state = 1
		stack = append(stack, frame{n: n})
		d := n.def
		var base *Prefab
		if d.extNode != nil {
			if b, ok := nodes[d.extends]; ok {
				base = follow(b, false, d.extNode)
			} else if p, ok := s.prefabs[d.extends]; ok {
				base = p
			} else if !broken {
				// With a file that is not YAML, its prefabs are unknown:
				// reporting every base it held would only bury the real
				// problem.
				decoderOf(d).failPrefab(d, d.extNode, CodeUnknownBase,
					fmt.Sprintf("extends unknown prefab %s%s", yamltext.Quote(d.extends), hints.of(d.extends, d.name)))
			}
		}
		childTargets(n, d.children, at{prefab: d.name})
		n.result = decoderOf(d).prefab(d, base, s.attached[d.name], targets)
		n.state = 2
		stack = stack[:len(stack)-1]
		return n.result
	}
	for _, n := range order {
		visit(n)
	}
	for _, n := range dups {
		visit(n) // a load reports all its errors, a duplicate's body's too
	}
	for _, src := range s.sources {
		decoders[src.nodes].finish()
	}
	for _, n := range order {
		s.prefabs[n.def.name] = n.result
	}
	s.names = slices.Sorted(maps.Keys(s.prefabs))
	return errs
}

// node is a data prefab while build resolves it.
type node struct {
	def    *def
	state  int // 0 not visited, 1 being built, 2 built
	result *Prefab
}

// frame is a prefab being built, on the build's stack, with the edge it
// follows to the next: its extends, or a child's prefab.
type frame struct {
	n     *node
	child bool       // the edge is a child's prefab, not extends
	via   *yaml.Node // the edge's node, for positions
}

// cycle says what cycle closes when the prefab at the top of the stack
// reaches b, the prefab of loop[0], by the edge it records. It is
// reported at b's edge, since b is the first prefab of the cycle that
// was reached.
func cycle(loop []frame, b *node) string {
	name := func(n *node) string { return yamltext.Clip(n.def.name, yamltext.QuoteLen) }
	children := slices.ContainsFunc(loop, func(f frame) bool { return f.child })
	switch {
	case len(loop) == 1 && children:
		return "is a child of itself"
	case len(loop) == 1:
		return "extends itself"
	case !children:
		names := make([]string, 0, len(loop)+1)
		for _, f := range loop {
			names = append(names, name(f.n))
		}
		return "cycle in extends: " + strings.Join(append(names, name(b)), " -> ")
	}
	steps := make([]string, len(loop))
	for i, f := range loop {
		next := b
		if i+1 < len(loop) {
			next = loop[i+1].n
		}
		verb := "extends"
		if f.child {
			verb = "has the child"
		}
		steps[i] = name(f.n) + " " + verb + " " + name(next)
	}
	return "is its own descendant: " + strings.Join(steps, ", ")
}

// childLabel is how errors name the child cd of the list defs: its name,
// or its number from 1.
func childLabel(cd *childDef, defs []*childDef) string {
	if cd.name != "" {
		return cd.name
	}
	return strconv.Itoa(slices.Index(defs, cd) + 1)
}

// baseHints makes the "did you mean" hints of unknown bases for one build.
// The names they look through are listed once, and a name's hint is found
// once, however many prefabs extend it (all the variants of a deleted
// base file); after maxBaseHints distinct names the rest get none, so a
// load with thousands of them does not spend seconds on spelling.
type baseHints struct {
	names func() []string
	known []string // sorted, made on first need
	found map[string]string
}

// maxBaseHints is how many distinct unknown bases one build looks up.
const maxBaseHints = 32

// of returns the hint for base, extended by the prefab called self
// (which is not suggested).
func (h *baseHints) of(base, self string) string {
	got, ok := h.found[base]
	if !ok {
		if len(h.found) >= maxBaseHints {
			return ""
		}
		if h.known == nil {
			h.known = h.names()
			h.found = make(map[string]string)
		}
		got = hint(base, h.known, "prefabs")
		h.found[base] = got
	}
	if i, in := slices.BinarySearch(h.known, self); in && (len(h.known) <= 13 || got == fmt.Sprintf(" (did you mean %s?)", yamltext.Quote(self))) {
		// The hint lists the names, or suggests the prefab's own: look
		// again without it (cheap: few names, or a rare case).
		return hint(base, slices.Delete(slices.Clone(h.known), i, i+1), "prefabs")
	}
	return got
}
