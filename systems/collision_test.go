package systems_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// The collision tests never call t.Parallel: resolv keeps package-level
// mutable state and is not safe on two goroutines at once.

// events formats the contacts of the last step, one "kind A B" each, in
// list order.
func events(col *systems.Collision) string {
	var parts []string
	for _, c := range col.Contacts() {
		parts = append(parts, fmt.Sprintf("%v %v %v", c.Kind, c.A, c.B))
	}
	return strings.Join(parts, ", ")
}

// newCollision returns a collision system with opts, and a world running
// Motion and it.
func newCollision(t testing.TB, opts systems.CollisionOptions) (*systems.Collision, *world.World) {
	t.Helper()
	col := mustCollision(t, opts)
	return col, newWorld(t, systems.Motion(), col.System())
}

// square returns the corners of a square of side s around the origin, as
// polygon points, so polygon tests can be checked against box ones.
func square(s float64) []systems.Vec2 {
	h := s / 2
	return []systems.Vec2{{X: -h, Y: -h}, {X: h, Y: -h}, {X: h, Y: h}, {X: -h, Y: h}}
}

// diamond returns a square of half-diagonal r turned 45°.
func diamond(r float64) []systems.Vec2 {
	return []systems.Vec2{{X: 0, Y: -r}, {X: r, Y: 0}, {X: 0, Y: r}, {X: -r, Y: 0}}
}

// TestContactSequence moves a body through another, one unit a step,
// and checks the events of every step: nothing, enter, stays, exit,
// nothing.
func TestContactSequence(t *testing.T) {
	shapes := map[string]systems.Shape{
		"circle":  systems.Circle(5),
		"box":     systems.Box(10, 10),
		"square":  systems.Polygon(square(10)...),
		"diamond": systems.Polygon(diamond(5)...),
	}
	names := []string{"circle", "box", "square", "diamond"}
	for _, resolvPolygons := range []bool{false, true} {
		for _, an := range names {
			for _, bn := range names {
				t.Run(fmt.Sprintf("%s-%s/resolv=%v", an, bn, resolvPolygons), func(t *testing.T) {
					col, w := newCollision(t, systems.CollisionOptions{ResolvPolygons: resolvPolygons})
					// a moves right at 60 units a second: one unit a
					// step, from 20 units left of b to 20 units right.
					a := spawn(w, systems.Vec2{X: -20}, shapes[an])
					systems.Velocity.Add(w, a, systems.Vec2{X: 60})
					b := spawn(w, systems.Vec2{}, shapes[bn])
					var got []string
					for range 41 {
						step(t, w, 1)
						got = append(got, events(col))
					}
					// Compress runs of equal steps into "event ×n".
					var runs []string
					for i := 0; i < len(got); {
						j := i
						for j < len(got) && got[j] == got[i] {
							j++
						}
						runs = append(runs, fmt.Sprintf("%q×%d", got[i], j-i))
						i = j
					}
					pair := fmt.Sprintf("%v %v", a, b)
					if len(runs) != 5 || !strings.HasPrefix(runs[0], `""×`) ||
						!strings.HasPrefix(runs[1], fmt.Sprintf(`"enter %s"×1`, pair)) ||
						!strings.HasPrefix(runs[2], fmt.Sprintf(`"stay %s"×`, pair)) ||
						!strings.HasPrefix(runs[3], fmt.Sprintf(`"exit %s"×1`, pair)) ||
						!strings.HasPrefix(runs[4], `""×`) {
						t.Errorf("events by step = %s, want none, enter×1, stay×n, exit×1, none", strings.Join(runs, " "))
					}
				})
			}
		}
	}
}

// TestContactGeometry checks the normal and depth of contacts between
// shapes at known places: Normal is A's way out of B.
func TestContactGeometry(t *testing.T) {
	tests := []struct {
		name       string
		a, b       systems.Shape
		pa, pb     systems.Vec2
		wantNormal systems.Vec2
		wantDepth  float64
	}{
		{"circles side by side", systems.Circle(5), systems.Circle(5), systems.Vec2{X: 0}, systems.Vec2{X: 8}, systems.Vec2{X: -1}, 2},
		{"circle inside circle", systems.Circle(2), systems.Circle(10), systems.Vec2{X: 0, Y: -1}, systems.Vec2{}, systems.Vec2{Y: -1}, 11},
		{"same centre", systems.Circle(2), systems.Circle(3), systems.Vec2{}, systems.Vec2{}, systems.Vec2{Y: -1}, 5},
		{"box on box", systems.Box(10, 10), systems.Box(40, 10), systems.Vec2{X: 3, Y: -9}, systems.Vec2{}, systems.Vec2{Y: -1}, 1},
		{"box beside box", systems.Box(10, 10), systems.Box(10, 40), systems.Vec2{X: 9.5}, systems.Vec2{}, systems.Vec2{X: 1}, 0.5},
		{"circle on box", systems.Circle(5), systems.Box(40, 10), systems.Vec2{Y: -9}, systems.Vec2{}, systems.Vec2{Y: -1}, 1},
		{"circle at box corner", systems.Circle(5), systems.Box(10, 10), systems.Vec2{X: 8, Y: 8}, systems.Vec2{}, systems.Vec2{X: math.Sqrt2 / 2, Y: math.Sqrt2 / 2}, 5 - 3*math.Sqrt2},
		{"circle centre inside box", systems.Circle(1), systems.Box(10, 10), systems.Vec2{X: 4}, systems.Vec2{}, systems.Vec2{X: 1}, 2},
		{"box inside polygon", systems.Box(2, 2), systems.Polygon(square(20)...), systems.Vec2{Y: 7}, systems.Vec2{}, systems.Vec2{Y: 1}, 4},
		{"polygon on box", systems.Polygon(diamond(5)...), systems.Box(40, 10), systems.Vec2{Y: -9}, systems.Vec2{}, systems.Vec2{Y: -1}, 1},
		{"circle on polygon", systems.Circle(5), systems.Polygon(square(10)...), systems.Vec2{X: -9}, systems.Vec2{}, systems.Vec2{X: -1}, 1},
		{"circle inside polygon", systems.Circle(1), systems.Polygon(square(20)...), systems.Vec2{X: 8}, systems.Vec2{}, systems.Vec2{X: 1}, 3},
		{"offsets", systems.Shape{Kind: systems.ShapeBox, Size: systems.Vec2{X: 10, Y: 10}, Offset: systems.Vec2{X: 5, Y: 5}}, systems.Box(10, 10), systems.Vec2{X: -9, Y: -5}, systems.Vec2{}, systems.Vec2{X: -1}, 6},
	}
	for _, resolvPolygons := range []bool{false, true} {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/resolv=%v", tt.name, resolvPolygons), func(t *testing.T) {
				col, w := newCollision(t, systems.CollisionOptions{ResolvPolygons: resolvPolygons})
				a := spawn(w, tt.pa, tt.a)
				spawn(w, tt.pb, tt.b)
				step(t, w, 1)
				cs := col.Contacts()
				if len(cs) != 1 {
					t.Fatalf("Contacts() = %v, want one", cs)
				}
				c := cs[0]
				n := c.NormalFor(a)
				if !near(n.X, tt.wantNormal.X) || !near(n.Y, tt.wantNormal.Y) || !near(c.Depth, tt.wantDepth) {
					t.Errorf("a's normal and depth = %v %v, want %v %v", n, c.Depth, tt.wantNormal, tt.wantDepth)
				}
			})
		}
	}
}

// TestNoContact lists pairs that touch or miss, which are not contacts.
func TestNoContact(t *testing.T) {
	tests := []struct {
		name   string
		a, b   systems.Shape
		pa, pb systems.Vec2
	}{
		{"circles touching", systems.Circle(5), systems.Circle(5), systems.Vec2{}, systems.Vec2{X: 10}},
		{"boxes touching", systems.Box(10, 10), systems.Box(10, 10), systems.Vec2{}, systems.Vec2{Y: 10}},
		{"circle off box corner", systems.Circle(5), systems.Box(10, 10), systems.Vec2{X: 9, Y: 9}, systems.Vec2{}},
		{"diamond beside box corner", systems.Polygon(diamond(5)...), systems.Box(10, 10), systems.Vec2{X: 9, Y: 9}, systems.Vec2{}},
		{"circle beyond triangle", systems.Circle(2), systems.Polygon(systems.Vec2{}, systems.Vec2{X: 10}, systems.Vec2{Y: 10}), systems.Vec2{X: 7, Y: 7}, systems.Vec2{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			spawn(w, tt.pa, tt.a)
			spawn(w, tt.pb, tt.b)
			step(t, w, 1)
			if cs := col.Contacts(); len(cs) != 0 {
				t.Errorf("Contacts() = %v, want none", cs)
			}
		})
	}
}

// TestRemovalMidContact takes one of two touching colliders away in each
// way there is and checks that one exit is reported, with the ids the
// pair had, and then nothing.
func TestRemovalMidContact(t *testing.T) {
	tests := []struct {
		name   string
		remove func(w *world.World, e world.Entity)
	}{
		{"destroy", func(w *world.World, e world.Entity) { w.Destroy(e) }},
		{"remove Collider", func(w *world.World, e world.Entity) { w.Remove(e, systems.Collider) }},
		{"remove Position", func(w *world.World, e world.Entity) { w.Remove(e, systems.Position) }},
		{"destroy and reuse the slot", func(w *world.World, e world.Entity) {
			w.Destroy(e)
			// Far away: the new entity in the old slot touches nothing.
			if n := spawn(w, systems.Vec2{X: 400}, systems.Circle(5)); n.Slot() != e.Slot() {
				panic("slot not reused")
			}
		}},
		{"destroy from a callback", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			a := spawn(w, systems.Vec2{}, systems.Circle(5))
			b := spawn(w, systems.Vec2{X: 8}, systems.Circle(5))
			step(t, w, 1)
			if got, want := events(col), fmt.Sprintf("enter %v %v", a, b); got != want {
				t.Fatalf("first step: %q, want %q", got, want)
			}
			if tt.remove != nil {
				tt.remove(w, b)
			} else {
				col.OnStay(func(c systems.Contact) { w.Destroy(c.B) })
			}
			step(t, w, 1)
			want := fmt.Sprintf("exit %v %v", a, b)
			if tt.remove == nil {
				if got, stay := events(col), fmt.Sprintf("stay %v %v", a, b); got != stay {
					t.Errorf("in the step of the destroy: %q, want %q (destroyed as the step ends)", got, stay)
				}
				step(t, w, 1)
			}
			if got := events(col); got != want {
				t.Errorf("after the removal: %q, want %q", got, want)
			}
			step(t, w, 1)
			if got := events(col); got != "" {
				t.Errorf("a step later: %q, want nothing", got)
			}
			wantBodies := 1
			if tt.name == "destroy and reuse the slot" {
				wantBodies = 2
			}
			if got := col.Stats().Bodies; got != wantBodies {
				t.Errorf("Stats().Bodies = %d, want %d", got, wantBodies)
			}
			// The removed collider is gone from the space too.
			if got := col.AtPoint(systems.Vec2{X: 10}, 0, nil); len(got) != 0 {
				t.Errorf("AtPoint where b was = %v, want nothing", got)
			}
		})
	}
}

// TestSlotReusedInContact: an entity dies and a new one takes its slot,
// touching the same collider, between two steps; the old pair exits and
// the new one enters.
func TestSlotReusedInContact(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	a := spawn(w, systems.Vec2{}, systems.Circle(5))
	b := spawn(w, systems.Vec2{X: 8}, systems.Circle(5))
	step(t, w, 1)
	w.Destroy(b)
	c := spawn(w, systems.Vec2{X: 8}, systems.Circle(5))
	if c.Slot() != b.Slot() {
		t.Skip("the world did not reuse the slot")
	}
	step(t, w, 1)
	// Sorted by B: the new id has the same slot and a later generation.
	want := fmt.Sprintf("exit %v %v, enter %v %v", a, b, a, c)
	if got := events(col); got != want {
		t.Errorf("events = %q, want %q", got, want)
	}
}

// TestContactsSortedAndCallbacks: the list is sorted by (A, B) and the
// callbacks see it in the same order, each kind to its own callback.
func TestContactsSortedAndCallbacks(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	var seen []string
	for _, kind := range []string{"enter", "stay", "exit"} {
		fn := func(c systems.Contact) {
			if c.Kind.String() != kind {
				t.Errorf("On%s got a %v contact", kind, c.Kind)
			}
			seen = append(seen, fmt.Sprintf("%v %v %v", c.Kind, c.A, c.B))
		}
		switch kind {
		case "enter":
			col.OnEnter(fn)
		case "stay":
			col.OnStay(fn)
		default:
			col.OnExit(fn)
		}
	}
	// A ring of circles that all touch the one in the middle, spawned in
	// an order unrelated to the contacts' (A, B) order.
	var ring []world.Entity
	for k := range 8 {
		a := float64(7*k%8) * math.Pi / 4
		ring = append(ring, spawn(w, systems.Vec2{X: 9 * math.Cos(a), Y: 9 * math.Sin(a)}, systems.Circle(5)))
	}
	spawn(w, systems.Vec2{}, systems.Circle(5))
	for s := range 3 {
		if s == 2 {
			for _, e := range ring[:4] {
				systems.Position.Add(w, e, systems.Vec2{X: 300})
			}
		}
		seen = seen[:0]
		step(t, w, 1)
		cs := col.Contacts()
		if !slices.IsSortedFunc(cs, func(x, y systems.Contact) int {
			if x.A != y.A {
				return int(x.A) - int(y.A)
			}
			return int(x.B) - int(y.B)
		}) {
			t.Errorf("step %d: Contacts() not sorted: %v", s, events(col))
		}
		for _, c := range cs {
			if c.A >= c.B {
				t.Errorf("step %d: contact %v %v has A >= B", s, c.A, c.B)
			}
		}
		if got := strings.Join(seen, ", "); got != events(col) {
			t.Errorf("step %d: callbacks saw %q, list is %q", s, got, events(col))
		}
	}
}

// TestTriggerAndSolid: a mover passes through a trigger, reporting it,
// and is stopped by a solid.
func TestTriggerAndSolid(t *testing.T) {
	tests := []struct {
		trigger   bool
		wantX     float64 // where the mover's centre ends
		wantFlags string
	}{
		{trigger: true, wantX: 100, wantFlags: "floor=false wall=false"},
		{trigger: false, wantX: 35, wantFlags: "floor=false wall=true"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("trigger=%v", tt.trigger), func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			m := spawn(w, systems.Vec2{X: 0}, systems.Box(10, 10))
			systems.Mover.Add(w, m, systems.Movement{})
			systems.Velocity.Add(w, m, systems.Vec2{X: 100 * 60 / 50}) // 100 units in 50 steps
			wall := systems.Box(10, 100)
			wall.Trigger = tt.trigger
			wl := spawn(w, systems.Vec2{X: 45}, wall)
			var kinds []string
			col.OnEnter(func(c systems.Contact) {
				if c.Trigger != tt.trigger {
					t.Errorf("contact Trigger = %v, want %v", c.Trigger, tt.trigger)
				}
				kinds = append(kinds, "enter")
			})
			col.OnExit(func(systems.Contact) { kinds = append(kinds, "exit") })
			step(t, w, 50)
			p := systems.Position.Require(w, m)
			if !near(p.X, tt.wantX) {
				t.Errorf("mover at x = %v, want %v", p.X, tt.wantX)
			}
			mv := systems.Mover.Require(w, m)
			if got := fmt.Sprintf("floor=%v wall=%v", mv.OnFloor, mv.OnWall); got != tt.wantFlags {
				t.Errorf("flags %s, want %s", got, tt.wantFlags)
			}
			wantKinds := "enter exit"
			if !tt.trigger {
				wantKinds = "enter"
				if v := systems.Velocity.Require(w, m); v.X != 0 {
					t.Errorf("velocity into the wall = %v, want 0", v.X)
				}
			}
			if got := strings.Join(kinds, " "); got != wantKinds {
				t.Errorf("events with the %v = %q, want %q", wl, got, wantKinds)
			}
		})
	}
}

// TestTagsAndMask: colliders meet only when each one's mask has a bit of
// the other's tags; a zero mask meets everything.
func TestTagsAndMask(t *testing.T) {
	const (
		player systems.Tags = 1 << iota
		enemy
		coin
	)
	tests := []struct {
		name                    string
		tagsA, maskA, tagsB, mB systems.Tags
		want                    bool
	}{
		{"zero masks", player, 0, enemy, 0, true},
		{"both masks match", player, enemy, enemy, player, true},
		{"one mask matches, other zero", player, coin, coin, 0, true},
		{"a's mask misses", player, coin, enemy, 0, false},
		{"b's mask misses", player, 0, enemy, coin, false},
		{"untagged against a mask", 0, 0, enemy, player, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			sa, sb := systems.Circle(5), systems.Circle(5)
			sa.Tags, sa.Mask, sb.Tags, sb.Mask = tt.tagsA, tt.maskA, tt.tagsB, tt.mB
			spawn(w, systems.Vec2{}, sa)
			spawn(w, systems.Vec2{X: 5}, sb)
			step(t, w, 1)
			if got := len(col.Contacts()) == 1; got != tt.want {
				t.Errorf("contact = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestColliderChanges: changing a collider's shape, tags or trigger flag
// in place takes effect at the next step.
func TestColliderChanges(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	a := spawn(w, systems.Vec2{}, systems.Circle(5))
	b := spawn(w, systems.Vec2{X: 12}, systems.Circle(5))
	step(t, w, 1)
	if got := events(col); got != "" {
		t.Fatalf("apart: %q", got)
	}
	systems.Collider.Require(w, a).Radius = 8
	step(t, w, 1)
	if got, want := events(col), fmt.Sprintf("enter %v %v", a, b); got != want {
		t.Fatalf("after growing: %q, want %q", got, want)
	}
	systems.Collider.Require(w, b).Trigger = true
	step(t, w, 1)
	if cs := col.Contacts(); len(cs) != 1 || cs[0].Kind != systems.ContactStay || !cs[0].Trigger {
		t.Fatalf("after b became a trigger: %v", cs)
	}
	systems.Collider.Require(w, b).Mask = 1 << 5
	step(t, w, 1)
	if got, want := events(col), fmt.Sprintf("exit %v %v", a, b); got != want {
		t.Errorf("after masking a out: %q, want %q", got, want)
	}
	*systems.Collider.Require(w, a) = systems.Box(2, 2) // a new kind
	systems.Collider.Require(w, b).Mask = 0
	step(t, w, 1)
	if got := events(col); got != "" {
		t.Errorf("after shrinking to a small box: %q, want nothing", got)
	}
}

// TestBadCollider: an unusable collider is reported once, ignored, and
// used once it is fixed.
func TestBadCollider(t *testing.T) {
	tests := []struct {
		name  string
		shape systems.Shape
		want  string
	}{
		{"zero box", systems.Box(0, 5), "box size 0x5 is not positive"},
		{"negative radius", systems.Circle(-1), "circle radius -1 is not positive"},
		{"two points", systems.Polygon(systems.Vec2{}, systems.Vec2{X: 1}), "polygon has 2 points, needs at least 3"},
		{"concave", systems.Polygon(systems.Vec2{}, systems.Vec2{X: 10}, systems.Vec2{X: 5, Y: 2}, systems.Vec2{X: 10, Y: 10}, systems.Vec2{Y: 10}), "polygon is not convex"},
		{"star", systems.Polygon(star()...), "polygon is not convex"},
		{"flat", systems.Polygon(systems.Vec2{}, systems.Vec2{X: 1}, systems.Vec2{X: 2}), "polygon has no area"},
		{"repeated point", systems.Polygon(systems.Vec2{}, systems.Vec2{}, systems.Vec2{X: 1, Y: 1}), "polygon points 0 and 1 are the same"},
		{"NaN offset", systems.Shape{Kind: systems.ShapeCircle, Radius: 1, Offset: systems.Vec2{X: math.NaN()}}, "offset is not finite"},
		{"unknown kind", systems.Shape{Kind: 9}, "unknown shape kind ShapeKind(9)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col, w := newCollision(t, systems.CollisionOptions{})
			e := spawn(w, systems.Vec2{}, tt.shape)
			spawn(w, systems.Vec2{}, systems.Circle(5))
			err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil)
			var ce *systems.ColliderError
			if !errors.Is(err, systems.ErrBadCollider) || !errors.As(err, &ce) || ce.Entity != e || ce.Reason != tt.want {
				t.Fatalf("step error = %v, want a ColliderError for %v: %s", err, e, tt.want)
			}
			if want := fmt.Sprintf("systems: collider of entity %v: %s", e, tt.want); ce.Error() != want {
				t.Errorf("Error() = %q, want %q", ce.Error(), want)
			}
			step(t, w, 2) // reported once
			if cs := col.Contacts(); len(cs) != 0 || col.Stats().Bodies != 2 {
				t.Errorf("bad collider touches: %v", cs)
			}
			*systems.Collider.Require(w, e) = systems.Circle(1)
			step(t, w, 1)
			if len(col.Contacts()) != 1 {
				t.Errorf("fixed collider touches nothing")
			}
		})
	}
}

// star returns a five-pointed star drawn in one stroke: every corner turns
// the same way, yet it is not convex.
func star() []systems.Vec2 {
	var pts []systems.Vec2
	for k := range 5 {
		a := float64(2*k%5) * 2 * math.Pi / 5
		pts = append(pts, systems.Vec2{X: 10 * math.Cos(a), Y: 10 * math.Sin(a)})
	}
	return pts
}

// TestClearResets: the world's Clear disposes of the collision system,
// which forgets its colliders and can serve the next world.
func TestClearResets(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 5}, systems.Circle(5))
	step(t, w, 1)
	w.Clear()
	if n, cs := col.Stats().Bodies, col.Contacts(); n != 0 || len(cs) != 0 {
		t.Fatalf("after Clear: %d bodies, contacts %v", n, cs)
	}
	if err := w.AddSystem(col.System()); err != nil {
		t.Fatal(err)
	}
	a := spawn(w, systems.Vec2{}, systems.Box(4, 4))
	b := spawn(w, systems.Vec2{X: 3}, systems.Box(4, 4))
	step(t, w, 1)
	if got, want := events(col), fmt.Sprintf("enter %v %v", min(a, b), max(a, b)); got != want {
		t.Errorf("in the next world: %q, want %q", got, want)
	}
}

// TestDeterministic runs the same scene twice and compares every step's
// contacts.
func TestDeterministic(t *testing.T) {
	run := func() []string {
		col, w := newCollision(t, systems.CollisionOptions{})
		bs, _ := benchBodies(300, true)
		for i, b := range bs {
			e := spawn(w, b.p.Sub(systems.Vec2{X: 173, Y: 173}), b.shape)
			systems.Velocity.Add(w, e, b.v)
			if i%50 == 0 {
				systems.Mover.Add(w, e, systems.Movement{})
			}
		}
		var out []string
		for range 60 {
			step(t, w, 1)
			out = append(out, fmt.Sprint(col.Contacts()))
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("step %d differs:\n%s\n%s", i, a[i], b[i])
		}
	}
}

// TestMatchesResolv checks the built-in separating-axis test against
// resolv's Intersection on many random pairs with a polygon: same
// contacts, same depths.
func TestMatchesResolv(t *testing.T) {
	bs, _ := benchBodies(400, true)
	var (
		runs [2][]systems.Contact
		cols [2]*systems.Collision
	)
	for k, resolvPolygons := range []bool{false, true} {
		col, w := newCollision(t, systems.CollisionOptions{ResolvPolygons: resolvPolygons})
		for _, b := range bs {
			spawn(w, b.p, b.shape)
		}
		step(t, w, 1)
		runs[k], cols[k] = slices.Clone(col.Contacts()), col
	}
	if len(runs[0]) != len(runs[1]) || len(runs[0]) < 50 {
		t.Fatalf("%d contacts by the separating-axis test, %d by resolv; want the same, and many", len(runs[0]), len(runs[1]))
	}
	for i, c := range runs[0] {
		r := runs[1][i]
		if c.A != r.A || c.B != r.B || math.Abs(c.Depth-r.Depth) > 1e-6 {
			t.Errorf("contact %d: %+v by the separating-axis test, %+v by resolv", i, c, r)
		}
	}
}

// Reset called from a contact callback, say to restart a level, empties
// the space; the step's remaining contacts are not reported, and nothing
// panics.
func TestResetInsideCallback(t *testing.T) {
	col, w := newCollision(t, systems.CollisionOptions{})
	spawn(w, systems.Vec2{}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 3}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 100}, systems.Circle(5))
	spawn(w, systems.Vec2{X: 103}, systems.Circle(5))
	col.OnEnter(func(systems.Contact) { col.Reset() })
	if err := w.Run(world.Context{Phase: world.Fixed, DT: stepDT}, nil); err != nil {
		t.Fatal(err)
	}
}
