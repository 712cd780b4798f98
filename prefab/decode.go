package prefab

import (
	"encoding"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/internal/yamltext"
)

// How YAML keys map to Go struct fields: a field's key is the name in its
// yaml tag, or else its Go name in lower case (HP → hp, MaxHP → maxhp), as
// go.yaml.in/yaml/v3 does. Fields tagged `yaml:"-"` and unexported fields
// cannot be set from data; a struct field tagged `yaml:",inline"` lays its
// fields into its parent's mapping.

// nodeBudget bounds the YAML nodes one file may make the loader visit.
// Aliases let a few bytes stand for an exponential number of nodes; past
// the budget the load fails instead of running for ever.
const nodeBudget = 1 << 18

// decoder turns YAML nodes into Go values by reflection, collecting every
// problem it meets with its position rather than stopping at the first.
type decoder struct {
	file      string
	prefab    string
	component string
	errs      *[]*LoadError
	budget    int
	merging   map[*yaml.Node]bool // mappings whose merge keys are being expanded
	assets    *assets.Loader      // checks decoded values that name assets; nil: no checking

	// When track is on, every struct field the data sets as a whole is
	// recorded in sets, as an index path from the top value (for
	// reflect.Value.FieldByIndex); struct fields it merges into are not,
	// their own fields are. That is what a patch over a factory applies.
	track bool
	cur   []int
	sets  [][]int
}

func newDecoder(file string, errs *[]*LoadError, loader *assets.Loader) *decoder {
	return &decoder{file: file, errs: errs, budget: nodeBudget, assets: loader}
}

// fail records a problem at node n.
func (d *decoder) fail(n *yaml.Node, field string, kind error, format string, args ...any) {
	d.failCause(n, field, kind, nil, format, args...)
}

// failNaming is fail for a message that quotes the component or field
// (what) it is about, which the error's text then does not say again.
func (d *decoder) failNaming(what string, n *yaml.Node, field string, kind error, format string, args ...any) {
	d.fail(n, field, kind, format, args...)
	(*d.errs)[len(*d.errs)-1].Err.(*detail).names = what
}

// failCause is fail for a value whose own decoding returned cause, which
// the error then wraps as well as kind.
func (d *decoder) failCause(n *yaml.Node, field string, kind, cause error, format string, args ...any) {
	e := &LoadError{File: d.file, Prefab: d.prefab, Component: d.component, Field: field,
		Err: &detail{kind: kind, msg: fmt.Sprintf(format, args...), cause: cause}}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	*d.errs = append(*d.errs, e)
}

// resolve follows aliases to the node they name, spending budget. It
// returns nil, once the problem is reported, when the budget is spent.
func (d *decoder) resolve(n *yaml.Node) *yaml.Node {
	d.budget--
	if d.budget == 0 {
		d.fail(n, "", ErrSyntax, "too many values: aliases expand to more than %d nodes", nodeBudget)
	}
	if d.budget <= 0 {
		return nil
	}
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// pair is one key and value of a mapping. merged marks those that come
// from a merge key (<<: *anchor), which the mapping's own keys override.
type pair struct {
	key, val *yaml.Node
	merged   bool
}

// pairs returns the keys and values of mapping n, with those of merge keys
// first so that later ones override them, as YAML's merge key says.
func (d *decoder) pairs(n *yaml.Node) []pair {
	if d.merging[n] {
		d.fail(n, "", ErrSyntax, "a merge key (<<) refers to a mapping it is part of")
		d.budget = -1 // stop: the mapping would expand for ever
		return nil
	}
	if d.merging == nil {
		d.merging = make(map[*yaml.Node]bool)
	}
	d.merging[n] = true
	defer delete(d.merging, n)
	var groups [][]pair // each merge key's pairs, in order
	var own []pair
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			groups = append(groups, d.mergePairs(v))
			continue
		}
		own = append(own, pair{key: k, val: v})
	}
	// A later merge key's pairs come first, so that an earlier one's win
	// (the last of a key's pairs is what a mapping keeps); joined once, not
	// prepended group by group.
	var merged []pair
	for _, g := range slices.Backward(groups) {
		merged = append(merged, g...)
	}
	return append(merged, own...)
}

// mergePairs returns the pairs a merge key's value brings: one mapping, or
// a list of them where earlier ones win.
func (d *decoder) mergePairs(v *yaml.Node) []pair {
	v = d.resolve(v)
	if v == nil {
		return nil
	}
	var maps []*yaml.Node
	switch v.Kind {
	case yaml.MappingNode:
		maps = []*yaml.Node{v}
	case yaml.SequenceNode:
		for _, m := range v.Content {
			if m = d.resolve(m); m == nil {
				return nil
			}
			maps = append(maps, m)
		}
	}
	var out []pair
	for _, m := range slices.Backward(maps) {
		if m.Kind != yaml.MappingNode {
			d.fail(m, "", ErrSyntax, "a merge key (<<) takes a mapping or a list of mappings")
			continue
		}
		ps := d.pairs(m)
		if d.budget <= 0 {
			return nil // reported already
		}
		if d.budget -= len(ps); d.budget <= 0 {
			d.fail(m, "", ErrSyntax, "too many values: aliases expand to more than %d nodes", nodeBudget)
			return nil
		}
		for _, p := range ps {
			p.merged = true
			out = append(out, p)
		}
	}
	return out
}

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
// asset loader, unless it is the part of a struct a patch over a factory
// sets (tracked), which is not the whole value.
func (d *decoder) value(v reflect.Value, n *yaml.Node, path string) {
	if n = d.resolve(n); n == nil {
		return
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		v.SetZero()
		return
	}
	before := len(*d.errs)
	d.decode(v, n, path)
	if d.assets != nil && len(*d.errs) == before && !(d.track && mergesInto(v.Type(), n)) &&
		reflect.PointerTo(v.Type()).Implements(referrerType) {
		if err := v.Addr().Interface().(assets.Referrer).CheckAssets(d.assets); err != nil {
			d.failCause(n, path, ErrAsset, err, "%s", strings.TrimPrefix(err.Error(), "assets: "))
		}
	}
}

// decode is value for a node that is neither an alias nor null.
func (d *decoder) decode(v reflect.Value, n *yaml.Node, path string) {
	t := v.Type()
	switch {
	case t == durationType:
		dur, err := time.ParseDuration(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil {
			d.bad(n, path, t)
			return
		}
		v.SetInt(int64(dur))
		return
	case reflect.PointerTo(t).Implements(unmarshalerType):
		if err := n.Decode(v.Addr().Interface()); err != nil {
			d.failCause(n, path, ErrBadValue, err, "%s (%v)", strings.TrimPrefix(err.Error(), "yaml: "), t)
		}
		return
	case reflect.PointerTo(t).Implements(textType):
		if n.Kind != yaml.ScalarNode {
			d.bad(n, path, t)
			return
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			d.failCause(n, path, ErrBadValue, err, "%v, got %s (%v)", err, got(n), t)
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		// A patch copies such a field whole (it is recorded where the
		// struct holding it sets it): no path inside it is a field to copy.
		if d.track {
			d.track = false
			defer func() { d.track = true }()
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		var b bool
		if !d.scalar(n, "!!bool", &b) {
			d.bad(n, path, t)
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var i int64
		if !d.scalar(n, "!!int", &i) || v.OverflowInt(i) {
			d.bad(n, path, t)
			return
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var u uint64
		if !d.scalar(n, "!!int", &u) || v.OverflowUint(u) {
			d.bad(n, path, t)
			return
		}
		v.SetUint(u)
	case reflect.Float32, reflect.Float64:
		var f float64
		ok := d.scalar(n, "!!float", &f) || d.scalar(n, "!!int", &f)
		if !ok || !math.IsInf(f, 0) && v.OverflowFloat(f) {
			d.bad(n, path, t)
			return
		}
		v.SetFloat(f)
	case reflect.String:
		// Any scalar is a string: a designer's name: 123 means "123".
		if n.Kind != yaml.ScalarNode {
			d.bad(n, path, t)
			return
		}
		v.SetString(n.Value)
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		d.value(p.Elem(), n, path)
		v.Set(p)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.bad(n, path, t)
			return
		}
		s := reflect.MakeSlice(t, len(n.Content), len(n.Content))
		for i, item := range n.Content {
			d.value(s.Index(i), item, fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.Array:
		if n.Kind != yaml.SequenceNode || len(n.Content) > t.Len() {
			d.bad(n, path, t)
			return
		}
		v.SetZero()
		for i, item := range n.Content {
			d.value(v.Index(i), item, fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		d.mapping(v, n, path)
	case reflect.Struct:
		d.structure(v, n, path)
	default:
		d.fail(n, path, ErrBadValue, "prefab data cannot set a field of type %v; give it in code, with a factory", t)
	}
}

// scalar decodes n into out if n is a scalar of the YAML type tag.
func (d *decoder) scalar(n *yaml.Node, tag string, out any) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == tag && n.Decode(out) == nil
}

// bad reports a value that does not fit type t.
func (d *decoder) bad(n *yaml.Node, path string, t reflect.Type) {
	d.fail(n, path, ErrBadValue, "expected %s, got %s", expect(t), got(n))
}

func (d *decoder) mapping(v reflect.Value, n *yaml.Node, path string) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.bad(n, path, t)
		return
	}
	m := reflect.MakeMapWithSize(t, len(n.Content)/2)
	seen := make(map[string]*yaml.Node)
	for _, p := range d.pairs(n) {
		k := d.resolve(p.key)
		if k == nil {
			return
		}
		sub := joinPath(path, k.Value)
		if !p.merged {
			if prev, dup := seen[k.Value]; dup {
				d.fail(k, sub, ErrSyntax, "key %q given twice (first at line %d)", k.Value, prev.Line)
				continue
			}
			seen[k.Value] = k
		}
		key := reflect.New(t.Key()).Elem()
		if k.Kind != yaml.ScalarNode {
			d.fail(k, sub, ErrBadValue, "expected a key that is %s, got %s", expect(t.Key()), got(k))
			continue
		}
		d.value(key, k, sub)
		val := reflect.New(t.Elem()).Elem()
		d.value(val, p.val, sub)
		m.SetMapIndex(key, val)
	}
	v.Set(m)
}

func (d *decoder) structure(v reflect.Value, n *yaml.Node, path string) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.bad(n, path, t)
		return
	}
	info := fieldsOf(t)
	seen := make(map[string]*yaml.Node)
	for _, p := range d.pairs(n) {
		k := d.resolve(p.key)
		if k == nil {
			return
		}
		name := k.Value
		sub := joinPath(path, name)
		if k.Kind != yaml.ScalarNode {
			d.fail(k, path, ErrSyntax, "expected a field name, got %s", got(k))
			continue
		}
		f, ok := info.byName[name]
		if !ok {
			d.failNaming("field", k, sub, ErrUnknownField, "unknown field %q%s", sub, hint(name, info.names, "fields"))
			continue
		}
		if !p.merged {
			if prev, dup := seen[name]; dup {
				d.failNaming("field", k, sub, ErrSyntax, "field %q given twice (first at line %d)", sub, prev.Line)
				continue
			}
			seen[name] = k
		}
		fv := v.FieldByIndex(f.index)
		if d.track {
			d.cur = append(d.cur, f.index...)
			if !mergesInto(fv.Type(), p.val) {
				d.sets = append(d.sets, slices.Clone(d.cur))
			}
		}
		d.value(fv, p.val, sub)
		if d.track {
			d.cur = d.cur[:len(d.cur)-len(f.index)]
		}
	}
}

// mergesInto reports whether decoding n into a value of type t merges
// field by field (a struct from a mapping) rather than replacing the
// value.
func mergesInto(t reflect.Type, n *yaml.Node) bool {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	pt := reflect.PointerTo(t)
	return t.Kind() == reflect.Struct && n != nil && n.Kind == yaml.MappingNode &&
		!pt.Implements(unmarshalerType) && !pt.Implements(textType)
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
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
}

var structInfos sync.Map // reflect.Type -> *structInfo

// fieldsOf returns the fields of struct type t that data can set, by key.
func fieldsOf(t reflect.Type) *structInfo {
	if s, ok := structInfos.Load(t); ok {
		return s.(*structInfo)
	}
	s := &structInfo{byName: make(map[string]field)}
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "-" || !f.IsExported() && !(f.Anonymous && opts == "inline") {
				continue
			}
			idx := append(slices.Clone(index), i)
			if opts == "inline" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, idx)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if _, dup := s.byName[name]; dup {
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

// got describes node n as a designer wrote it, for errors.
func got(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.ShortTag() == "!!str" {
			return strconv.Quote(n.Value)
		}
		return n.Value
	}
	return "nothing"
}

// hint returns a suggestion for a misspelt name: " (did you mean "x"?)"
// when one of known is close, else the list of known names when it is
// short, else "".
func hint(name string, known []string, what string) string {
	best, bestD := "", 3
	for _, k := range known {
		if strings.EqualFold(k, name) {
			return fmt.Sprintf(" (did you mean %q?)", k)
		}
		if d := yamltext.Distance(strings.ToLower(name), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" && bestD <= len(name)/3+1 {
		return fmt.Sprintf(" (did you mean %q?)", best)
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
