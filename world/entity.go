package world

import (
	"fmt"
	"strconv"
	"strings"
)

// Entity identifies one entity of a [World]. It is 64 bits wide: the low
// 32 bits hold the entity's slot and the high 32 bits its generation.
//
// Store an Entity as an Entity (or a uint64): converting it to a narrower
// integer type drops the generation and turns a dead id into what looks like
// a live one. Nothing in this package narrows an id.
//
// Generations start at 1, so the zero Entity is never alive and can stand
// for "no entity". When an entity is destroyed its slot's generation moves
// on, so an id kept past its entity's death stays dead forever, even after
// the slot is reused. A slot whose generation would wrap around is retired
// instead of reused.
type Entity uint64

// Slot returns the entity's slot index: the index into every field
// component's column (see [Fields.Column]). Slots are reused after an entity
// is destroyed, so a slot alone does not tell whether an entity is alive.
func (e Entity) Slot() int { return int(uint32(e)) }

// Generation returns how many times the entity's slot had been used when
// this id was handed out, starting at 1.
func (e Entity) Generation() uint32 { return uint32(e >> 32) }

// String formats the entity as slot "v" generation, for example "12v3".
func (e Entity) String() string {
	var buf [24]byte
	return string(e.appendText(buf[:0]))
}

// appendText appends e's text, "12v3", to b.
func (e Entity) appendText(b []byte) []byte {
	b = strconv.AppendUint(b, uint64(uint32(e)), 10)
	b = append(b, 'v')
	return strconv.AppendUint(b, uint64(e>>32), 10)
}

// ParseEntity returns the entity that [Entity.String] writes as s, such
// as "3v1" (slot 3, generation 1) or "0v0" (the zero Entity, "no
// entity"): a slot and a generation, each a decimal number below 2^32
// (leading zeros are read too), joined by "v". Every text String writes
// parses back to its Entity, a generation of 0 included, which no live
// entity has. Any other text returns an [*Error] of code [CodeNotAnID]
// naming it.
func ParseEntity(s string) (Entity, error) {
	slot, gen, ok := strings.Cut(s, "v")
	a, err1 := strconv.ParseUint(slot, 10, 32)
	b, err2 := strconv.ParseUint(gen, 10, 32)
	if !ok || err1 != nil || err2 != nil {
		return 0, &Error{Code: CodeNotAnID, Op: "ParseEntity", Value: fmt.Sprintf("%q", s)}
	}
	return makeEntity(uint32(a), uint32(b)), nil
}

// MarshalText writes e as [Entity.String] does, "3v1", so that encoders
// of text formats (YAML, JSON, map keys) write entity ids readably,
// wherever they are: a field, a slice's element, a map's key or value.
//
// A struct that embeds an Entity gets these methods too, as one that
// embeds a time.Time gets its, and encoders then write the whole struct
// as the id alone: name such a field (Target Entity). Packages save and
// prefab refuse component types that embed one.
func (e Entity) MarshalText() ([]byte, error) {
	return e.appendText(make([]byte, 0, 21)), nil
}

// UnmarshalText reads into e what [Entity.MarshalText] writes (see
// [ParseEntity]). It also reads an id's 64 bits as a plain decimal
// number, as YAML encoders wrote an Entity before it had MarshalText, so
// that saves written then still load. (encoding/json never hands it a
// JSON number, only strings: JSON with ids as bare numbers needs them
// quoted, or decoding into uint64.) On an error e is unchanged.
func (e *Entity) UnmarshalText(text []byte) error {
	s := string(text)
	if bits, err := strconv.ParseUint(s, 10, 64); err == nil {
		*e = Entity(bits)
		return nil
	}
	v, err := ParseEntity(s)
	if err != nil {
		return err
	}
	*e = v
	return nil
}

func makeEntity(slot, gen uint32) Entity { return Entity(uint64(gen)<<32 | uint64(slot)) }
