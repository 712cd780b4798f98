package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
	"go.yaml.in/yaml/v3"
)

// form is the shape of a raw configuration value.
type form uint8

const (
	formText form = iota + 1 // a scalar, as written: 640, "Orcs", true
	formList
	formMap
	formNull // YAML's ~ or an empty value, JSON's null
)

// node is a configuration value before conversion: the text of a flag or
// an environment variable, or a value of a config file, kept as written so
// that one rule converts every source's text (see convert).
type node struct {
	form      form
	text      string  // formText
	items     []*node // formList
	entries   []entry // formMap, in the file's order
	line, col int     // where the value starts in the file; 0 for no file
}

// entry is one key of a map, and where the key is.
type entry struct {
	key       string
	val       *node
	line, col int
}

func textNode(s string) *node { return &node{form: formText, text: s} }

// describe names the value for an error message: its text, quoted and
// shortened, or its shape.
func (n *node) describe() string {
	switch n.form {
	case formList:
		return "a list"
	case formMap:
		return "a map"
	case formNull:
		return "an empty value"
	}
	return quoteShort(n.text)
}

// quoteShort quotes s, cut to 64 bytes, so that a huge value does not make
// a huge message.
func quoteShort(s string) string {
	const most = 64
	if len(s) <= most {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q…", strings.ToValidUTF8(s[:most], ""))
}

// posError is a decoding error at a place in the file.
type posError struct {
	line, col int
	err       error
}

func (e *posError) Error() string { return fmt.Sprintf("%d:%d: %v", e.line, e.col, e.err) }
func (e *posError) Unwrap() error { return e.err }

// budget checks what a decoder builds against the limits as it builds it,
// so that a hostile file costs at most the limits.
type budget struct {
	limit  limits
	values int
	lines  []int // the offset at which each line starts
}

// take counts one value.
func (b *budget) take(line, col int) error {
	if b.values++; b.values > b.limit.values {
		return &posError{line, col, wrap("", ErrLimit, fmt.Sprintf(": more than LoadOptions.MaxValues (%d) values", b.limit.values))}
	}
	return nil
}

// nest checks a map or a list at the given depth: the file's top map is 1.
func (b *budget) nest(depth, line, col int) error {
	if depth > b.limit.depth {
		return &posError{line, col, wrap("", ErrLimit, fmt.Sprintf(": maps and lists nested more than LoadOptions.MaxDepth (%d) deep", b.limit.depth))}
	}
	return nil
}

// lineIndex returns the offset at which each line of data starts.
func lineIndex(data []byte) []int {
	lines := []int{0}
	for i, c := range data {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// pos returns the line and column, from 1, of a byte offset.
func (b *budget) pos(offset int) (line, col int) {
	i := sort.SearchInts(b.lines, offset+1) - 1
	return i + 1, offset - b.lines[i] + 1
}

// yaml decodes a YAML file. Aliases are expanded, each use counted
// against the limits, and merge keys (<<) merged.
func (b *budget) yaml(data []byte) (*node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return &node{form: formNull, line: 1, col: 1}, nil
	}
	return b.yamlNode(doc.Content[0], 1)
}

func (b *budget) yamlNode(y *yaml.Node, depth int) (*node, error) {
	if err := b.take(y.Line, y.Column); err != nil {
		return nil, err
	}
	if y.Kind == yaml.SequenceNode || y.Kind == yaml.MappingNode {
		if err := b.nest(depth, y.Line, y.Column); err != nil {
			return nil, err
		}
	}
	n := &node{line: y.Line, col: y.Column}
	switch y.Kind {
	case yaml.AliasNode:
		if y.Alias == nil {
			return nil, &posError{y.Line, y.Column, errors.New("alias to nothing")}
		}
		return b.yamlNode(y.Alias, depth)
	case yaml.ScalarNode:
		n.form, n.text = formText, y.Value
		if y.Tag == "!!null" {
			n.form = formNull
		}
	case yaml.SequenceNode:
		n.form = formList
		for _, c := range y.Content {
			item, err := b.yamlNode(c, depth+1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
	case yaml.MappingNode:
		n.form = formMap
		return n, b.yamlMap(y, n, depth)
	default:
		return nil, &posError{y.Line, y.Column, fmt.Errorf("unexpected YAML node kind %d", y.Kind)}
	}
	return n, nil
}

// yamlMap sets n's entries from the mapping y: its own keys, then those
// that merge keys bring and no own key overrides, earlier merges first.
func (b *budget) yamlMap(y *yaml.Node, n *node, depth int) error {
	var merged []entry
	for i := 0; i+1 < len(y.Content); i += 2 {
		k, v := y.Content[i], y.Content[i+1]
		for k.Kind == yaml.AliasNode && k.Alias != nil {
			k = k.Alias
		}
		if k.Kind != yaml.ScalarNode {
			return &posError{k.Line, k.Column, errors.New("a key must be a name, not a list or a map")}
		}
		val, err := b.yamlNode(v, depth+1)
		if err != nil {
			return err
		}
		if k.Tag == "!!merge" {
			m, err := mergeEntries(val)
			if err != nil {
				return &posError{k.Line, k.Column, err}
			}
			merged = append(merged, m...)
			continue
		}
		n.entries = append(n.entries, entry{k.Value, val, k.Line, k.Column})
	}
	own := make(map[string]bool, len(n.entries))
	for _, e := range n.entries {
		own[strings.ToLower(e.key)] = true
	}
	for _, e := range merged {
		if k := strings.ToLower(e.key); !own[k] {
			own[k] = true
			n.entries = append(n.entries, e)
		}
	}
	return nil
}

// mergeEntries returns the entries a merge key's value brings: a map's,
// or those of a list of maps.
func mergeEntries(v *node) ([]entry, error) {
	switch v.form {
	case formMap:
		return v.entries, nil
	case formList:
		var out []entry
		for _, item := range v.items {
			if item.form != formMap {
				return nil, fmt.Errorf("merge key << wants a map or a list of maps, found a list holding %s", item.describe())
			}
			out = append(out, item.entries...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("merge key << wants a map or a list of maps, found %s", v.describe())
}

// json decodes a JSON file, keeping numbers as written.
func (b *budget) json(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	d := jsonDecoder{b: b, dec: dec, data: data}
	root, err := d.value(1)
	if err == nil {
		at := d.start()
		switch _, err = dec.Token(); err {
		case io.EOF:
			err = nil
		case nil:
			line, col := b.pos(at)
			err = &posError{line, col, errors.New("more after the top-level value")}
		}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := b.pos(int(min(max(se.Offset, 0), int64(len(data)))))
		return nil, &posError{line, col, err}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		line, col := b.pos(len(data))
		return nil, &posError{line, col, errors.New("unexpected end of JSON input")}
	}
	return root, err
}

type jsonDecoder struct {
	b    *budget
	dec  *json.Decoder
	data []byte
}

// start returns the offset of the next token.
func (d *jsonDecoder) start() int {
	i := int(d.dec.InputOffset())
	for i < len(d.data) && strings.IndexByte(" \t\r\n,:", d.data[i]) >= 0 {
		i++
	}
	return i
}

func (d *jsonDecoder) value(depth int) (*node, error) {
	line, col := d.b.pos(d.start())
	tok, err := d.dec.Token()
	if err != nil {
		return nil, err
	}
	if err := d.b.take(line, col); err != nil {
		return nil, err
	}
	n := &node{line: line, col: col}
	switch t := tok.(type) {
	case json.Delim:
		if err := d.b.nest(depth, line, col); err != nil {
			return nil, err
		}
		if t == '{' {
			n.form = formMap
			return n, d.object(n, depth)
		}
		n.form = formList
		return n, d.array(n, depth)
	case string:
		n.form, n.text = formText, t
	case json.Number:
		n.form, n.text = formText, string(t)
	case bool:
		n.form, n.text = formText, fmt.Sprint(t)
	case nil:
		n.form = formNull
	}
	return n, nil
}

func (d *jsonDecoder) object(n *node, depth int) error {
	for d.dec.More() {
		line, col := d.b.pos(d.start())
		tok, err := d.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // encoding/json gives object keys as strings
		val, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		n.entries = append(n.entries, entry{key, val, line, col})
	}
	_, err := d.dec.Token() // }
	return err
}

func (d *jsonDecoder) array(n *node, depth int) error {
	for d.dec.More() {
		item, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		n.items = append(n.items, item)
	}
	_, err := d.dec.Token() // ]
	return err
}

// toml decodes a TOML file, keeping numbers as written. Tables give dotted
// keys: [window] then width = 5 is the entry window.width of the top map,
// which flatten reads as it reads YAML's nested maps.
func (b *budget) toml(data []byte) (*node, error) {
	root := &node{form: formMap, line: 1, col: 1}
	var p unstable.Parser
	p.Reset(data)
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			key, line, col := b.tomlKey(e.Key())
			table = key
			if err := b.take(line, col); err != nil {
				return nil, err
			}
			root.entries = append(root.entries, entry{key, &node{form: formMap, line: line, col: col}, line, col})
		case unstable.ArrayTable:
			_, line, col := b.tomlKey(e.Key())
			return nil, &posError{line, col, errors.New("an array of tables ([[...]]) is no configuration value")}
		case unstable.KeyValue:
			key, line, col := b.tomlKey(e.Key())
			val, err := b.tomlValue(e.Value(), 2, line, col)
			if err != nil {
				return nil, err
			}
			root.entries = append(root.entries, entry{join(table, key), val, line, col})
		}
	}
	if err := p.Error(); err != nil {
		var pe *unstable.ParserError
		if errors.As(err, &pe) && pe.Highlight != nil {
			s := p.Shape(p.Range(pe.Highlight))
			return nil, &posError{s.Start.Line, s.Start.Column, errors.New(pe.Message)}
		}
		return nil, err
	}
	return root, nil
}

// tomlKey returns a TOML key, its parts joined by dots, and where it is.
func (b *budget) tomlKey(it unstable.Iterator) (key string, line, col int) {
	var parts []string
	for it.Next() {
		k := it.Node()
		if parts == nil {
			line, col = b.pos(int(k.Raw.Offset))
		}
		parts = append(parts, string(k.Data))
	}
	return strings.Join(parts, "."), line, col
}

func (b *budget) tomlValue(v *unstable.Node, depth, line, col int) (*node, error) {
	if err := b.take(line, col); err != nil {
		return nil, err
	}
	if v.Kind == unstable.Array || v.Kind == unstable.InlineTable {
		if err := b.nest(depth, line, col); err != nil {
			return nil, err
		}
	}
	n := &node{line: line, col: col}
	switch v.Kind {
	case unstable.Array:
		n.form = formList
		for it := v.Children(); it.Next(); {
			item, err := b.tomlValue(it.Node(), depth+1, line, col)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
	case unstable.InlineTable:
		n.form = formMap
		for it := v.Children(); it.Next(); {
			kv := it.Node()
			key, kline, kcol := b.tomlKey(kv.Key())
			val, err := b.tomlValue(kv.Value(), depth+1, kline, kcol)
			if err != nil {
				return nil, err
			}
			n.entries = append(n.entries, entry{key, val, kline, kcol})
		}
	default: // strings, numbers, bools and dates, as written
		n.form, n.text = formText, string(v.Data)
	}
	return n, nil
}
