package systems

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// Tags is a set of collision tags, one bit each: what a collider is
// ([Shape].Tags), what it meets ([Shape].Mask), and what a query such as
// [Collision.AtPoint] looks for. Combine tags with |.
//
// Name the tags a game uses with [NewTag], so that prefab data can write
// them by name — Collider: {kind: box, tags: wall} — and a typo is a load
// error naming the file and line instead of a wall nothing bumps into. A
// tag can also be a plain bit (const Wall systems.Tags = 1 << 0), which
// data must then write as a number; [NewTag] takes bits from the top (bit
// 63 down), so hand-numbered low bits and named tags do not meet until a
// game uses all 64.
//
// The text form, which MarshalText writes and UnmarshalText reads, is the
// names joined by "|", with any bits that have no name as one number
// last: "wall|door", "player|4". UnmarshalText also reads numbers in any
// position (decimal, 0x hex or 0b binary; no sign), so data written before
// the tags had names still loads; "0" and "" are no tags.
type Tags uint64

// tagNames is the process-wide name registry: names are the identity of
// tags in data, so every world and loader shares it.
// Its zero value is ready: NewTag may run while package-level variables
// are initialized, before any init function.
var tagNames struct {
	sync.RWMutex
	byName map[string]Tags
	byBit  [64]string // "" for a bit without a name
	used   int        // bits handed out: 63, 62, ... down to 64-used
}

// ErrTagName reports a collision tag name [NewTag] refuses, or a name in
// data no [NewTag] defined.
var ErrTagName = errors.New("systems: collision tag name")

// NewTag returns the collision tag named name, giving it the highest bit
// no other name has. The same name always returns the same tag, so two
// packages that both say NewTag("wall") agree. Call it once per name at
// package level:
//
//	var (
//		Wall   = systems.NewTag("wall")
//		Player = systems.NewTag("player")
//	)
//
// Bits are handed out in the order the calls run, which Go fixes for
// package-level variables, so a game's tags get the same bits on every
// run; data never sees the bits, only the names.
//
// Panics with an error wrapping [ErrTagName] if name is not a valid name
// or all 64 bits have names. A name is letters, digits, '_', '-' and '.',
// starting with a letter or '_' (so that it cannot be read as a number),
// and not null, Null or NULL (which YAML reads as no value).
func NewTag(name string) Tags {
	if err := checkTagName(name); err != nil {
		panic(err)
	}
	tagNames.Lock()
	defer tagNames.Unlock()
	if t, ok := tagNames.byName[name]; ok {
		return t
	}
	if tagNames.used == 64 {
		panic(fmt.Errorf("%w %q: all 64 tag bits have names", ErrTagName, name))
	}
	bit := 63 - tagNames.used
	tagNames.used++
	t := Tags(1) << bit
	if tagNames.byName == nil {
		tagNames.byName = make(map[string]Tags)
	}
	tagNames.byName[name] = t
	tagNames.byBit[bit] = name
	return t
}

// TagNames returns the names [NewTag] has defined, in the order it
// defined them (highest bit first).
func TagNames() []string {
	tagNames.RLock()
	defer tagNames.RUnlock()
	var out []string
	for bit := 63; bit >= 64-tagNames.used; bit-- {
		out = append(out, tagNames.byBit[bit])
	}
	return out
}

func checkTagName(name string) error {
	if why := yamltext.NameProblem(name); why != "" {
		return fmt.Errorf("%w %q: %s", ErrTagName, name, why)
	}
	return nil
}

// String returns the text form: "wall|door", "player|4", or "0" for no
// tags.
func (t Tags) String() string {
	if t == 0 {
		return "0"
	}
	var b strings.Builder
	rest := t
	tagNames.RLock()
	for bit := 63; bit >= 0; bit-- {
		if name := tagNames.byBit[bit]; name != "" && t&(Tags(1)<<bit) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(name)
			rest &^= Tags(1) << bit
		}
	}
	tagNames.RUnlock()
	if rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString(strconv.FormatUint(uint64(rest), 10))
	}
	return b.String()
}

// MarshalText returns the text form, as [Tags.String] does; it never
// fails.
func (t Tags) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText sets t from its text form: names and numbers joined by
// "|", spaces around each allowed. A name no [NewTag] defined is an error
// wrapping [ErrTagName] that lists the names there are; t is unchanged
// on error.
func (t *Tags) UnmarshalText(text []byte) error {
	var out Tags
	s := strings.TrimSpace(string(text))
	if s == "" {
		*t = 0
		return nil
	}
	for part := range strings.SplitSeq(s, "|") {
		part = strings.TrimSpace(part)
		if part == "" {
			return fmt.Errorf("%w: empty name in %q", ErrTagName, s)
		}
		if numberLike(part) {
			n, err := parseTagNumber(part)
			if err != nil {
				return fmt.Errorf("systems: collision tags %q: %q is not a name or a 64-bit number", s, part)
			}
			out |= Tags(n)
			continue
		}
		tagNames.RLock()
		tag, ok := tagNames.byName[part]
		tagNames.RUnlock()
		if !ok {
			return unknownTag(part)
		}
		out |= tag
	}
	*t = out
	return nil
}

// numberLike reports whether s starts as a number would: a digit, a sign
// or a point. Such a part of the text form is read as a number, and no
// name starts so.
func numberLike(s string) bool {
	c := s[0]
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

// parseTagNumber reads a number of the text form: decimal, or hex after
// 0x, or binary after 0b. Nothing else (no octal, no underscores, no
// sign), so that what data says is what it means.
func parseTagNumber(s string) (uint64, error) {
	base := 10
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, s = 16, s[2:]
		case 'b', 'B':
			base, s = 2, s[2:]
		}
	}
	return strconv.ParseUint(s, base, 64)
}

func unknownTag(name string) error {
	known := TagNames()
	if len(known) == 0 {
		return fmt.Errorf("%w %q is not defined: no tag has a name (see systems.NewTag); write a number", ErrTagName, name)
	}
	slices.Sort(known)
	return fmt.Errorf("%w %q is not defined (defined: %s)", ErrTagName, name, strings.Join(known, ", "))
}
