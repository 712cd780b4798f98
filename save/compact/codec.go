package compact

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// Entity is one entity as the codec reads and writes it: its type and its
// present property values by name.
type Entity struct {
	Type   string
	Fields []Field
}

// Field is one property value of an [Entity].
type Field struct {
	Name  string
	Value Value
}

// Encode returns e as a compact string; see [Table.AppendEncode]. It
// allocates the string only.
func (t *Table) Encode(e Entity) (string, error) {
	var buf [64]byte
	b, err := t.AppendEncode(buf[:0], e)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendEncode appends e as a compact string to dst: the key of e's type,
// then each property of its definition in order, "!" for one e does not
// give, up to the last one it gives. Fields may come in any order; a field
// whose value is [Absent] counts as not given. O(len(e.Fields) + the
// properties up to the last given); with room in dst and at most 32
// properties it allocates nothing.
//
// When e does not fit its definition (no definition for its type, a field
// the definition lacks, a value its property cannot hold exactly, an
// empty string) the error wraps [ErrNoFit]: keep e as a plain object. A
// property given twice fails with [ErrDuplicate]. On error dst is
// returned as it was.
func (t *Table) AppendEncode(dst []byte, e Entity) ([]byte, error) {
	ref, ok := t.byType[e.Type]
	if !ok {
		return dst, &Error{Key: -1, Type: e.Type, Pos: -1, Err: because(ErrNoFit, "no definition for the type")}
	}
	d := &t.defs[ref.def]
	key := d.key + ref.index
	// at[j] is 1 + the index in e.Fields of property j's value, or 0.
	var small [32]int32
	var at []int32
	if len(d.props) <= len(small) {
		at = small[:len(d.props)]
	} else {
		at = make([]int32, len(d.props))
	}
	last, guess := -1, 0
	for i, f := range e.Fields {
		if f.Value.IsAbsent() {
			continue
		}
		j := guess
		if j >= len(d.props) || d.props[j].Name != f.Name {
			var found bool
			if j, found = d.byName[f.Name]; !found {
				return dst, &Error{Key: key, Type: e.Type, Property: f.Name, Pos: -1, Err: because(ErrNoFit, "the definition has no such property (keep the entity as an object)")}
			}
		}
		if at[j] != 0 {
			return dst, &Error{Key: key, Type: e.Type, Property: f.Name, Pos: -1, Err: ErrDuplicate}
		}
		at[j] = int32(i + 1)
		last = max(last, j)
		guess = j + 1
	}
	b := appendVarint(dst, uint64(key))
	for j := 0; j <= last; j++ {
		if at[j] == 0 {
			b = append(b, absentMark)
			continue
		}
		p := &d.props[j]
		var why string
		if b, why = p.appendValue(b, e.Fields[at[j]-1].Value); why != "" {
			return dst, &Error{Key: key, Type: e.Type, Property: p.Name, Pos: -1, Err: because(ErrNoFit, why)}
		}
	}
	return b, nil
}

// Decode returns the entity the compact string s holds; see
// [Table.AppendDecode]. It allocates the fields, once.
func (t *Table) Decode(s string) (Entity, error) {
	var dst []Field
	if d, _, _, err := t.readKey(s); err == nil {
		dst = make([]Field, 0, len(d.props))
	}
	typ, fields, err := t.AppendDecode(dst, s)
	if err != nil {
		return Entity{}, err
	}
	return Entity{Type: typ, Fields: fields}, nil
}

// AppendDecode reads the compact string s and appends its present
// property values to dst, in the order of its definition, returning its
// type and the extended slice. Strings in the values are substrings of s.
// Fields that s leaves out, or gives as "!", are absent; a string of
// length 0 (the reference format's null) is absent too. O(len(s)); with
// room in dst it allocates nothing.
//
// Decode with the table of the save that holds s ([LoadTable] of its
// definitions), then map the fields by name: that reads a save written
// before properties were added, reordered or dropped.
//
// On error dst is returned as it was, and the [*Error] names the key, the
// type and property when known, and the byte of s at fault; it wraps
// [ErrTruncated], [ErrDigit], [ErrOverflow], [ErrUnknownKey], [ErrRange],
// [ErrText] or [ErrTrailing].
func (t *Table) AppendDecode(dst []Field, s string) (typ string, fields []Field, err error) {
	d, key, pos, err := t.readKey(s)
	if err != nil {
		return "", dst, err
	}
	typ = d.types[key-d.key]
	out := dst
	for j := range d.props {
		if pos == len(s) {
			break
		}
		if s[pos] == absentMark {
			pos++
			continue
		}
		p := &d.props[j]
		var v Value
		var f *failure
		if v, pos, f = p.read(s, pos); f != nil {
			return "", dst, &Error{Key: key, Type: typ, Property: p.Name, Pos: f.pos, Err: because(f.kind, f.msg)}
		}
		if !v.IsAbsent() {
			out = append(out, Field{Name: p.Name, Value: v})
		}
	}
	if pos < len(s) {
		return "", dst, &Error{Key: key, Type: typ, Pos: pos, Err: because(ErrTrailing, fmt.Sprintf("the definition has %d properties", len(d.props)))}
	}
	return typ, out, nil
}

// readKey reads the definition key at the start of s and returns its
// definition, the key and the position after it.
func (t *Table) readKey(s string) (d *tableDef, key, pos int, err error) {
	if s != "" && s[0] == absentMark {
		return nil, -1, 0, &Error{Key: -1, Pos: 0, Err: because(ErrDigit, `"!" where the definition key must be`)}
	}
	k, pos, vf := readVarint(s, 0)
	if vf != nil {
		return nil, -1, 0, &Error{Key: -1, Pos: vf.pos, Err: because(vf.kind, "in the definition key: "+vf.describe(s))}
	}
	if d = t.find(k); d == nil {
		return nil, -1, 0, &Error{Key: -1, Pos: 0, Err: because(ErrUnknownKey, fmt.Sprintf("key %d", k))}
	}
	return d, int(k), pos, nil
}

// failure is a decoding problem inside one property.
type failure struct {
	kind error
	pos  int
	msg  string
}

// describe says what went wrong reading a number of s.
func (f *varintError) describe(s string) string {
	switch f.kind {
	case ErrTruncated:
		return "the string ends inside a number"
	case ErrDigit:
		r, _ := utf8.DecodeRuneInString(s[f.pos:])
		return fmt.Sprintf("%q is not a base-45 digit", r)
	}
	return "the number is above 2⁶⁴−1"
}

// read reads p's field at s[pos], which is not "!", and returns its value
// and the position after it.
func (p *prop) read(s string, pos int) (Value, int, *failure) {
	start := pos
	u, pos, vf := readVarint(s, pos)
	if vf != nil {
		return Value{}, pos, &failure{vf.kind, vf.pos, vf.describe(s)}
	}
	outOfRange := func(what string) (Value, int, *failure) {
		return Value{}, pos, &failure{ErrRange, start, fmt.Sprintf("%s %d %s", p.describe(), u, what)}
	}
	switch p.Kind {
	case Boolean:
		if u > 1 {
			return outOfRange("is not 0 or 1")
		}
		return BoolValue(u == 1), pos, nil
	case Float32:
		if u > 1<<32-1 {
			return outOfRange("is not 32 bits")
		}
		return Float32Value(math.Float32frombits(uint32(u))), pos, nil
	case String:
		return readText(s, start, pos, u)
	}
	if p.integral {
		v, ok := p.loadIntegral(u)
		if !ok {
			return outOfRange("scales beyond int64 and uint64")
		}
		return v, pos, nil
	}
	v, ok := p.loadScaled(u)
	if !ok {
		return outOfRange(fmt.Sprintf("scales to %v, which does not encode back exactly", v))
	}
	return v, pos, nil
}

// readText reads a string value of n UTF-16 code units from s[pos]; start
// is where its length began.
func readText(s string, start, pos int, n uint64) (Value, int, *failure) {
	if n == 0 {
		return Value{}, pos, nil
	}
	from := pos
	for units := uint64(0); units < n; {
		if pos >= len(s) {
			return Value{}, pos, &failure{ErrTruncated, start, fmt.Sprintf("string of length %d runs past the end", n)}
		}
		r, size := utf8.DecodeRuneInString(s[pos:])
		if r == utf8.RuneError && size == 1 {
			return Value{}, pos, &failure{ErrText, pos, "not valid UTF-8"}
		}
		units++
		if r >= 0x10000 {
			units++
		}
		if units > n {
			return Value{}, pos, &failure{ErrText, pos, fmt.Sprintf("string of length %d ends inside the surrogate pair of %q", n, r)}
		}
		pos += size
	}
	return StringValue(s[from:pos]), pos, nil
}
