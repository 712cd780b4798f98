package world_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/tessera-engine/tessera/world"
)

func TestAddGetReplace(t *testing.T) {
	w := world.New()
	e := w.Create()
	tHealth.Add(w, e, health{HP: 5, Max: 10})
	tHealth.Add(w, e, health{HP: 7, Max: 10}) // replaces
	if got, ok := tHealth.Get(w, e); !ok || *got != (health{7, 10}) {
		t.Errorf("Get = %v, %v, want {7 10}, true", got, ok)
	}
	if n := w.Count(tHealth); n != 1 {
		t.Errorf("Count after replace = %d, want 1", n)
	}
	p, _ := tHealth.Get(w, e)
	p.HP = 1 // the pointer is the stored value
	if got := tHealth.Require(w, e); got.HP != 1 {
		t.Errorf("write through Get's pointer lost: HP = %d", got.HP)
	}
}

func TestFieldsAddReturnsSlotAndWritesColumn(t *testing.T) {
	w := world.New()
	w.Create()
	e := w.Create()
	slot := tPos.Add(w, e, position{X: 3, Y: 4})
	if slot != e.Slot() {
		t.Errorf("Add returned slot %d, want %d", slot, e.Slot())
	}
	col := tPos.Column(w)
	if col[slot] != (position{3, 4}) {
		t.Errorf("Column()[%d] = %v, want {3 4}", slot, col[slot])
	}
	if p, ok := tPos.Get(w, e); !ok || p != &col[slot] {
		t.Errorf("Get does not point into the column")
	}
	if again := tPos.Add(w, e, position{X: 5}); again != slot || tPos.Column(w)[slot] != (position{X: 5}) {
		t.Errorf("replacing Add: slot %d, value %v", again, tPos.Column(w)[slot])
	}
}

func TestReusedSlotStartsAtZero(t *testing.T) {
	w := world.New()
	e := world.Spawn1(w, tPos, position{X: 9, Y: 9})
	w.Destroy(e)
	f := w.Create()
	if f.Slot() != e.Slot() {
		t.Fatalf("slot not reused")
	}
	tPos.Add(w, f, position{X: 1}) // Y left out
	if got := tPos.Column(w)[f.Slot()]; got != (position{X: 1}) {
		t.Errorf("reused slot holds %v, want {1 0}", got)
	}
}

func TestRequireNamesEntityAndComponent(t *testing.T) {
	w := world.New()
	e := w.Create()
	tests := []struct {
		name    string
		call    func()
		wantErr error
	}{
		{"object missing", func() { tHealth.Require(w, e) }, world.ErrMissingComponent},
		{"fields missing", func() { tPos.Require(w, e) }, world.ErrMissingComponent},
		{"dead entity", func() { d := w.Create(); w.Destroy(d); tHealth.Require(w, d) }, world.ErrDeadEntity},
		{"add to dead", func() { d := w.Create(); w.Destroy(d); tPos.Add(w, d, position{}) }, world.ErrDeadEntity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := mustPanicWith(t, tt.call)
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("panic %v, want errors.Is %v", err, tt.wantErr)
			}
			var ee *world.Error
			if !errors.As(err, &ee) || ee.Entity == 0 || ee.Component == "" {
				t.Fatalf("panic %v is not an *Error naming entity and component", err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "world: ") || !strings.Contains(msg, ee.Entity.String()) || !strings.Contains(msg, ee.Component) {
				t.Errorf("message %q does not name %v and %s", msg, ee.Entity, ee.Component)
			}
		})
	}
}

func TestRemoveDestroyCount(t *testing.T) {
	w := world.New()
	a := world.Spawn3(w, tHealth, health{HP: 1}, tName, "a", tPos, position{})
	b := world.Spawn2(w, tHealth, health{HP: 2}, tPos, position{})
	tPlayer.Add(w, a)
	w.Remove(a, tName)
	w.Remove(a, tName) // twice is fine
	w.Remove(b, tName) // never had it
	if w.Has(a, tName) || w.Count(tName) != 0 {
		t.Errorf("Name still there after Remove")
	}
	if got := w.ComponentsOf(a); len(got) != 3 || got[0] != world.ComponentType(tPos) && got[0].Name() != "Position" {
		t.Errorf("ComponentsOf(a) = %v", got)
	}
	w.Destroy(a)
	for _, c := range []world.ComponentType{tHealth, tName, tPos, tPlayer} {
		if w.Has(a, c) {
			t.Errorf("destroyed entity still has %s", c.Name())
		}
	}
	if w.Count(tHealth) != 1 || w.Count(tPos) != 1 || w.Count(tPlayer) != 0 || w.Len() != 1 {
		t.Errorf("counts after destroy: Health %d Position %d Player %d Len %d",
			w.Count(tHealth), w.Count(tPos), w.Count(tPlayer), w.Len())
	}
	if got := tHealth.Require(w, b); got.HP != 2 {
		t.Errorf("b's Health after a's destroy = %v", got)
	}
}

func TestComponentsOfInDefinitionOrder(t *testing.T) {
	w := world.New()
	e := w.Create()
	tPlayer.Add(w, e)
	tName.Add(w, e, "n")
	tPos.Add(w, e, position{})
	var names []string
	for _, c := range w.ComponentsOf(e) {
		names = append(names, c.Name())
	}
	if got, want := strings.Join(names, ","), "Position,Name,Player"; got != want {
		t.Errorf("ComponentsOf = %s, want %s", got, want)
	}
}

func TestSpawnParts(t *testing.T) {
	w := world.New()
	e := w.Spawn(tHealth.With(health{HP: 4}), tPos.With(position{X: 2}), tPlayer.Part(), tName.With("x"), tName.With("y"))
	if got := tHealth.Require(w, e).HP; got != 4 {
		t.Errorf("Health = %d", got)
	}
	if got := tPos.Require(w, e).X; got != 2 {
		t.Errorf("Position.X = %v", got)
	}
	if got := *tName.Require(w, e); got != "y" {
		t.Errorf("repeated part: Name = %q, want the later %q", got, "y")
	}
	if !w.Has(e, tPlayer) {
		t.Errorf("tag part missing")
	}
	if tName.With("z").Type() != world.ComponentType(tName) {
		t.Errorf("Part.Type() is not its component")
	}
}

func TestTagIsPresenceOnly(t *testing.T) {
	w := world.New()
	e := w.Create()
	tPlayer.Add(w, e)
	tPlayer.Add(w, e)
	if !w.Has(e, tPlayer) || w.Count(tPlayer) != 1 {
		t.Errorf("tag: Has %v Count %d", w.Has(e, tPlayer), w.Count(tPlayer))
	}
}

func TestDefineFieldsChecksType(t *testing.T) {
	type nested struct{ A [2]float32 }
	tests := []struct {
		name   string
		define func()
		ok     bool
	}{
		{"floats", func() { world.DefineFields[struct{ X, Y float32 }]("ok1") }, true},
		{"all sizes", func() {
			world.DefineFields[struct {
				A int8
				B int16
				C int32
				D int64
				E uint8
				F uint16
				G uint32
				H uint64
				I float64
				J complex64
			}]("ok2")
		}, true},
		{"arrays and nested", func() { world.DefineFields[struct{ N nested }]("ok3") }, true},
		{"not a struct", func() { world.DefineFields[float32]("bad1") }, false},
		{"int", func() { world.DefineFields[struct{ N int }]("bad2") }, false},
		{"bool", func() { world.DefineFields[struct{ B bool }]("bad3") }, false},
		{"string", func() { world.DefineFields[struct{ S string }]("bad4") }, false},
		{"pointer", func() { world.DefineFields[struct{ P *float32 }]("bad5") }, false},
		{"slice", func() { world.DefineFields[struct{ S []float32 }]("bad6") }, false},
		{"nested pointer", func() { world.DefineFields[struct{ N struct{ M map[int]int } }]("bad7") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.ok {
				tt.define()
				return
			}
			err := mustPanicWith(t, tt.define)
			if !errors.Is(err, world.ErrNotFields) {
				t.Errorf("panic %v, want ErrNotFields", err)
			}
		})
	}
}

func TestComponentIdentity(t *testing.T) {
	a := world.DefineComponent[int]("Same")
	b := world.DefineComponent[int]("Same")
	if a.ID() == b.ID() {
		t.Errorf("two definitions share id %d", a.ID())
	}
	w := world.New()
	e := w.Create()
	a.Add(w, e, 1)
	if w.Has(e, b) {
		t.Errorf("a component with the same name counts as the same component")
	}
	if a.Name() != "Same" || a.IsFields() || !tPos.IsFields() {
		t.Errorf("Name/IsFields wrong")
	}
}

func TestGenericAddGet(t *testing.T) {
	w := world.New()
	e := w.Create()
	keys := []func(){
		func() { world.Add(w, e, world.Key[position](tPos), position{X: 2}) },
		func() { world.Add(w, e, world.Key[health](tHealth), health{HP: 3}) },
	}
	for _, add := range keys {
		add()
	}
	if p, ok := world.Get(w, e, world.Key[position](tPos)); !ok || p.X != 2 {
		t.Errorf("Get(Position) = %v, %v", p, ok)
	}
	if h, ok := world.Get(w, e, world.Key[health](tHealth)); !ok || h.HP != 3 {
		t.Errorf("Get(Health) = %v, %v", h, ok)
	}
	w.Destroy(e)
	if _, ok := world.Get(w, e, world.Key[health](tHealth)); ok {
		t.Errorf("Get on a dead entity found a value")
	}
	err := mustPanicWith(t, func() { world.Add(w, e, world.Key[health](tHealth), health{}) })
	if !errors.Is(err, world.ErrDeadEntity) {
		t.Errorf("Add to dead: %v", err)
	}
}

func TestZeroValueHandlesAreNeverComponents(t *testing.T) {
	w := world.New()
	e := world.Spawn1(w, tPos, position{X: 1, Y: 2})
	var name world.Component[string]
	var tag world.Tag
	var fields world.Fields[position]
	if _, ok := name.Get(w, e); ok {
		t.Errorf("zero Component.Get found a value")
	}
	if _, ok := fields.Get(w, e); ok {
		t.Errorf("zero Fields.Get found a value")
	}
	if w.Has(e, &tag) || w.Count(&name) != 0 {
		t.Errorf("zero handles answer Has or Count")
	}
	for _, add := range []func(){
		func() { name.Add(w, e, "x") },
		func() { tag.Add(w, e) },
		func() { fields.Add(w, e, position{}) },
		func() { world.Spawn1(w, &fields, position{}) },
	} {
		err := mustPanicWith(t, add)
		if !errors.Is(err, world.ErrUndefined) || !strings.Contains(err.Error(), "undefined handle") {
			t.Errorf("add through a zero handle panicked with %v", err)
		}
	}
	if got := *tPos.Require(w, e); got != (position{1, 2}) {
		t.Errorf("Position after zero-handle use = %v, want {1 2}", got)
	}
	var r world.Resource[int]
	if _, ok := r.Lookup(w); ok {
		t.Errorf("zero Resource.Lookup found a value")
	}
	mustPanicWith(t, func() { r.Set(w, new(int)) })
}

func TestSpawnWithARepeatedComponent(t *testing.T) {
	w := world.New()
	w.Destroy(world.Spawn1(w, tPos, position{}))
	e := world.Spawn2(w, tPos, position{X: 1}, tPos, position{X: 2})
	if w.Count(tPos) != 1 || tPos.Require(w, e).X != 2 {
		t.Errorf("Spawn2(Position, Position): Count %d, X %v, want 1 and the later value", w.Count(tPos), tPos.Require(w, e).X)
	}
	w.Destroy(e)
	if w.Count(tPos) != 0 || w.Slots(tPos).Len() != 0 {
		t.Errorf("after destroy: Count %d, view Len %d", w.Count(tPos), w.Slots(tPos).Len())
	}
}

func TestRemovedValuesCanBeCollected(t *testing.T) {
	type big struct{ data []byte }
	bigC := world.DefineComponent[*big]("Big")
	w := world.New()
	keep := world.Spawn1(w, bigC, &big{make([]byte, 1<<10)})
	v := &big{make([]byte, 1<<20)}
	ref := weak.Make(v)
	a := world.Spawn1(w, bigC, v)
	b := world.Spawn1(w, bigC, &big{make([]byte, 1<<10)})
	v = nil
	w.Remove(a, bigC) // a's value was not last: the last one moves into its place
	_ = b
	runtime.GC()
	runtime.GC()
	if ref.Value() != nil {
		t.Errorf("a removed object component's value is still reachable from the world")
	}
	_ = keep
}

func TestTagThroughItsEmbeddedComponent(t *testing.T) {
	frozen := world.DefineTag("FrozenTwice")
	w := world.New()
	e := w.Create()
	world.Add(w, e, world.Key[struct{}](&frozen.Component), struct{}{})
	if got := w.ComponentsOf(e); len(got) != 1 || got[0] != world.ComponentType(frozen) {
		t.Errorf("ComponentsOf = %v, want the Tag handle", got)
	}
	if !w.Has(e, frozen) || !w.Has(e, &frozen.Component) {
		t.Errorf("Has through either handle = false")
	}
}
