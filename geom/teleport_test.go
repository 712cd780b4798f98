package geom_test

import (
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/world"
)

type recorder struct {
	name string
	log  *[]string
}

func (r *recorder) Teleport(e world.Entity) { *r.log = append(*r.log, r.name+" "+e.String()) }

func TestTeleport(t *testing.T) {
	w := world.New()
	a, b := w.Create(), w.Create()
	geom.Teleport(w, a) // none: nothing happens
	var log []string
	draw, col := &recorder{"draw", &log}, &recorder{"col", &log}
	geom.AddTeleporter(w, draw)
	geom.AddTeleporter(w, col)
	geom.AddTeleporter(w, draw) // again: once is enough
	geom.Teleport(w, b)
	geom.RemoveTeleporter(w, draw)
	geom.Teleport(w, a)
	want := []string{"draw " + b.String(), "col " + b.String(), "col " + a.String()}
	if !slices.Equal(log, want) {
		t.Errorf("teleports heard: %q, want %q", log, want)
	}
	w.Clear()
	geom.Teleport(w, a)
	if len(log) != len(want) {
		t.Errorf("after Clear, Teleport still reached a teleporter: %q", log)
	}
	if n := testing.AllocsPerRun(100, func() { geom.Teleport(w, a) }); n != 0 {
		t.Errorf("Teleport allocates %v times, want 0", n)
	}
}

// many is a ManyTeleporter that logs how it heard each teleport.
type many struct{ recorder }

func (m *many) TeleportAll(es []world.Entity) {
	for _, e := range es {
		*m.log = append(*m.log, m.name+" all "+e.String())
	}
}

// TestTeleportAll: every Teleporter hears every entity, in order, one
// Teleporter after the other, a ManyTeleporter in one call; nothing
// happens without entities or Teleporters, and nothing is allocated.
func TestTeleportAll(t *testing.T) {
	w := world.New()
	a, b := w.Create(), w.Create()
	geom.TeleportAll(w, []world.Entity{a, b}) // none: nothing happens
	var log []string
	one, all := &recorder{"one", &log}, &many{recorder{"many", &log}}
	geom.AddTeleporter(w, one)
	geom.AddTeleporter(w, all)
	geom.TeleportAll(w, nil)
	geom.TeleportAll(w, []world.Entity{b, a})
	want := []string{"one " + b.String(), "one " + a.String(), "many all " + b.String(), "many all " + a.String()}
	if !slices.Equal(log, want) {
		t.Errorf("teleports heard: %q, want %q", log, want)
	}
	es := []world.Entity{a, b}
	log = log[:0:0]
	geom.RemoveTeleporter(w, one)
	geom.RemoveTeleporter(w, all)
	if n := testing.AllocsPerRun(100, func() { geom.TeleportAll(w, es) }); n != 0 {
		t.Errorf("TeleportAll allocates %v times, want 0", n)
	}
}
