package prefab

import (
	"fmt"
	"maps"
	"slices"
	"strings"

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
	for _, src := range s.sources {
		errs = append(errs, src.errs...)
		broken = broken || src.broken
		decoders[src.nodes] = newDecoder(src.name, &errs, src.nodes, l.comps, s.assets)
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
	var stack []*node
	var visit func(n *node) *Prefab
	visit = func(n *node) *Prefab {
		if n.state == 2 {
			return n.result
		}
		n.state = 1
		stack = append(stack, n)
		d := n.def
		var base *Prefab
		if d.extNode != nil {
			if b, ok := nodes[d.extends]; ok {
				if b.state == 1 {
					decoderOf(b.def).failPrefab(b.def, b.def.extNode, CodeCycle, cycle(stack, b))
				} else {
					base = visit(b)
				}
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
		n.result = decoderOf(d).prefab(d, base, s.attached[d.name])
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

// cycle says what cycle closes when the prefab at the top of stack
// extends b, which is on the stack. It is reported at b's extends, since
// b is the first prefab of the cycle that was reached.
func cycle(stack []*node, b *node) string {
	i := slices.Index(stack, b)
	if i == len(stack)-1 {
		return "extends itself"
	}
	names := make([]string, 0, len(stack)-i+1)
	for _, n := range stack[i:] {
		names = append(names, yamltext.Clip(n.def.name, yamltext.QuoteLen))
	}
	names = append(names, yamltext.Clip(b.def.name, yamltext.QuoteLen))
	return "cycle in extends: " + strings.Join(names, " -> ")
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
