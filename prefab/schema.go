package prefab

import (
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// SchemaID is the JSON Schema dialect [Library.WriteSchema] writes: draft-07,
// which the YAML language server (and so most editors) supports well.
const SchemaID = "http://json-schema.org/draft-07/schema#"

// WriteSchema writes a JSON Schema of the library's prefab files to w: the
// file format (prefab names mapping to extends, components and children) and, for
// each registered component, the fields its Go type has, with their YAML
// keys and types. An editor given the schema validates and completes
// prefab files as a designer types; with the YAML language server, start
// a file with
//
//	# yaml-language-server: $schema=path/to/prefab.schema.json
//
// The schema follows the loader's rules: keys as [Library.Load] maps
// them, no unknown fields, integers within their Go type's range, and
// "none" for a removed component. Fields data cannot set (interfaces,
// functions, channels) are left out. The names of the prefabs the library
// holds are offered for extends. The output is the same for the same
// library, so it can be committed and compared.
func (l *Library) WriteSchema(w io.Writer) error {
	l.mu.Lock()
	entries := make([]entry, 0, len(l.comps))
	for _, e := range l.comps {
		entries = append(entries, e)
	}
	l.mu.Unlock()
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.dataName(), b.dataName()) })

	g := &schemaGen{defs: make(map[string]any), names: make(map[reflect.Type]string), busy: make(map[reflect.Type]bool)}
	props := make(map[string]any)
	for _, e := range entries {
		props[e.dataName()] = map[string]any{
			"description": fmt.Sprintf("component %s (Go type %v); none removes it", e.dataName(), e.goType()),
			"anyOf": []any{
				g.schema(e.goType()),
				map[string]any{"const": "none"},
				map[string]any{"type": "null"},
			},
		}
	}
	extends := map[string]any{
		"type":        "string",
		"description": "the prefab this one is a variant of: its components and children, with this prefab's laid over them",
	}
	names := l.state().names
	if len(names) > 0 {
		extends["examples"] = names
	}
	g.defs["components"] = map[string]any{
		"type":                 []string{"object", "null"},
		"description":          "components by name; a struct value is merged over the base's field by field",
		"additionalProperties": false,
		"properties":           props,
	}
	childPrefab := map[string]any{
		"type":        "string",
		"description": "the prefab the child is spawned from; none removes the base's child of this name",
	}
	if len(names) > 0 {
		childPrefab["examples"] = append(slices.Clone(names), "none")
	}
	child := map[string]any{
		"name":       map[string]any{"type": "string", "description": "the child's name, by which a variant changes or removes it"},
		"prefab":     childPrefab,
		"components": map[string]any{"$ref": "#/definitions/components"},
		"children":   map[string]any{"$ref": "#/definitions/children"},
	}
	if place := placing(entries); place != nil {
		if at := g.schema(placeType(place)); at != nil {
			at["description"] = fmt.Sprintf("where the child sits from its parent: %s's %s", place.dataName(), strings.Join(place.placePath(), "."))
			child["at"] = at
		}
	}
	g.defs["child"] = map[string]any{
		"type":                 "object",
		"description":          "a child, spawned with the prefab and destroyed with it",
		"additionalProperties": false,
		"properties":           child,
	}
	g.defs["children"] = map[string]any{
		"type":        []string{"array", "null"},
		"description": "children spawned with each entity; a variant's child of a name its base's has replaces or changes that one",
		"items":       map[string]any{"$ref": "#/definitions/child"},
	}
	g.defs["prefab"] = map[string]any{
		"type":                 []string{"object", "null"},
		"additionalProperties": false,
		"properties": map[string]any{
			"extends":    extends,
			"components": map[string]any{"$ref": "#/definitions/components"},
			"children":   map[string]any{"$ref": "#/definitions/children"},
		},
	}
	root := map[string]any{
		"$schema":              SchemaID,
		"title":                "Tessera prefabs",
		"description":          "A mapping of prefab names to prefabs.",
		"type":                 "object",
		"additionalProperties": map[string]any{"$ref": "#/definitions/prefab"},
		"definitions":          g.defs,
	}
	out, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

type schemaGen struct {
	defs  map[string]any
	names map[reflect.Type]string // named types in defs: structs, and types that refer to themselves
	busy  map[reflect.Type]bool   // named non-struct types whose schema is being made
}

// schema returns the schema of Go type t as the loader decodes it, or nil
// for a type data cannot set.
//
// A named slice, array, map or pointer type is written in place, unless it
// refers to itself (type Tree map[string]Tree): it then becomes a
// definition that its own schema refers to, as a named struct always is.
func (g *schemaGen) schema(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		if t.Name() != "" && !reflect.PointerTo(t).Implements(unmarshalerType) && !reflect.PointerTo(t).Implements(textType) {
			return g.named(t)
		}
	}
	return g.schemaOf(t)
}

// named returns the schema of a named slice, array, map or pointer type:
// in place, or a reference to its definition if it refers to itself.
func (g *schemaGen) named(t reflect.Type) map[string]any {
	if name, ok := g.names[t]; ok {
		return map[string]any{"$ref": "#/definitions/" + name}
	}
	if g.busy[t] { // t refers to itself: give it a definition
		name := g.defName(t)
		g.names[t] = name
		g.defs[name] = nil // reserved until t's schema is done
		return map[string]any{"$ref": "#/definitions/" + name}
	}
	g.busy[t] = true
	s := g.schemaOf(t)
	delete(g.busy, t)
	if name, ok := g.names[t]; ok {
		if s != nil {
			s["description"] = t.String()
		}
		g.defs[name] = s
		return map[string]any{"$ref": "#/definitions/" + name}
	}
	return s
}

// schemaOf is schema without the check for named types that refer to
// themselves.
func (g *schemaGen) schemaOf(t reflect.Type) map[string]any {
	switch {
	case t == durationType:
		return map[string]any{"type": "string", "description": `a duration such as "1.5s" or "200ms"`,
			"pattern": `^[-+]?(0|([0-9]*(\.[0-9]*)?(ns|us|µs|μs|ms|s|m|h))+)$`}
	case reflect.PointerTo(t).Implements(unmarshalerType):
		return map[string]any{"description": t.String()}
	case reflect.PointerTo(t).Implements(textType):
		s := map[string]any{"type": "string", "description": t.String()}
		names, numbers := enumNames(t), readsNumbers(t)
		switch {
		case names != nil && numbers:
			// A name or a number: a draw layer.
			delete(s, "type")
			s["anyOf"] = []any{map[string]any{"type": "string", "enum": names}, integerSchema(t)}
		case names != nil:
			s["enum"] = names
		case numbers:
			s["type"] = []string{"string", "integer"}
			for k, v := range integerSchema(t) {
				if k != "type" {
					s[k] = v
				}
			}
		}
		return s
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int8, reflect.Int16, reflect.Int32:
		lim := int64(1) << (t.Bits() - 1)
		return map[string]any{"type": "integer", "minimum": -lim, "maximum": lim - 1}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return map[string]any{"type": "integer", "minimum": 0, "maximum": uint64(1)<<t.Bits() - 1}
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Int, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.Slice, reflect.Array:
		s := map[string]any{"type": "array"}
		if items := g.schema(t.Elem()); items != nil {
			s["items"] = items
		}
		if t.Kind() == reflect.Array {
			s["maxItems"] = t.Len()
		}
		return s
	case reflect.Map:
		s := map[string]any{"type": "object"}
		if v := g.schema(t.Elem()); v != nil {
			s["additionalProperties"] = v
		}
		switch kt := t.Key(); {
		case reflect.PointerTo(kt).Implements(textType):
			// Keys decode through UnmarshalText, as values do: an enum's
			// names, or any text the type reads.
			if names := enumNames(kt); names != nil && !readsNumbers(kt) {
				s["propertyNames"] = map[string]any{"enum": names}
			}
		case kt.Kind() == reflect.String:
		// The forms YAML (go.yaml.in/yaml/v3) reads as such keys; a number
		// out of the type's range passes the pattern and is refused by the
		// loader, with the file and line.
		case kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Uint64:
			s["propertyNames"] = map[string]any{"pattern": intKeyPattern}
		case kt.Kind() == reflect.Bool:
			s["propertyNames"] = map[string]any{"enum": []string{"true", "false", "True", "False", "TRUE", "FALSE"}}
		case kt.Kind() == reflect.Float32 || kt.Kind() == reflect.Float64:
			s["propertyNames"] = map[string]any{"pattern": floatKeyPattern}
		default:
			return nil // keys no scalar decodes to (interfaces, structs): data cannot set it
		}
		return s
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		name, ok := g.names[t]
		if !ok {
			name = g.defName(t)
			g.names[t] = name
			g.defs[name] = nil // reserved: a recursive type refers to itself
			g.defs[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/definitions/" + name}
	}
	return nil
}

// object returns the schema of a struct: its fields by YAML key.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := make(map[string]any)
	for _, f := range fieldsOf(t).fields {
		s := g.schema(f.typ)
		if s == nil {
			continue
		}
		if _, ref := s["$ref"]; !ref {
			if _, has := s["description"]; !has {
				s["description"] = f.typ.String()
			}
		}
		props[f.key] = s
	}
	return map[string]any{
		"type":                 "object",
		"description":          t.String(),
		"additionalProperties": false,
		"properties":           props,
	}
}

// reserved are the definitions of the file format, which no type's
// definition may take.
var reserved = map[string]bool{"prefab": true, "components": true, "child": true, "children": true}

// placing returns the entry of entries that places children, or nil.
func placing(entries []entry) entry {
	for _, e := range entries {
		if e.placePath() != nil {
			return e
		}
	}
	return nil
}

// placeType returns the Go type of the field a child's at sets.
func placeType(e entry) reflect.Type {
	t := e.goType()
	for _, step := range e.placePath() {
		t = fieldsOf(t).byName[step].typ
	}
	return t
}

// defName returns a name for t's definition that JSON pointers and URIs
// take as it is, and that no other type has.
func (g *schemaGen) defName(t reflect.Type) string {
	base := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, t.String())
	name := base
	for i := 2; ; i++ {
		if _, taken := g.defs[name]; !taken && !reserved[name] {
			return name
		}
		name = fmt.Sprintf("%s_%d", base, i)
	}
}

// enumNames returns the names of an enum: a type of 8 or 16 bits (unsigned
// or not) whose values have text forms, each a value that MarshalText
// names and UnmarshalText reads back as the same value; a text that is a
// number is not a name (a draw layer without one writes its number). It
// returns nil for other types, and for an enum none of whose values has a
// name. Such a kind (a shape's, a collider's) is then offered by
// name in an editor.
func enumNames(t reflect.Type) []string {
	if !t.Implements(textMarshalerType) || t.Size() > 2 {
		return nil
	}
	var n uint64
	switch t.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Int8, reflect.Int16:
		n = 1 << (8 * t.Size())
	default:
		return nil
	}
	var names []string
	for i := range n {
		v := reflect.New(t).Elem()
		if t.Kind() == reflect.Int8 || t.Kind() == reflect.Int16 {
			v.SetInt(int64(i) - int64(n/2))
		} else {
			v.SetUint(i)
		}
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if _, isNumber := strconv.ParseInt(string(b), 10, 64); err != nil || isNumber == nil {
			continue // no text, or a number rather than a name
		}
		back := reflect.New(t)
		if back.Interface().(encoding.TextUnmarshaler).UnmarshalText(b) != nil || !back.Elem().Equal(v) {
			continue
		}
		names = append(names, string(b))
	}
	return names
}

// readsNumbers reports whether t, an integer type with a text form, also
// reads a number as its text ("1"), as collision tags do: data may then
// write it as a YAML integer (tags: 1), which the loader hands to
// UnmarshalText as text, and the schema must allow that too.
func readsNumbers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return readsText(t, "1")
	}
	return false
}

// integerSchema is the schema of the numbers a text type that reads
// numbers takes: its kind's range, from 0 if it refuses "-1".
func integerSchema(t reflect.Type) map[string]any {
	s := map[string]any{"type": "integer"}
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32:
		lim := int64(1) << (t.Bits() - 1)
		s["minimum"], s["maximum"] = -lim, lim-1
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		s["minimum"], s["maximum"] = 0, uint64(1)<<t.Bits()-1
	}
	if !readsText(t, "-1") {
		s["minimum"] = 0
	}
	return s
}

// readsText reports whether a value of type t reads text.
func readsText(t reflect.Type, text string) bool {
	return reflect.New(t).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)) == nil
}

var textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()

// The spellings of number map keys the loader (go.yaml.in/yaml/v3) reads,
// as JSON schema patterns. A plain key that starts with a digit or a sign
// is read with every '_' dropped: as an integer in base 10, 16 (0x), 8
// (0o, or a leading 0 as YAML 1.1 has it: so 08 is not an integer), or 2
// (0b); failing that, as a float. A key starting with '.' keeps its
// underscores. The range of the key's type is not a pattern: a number out
// of it passes the schema and the loader refuses it, with file and line.
// Nor are the YAML library's own limits: a 0x, 0o or 0b key beyond 64 bits
// (even for a float key), or a '+' before an unsigned key beyond int64's
// range, passes the schema and is refused the same way.
const (
	baseKeyForms = `0_*[xX][0-9a-fA-F_]*[0-9a-fA-F][0-9a-fA-F_]*|0_*[oO][0-7_]*[0-7][0-7_]*|0_*[bB][01_]*[01][01_]*`
	keyDigits    = `[0-9_]*[0-9][0-9_]*`

	intKeyPattern   = `^(?:[-+]_*)?(?:0[0-7_]*|[1-9][0-9_]*|` + baseKeyForms + `)$`
	floatKeyPattern = `^(?:[-+]_*)?(?:` + baseKeyForms + `)$` +
		`|^(?:[0-9][0-9_]*(?:\.[0-9_]*)?|[-+]_*(?:\.` + keyDigits + `|[0-9][0-9_]*(?:\.[0-9_]*)?))(?:[eE]_*[-+]?` + keyDigits + `)?$` +
		`|^\.[0-9]+(?:[eE][-+]?[0-9]+)?$` +
		`|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$`
)
