package world

import (
	"errors"
	"testing"
)

// TestRelationVerify: the checked build's check of a relationship's two
// sides (relationStore.verify, run after a Restore) passes a whole store
// and finds each way the sides can disagree, from either side.
func TestRelationVerify(t *testing.T) {
	likes := DefineRelation("test.verify-likes", RelationOptions{})
	for _, c := range []struct {
		name    string
		corrupt func(r *relationStore, target Entity, stray Entity)
	}{
		{"whole", nil},
		{"a source the sources' side does not know", func(r *relationStore, target, stray Entity) {
			r.rev.srcs[uint32(target)] = append(r.rev.srcs[uint32(target)], stray)
			r.rev.back[uint32(target)] = append(r.rev.back[uint32(target)], 0)
		}},
		{"a place without its source", func(r *relationStore, target, _ Entity) {
			r.rev.back[uint32(target)] = append(r.rev.back[uint32(target)], 0)
		}},
		{"a link at another's place", func(r *relationStore, target, _ Entity) {
			srcs := r.rev.srcs[uint32(target)]
			srcs[0], srcs[1] = srcs[1], srcs[0]
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := New()
			target, stray := w.Create(), w.Create()
			for range 3 {
				if err := likes.Set(w, w.Create(), target); err != nil {
					t.Fatal(err)
				}
			}
			r := likes.lookup(w)
			if c.corrupt != nil {
				c.corrupt(r, target, stray)
			}
			err := func() (err error) {
				defer func() {
					if p := recover(); p != nil {
						err, _ = p.(error)
						if err == nil {
							t.Fatalf("verify panicked with %v", p)
						}
					}
				}()
				r.verify(w)
				return nil
			}()
			if got, want := errors.Is(err, ErrBrokenInvariant), c.corrupt != nil; got != want {
				t.Errorf("verify: %v; want a broken invariant: %v", err, want)
			}
		})
	}
}
