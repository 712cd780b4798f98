package world

import "strconv"

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
	b := strconv.AppendUint(buf[:0], uint64(uint32(e)), 10)
	b = append(b, 'v')
	b = strconv.AppendUint(b, uint64(e>>32), 10)
	return string(b)
}

func makeEntity(slot, gen uint32) Entity { return Entity(uint64(gen)<<32 | uint64(slot)) }
