package prefab

import (
	"encoding"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/internal/yamltext"
)

// How YAML keys map to Go struct fields: a field's key is the name in its
// yaml tag, or else its Go name in lower case (HP → hp, MaxHP → maxhp), as
// go.yaml.in/yaml/v3 does. Fields tagged `yaml:"-"` and unexported fields
// cannot be set from data; a struct field tagged `yaml:",inline"` lays its
// fields into its parent's mapping. Two fields of one mapping with one key
// (HP and Hp; X beside an inlined struct's X) are refused when the
// component is registered (see sharedKeyIn), since data could set only one.

var (
	referrerType    = reflect.TypeFor[assets.Referrer]()
	durationType    = reflect.TypeFor[time.Duration]()
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	textType        = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// value decodes n into v, which is settable. A struct is decoded field by
// field into the value already there, so fields the mapping leaves out
// keep their values: that is how a variant merges over its base. Every
// other kind is replaced: slices, maps and pointers are made anew.
//
// A value that decodes without a problem and names assets (its pointer
// type implements assets.Referrer) is then checked against the library's
// asset loader, unless it is a struct a patch over a factory merges into
// (a.rec is set), which is not the whole value.
func (d *decoder) value(v reflect.Value, n *yaml.Node, a at) {
	if n = d.resolve(n, a); n == nil {
		return
	}
	if a.depth++; a.depth > maxDepth {
		d.failLimit(n, a, "values nest more than %d deep", maxDepth)
		return
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		v.SetZero()
		return
	}
	before := d.problems()
	d.decode(v, n, a)
	if d.assets == nil || a.rec != nil || d.problems() != before {
		return
	}
	if reflect.PointerTo(v.Type()).Implements(referrerType) {
		d.checkAssets(v, n, a)
	}
	if v.Kind() == reflect.Struct {
		// An inline struct's fields sit in this mapping: it is checked
		// here, at the mapping, as a whole value is at its own node.
		for _, idx := range fieldsOf(v.Type()).inlineRefs {
			d.checkAssets(v.FieldByIndex(idx), n, a)
		}
	}
}

// checkAssets reports what the assets.Referrer v names that does not load.
func (d *decoder) checkAssets(v reflect.Value, n *yaml.Node, a at) {
	if err := v.Addr().Interface().(assets.Referrer).CheckAssets(d.assets); err != nil {
		d.failCause(n, a, CodeAsset, err, "%s", strings.TrimPrefix(err.Error(), "assets: "))
	}
}

// decode is value for a node that is neither an alias nor null.
func (d *decoder) decode(v reflect.Value, n *yaml.Node, a at) {
	t := v.Type()
	switch {
	case t == durationType:
		dur, err := time.ParseDuration(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil {
			d.bad(n, a, t)
			return
		}
		v.SetInt(int64(dur))
		return
	case reflect.PointerTo(t).Implements(unmarshalerType):
		if err := n.Decode(v.Addr().Interface()); err != nil {
			d.failCause(n, a, CodeBadValue, err, "%s (%v)", strings.TrimPrefix(err.Error(), "yaml: "), t)
		}
		return
	case reflect.PointerTo(t).Implements(textType):
		if n.Kind != yaml.ScalarNode {
			d.bad(n, a, t)
			return
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			d.failCause(n, a, CodeBadValue, err, "%v, got %s (%v)", err, yamlpos.Describe(n), t)
		}
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		var b bool
		if !d.scalar(n, "!!bool", &b) {
			d.bad(n, a, t)
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var i int64
		if !d.scalar(n, "!!int", &i) || v.OverflowInt(i) {
			d.bad(n, a, t)
			return
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var u uint64
		if !d.scalar(n, "!!int", &u) || v.OverflowUint(u) {
			d.bad(n, a, t)
			return
		}
		v.SetUint(u)
	case reflect.Float32, reflect.Float64:
		var f float64
		ok := d.scalar(n, "!!float", &f) || d.scalar(n, "!!int", &f)
		if !ok || !math.IsInf(f, 0) && v.OverflowFloat(f) {
			d.bad(n, a, t)
			return
		}
		v.SetFloat(f)
	case reflect.String:
		// Any scalar is a string: a designer's name: 123 means "123".
		if n.Kind != yaml.ScalarNode {
			d.bad(n, a, t)
			return
		}
		v.SetString(n.Value)
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		d.value(p.Elem(), n, a)
		v.Set(p)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.bad(n, a, t)
			return
		}
		s := reflect.MakeSlice(t, len(n.Content), len(n.Content))
		for i, item := range n.Content {
			d.value(s.Index(i), item, a.item(i))
		}
		v.Set(s)
	case reflect.Array:
		if n.Kind != yaml.SequenceNode || len(n.Content) > t.Len() {
			d.bad(n, a, t)
			return
		}
		v.SetZero()
		for i, item := range n.Content {
			d.value(v.Index(i), item, a.item(i))
		}
	case reflect.Map:
		d.mapping(v, n, a)
	case reflect.Struct:
		d.structure(v, n, a)
	default:
		d.fail(n, a, CodeBadValue, "prefab data cannot set a field of type %v; give it in code, with a factory", t)
	}
}

// scalar decodes n into out if n is a scalar of the YAML type tag.
func (d *decoder) scalar(n *yaml.Node, tag string, out any) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == tag && n.Decode(out) == nil
}

// bad reports a value that does not fit type t.
func (d *decoder) bad(n *yaml.Node, a at, t reflect.Type) {
	d.fail(n, a, CodeBadValue, "expected %s, got %s", expect(t), yamlpos.Describe(n))
}

// mapping decodes the mapping n into v, a map it makes anew. A key that
// the mapping's own keys give twice is an error; one a merge key brings
// is overridden.
func (d *decoder) mapping(v reflect.Value, n *yaml.Node, a at) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.bad(n, a, t)
		return
	}
	m := reflect.MakeMapWithSize(t, len(n.Content)/2)
	seen := make(map[string]*yaml.Node)
	for _, p := range d.pairs(n, a) {
		k := d.resolve(p.key, a)
		if k == nil {
			return
		}
		sub := a.in(k.Value)
		if !p.merged {
			if prev, dup := seen[k.Value]; dup {
				d.fail(k, sub, CodeSyntax, "key %s given twice (first at line %d)", yamltext.Quote(k.Value), prev.Line)
				continue
			}
			seen[k.Value] = k
		}
		key := reflect.New(t.Key()).Elem()
		if k.Kind != yaml.ScalarNode {
			d.fail(k, sub, CodeBadValue, "expected a key that is %s, got %s", expect(t.Key()), yamlpos.Describe(k))
			continue
		}
		d.value(key, k, sub)
		val := reflect.New(t.Elem()).Elem()
		d.value(val, p.val, sub)
		m.SetMapIndex(key, val)
	}
	v.Set(m)
}

// structure decodes the mapping n into the struct v field by field, so
// the fields it leaves out keep their values. For a patch (a.rec set), it
// records each field it sets whole and merges into the others with the
// record still on.
func (d *decoder) structure(v reflect.Value, n *yaml.Node, a at) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.bad(n, a, t)
		return
	}
	info := fieldsOf(t)
	seen := make(map[string]*yaml.Node)
	for _, p := range d.pairs(n, a) {
		k := d.resolve(p.key, a)
		if k == nil {
			return
		}
		if k.Kind != yaml.ScalarNode {
			d.fail(k, a, CodeSyntax, "expected a field name, got %s", yamlpos.Describe(k))
			continue
		}
		name := k.Value
		sub := a.in(name)
		f, ok := info.byName[name]
		if !ok {
			d.failNaming("field", k, sub, CodeUnknownField, "unknown field %s%s", yamltext.Quote(sub.path()), hint(name, info.names, "fields"))
			continue
		}
		if !p.merged {
			if prev, dup := seen[name]; dup {
				d.failNaming("field", k, sub, CodeSyntax, "field %s given twice (first at line %d)", yamltext.Quote(sub.path()), prev.Line)
				continue
			}
			seen[name] = k
		}
		fv := v.FieldByIndex(f.index)
		rec := a.rec
		if rec == nil {
			d.value(fv, p.val, sub)
			continue
		}
		rec.cur = append(rec.cur, f.index...)
		if mergesInto(fv.Type(), p.val) {
			d.value(fv, p.val, sub)
		} else {
			rec.sets = append(rec.sets, slices.Clone(rec.cur))
			sub.rec = nil // set whole: a patch copies it as it is
			d.value(fv, p.val, sub)
		}
		rec.cur = rec.cur[:len(rec.cur)-len(f.index)]
	}
}

// mergesInto reports whether decoding n into a value of type t merges
// field by field (a struct from a mapping) rather than replacing the
// value.
func mergesInto(t reflect.Type, n *yaml.Node) bool {
	n = yamlpos.Resolve(n)
	pt := reflect.PointerTo(t)
	return t.Kind() == reflect.Struct && n != nil && n.Kind == yaml.MappingNode &&
		!pt.Implements(unmarshalerType) && !pt.Implements(textType)
}

// field is a struct field data can set.
type field struct {
	key   string // its YAML key
	index []int  // for reflect.Value.FieldByIndex
	typ   reflect.Type
}

type structInfo struct {
	byName map[string]field
	names  []string // keys in field order
	fields []field  // in field order
	// inlineRefs are the index paths of the inline struct fields that
	// name assets (assets.Referrer), checked with the struct.
	inlineRefs [][]int
	// shared is the first key that two fields have; its key is "" when
	// every field has a key of its own. byName holds the first of the two.
	shared sharedKey
}

// sharedKey is a YAML key that two struct fields have, with their Go
// paths (field names joined by dots through inlined structs, such as
// "Base.X"), in field order.
type sharedKey struct {
	key           string
	first, second string
}

var structInfos sync.Map // reflect.Type -> *structInfo

// fieldsOf returns the fields of struct type t that data can set, by key.
// Of two fields with one key, the key sets the first; [Component] refuses
// such types, so a library never decodes one.
func fieldsOf(t reflect.Type) *structInfo {
	if s, ok := structInfos.Load(t); ok {
		return s.(*structInfo)
	}
	s := &structInfo{byName: make(map[string]field)}
	t0 := t
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, inline := yamltext.Tag(f.Tag.Get("yaml"))
			if name == "-" || !f.IsExported() && !(f.Anonymous && inline) {
				continue
			}
			idx := append(slices.Clone(index), i)
			if inline && f.Type.Kind() == reflect.Struct {
				if reflect.PointerTo(f.Type).Implements(referrerType) {
					s.inlineRefs = append(s.inlineRefs, idx)
				}
				walk(f.Type, idx)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if prev, dup := s.byName[name]; dup {
				if s.shared.key == "" {
					s.shared = sharedKey{name, goPath(t0, prev.index), goPath(t0, idx)}
				}
				continue
			}
			fd := field{key: name, index: idx, typ: f.Type}
			s.byName[name] = fd
			s.names = append(s.names, name)
			s.fields = append(s.fields, fd)
		}
	}
	walk(t, nil)
	structInfos.Store(t, s)
	return s
}

// goPath returns the Go names of the fields of struct type t along index,
// joined by dots: "HP", or "Base.X" for a field of an inlined struct.
func goPath(t reflect.Type, index []int) string {
	names := make([]string, len(index))
	for i, x := range index {
		f := t.Field(x)
		names[i], t = f.Name, f.Type
	}
	return strings.Join(names, ".")
}

// expect says what a value of type t looks like in YAML, for errors.
func expect(t reflect.Type) string {
	var what string
	switch {
	case t == durationType:
		what = `a duration such as "1.5s"`
	case reflect.PointerTo(t).Implements(textType):
		what = "a string"
	default:
		switch t.Kind() {
		case reflect.Bool:
			what = "true or false"
		case reflect.Int8, reflect.Int16, reflect.Int32:
			lim := int64(1) << (t.Bits() - 1)
			what = fmt.Sprintf("an integer from %d to %d", -lim, lim-1)
		case reflect.Uint8, reflect.Uint16, reflect.Uint32:
			what = fmt.Sprintf("an integer from 0 to %d", uint64(1)<<t.Bits()-1)
		case reflect.Uint, reflect.Uint64, reflect.Uintptr:
			what = "an integer from 0 up"
		case reflect.Int, reflect.Int64:
			what = "an integer"
		case reflect.Float32, reflect.Float64:
			what = "a number"
		case reflect.String:
			what = "a string"
		case reflect.Slice:
			what = "a list"
		case reflect.Array:
			what = fmt.Sprintf("a list of at most %d items", t.Len())
		case reflect.Map, reflect.Struct:
			what = "a mapping"
		case reflect.Pointer:
			return expect(t.Elem())
		default:
			what = "a value"
		}
	}
	return what + " (" + t.String() + ")"
}

// hint returns a suggestion for a misspelt name: " (did you mean "x"?)"
// when one of known is close, else the list of known names when it is
// short, else "". A name longer than yamltext.HintLen is close to none,
// which keeps the hint cheap on a name of megabytes.
func hint(name string, known []string, what string) string {
	best, bestD := "", 3
	if len(name) <= yamltext.HintLen {
		lower := strings.ToLower(name)
		for _, k := range known {
			if strings.EqualFold(k, name) {
				return fmt.Sprintf(" (did you mean %q?)", k)
			}
			if len(k) > yamltext.HintLen {
				continue
			}
			if d := yamltext.Distance(lower, strings.ToLower(k)); d < bestD {
				best, bestD = k, d
			}
		}
	}
	if best != "" && bestD <= len(name)/3+1 {
		return fmt.Sprintf(" (did you mean %s?)", yamltext.Quote(best))
	}
	if len(known) == 0 {
		if what == "components" {
			return " (no components are registered)"
		}
		return ""
	}
	if len(known) <= 12 {
		return fmt.Sprintf(" (%s: %s)", what, strings.Join(known, ", "))
	}
	return ""
}
