package world_test

import (
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/world"
)

func TestInspect(t *testing.T) {
	w := world.New()
	a := world.Spawn2(w, tHealth, health{HP: 10, Max: 12}, tPos, position{X: 1.5, Y: 2})
	b := world.Spawn1(w, tName, strings.Repeat("long name ", 10))
	tPlayer.Add(w, b)
	dead := w.Create()
	w.Destroy(dead)
	c := world.Spawn1(w, tVel, velocity{X: 3})

	all := world.Inspect(w, 0, 0)
	if len(all) != 3 || all[0].Entity != a || all[1].Entity != b || all[2].Entity != c {
		t.Fatalf("Inspect listed %v, want %v %v %v in slot order", all, a, b, c)
	}
	if got, want := all[0].String(), a.String()+" Position{X:1.5 Y:2} Health{HP:10 Max:12}"; got != want {
		t.Errorf("Inspect line = %q, want %q", got, want)
	}

	short := world.Inspect(w, 2, 12)
	if len(short) != 2 {
		t.Errorf("limit 2 listed %d", len(short))
	}
	name := short[1].Components[0]
	if name.Name != "Name" || len([]rune(name.Value)) != 12 || !strings.HasSuffix(name.Value, "…") {
		t.Errorf("preview %q not cut to 12 runes", name.Value)
	}

	only := world.Inspect(w, 0, 0, tPlayer, tVel)
	if len(only) != 2 || only[0].Entity != b || only[1].Entity != c {
		t.Errorf("Inspect(Player, Velocity) = %v", only)
	}
	if got := only[0].String(); !strings.Contains(got, "Player{}") {
		t.Errorf("tag preview: %q", got)
	}
}
