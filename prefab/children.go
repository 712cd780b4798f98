package prefab

import (
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"

	"github.com/tessera-engine/tessera/world"
)

// Child returns a part that gives each entity spawned from the prefab a
// child: an entity spawned from p, with parts laid over p's as a
// variant's are ([Prefab.Extend]: a [Value] merges, [None] removes, a
// Child among them adds a child to the child), linked to its parent by
// [world.ChildOf]. Destroying the parent destroys the child, as ChildOf
// does. Children are spawned after their parent has every component, in
// the order the prefab lists them, and their factories get the same
// arguments (and [Spawn.Parent]). To place a child relative to its
// parent, give it the transform component of package systems
// (LocalTransform) among parts.
//
// name tells the child apart in variants: a variant's Child of the same
// name replaces the base's child, keeping its place; Child(name, nil,
// parts...) changes it, laying parts over what the base's child has;
// [NoChild] removes it. A child without a name ("") cannot be changed by
// a variant, only added. The part's Component is [world.Children].
func Child(name string, p *Prefab, parts ...Part) Part {
	return &childPart{name: name, prefab: p, parts: parts}
}

// NoChild returns a part that removes the base's child named name. For a
// name the base has no child of, it changes nothing.
func NoChild(name string) Part { return &childPart{name: name, remove: true} }

// childPart is a Child or NoChild part. It never reaches the component
// parts' machinery: [split] takes it out of every list of parts first.
type childPart struct {
	name   string
	prefab *Prefab // nil: the base's child named name, changed by parts
	parts  []Part
	remove bool
}

func (c *childPart) Component() world.ComponentType { return world.Children }
func (c *childPart) factory() bool                  { return false }
func (c *childPart) add(Spawn)                      {}
func (c *childPart) over(Part) Part                 { return c }
func (c *childPart) same(o Part) bool               { return o == Part(c) }

// split separates the Child and NoChild parts of parts from the others.
// It allocates only when there are child parts.
func split(parts []Part) (comps []Part, kids []*childPart) {
	i := slices.IndexFunc(parts, isChild)
	if i < 0 {
		return parts, nil
	}
	comps = slices.Clone(parts[:i])
	for _, p := range parts[i:] {
		if c, ok := p.(*childPart); ok {
			kids = append(kids, c)
		} else {
			comps = append(comps, p)
		}
	}
	return comps, kids
}

func isChild(p Part) bool { _, ok := p.(*childPart); return ok }

// layChildren lays kids over base, a prefab's resolved children, and
// returns the resolved list (base itself when kids is empty): a child
// whose name base has replaces or changes that child in its place, a
// NoChild removes it, and the others are appended. It returns an
// [*world.Error] of code [CodeUnknownChild] for a Child without a prefab
// whose name base lacks.
func layChildren(base []*Prefab, kids []*childPart) ([]*Prefab, error) {
	if len(kids) == 0 {
		return base, nil
	}
	list := slices.Clone(base)
	for _, k := range kids {
		i := -1
		if k.name != "" {
			i = slices.IndexFunc(list, func(c *Prefab) bool { return c.childName == k.name })
		}
		switch {
		case k.remove:
			if i >= 0 {
				list = slices.Delete(list, i, i+1)
			}
			continue
		case k.prefab == nil && i < 0:
			e := newError(CodeUnknownChild)
			e.Op, e.Value = "Child", k.name
			return nil, e
		}
		over := k.prefab
		if over == nil {
			over = list[i]
		}
		c, err := childOf(k.name, over, k.parts)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			list[i] = c
		} else {
			list = append(list, c)
		}
	}
	return list, nil
}

// childOf returns the child named name made from over (a prefab, or the
// base's child it changes) with parts laid over it.
func childOf(name string, over *Prefab, parts []Part) (*Prefab, error) {
	comps, kids := split(parts)
	children, err := layChildren(over.children, kids)
	if err != nil {
		return nil, err
	}
	return newChild(name, over, resolve(over.parts, comps), children, over.lib), nil
}

// newChild returns the child named name made from over with parts and
// children, which are resolved.
func newChild(name string, over *Prefab, parts []Part, children []*Prefab, lib *Library) *Prefab {
	return &Prefab{name: over.name, base: over, parts: parts, children: children, size: sizeOf(children),
		isChild: true, childName: name, lib: lib}
}

// sizeOf returns how many entities a spawn with children makes, their own
// children included; past maxSpawn it stops counting, so that children
// that multiply cannot overflow it.
func sizeOf(children []*Prefab) int {
	n := 1
	for _, c := range children {
		n = min(n+c.size, maxSpawn+1)
	}
	return n
}

// Children returns the children every entity spawned from p gets, in the
// order they are spawned: each a prefab whose [Prefab.Name] is the name
// of the prefab the child is made from, whose [Prefab.Base] is that
// prefab (or the base's child it changes), and whose [Prefab.ChildName]
// is the name it has among p's children. The slice is p's own: do not
// modify it. O(1).
func (p *Prefab) Children() []*Prefab { return p.children }

// ChildName returns the name p has as a child of another prefab (see
// [Child]), and "" for a prefab that is not a child or a child without a
// name.
func (p *Prefab) ChildName() string { return p.childName }

// IsChild reports whether p is a child of another prefab, one of what
// [Prefab.Children] returns.
func (p *Prefab) IsChild() bool { return p.isChild }

// children decodes defs, the children list of a prefab (or a child) at a,
// over base, the children of its base, and returns the result. targets
// holds the prefab each def names, found by the build; a def whose prefab
// could not be found (reported already) is left out.
func (d *decoder) children(defs []*childDef, base []*Prefab, a at, targets map[*childDef]*Prefab) []*Prefab {
	if len(defs) == 0 {
		return base
	}
	list := slices.Clone(base)
	named := make(map[string]*yaml.Node, len(defs))
	for i, cd := range defs {
		ca := a.child(strconv.Itoa(i + 1))
		at := -1
		if cd.name != "" {
			ca = a.child(cd.name)
			if prev, dup := named[cd.name]; dup {
				d.fail(cd.nameNode, ca, CodeDuplicateChild, "child %s given twice (first at line %d)", yamltext.Quote(cd.name), prev.Line)
				continue
			}
			named[cd.name] = cd.nameNode
			at = slices.IndexFunc(list, func(c *Prefab) bool { return c.childName == cd.name })
		}
		var over *Prefab
		switch {
		case cd.none && cd.name == "":
			d.fail(cd.prefabNode, ca, CodeSyntax, "removing a child (prefab: none) needs the name of the base's child to remove, and this child has none")
			continue
		case cd.none:
			if at >= 0 {
				list = slices.Delete(list, at, at+1)
			}
			continue
		case cd.prefab != "":
			if over = targets[cd]; over == nil {
				continue // unknown, or a cycle: reported
			}
		case cd.name == "":
			d.fail(cd.node, ca, CodeUnknownChild, "a child needs a prefab (or the name of the base's child it changes)")
			continue
		case at < 0:
			d.fail(cd.nameNode, ca, CodeUnknownChild, "the base has no child named %s to change; give prefab to add one%s",
				yamltext.Quote(cd.name), hint(cd.name, childNames(list), "children"))
			continue
		default:
			over = list[at]
		}
		parts := d.layComponents(slices.Clone(over.parts), cd.comps, ca)
		if cd.at != nil {
			parts = d.placeAt(parts, cd.at, ca)
		}
		kids := d.children(cd.children, over.children, ca, targets)
		c := newChild(cd.name, over, resolve(parts, nil), kids, d.lib)
		if at >= 0 {
			list[at] = c
		} else {
			list = append(list, c)
		}
	}
	return list
}

// childNames returns the names of the named children of list, for hints.
func childNames(list []*Prefab) []string {
	var out []string
	for _, c := range list {
		if c.childName != "" {
			out = append(out, c.childName)
		}
	}
	return out
}

// placeAt decodes n, a child's at, into the field of the component that
// places children (see [Registration.At]), over the part list has for it.
func (d *decoder) placeAt(list []Part, n *yaml.Node, a at) []Part {
	if d.place == nil {
		d.fail(n, a, CodeCannotPlace, "at needs a component that places children, and the library has none; "+
			"register one with Registration.At (engine.Components registers LocalTransform so)")
		return list
	}
	val := n
	path := d.place.placePath()
	for i := len(path) - 1; i >= 0; i-- {
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: path[i], Line: n.Line, Column: n.Column}
		val = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: n.Line, Column: n.Column, Content: []*yaml.Node{key, val}}
	}
	return d.layComponents(list, []compDef{{name: d.place.dataName(), key: n, val: val}}, a)
}
