package save_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// TestSourcesOrder: a load gives every target its sources in their saved
// order, which the world hash covers, in both formats. The save orders
// its entities so that linking them in turn gives every order when one
// entity order does; when the orders contradict each other, it writes
// the order of the targets that entity order would get wrong
// (`sources:`), and only theirs.
func TestSourcesOrder(t *testing.T) {
	link := func(t *testing.T, rel *world.Relation, w *world.World, src, tgt world.Entity) {
		t.Helper()
		if err := rel.Set(w, src, tgt); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		build   func(t *testing.T, w *world.World)
		written int // how many targets' orders the save writes
	}{
		{"children in slot order", func(t *testing.T, w *world.World) {
			p, a, b := w.Create(), w.Create(), w.Create()
			link(t, world.ChildOf, w, a, p)
			link(t, world.ChildOf, w, b, p)
		}, 0},
		{"children against slot order", func(t *testing.T, w *world.World) {
			p, a, b := w.Create(), w.Create(), w.Create()
			link(t, world.ChildOf, w, b, p)
			link(t, world.ChildOf, w, a, p)
		}, 0},
		{"sources crossed: x likes a then b, y b then a", func(t *testing.T, w *world.World) {
			a, b, x, y := w.Create(), w.Create(), w.Create(), w.Create()
			for _, l := range [][2]world.Entity{{a, x}, {b, y}, {b, x}, {a, y}} {
				link(t, LikesR, w, l[0], l[1])
			}
		}, 1},
		{"children a then b, a target liked by b then a", func(t *testing.T, w *world.World) {
			p, a, b, x := w.Create(), w.Create(), w.Create(), w.Create()
			link(t, world.ChildOf, w, a, p)
			link(t, world.ChildOf, w, b, p)
			link(t, LikesR, w, b, x)
			link(t, LikesR, w, a, x)
		}, 1},
		{"children sorted against their links", func(t *testing.T, w *world.World) {
			p, q := w.Create(), w.Create()
			kids := []world.Entity{w.Create(), w.Create(), w.Create()}
			for _, k := range kids {
				link(t, world.ChildOf, w, k, p)
				link(t, LikesR, w, k, q)
			}
			if err := world.ChildOf.OrderSources(w, p, []world.Entity{kids[2], kids[0], kids[1]}); err != nil {
				t.Fatal(err)
			}
		}, 1},
	}
	codec, _ := testCodec(t)
	for _, tt := range tests {
		for _, f := range []save.Format{save.YAML, save.Compact} {
			t.Run(tt.name+"/"+f.String(), func(t *testing.T) {
				w := world.New()
				tt.build(t, w)
				data, err := codec.Save(w, save.SaveOptions{Format: f})
				if err != nil {
					t.Fatal(err)
				}
				if n := bytes.Count(data, []byte("sources:")); n != tt.written {
					t.Errorf("the save writes %d orders of sources, want %d:\n%s", n, tt.written, data)
				}
				got := world.New()
				if _, err := codec.Load(context.Background(), got, data, save.LoadOptions{}); err != nil {
					t.Fatalf("%v\n%s", err, data)
				}
				for _, e := range w.Entities() {
					for _, rel := range []*world.Relation{world.ChildOf, LikesR} {
						if gs, ws := rel.Sources(got, e), rel.Sources(w, e); !slices.Equal(gs, ws) {
							t.Errorf("%v's %s %v, saved %v", e, rel.Reverse().Name(), gs, ws)
						}
						if gt, wt := rel.Targets(got, e), rel.Targets(w, e); !slices.Equal(gt, wt) {
							t.Errorf("%v's %s targets %v, saved %v", e, rel.Name(), gt, wt)
						}
					}
				}
				if got.Hash() != w.Hash() {
					t.Errorf("hash differs: %v\n%s", got.Diff(w), data)
				}
			})
		}
	}
}
