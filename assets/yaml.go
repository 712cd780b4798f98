package assets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/internal/yamltext"
)

// What assets needs of the YAML parser's problems (their positions and
// words) is in internal/yamlpos, shared with prefab; this file turns them
// into *LoadErrors.

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
			line, msg := yamlpos.Syntax(data, err)
			return nil, &LoadError{Path: p, Line: line, Err: &detail{kind: ErrDecode, msg: msg}}
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

// decodeSafely decodes the next document into v; a panic of the parser is
// an error (see yamlpos.Decode).
func decodeSafely(dec *yaml.Decoder, v any) error { return yamlpos.Decode(dec, v) }

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node { return yamlpos.Resolve(n) }

// isNull reports whether n is absent or YAML's null.
func isNull(n *yaml.Node) bool { return yamlpos.IsNull(n) }

// describe says what a node is, for messages: "a mapping", "a list",
// "the string "abc"", "the number 12".
func describe(n *yaml.Node) string { return yamlpos.Describe(n) }

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
		// Distance is bounded: a typo of megabytes costs no more.
		if d := yamltext.Distance(strings.ToLower(got), k); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return " (keys: " + strings.Join(keys, ", ") + ")"
}

// decodeErrors turns the error of decoding a document into *LoadErrors
// with positions: yaml.v3 gives a line, and yamlpos finds the column in
// the node on that line. top is the document's top node.
func decodeErrors(p string, top *yaml.Node, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		line, col := 1, 0
		if top != nil {
			line, col = top.Line, top.Column
		}
		return &LoadError{Path: p, Line: line, Col: col, Err: &detail{kind: ErrDecode, msg: strings.TrimPrefix(err.Error(), "yaml: "), cause: err}}
	}
	problems := yamlpos.TypeErrors(top, te)
	errs := make([]error, len(problems))
	for i, pr := range problems {
		kind := ErrDecode
		if pr.UnknownField {
			kind = ErrUnknownField
		}
		errs[i] = &LoadError{Path: p, Line: pr.Line, Col: pr.Col, Err: &detail{kind: kind, msg: pr.Msg}}
	}
	return errors.Join(errs...)
}
