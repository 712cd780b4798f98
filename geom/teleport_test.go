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
