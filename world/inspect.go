package world

import (
	"strings"
)

// Inspection is one entity as [Inspect] lists it.
type Inspection struct {
	Entity     Entity
	Components []Preview
}

// Preview is one component of an inspected entity: its name and a short
// text of its value. A field component's value is read from its column.
type Preview struct {
	Name  string
	Value string
}

// String formats the entity and its components on one line, such as
// "3v1 Health{HP:10 Max:10} Position{X:1 Y:2} Name=Ada".
func (in Inspection) String() string {
	var b strings.Builder
	b.WriteString(in.Entity.String())
	for _, p := range in.Components {
		b.WriteByte(' ')
		b.WriteString(p.Name)
		if !strings.HasPrefix(p.Value, "{") {
			b.WriteByte('=')
		}
		b.WriteString(p.Value)
	}
	return b.String()
}

// Inspect lists up to limit live entities in slot order (all of them when
// limit <= 0) with a preview of each component they hold, each preview cut
// to previewLen runes (uncut when previewLen <= 0). Naming components lists
// only the entities holding at least one of them; naming none lists every
// entity. It allocates: it is meant for tools and the debug overlay, not
// for per-step code.
func Inspect(w *World, limit, previewLen int, types ...ComponentType) []Inspection {
	var out []Inspection
	for slot, gen := range w.gens {
		if limit > 0 && len(out) == limit {
			break
		}
		if gen == 0 || !holdsAny(w, uint32(slot), types) {
			continue
		}
		in := Inspection{Entity: makeEntity(uint32(slot), gen)}
		for _, s := range w.stores {
			if s == nil || !s.members().has(uint32(slot)) {
				continue
			}
			in.Components = append(in.Components, Preview{
				Name:  s.members().name,
				Value: s.preview(uint32(slot), previewLen),
			})
		}
		out = append(out, in)
	}
	return out
}

func holdsAny(w *World, slot uint32, types []ComponentType) bool {
	if len(types) == 0 {
		return true
	}
	for _, t := range types {
		if s := w.set(t.ID()); s != nil && s.has(slot) {
			return true
		}
	}
	return false
}
