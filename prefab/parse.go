package prefab

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// def is one prefab as a file gives it, before bases are resolved and
// components decoded.
type def struct {
	name    string
	file    string
	nodes   *fileNodes // what parsing measured of the file
	key     *yaml.Node // the prefab's name, for positions
	extends string
	extNode *yaml.Node // the extends value, for positions; nil if none
	comps   []compDef
}

// compDef is one entry of a prefab's components mapping.
type compDef struct {
	name     string
	key, val *yaml.Node
}

// prefabKeys are the keys a prefab's mapping may hold.
var prefabKeys = []string{"extends", "components"}

// parse reads one prefab file: a mapping of prefab names to prefabs, in
// one or more YAML documents. It checks the file's shape and measures its
// nodes against lim; components are decoded later, when bases are known.
// broken reports a file that is not YAML at all, or over a limit, whose
// prefabs are therefore unknown.
func parse(file string, data []byte, lim Limits) (defs []*def, errs []*LoadError, broken bool, nodes *fileNodes) {
	nodes = &fileNodes{sizes: make(map[*yaml.Node]int), aliasLimit: lim.AliasNodes, aliases: lim.AliasNodes}
	if line, col, msg, bad := yamltext.BadText(data); bad {
		return nil, []*LoadError{{File: file, Line: line, Col: col, Err: &detail{kind: ErrSyntax, msg: msg}}}, true, nodes
	}
	d := newDecoder(file, &errs, nodes, nil, nil)
	defer func() { nodes.aliases = d.finish() }()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	left := lim.Nodes
	for {
		var doc yaml.Node
		err := decodeDoc(dec, &doc)
		if err == io.EOF {
			break
		}
		if err != nil {
			errs = append(errs, syntaxError(file, data, err))
			return defs, errs, true, nodes
		}
		if _, ok := d.measure(&doc, &left, lim.Nodes); !ok {
			return nil, errs, true, nodes
		}
		if len(doc.Content) == 0 || isNull(doc.Content[0]) {
			continue
		}
		top := d.resolve(doc.Content[0], at{})
		if top == nil {
			break
		}
		if top.Kind != yaml.MappingNode {
			d.fail(top, at{}, ErrSyntax, "expected a mapping of prefab names to prefabs, got %s", got(top))
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

// decodeDoc decodes the next document. The parser is not ours: should it
// panic on some input, the input is reported as invalid rather than
// taking the game down with it.
func decodeDoc(dec *yaml.Decoder, doc *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed: %v", r)
		}
	}()
	return dec.Decode(doc)
}

// readPrefab reads one prefab's entry of the top-level mapping of the
// file nodes measured.
func (d *decoder) readPrefab(p pair, nodes *fileNodes) *def {
	k, v := d.resolve(p.key, at{}), d.resolve(p.val, at{})
	if k == nil || v == nil {
		return nil
	}
	if k.Kind != yaml.ScalarNode || isNull(k) || k.Value == "" {
		d.fail(k, at{}, ErrSyntax, "expected a prefab name, got %s", got(k))
		return nil
	}
	df := &def{name: k.Value, file: d.file, nodes: nodes, key: k}
	a := at{prefab: df.name}
	if isNull(v) {
		return df
	}
	if v.Kind != yaml.MappingNode {
		d.fail(v, a, ErrSyntax, "expected a mapping with extends and components, got %s", got(v))
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
				d.fail(key, a, ErrSyntax, "%s given twice", yamltext.Clip(key.Value, yamltext.QuoteLen))
				continue
			}
			seen[key.Value] = true
		}
		switch key.Value {
		case "extends":
			if val.Kind != yaml.ScalarNode || isNull(val) || val.Value == "" {
				d.fail(val, a, ErrSyntax, "extends takes the name of a prefab, got %s", got(val))
				continue
			}
			df.extends, df.extNode = val.Value, val
		case "components":
			df.comps = d.components(val, a, df.comps[:0])
		default:
			d.fail(key, a, ErrSyntax, "unknown key %s%s", yamltext.Quote(key.Value), hint(key.Value, prefabKeys, "keys"))
		}
	}
	return df
}

// components reads a prefab's components mapping, v, into out.
func (d *decoder) components(v *yaml.Node, a at, out []compDef) []compDef {
	if isNull(v) {
		return out
	}
	if v.Kind != yaml.MappingNode {
		d.fail(v, a, ErrSyntax, "components takes a mapping of component names to values, got %s", got(v))
		return out
	}
	seen := make(map[string]*yaml.Node)
	index := make(map[string]int) // in out, by name: a merge key's pairs may repeat one
	for _, p := range d.pairs(v, a) {
		k := d.resolve(p.key, a)
		if k == nil {
			return out
		}
		if k.Kind != yaml.ScalarNode || isNull(k) {
			d.fail(k, a, ErrSyntax, "expected a component name, got %s", got(k))
			continue
		}
		if !p.merged {
			if prev, dup := seen[k.Value]; dup {
				d.failNaming("component", k, a, ErrSyntax, "component %s given twice (first at line %d)", yamltext.Quote(k.Value), prev.Line)
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

// lineRE finds the line number go.yaml.in/yaml/v3 puts in its messages.
var lineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError turns a YAML parser error into a *LoadError. The parser
// gives a line but no column; it leaves the line out for problems on the
// first line, and for an alias to an unknown anchor, whose line is then
// found in data (the first "*name"), or left unknown (0).
func syntaxError(file string, data []byte, err error) *LoadError {
	msg, line := err.Error(), 1
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else if len(msg) > 6 && msg[:6] == "yaml: " {
		msg = msg[6:]
	}
	if m := anchorRE.FindStringSubmatch(msg); m != nil {
		line = 0
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			line = bytes.Count(data[:i], []byte("\n")) + 1
		}
		return &LoadError{File: file, Line: line, Err: &detail{kind: ErrSyntax, msg: "invalid YAML: " + msg}}
	}
	return &LoadError{File: file, Line: max(line, 1), Err: &detail{kind: ErrSyntax, msg: "invalid YAML: " + msg}}
}

// anchorRE finds the anchor go.yaml.in/yaml/v3 names when an alias refers
// to an unknown one, a message without a line.
var anchorRE = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)
