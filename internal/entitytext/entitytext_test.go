package entitytext_test

import (
	"reflect"
	"testing"

	"github.com/tessera-engine/tessera/internal/entitytext"
	"github.com/tessera-engine/tessera/world"
)

type (
	hit struct {
		world.Entity
		Damage int
	}
	hitPtr struct {
		*world.Entity
		Damage int
	}
	named struct {
		Target world.Entity
		Damage int
	}
	orders  struct{ Orders []hit }
	byKey   struct{ Seen map[hit]int }
	byValue struct{ Seen map[string]*hit }
	hidden  struct{ inner hit }
	// promoted embeds a struct that embeds an Entity: the text methods
	// come up two levels.
	promoted  struct{ hit }
	recursive struct {
		Next *recursive
		Hits [2]hit
	}
	deep struct{ A struct{ B []map[int]hit } }
)

var _ = hidden{}.inner // a field no encoder sees, there to be skipped

func TestEmbedded(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		path string
	}{
		{reflect.TypeFor[hit](), "Entity"},
		{reflect.TypeFor[hitPtr](), "Entity"},
		{reflect.TypeFor[[]hit](), "[].Entity"},
		{reflect.TypeFor[orders](), "Orders[].Entity"},
		{reflect.TypeFor[byKey](), "Seen[key].Entity"},
		{reflect.TypeFor[byValue](), "Seen[].Entity"},
		{reflect.TypeFor[recursive](), "Hits[].Entity"},
		{reflect.TypeFor[deep](), "A.B[][].Entity"},
		{reflect.TypeFor[named](), ""},
		{reflect.TypeFor[world.Entity](), ""},
		{reflect.TypeFor[[]world.Entity](), ""},
		{reflect.TypeFor[hidden](), ""}, // unexported: no encoder sees it
		{reflect.TypeFor[promoted](), "hit.Entity"},
		{reflect.TypeFor[int](), ""},
	} {
		path, ok := entitytext.Embedded(c.t)
		if path != c.path || ok != (c.path != "") {
			t.Errorf("Embedded(%v) = %q, %v, want %q", c.t, path, ok, c.path)
		}
	}
}
