// Package yamlpos is what Tessera's YAML loaders (assets, prefab, save)
// share about go.yaml.in/yaml/v3: positions and words for its problems. It
// takes apart the parser's messages, which carry a line but no column, in
// one place (so that a new version of the parser that words them
// otherwise fails this package's tests, not a loader's), finds the
// columns in the document's nodes, describes nodes for messages, and
// finds what the decoder would take and change without an error
// ([Losses]: a fraction into an integer, a null left out of a list). The
// text checks that need no parser (bytes YAML forbids, names, the
// distance of a "did you mean" hint) are in package yamltext.
package yamlpos

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// Decode decodes the next document of dec into v (a *yaml.Node or a Go
// value). The parser is not ours: should it panic on some input, the
// input is reported as invalid rather than taking the game down with it.
func Decode(dec *yaml.Decoder, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed: %v", r)
		}
	}()
	return dec.Decode(v)
}

// lineRE finds the line number yaml.v3 puts in its messages: "yaml: line
// 3: ..." for syntax, "line 3: ..." in a TypeError's list.
var lineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// anchorRE finds the anchor yaml.v3 names when an alias refers to an
// unknown one, a message without a line.
var anchorRE = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)

// Syntax takes apart err, the error of parsing data as YAML (from
// [Decode]), into the line it is on and a message "invalid YAML: ...".
// The parser gives a line but no column, and none at all for a problem on
// the first line (1 then) or for an alias to an unknown anchor (the line
// of the alias's first use in data then).
func Syntax(data []byte, err error) (line int, msg string) {
	msg, line = err.Error(), 1
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	if m := anchorRE.FindStringSubmatch(msg); m != nil {
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			line = bytes.Count(data[:i], []byte("\n")) + 1
		}
	}
	return max(line, 1), "invalid YAML: " + yamltext.Clip(msg, 200)
}

// Problem is one problem yaml.v3 found decoding a document into a Go
// value: where it is (1-based; Col is 0 when no node on the line fits)
// and what, in words for a designer.
type Problem struct {
	Line, Col    int
	Msg          string
	UnknownField bool // a key that the Go type has no field for
}

// The messages of *yaml.TypeError, which carry a line but no column.
var (
	notFoundRE = regexp.MustCompile(`^field (.+?) not found in type (.+)$`)
	keyAgainRE = regexp.MustCompile(`^mapping key "(.*)" already defined at line (\d+)$`)
	setAgainRE = regexp.MustCompile(`^field (.+?) already set in type (.+)$`)
	unmarshRE  = regexp.MustCompile("^cannot unmarshal (\\S+)(?: `(.*)`)? into (.+)$")
)

// TypeErrors takes apart the messages of te, the error of decoding the
// document whose top node is top into a Go value: the line each names,
// and the column of the node on that line it is about.
func TypeErrors(top *yaml.Node, te *yaml.TypeError) []Problem {
	var lines map[int][]posNode
	out := make([]Problem, 0, len(te.Errors))
	for _, msg := range te.Errors {
		p := Problem{Line: 1, Msg: msg}
		m := lineRE.FindStringSubmatch(msg)
		if m == nil {
			out = append(out, p)
			continue
		}
		p.Line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if lines == nil {
			lines = make(map[int][]posNode)
			index(top, false, lines, 0)
		}
		find := func(match func(posNode) bool) {
			for _, pn := range lines[p.Line] {
				if match(pn) {
					p.Col = pn.n.Column
					return
				}
			}
		}
		switch {
		case notFoundRE.MatchString(msg):
			s := notFoundRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			p.Msg, p.UnknownField = fmt.Sprintf("unknown field %q in %s", s[1], s[2]), true
		case keyAgainRE.MatchString(msg):
			s := keyAgainRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			p.Msg = fmt.Sprintf("key %q given twice (first at line %s)", s[1], s[2])
		case setAgainRE.MatchString(msg):
			s := setAgainRE.FindStringSubmatch(msg)
			find(func(pn posNode) bool { return pn.key && pn.n.Value == s[1] })
			p.Msg = fmt.Sprintf("field %q given twice", s[1])
		case unmarshRE.MatchString(msg):
			s := unmarshRE.FindStringSubmatch(msg)
			val, _ := strings.CutSuffix(s[2], "...")
			find(func(pn posNode) bool {
				switch {
				case s[1] == "!!map":
					return pn.n.Kind == yaml.MappingNode
				case s[1] == "!!seq":
					return pn.n.Kind == yaml.SequenceNode
				case s[2] == "":
					return pn.n.Kind == yaml.MappingNode || pn.n.Kind == yaml.SequenceNode
				}
				return pn.n.Kind == yaml.ScalarNode && strings.HasPrefix(pn.n.Value, val)
			})
			p.Msg = fmt.Sprintf("cannot decode %s into %s", describeTag(s[1], s[2]), s[3])
		default:
			p.Msg = msg
		}
		out = append(out, p)
	}
	return out
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

// Resolve follows aliases to the node they name. An alias never names
// another alias, so this is O(1).
func Resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// IsNull reports whether n is absent or YAML's null, aliases followed.
func IsNull(n *yaml.Node) bool {
	n = Resolve(n)
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// Describe says what a node is, for messages: "a mapping", "a list",
// "null", "the number 12", "the boolean true", "the string "abc"" (cut
// short after 17 bytes).
func Describe(n *yaml.Node) string {
	n = Resolve(n)
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
		v = yamltext.Clip(v, 17)
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
