package assets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// parseYAML parses a YAML file of one document and returns its top node,
// or nil when the file holds no document (it is empty, or only comments).
func parseYAML(p string, data []byte) (*yaml.Node, error) {
	if line, col, msg, bad := yamltext.BadText(data); bad {
		return nil, &LoadError{Path: p, Line: line, Col: col, Err: &detail{kind: ErrDecode, msg: msg}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var top *yaml.Node
	for {
		var doc yaml.Node
		err := decodeSafely(dec, &doc)
		if err == io.EOF {
			return top, nil
		}
		if err != nil {
			return nil, syntaxError(p, err)
		}
		if len(doc.Content) == 0 {
			continue
		}
		if top != nil {
			return nil, &LoadError{Path: p, Line: doc.Line, Col: doc.Column,
				Err: &detail{kind: ErrDecode, msg: "a second YAML document: the file must hold one"}}
		}
		top = doc.Content[0]
	}
}

// decodeSafely decodes the next document. The parser is not ours: should
// it panic on some input, the input is reported as invalid rather than
// taking the game down with it.
func decodeSafely(dec *yaml.Decoder, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed: %v", r)
		}
	}()
	return dec.Decode(v)
}

// lineRE finds the line number go.yaml.in/yaml/v3 puts in its messages.
var lineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// syntaxError turns a YAML parser error into a *LoadError. The parser
// gives a line but no column; it leaves the line out for problems on the
// first line.
func syntaxError(p string, err error) *LoadError {
	msg, line := err.Error(), 1
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	return &LoadError{Path: p, Line: max(line, 1), Err: &detail{kind: ErrDecode, msg: "invalid YAML: " + msg}}
}

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is absent or YAML's null.
func isNull(n *yaml.Node) bool {
	n = resolve(n)
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe says what a node is, for messages: "a mapping", "a list",
// "the string "abc"", "the number 12".
func describe(n *yaml.Node) string {
	n = resolve(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.DocumentNode:
		return "a document"
	}
	v := n.Value
	if len(v) > 20 {
		v = v[:17] + "..."
	}
	switch n.ShortTag() {
	case "!!null":
		return "null"
	case "!!int", "!!float":
		return "the number " + v
	case "!!bool":
		return "the boolean " + v
	}
	return "the string " + strconv.Quote(v)
}

// at returns a *LoadError at node n of file p.
func at(p string, n *yaml.Node, kind error, format string, args ...any) *LoadError {
	e := &LoadError{Path: p, Err: &detail{kind: kind, msg: fmt.Sprintf(format, args...)}}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	return e
}

// hint lists the keys a mapping may hold, for an unknown key's message,
// and suggests the closest when the unknown one looks like a typo.
func hint(got string, keys []string) string {
	best, bestD := "", 3
	if len(got) < 3 {
		bestD = 0 // a key of one or two letters is close to every other
	}
	for _, k := range keys {
		if d := distance(strings.ToLower(got), k); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return " (keys: " + strings.Join(keys, ", ") + ")"
}

// typeErrorRE and friends take apart the messages of *yaml.TypeError,
// which carry a line but no column.
var (
	notFoundRE = regexp.MustCompile(`^field (.+?) not found in type (.+)$`)
	keyAgainRE = regexp.MustCompile(`^mapping key "(.*)" already defined at line (\d+)$`)
	setAgainRE = regexp.MustCompile(`^field (.+?) already set in type (.+)$`)
	unmarshRE  = regexp.MustCompile("^cannot unmarshal (\\S+)(?: `(.*)`)? into (.+)$")
)

// decodeErrors turns the error of decoding a document into *LoadErrors
// with positions: go.yaml.in/yaml/v3 gives a line, and the node on that
// line gives the column. top is the document's top node.
func decodeErrors(p string, top *yaml.Node, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		line, col := 1, 0
		if top != nil {
			line, col = top.Line, top.Column
		}
		return &LoadError{Path: p, Line: line, Col: col, Err: &detail{kind: ErrDecode, msg: strings.TrimPrefix(err.Error(), "yaml: "), cause: err}}
	}
	var lines map[int][]posNode
	errs := make([]error, 0, len(te.Errors))
	for _, msg := range te.Errors {
		e := &LoadError{Path: p, Line: 1, Err: &detail{kind: ErrDecode, msg: msg}}
		m := lineRE.FindStringSubmatch(msg)
		if m == nil {
			errs = append(errs, e)
			continue
		}
		e.Line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if lines == nil {
			lines = make(map[int][]posNode)
			index(top, false, lines, 0)
		}
		find := func(match func(posNode) bool) {
			for _, pn := range lines[e.Line] {
				if match(pn) {
					e.Col = pn.n.Column
					return
				}
			}
		}
		switch {
		case notFoundRE.MatchString(msg):
			s := notFoundRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			e.Err = &detail{kind: ErrUnknownField, msg: fmt.Sprintf("unknown field %q in %s", s[1], s[2])}
		case keyAgainRE.MatchString(msg):
			s := keyAgainRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			e.Err = &detail{kind: ErrDecode, msg: fmt.Sprintf("key %q given twice (first at line %s)", s[1], s[2])}
		case setAgainRE.MatchString(msg):
			s := setAgainRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			e.Err = &detail{kind: ErrDecode, msg: fmt.Sprintf("field %q given twice", s[1])}
		case unmarshRE.MatchString(msg):
			s := unmarshRE.FindStringSubmatch(msg)
			val, _ := strings.CutSuffix(s[2], "...")
			find(func(pn posNode) bool {
				if s[2] == "" {
					return pn.n.Kind == yaml.MappingNode || pn.n.Kind == yaml.SequenceNode
				}
				return pn.n.Kind == yaml.ScalarNode && strings.HasPrefix(pn.n.Value, val)
			})
			e.Err = &detail{kind: ErrDecode, msg: fmt.Sprintf("cannot decode %s into %s", describeTag(s[1], s[2]), s[3])}
		default:
			e.Err = &detail{kind: ErrDecode, msg: msg}
		}
		errs = append(errs, e)
	}
	return errors.Join(errs...)
}

// describeTag says what a value of a YAML tag is, for messages.
func describeTag(tag, val string) string {
	switch tag {
	case "!!map":
		return "a mapping"
	case "!!seq":
		return "a list"
	case "!!str":
		return "the string " + strconv.Quote(val)
	case "!!int", "!!float":
		return "the number " + val
	case "!!bool":
		return "the boolean " + val
	case "!!null":
		return "null"
	}
	if val == "" {
		return tag
	}
	return tag + " " + strconv.Quote(val)
}

// posNode is a node and whether it is a mapping key.
type posNode struct {
	n   *yaml.Node
	key bool
}

// index lists the nodes under n by line, in document order. It does not
// follow aliases, so a document of a few lines cannot make it walk
// millions of nodes.
func index(n *yaml.Node, key bool, lines map[int][]posNode, depth int) {
	if n == nil || depth > 10000 {
		return
	}
	lines[n.Line] = append(lines[n.Line], posNode{n, key})
	for i, c := range n.Content {
		index(c, n.Kind == yaml.MappingNode && i%2 == 0, lines, depth+1)
	}
}

// distance is yamltext.Distance, but a key or a typo longer than any key
// is far from everything: bounding it keeps a hint cheap on hostile input.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	return yamltext.Distance(a, b)
}
