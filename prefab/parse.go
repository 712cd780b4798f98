package prefab

import (
	"bytes"
	"io"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/internal/yamltext"
)

// def is one prefab as a file gives it, before bases are resolved and
// components decoded.
type def struct {
	name     string
	file     string
	nodes    *fileNodes // what parsing measured of the file
	key      *yaml.Node // the prefab's name, for positions
	extends  string
	extNode  *yaml.Node // the extends value, for positions; nil if none
	comps    []compDef
	children []*childDef
}

// childDef is one entry of a prefab's children list.
type childDef struct {
	node       *yaml.Node // the entry, for positions
	name       string     // "" when it has none
	nameNode   *yaml.Node
	prefab     string // "" when it names none: it changes the base's child
	prefabNode *yaml.Node
	none       bool       // prefab: none, which removes the base's child
	at         *yaml.Node // nil when not given
	comps      []compDef
	children   []*childDef
}

// compDef is one entry of a prefab's components mapping.
type compDef struct {
	name     string
	key, val *yaml.Node
}

// prefabKeys are the keys a prefab's mapping may hold.
var prefabKeys = []string{"extends", "components", "children"}

// childKeys are the keys an entry of a children list may hold.
var childKeys = []string{"name", "prefab", "at", "components", "children"}

// parse reads one prefab file: a mapping of prefab names to prefabs, in
// one or more YAML documents. It checks the file's shape and measures its
// nodes against lim; components are decoded later, when bases are known.
// broken reports a file that is not YAML at all, or over a limit, whose
// prefabs are therefore unknown.
func parse(file string, data []byte, lim Limits) (defs []*def, errs []*LoadError, broken bool, nodes *fileNodes) {
	nodes = &fileNodes{sizes: make(map[*yaml.Node]int), aliasLimit: lim.AliasNodes, aliases: lim.AliasNodes}
	if line, col, msg, bad := yamltext.BadText(data); bad {
		return nil, []*LoadError{placed(problem(CodeSyntax, msg, nil), file, line, col)}, true, nodes
	}
	d := newDecoder(file, &errs, nodes, nil, nil)
	defer func() { nodes.aliases = d.finish() }()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	left := lim.Nodes
	for {
		var doc yaml.Node
		err := yamlpos.Decode(dec, &doc)
		if err == io.EOF {
			break
		}
		if err != nil {
			line, msg := yamlpos.Syntax(data, err)
			errs = append(errs, placed(problem(CodeSyntax, msg, nil), file, line, 0))
			return defs, errs, true, nodes
		}
		if _, ok := d.measure(&doc, &left, lim.Nodes); !ok {
			return nil, errs, true, nodes
		}
		if len(doc.Content) == 0 || yamlpos.IsNull(doc.Content[0]) {
			continue
		}
		top := d.resolve(doc.Content[0], at{})
		if top == nil {
			break
		}
		if top.Kind != yaml.MappingNode {
			d.fail(top, at{}, CodeSyntax, "expected a mapping of prefab names to prefabs, got %s", yamlpos.Describe(top))
			continue
		}
		for _, p := range d.pairs(top, at{}) {
			if df := d.readPrefab(p, nodes); df != nil {
				defs = append(defs, df)
			}
		}
	}
	return defs, errs, d.spent, nodes
}

// readPrefab reads one prefab's entry of the top-level mapping of the
// file nodes measured.
func (d *decoder) readPrefab(p pair, nodes *fileNodes) *def {
	k, v := d.resolve(p.key, at{}), d.resolve(p.val, at{})
	if k == nil || v == nil {
		return nil
	}
	if k.Kind != yaml.ScalarNode || yamlpos.IsNull(k) || k.Value == "" {
		d.fail(k, at{}, CodeSyntax, "expected a prefab name, got %s", yamlpos.Describe(k))
		return nil
	}
	df := &def{name: k.Value, file: d.file, nodes: nodes, key: k}
	a := at{prefab: df.name}
	if yamlpos.IsNull(v) {
		return df
	}
	if v.Kind != yaml.MappingNode {
		d.fail(v, a, CodeSyntax, "expected a mapping with extends, components and children, got %s", yamlpos.Describe(v))
		return nil
	}
	seen := make(map[string]bool)
	for _, q := range d.pairs(v, a) {
		key, val := d.resolve(q.key, a), d.resolve(q.val, a)
		if key == nil || val == nil {
			return nil
		}
		if !q.merged {
			if seen[key.Value] {
				d.fail(key, a, CodeSyntax, "%s given twice", yamltext.Clip(key.Value, yamltext.QuoteLen))
				continue
			}
			seen[key.Value] = true
		}
		switch key.Value {
		case "extends":
			if val.Kind != yaml.ScalarNode || yamlpos.IsNull(val) || val.Value == "" {
				d.fail(val, a, CodeSyntax, "extends takes the name of a prefab, got %s", yamlpos.Describe(val))
				continue
			}
			df.extends, df.extNode = val.Value, val
		case "components":
			df.comps = d.components(val, a, df.comps[:0])
		case "children":
			df.children = d.childList(val, a)
		default:
			d.fail(key, a, CodeSyntax, "unknown key %s%s", yamltext.Quote(key.Value), hint(key.Value, prefabKeys, "keys"))
		}
	}
	return df
}

// components reads a prefab's components mapping, v, into out.
func (d *decoder) components(v *yaml.Node, a at, out []compDef) []compDef {
	if yamlpos.IsNull(v) {
		return out
	}
	if v.Kind != yaml.MappingNode {
		d.fail(v, a, CodeSyntax, "components takes a mapping of component names to values, got %s", yamlpos.Describe(v))
		return out
	}
	seen := make(map[string]*yaml.Node)
	index := make(map[string]int) // in out, by name: a merge key's pairs may repeat one
	for _, p := range d.pairs(v, a) {
		k := d.resolve(p.key, a)
		if k == nil {
			return out
		}
		if k.Kind != yaml.ScalarNode || yamlpos.IsNull(k) {
			d.fail(k, a, CodeSyntax, "expected a component name, got %s", yamlpos.Describe(k))
			continue
		}
		if !p.merged {
			if prev, dup := seen[k.Value]; dup {
				d.failNaming("component", k, a, CodeSyntax, "component %s given twice (first at line %d)", yamltext.Quote(k.Value), prev.Line)
				continue
			}
			seen[k.Value] = k
		}
		if i, ok := index[k.Value]; ok {
			out[i] = compDef{name: k.Value, key: k, val: p.val}
			continue
		}
		index[k.Value] = len(out)
		out = append(out, compDef{name: k.Value, key: k, val: p.val})
	}
	return out
}

// childList reads a children list, v: a list of mappings, each naming a
// prefab, or the name of the base's child it changes.
func (d *decoder) childList(v *yaml.Node, a at) []*childDef {
	if yamlpos.IsNull(v) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		d.fail(v, a, CodeSyntax, "children takes a list of children, such as [{prefab: wheel, at: {x: 4}}], got %s", yamlpos.Describe(v))
		return nil
	}
	var out []*childDef
	for i, item := range v.Content {
		if item = d.resolve(item, a); item == nil {
			return out
		}
		if cd := d.childEntry(item, a, i+1); cd != nil {
			out = append(out, cd)
		}
	}
	return out
}

// childEntry reads entry number num (from 1) of a children list of the
// prefab (or child) at parent. Errors name the child by its name, or by
// its number when it has none.
func (d *decoder) childEntry(v *yaml.Node, parent at, num int) *childDef {
	a := parent.child(strconv.Itoa(num))
	if name := childName(v); name != "" {
		a = parent.child(name)
	}
	if v.Kind != yaml.MappingNode {
		d.fail(v, a, CodeSyntax, "expected a child: a mapping with prefab (or name), at, components and children, got %s", yamlpos.Describe(v))
		return nil
	}
	cd := &childDef{node: v}
	seen := make(map[string]bool)
	for _, q := range d.pairs(v, a) {
		key, val := d.resolve(q.key, a), d.resolve(q.val, a)
		if key == nil || val == nil {
			return nil
		}
		if !q.merged {
			if seen[key.Value] {
				d.fail(key, a, CodeSyntax, "%s given twice", yamltext.Clip(key.Value, yamltext.QuoteLen))
				continue
			}
			seen[key.Value] = true
		}
		switch key.Value {
		case "name", "prefab":
			if val.Kind != yaml.ScalarNode || yamlpos.IsNull(val) || val.Value == "" {
				d.fail(val, a, CodeSyntax, "%s takes the name of a %s, got %s", key.Value,
					map[string]string{"name": "child", "prefab": "prefab"}[key.Value], yamlpos.Describe(val))
				continue
			}
			if key.Value == "name" {
				cd.name, cd.nameNode = val.Value, val
			} else {
				cd.prefab, cd.prefabNode, cd.none = val.Value, val, isNone(val)
			}
		case "at":
			cd.at = val
		case "components":
			cd.comps = d.components(val, a, cd.comps[:0])
		case "children":
			cd.children = d.childList(val, a)
		default:
			d.fail(key, a, CodeSyntax, "unknown key %s%s", yamltext.Quote(key.Value), hint(key.Value, childKeys, "keys"))
		}
	}
	return cd
}

// childName returns the name a child entry gives, or "".
func childName(v *yaml.Node) string {
	for i := 0; i+1 < len(v.Content); i += 2 {
		if k, val := v.Content[i], yamlpos.Resolve(v.Content[i+1]); k.Value == "name" && val != nil && val.Kind == yaml.ScalarNode {
			return val.Value
		}
	}
	return ""
}
