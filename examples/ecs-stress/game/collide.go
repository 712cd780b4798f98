package game

import (
	"image/color"

	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/systems"
	"github.com/tessera-engine/tessera/world"
)

// radiusOf returns the radius of body e's circle collider: its Radius, or
// 1 without a positive one.
func radiusOf(w *world.World, e world.Entity) float64 {
	if d, ok := Radius.Get(w, e); ok && d.R > 0 {
		return d.R
	}
	return 1
}

// addCollision adds the collision system, after the move, and the system
// that makes the bodies it finds meeting flash.
func (s *Scene) addCollision(w *world.World) error {
	st := &s.settings
	col, err := systems.NewCollision(systems.CollisionOptions{CellSize: 16})
	if err != nil {
		return err
	}
	s.hits = hits{col: col, color: st.Hit, touched: s.hits.touched[:0]}
	if err := w.AddSystem(col.System()); err != nil {
		return err
	}
	return w.AddSystem(world.System{Name: HitsName, Phase: world.Fixed, Run: s.hits.run,
		Writes: []world.ComponentType{drawable.Sprite}})
}

// hits tints the bodies that started touching another in the current step
// with the hit colour, and takes the tint off those of the last step:
// bodies flash as they meet. (Tinting every body in contact would
// light up most of a crowded field.)
type hits struct {
	col     *systems.Collision
	color   color.NRGBA
	touched []world.Entity // tinted in the last step
}

func (h *hits) run(ctx *world.Context) error {
	w := ctx.World
	for _, e := range h.touched {
		if pic, ok := drawable.Sprite.Get(w, e); ok {
			pic.Tint = color.NRGBA{}
		}
	}
	h.touched = h.touched[:0]
	for _, c := range h.col.Contacts() {
		if c.Kind != systems.ContactEnter {
			continue
		}
		for _, e := range [2]world.Entity{c.A, c.B} {
			if pic, ok := drawable.Sprite.Get(w, e); ok {
				pic.Tint = h.color
				h.touched = append(h.touched, e)
			}
		}
	}
	return nil
}

// Flashing returns how many bodies the last step tinted as meeting
// another, counting a body once for each body it met; 0 without
// collision.
func (s *Scene) Flashing() int { return len(s.hits.touched) }
