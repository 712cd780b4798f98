package game

import (
	"math"
	"slices"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/geom"
	"github.com/tessera-engine/tessera/render/drawable"
	"github.com/tessera-engine/tessera/world"
)

// runUntilOver runs h until the play g entered last has an outcome, for
// at most limit steps.
func runUntilOver(t *testing.T, g *Game, h *engine.Headless, limit uint64) Tally {
	t.Helper()
	start := h.Loop().Steps()
	err := h.RunUntil(func() bool {
		p := g.Play()
		return (p != nil && p.Tally().Outcome != Playing) || h.Loop().Steps()-start >= limit
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Play() == nil {
		t.Fatal("no play was entered")
	}
	return g.Play().Tally()
}

// sounds returns the paths of the sounds h's game asked for.
func sounds(h *engine.Headless) []string {
	var s []string
	for _, x := range h.Sounds() {
		s = append(s, x.Path.String())
	}
	return s
}

// TestWin: in the duel the gun points at the ogre from the start, so
// holding fire kills it with two shells, which clears the arena: the
// play is won with the ogre's points, the game-over scene is on top, and
// the gun, the hit, the explosion and the fanfare sounded.
func TestWin(t *testing.T) {
	g, h := headless(t, Options{Level: "duel"}, 1, script(started, hold(FireAction, 2, 100))...)
	tally := runUntilOver(t, g, h, 600)
	if tally.Outcome != Won || tally.Score != 100 || tally.Kills != 1 || tally.Shots < 2 {
		t.Fatalf("tally %+v, want won with 100 points, 1 kill, at least 2 shots", tally)
	}
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.Scenes().Top().(*Over); !ok {
		t.Errorf("top scene is %T, want *Over", h.Scenes().Top())
	}
	got := sounds(h)
	for _, want := range []string{SoundFire, SoundHit, SoundBoom, SoundWin} {
		if !slices.Contains(got, want) {
			t.Errorf("sounds %v lack %s", got, want)
		}
	}
	if g.Best != 100 {
		t.Errorf("best %d, want 100", g.Best)
	}
}

// TestDeath: boxed in by three wraiths, a tank that does nothing is
// bitten every time its armour wears off until it explodes: the play is
// lost, the tank and its turret (its child) are gone, the monsters stand.
func TestDeath(t *testing.T) {
	g, h := headless(t, Options{Level: "trap"}, 1, started...)
	tally := runUntilOver(t, g, h, 1200)
	p := g.Play()
	if tally.Outcome != Lost || tally.Kills != 0 {
		t.Fatalf("tally %+v, want lost with no kills", tally)
	}
	w := p.World()
	if w.IsAlive(p.Tank()) || w.IsAlive(p.Turret()) {
		t.Errorf("tank alive %v, turret alive %v; want both gone", w.IsAlive(p.Tank()), w.IsAlive(p.Turret()))
	}
	if err := h.RunSteps(2); err != nil {
		t.Fatal(err)
	}
	for e := range world.Query1(w, Monster) {
		if v := *geom.Velocity.Require(w, e); v != (geom.Vec2{}) {
			t.Errorf("monster %v walks at %v after the tank died", e, v)
		}
	}
	if !slices.Contains(sounds(h), SoundHurt) {
		t.Errorf("no hurt sound in %v", sounds(h))
	}
}

// TestTurretRidesTheHull: driving moves the turret with the hull (the
// transform system places the child at its parent every step) and turns
// the hull's WorldTransform, which the turret's is placed on, while the
// turret keeps pointing where it was turned; turning the turret leaves the
// hull's heading alone. Neither picture is turned by hand: the renderer
// draws them by their WorldTransforms.
func TestTurretRidesTheHull(t *testing.T) {
	g, h := headless(t, Options{Level: "duel"}, 1, script(started, hold(MoveDown, 2, 30), hold(TurnLeft, 40, 70))...)
	if err := h.RunSteps(35); err != nil {
		t.Fatal(err)
	}
	p := g.Play()
	w := p.World()
	hull, turret := *geom.Position.Require(w, p.Tank()), *geom.Position.Require(w, p.Turret())
	if hull.Y <= 112 || hull != turret {
		t.Errorf("after driving down the hull is at %v, the turret at %v; want both below 112, together", hull, turret)
	}
	heading := p.TankState().Heading
	if math.Abs(heading-math.Pi/2) > 1e-9 {
		t.Errorf("heading %v driving down, want π/2", heading)
	}
	poses := func() (hull, turret float64) {
		return geom.WorldTransform.Require(w, p.Tank()).Rotation, geom.WorldTransform.Require(w, p.Turret()).Rotation
	}
	if h, tu := poses(); h != heading || math.Abs(tu) > 1e-9 {
		t.Errorf("driving down turned the hull to %v and the turret to %v; want %v and the turret still at 0", h, tu, heading)
	}
	if err := h.RunSteps(40); err != nil {
		t.Fatal(err)
	}
	aim := Turret.Require(w, p.Turret()).Angle
	want := -30 * p.TankState().Turn / 60 // 30 steps of turning left
	if math.Abs(aim-want) > 1e-9 || p.TankState().Heading != heading {
		t.Errorf("turret at %v, heading %v; want %v and the heading unchanged", aim, p.TankState().Heading, want)
	}
	if _, tu := poses(); math.Abs(math.Remainder(tu-aim, 2*math.Pi)) > 1e-9 {
		t.Errorf("the turret's world rotation is %v, want its aim %v (modulo 2π)", tu, aim)
	}
	for _, e := range []world.Entity{p.Tank(), p.Turret()} {
		if r := drawable.Sprite.Require(w, e).Rotation; r != 0 {
			t.Errorf("%v's picture is turned by %v by hand; want 0", e, r)
		}
	}
}

// TestPauseStopsThePlay: while the pause scene is on top the play does
// not step, so a held key moves nothing; pause again and it goes on.
func TestPauseStopsThePlay(t *testing.T) {
	g, h := headless(t, Options{Level: "duel"}, 1, script(started, press(PauseAction, 10), hold(MoveDown, 12, 200), press(PauseAction, 60))...)
	if err := h.RunSteps(20); err != nil {
		t.Fatal(err)
	}
	if !g.Paused() {
		t.Fatal("not paused after the pause action")
	}
	p := g.Play()
	at := *geom.Position.Require(p.World(), p.Tank())
	if err := h.RunSteps(30); err != nil {
		t.Fatal(err)
	}
	if now := *geom.Position.Require(p.World(), p.Tank()); now != at {
		t.Errorf("the tank moved from %v to %v while paused", at, now)
	}
	if err := h.RunSteps(30); err != nil {
		t.Fatal(err)
	}
	if g.Paused() || geom.Position.Require(p.World(), p.Tank()).Y <= at.Y {
		t.Errorf("paused %v, tank at %v: want playing again, and driven down from %v", g.Paused(), *geom.Position.Require(p.World(), p.Tank()), at)
	}
}

// TestDemoClearsTheArena: the autopilot clears the real arena, every
// nest having let out its count, and two runs with the same seed end alike, world hash included,
// while another seed plays another game.
func TestDemoClearsTheArena(t *testing.T) {
	run := func(seed int) (Tally, uint64) {
		g, h := headless(t, Options{Demo: true}, seed)
		tally := runUntilOver(t, g, h, 60*60)
		for e, n := range world.Query1(g.Play().World(), Nest) {
			if n.Spawned != n.Count {
				t.Errorf("seed %d: nest %v let out %d of %d", seed, e, n.Spawned, n.Count)
			}
		}
		return tally, g.Play().World().Hash()
	}
	a, ha := run(1)
	if a.Outcome != Won || a.Kills != 10 {
		t.Fatalf("the demo ended %+v; want won, 10 kills", a)
	}
	b, hb := run(1)
	if a != b || ha != hb {
		t.Errorf("two runs of seed 1 ended %+v (hash %x) and %+v (hash %x)", a, ha, b, hb)
	}
	if _, hc := run(2); hc == ha {
		t.Errorf("seeds 1 and 2 ended in the same world (hash %x)", ha)
	}
}

// TestPlayAgain: on the game-over screen a press of start before its
// wait is over does nothing, and one after it starts a new play of the
// level, with a fresh tally.
func TestPlayAgain(t *testing.T) {
	g, h := headless(t, Options{Level: "duel"}, 1, script(started, hold(FireAction, 2, 40))...)
	runUntilOver(t, g, h, 600)
	first := g.Play()
	tap := func() {
		t.Helper()
		for _, down := range []bool{true, false} {
			if err := h.Input().Hold(StartAction, down); err != nil {
				t.Fatal(err)
			}
			if err := h.RunSteps(1); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	tap()
	if _, ok := h.Scenes().Top().(*Over); !ok || g.Play() != first {
		t.Fatalf("a press at once left %T on top; want the game-over screen still", h.Scenes().Top())
	}
	if err := h.RunSteps(60); err != nil {
		t.Fatal(err)
	}
	tap()
	if err := h.RunSteps(1); err != nil {
		t.Fatal(err)
	}
	p := g.Play()
	if p == first || h.Scenes().Top() != p || p.Tally().Outcome != Playing || p.Tally().Score != 0 || g.plays != 2 {
		t.Errorf("after start: top %T, a new play %v, tally %+v, %d plays; want a second play, fresh", h.Scenes().Top(), p != first, p.Tally(), g.plays)
	}
}
