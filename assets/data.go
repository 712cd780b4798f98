package assets

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/yamlpos"
)

// Data is a loaded YAML file: game data such as tuning values, level
// lists or dialogue, decoded into the game's own Go types with
// [Data.Decode] or kept up to date with [Data.Bind].
//
// The handle stays the same for the loader's life; a reload swaps the
// file's content inside it, increments its generation and decodes it again
// into every bound value. A Data is safe for concurrent use.
type Data struct {
	path  string
	state atomic.Pointer[dataState]

	mu    sync.Mutex // guards binds; held by a reload while it decodes
	binds []any
}

// dataState is one version of a file; never modified once published.
type dataState struct {
	data []byte
	top  *yaml.Node // nil for a file holding no document
	gen  uint64
}

// Path returns the file's path in the loader's file system.
func (d *Data) Path() string { return d.path }

// Bytes returns the file's content. It must not be modified.
func (d *Data) Bytes() []byte { return d.state.Load().data }

// Generation returns 1 for the file as first loaded, and one more after
// each reload that changed it.
func (d *Data) Generation() uint64 { return d.state.Load().gen }

// Decode decodes the file into v, which must be a non-nil pointer, as
// go.yaml.in/yaml/v3 does (a field's key is its yaml tag's name, or its Go
// name in lower case; ",inline" works), except that a key v's type does
// not have is an error, and so is what the YAML package would take and
// change without a word: a number with a fraction for an integer field
// (it would truncate it), and a null in a list of a type that cannot be
// nil (it would leave the element out). A null field sets a pointer,
// slice, map or interface field to nil and keeps any other as it is; a
// null map value gives a new key the zero value. Fields the file leaves
// out keep the values they have in v, so v may hold defaults. An empty
// file leaves v as it is.
//
// The error joins every problem found (the first 100, and a count of the
// others), each a [*LoadError] naming the file, line and column and
// wrapping [ErrUnknownField] or [ErrDecode] (a value that does not fit its
// field's type, a key given twice). v may be partly decoded then.
func (d *Data) Decode(v any) error { return decodeData(d.path, d.state.Load(), v) }

// Bind decodes the file into a new value of v's type and stores it in v,
// which must be a non-nil pointer, now and after every reload of the file
// that changed it: the way a game keeps tuning values that designers edit
// while it runs. Unlike [Data.Decode], fields the file leaves out are
// zero. A reload decodes every value bound to the file before it stores
// any, so a file that no longer fits one of them changes none and the
// reload reports the error. If the file does not fit v now, Bind returns
// the error, leaves v as it is and does not bind it.
//
// A reload stores into v on the goroutine that calls [Loader.Reload] or
// [Watcher.Poll]; read v on that goroutine (the game loop's) only. Binding
// a value twice binds it once. [Data.Unbind] ends the binding.
func (d *Data) Bind(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return newError(d.path, ErrDecode, fmt.Sprintf("Bind needs a non-nil pointer, got %T", v))
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fresh := reflect.New(rv.Type().Elem())
	if err := decodeData(d.path, d.state.Load(), fresh.Interface()); err != nil {
		return err
	}
	rv.Elem().Set(fresh.Elem())
	if !slices.Contains(d.binds, v) {
		d.binds = append(d.binds, v)
	}
	return nil
}

// Unbind ends the binding of v made by [Data.Bind], and reports whether
// there was one. v keeps its value.
func (d *Data) Unbind(v any) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	i := slices.Index(d.binds, v)
	if i < 0 {
		return false
	}
	d.binds = slices.Delete(d.binds, i, i+1)
	return true
}

// Data loads the YAML file at name, or returns it from the cache. Loading
// checks that the file is YAML holding at most one document, whose
// mappings have no key twice and at most [Limits.MappingKeys] keys (and
// together, aliases counted each time they repeat one, at most the pairs
// of keys of four such mappings), and whose merge keys (<<) name
// mappings; decoding it into Go values is [Data.Decode]'s work.
//
// The error is a [*LoadError] naming the path and wrapping [ErrNotFound],
// [ErrLimit] (a file larger than [Limits.YAMLSize], a mapping of too many
// keys, too many pairs of keys) or, with a line, [ErrDecode] (not UTF-8,
// not YAML, two documents, a key given twice, a merge key whose value is
// not a mapping), or the file system's error.
func (l *Loader) Data(name string) (*Data, error) {
	return loadFile(l, KindData, name, func(p string, data []byte) (*Data, error) {
		top, err := l.parseData(p, data)
		if err != nil {
			return nil, err
		}
		d := &Data{path: p}
		d.state.Store(&dataState{data: data, top: top, gen: 1})
		return d, nil
	})
}

// Decode loads the YAML file at name (see [Loader.Data]) and decodes it
// into v (see [Data.Decode]).
func (l *Loader) Decode(name string, v any) error {
	d, err := l.Data(name)
	if err != nil {
		return err
	}
	return d.Decode(v)
}

// parseData parses a data file and checks its mappings' keys.
func (l *Loader) parseData(p string, data []byte) (*yaml.Node, error) {
	top, err := parseYAML(p, data)
	if err != nil {
		return nil, err
	}
	var errs []*LoadError
	checkKeys(p, top, l.limits.MappingKeys, &errs, 0)
	if len(errs) > 0 {
		return nil, capErrors(p, errs)
	}
	if err := checkKeyPairs(p, top, l.limits.MappingKeys); err != nil {
		return nil, err
	}
	return top, nil
}

// checkKeyPairs bounds what decoding the file will cost: the YAML decoder
// compares every key of a mapping with every other each time it decodes
// it, so a file of many mappings at Limits.MappingKeys, or of one such
// mapping repeated by aliases, costs seconds (25 mappings of 4096 keys
// took 0.8 to 2 s; one of 4096 keys aliased 40 times, 3 s) where one
// costs milliseconds. It refuses a file whose mappings hold more pairs of
// keys, counting every time an alias repeats one, than four mappings of
// max keys do, naming the mapping or alias where the count goes over.
func checkKeyPairs(p string, top *yaml.Node, max int) error {
	k := uint64(max)
	budget := uint64(math.MaxUint64 / 4) // room for the sums of two counts held to it
	if k < 1<<30 {
		budget = min(budget, 4*(k*(k-1)/2))
	}
	c := pairCount{budget: budget, memo: map[*yaml.Node]uint64{}}
	c.walk(top, 0)
	if c.over == nil {
		return nil
	}
	return at(p, c.over, ErrLimit, "the file's mappings hold more than %d pairs of keys, counting each time an alias repeats one; "+
		"the YAML decoder compares every pair, and data may hold at most as many as four mappings of %d keys (Limits.MappingKeys): make long mappings lists, or alias them less", c.budget, max)
}

// pairCount counts the pairs of keys the decoder compares, in document
// order, up to the first node at which they go over budget.
type pairCount struct {
	total, budget uint64
	memo          map[*yaml.Node]uint64 // the pairs under each node an alias names
	over          *yaml.Node
}

// walk adds the pairs under n to the count, and records n as over when
// the count goes over budget at it.
func (c *pairCount) walk(n *yaml.Node, depth int) {
	if c.over != nil || n == nil || depth > 10000 {
		return
	}
	add := c.own(n)
	if n.Kind == yaml.AliasNode {
		add = c.under(n.Alias, 0)
	}
	if c.total += add; c.total > c.budget {
		c.over = n
		return
	}
	for _, child := range n.Content {
		c.walk(child, depth+1)
	}
}

// own returns the pairs of keys of n itself: none unless it is a mapping.
func (c *pairCount) own(n *yaml.Node) uint64 {
	if n.Kind != yaml.MappingNode {
		return 0
	}
	k := uint64(len(n.Content) / 2)
	return k * (k - 1) / 2
}

// under returns the pairs of keys the decoder compares in decoding n,
// through aliases too, remembered for each node and held to budget+1 so
// that a billion laughs neither overflows nor takes long. A node that
// contains itself through an alias (which the decoder refuses) counts
// nothing the second time.
func (c *pairCount) under(n *yaml.Node, depth int) uint64 {
	if n == nil || depth > 10000 {
		return 0
	}
	if v, ok := c.memo[n]; ok {
		return v
	}
	c.memo[n] = 0
	sum := c.own(n)
	if n.Kind == yaml.AliasNode {
		sum = c.under(n.Alias, depth+1)
	}
	for _, child := range n.Content {
		sum = min(sum+c.under(child, depth+1), c.budget+1)
	}
	c.memo[n] = sum
	return sum
}

// checkKeys reports the keys given twice in a mapping under n, and the
// mappings of more than max keys, before the YAML decoder sees them: it
// compares every key of a mapping with every other, which takes minutes
// for a mapping of a hundred thousand keys, and reports every pair of
// equal keys, billions for a file of one key repeated. It also checks
// what merge keys name (see checkMerge). It walks each node once, not
// following aliases.
func checkKeys(p string, n *yaml.Node, max int, errs *[]*LoadError, depth int) {
	if n == nil || depth > 10000 || len(*errs) > maxErrors {
		return
	}
	if n.Kind == yaml.MappingNode {
		if keys := len(n.Content) / 2; keys > max {
			*errs = append(*errs, at(p, n, ErrLimit, "a mapping of %d keys; data may have at most %d in one mapping (Limits.MappingKeys): make it a list", keys, max))
			return
		}
		seen := make(map[mapKey]*yaml.Node, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
				checkMerge(p, n.Content[i+1], errs)
			}
			if prev, dup := seen[mapKey{k.Kind, k.Value}]; dup {
				*errs = append(*errs, at(p, k, ErrDecode, "key %q given twice (first at line %d)", k.Value, prev.Line))
				continue
			}
			seen[mapKey{k.Kind, k.Value}] = k
		}
	}
	for _, c := range n.Content {
		checkKeys(p, c, max, errs, depth+1)
	}
}

// checkMerge reports the value v of a merge key (<<) unless it is a
// mapping or a list of mappings (through aliases), at the node that is
// not: the YAML decoder refuses the others only when decoding, without a
// position.
func checkMerge(p string, v *yaml.Node, errs *[]*LoadError) {
	bad := func(n *yaml.Node) {
		*errs = append(*errs, at(p, n, ErrDecode, "a merge key (<<) takes a mapping or a list of mappings, got %s", describe(n)))
	}
	switch r := resolve(v); {
	case r != nil && r.Kind == yaml.MappingNode:
	case r != nil && r.Kind == yaml.SequenceNode && v.Kind != yaml.AliasNode:
		for _, item := range r.Content {
			if m := resolve(item); m == nil || m.Kind != yaml.MappingNode {
				bad(item)
			}
		}
	default:
		bad(v)
	}
}

// mapKey is a key as the YAML decoder compares keys: by kind and text.
type mapKey struct {
	kind  yaml.Kind
	value string
}

// capErrors returns errs joined in the order of the file, the first
// maxErrors of them and a count of the others.
func capErrors(p string, errs []*LoadError) error {
	if len(errs) > maxErrors {
		slices.SortStableFunc(errs, byPosition)
		more := len(errs) - maxErrors
		errs = append(errs[:maxErrors:maxErrors], moreProblems(p, more))
	}
	return joinSorted(errs)
}

// decodeData decodes s into v, reporting unknown fields.
func decodeData(p string, s *dataState, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return newError(p, ErrDecode, fmt.Sprintf("Decode needs a non-nil pointer, got %T", v))
	}
	if s.top == nil {
		return nil
	}
	var errs []*LoadError
	// What the decoder would take and change without a word (1.5 into
	// an int, a null in a list of numbers) is an error too.
	for _, l := range yamlpos.Losses(s.top, rv.Type().Elem()) {
		errs = append(errs, at(p, l.Node, ErrDecode, "%s", l.Msg))
	}
	dec := yaml.NewDecoder(bytes.NewReader(s.data))
	dec.KnownFields(true)
	if err := decodeSafely(dec, v); err != nil && err != io.EOF {
		errs = append(errs, Errors(decodeErrors(p, s.top, err))...)
	}
	if len(errs) == 0 {
		return nil
	}
	return capErrors(p, errs)
}

// reflectNew returns a pointer to a new zero value of the type v, a
// pointer, points to.
func reflectNew(v any) reflect.Value { return reflect.New(reflect.TypeOf(v).Elem()) }

// store sets *dst to *src; both are pointers to the same type.
func store(dst, src any) { reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem()) }
