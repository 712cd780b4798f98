package prefab_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// TestChildrenModel builds random prefabs with children, variants that
// add, replace, change and remove children, in YAML and in code; spawns
// each and compares the tree of entities with a simple model's; then
// destroys the roots one by one and checks that each takes exactly its
// tree with it.
func TestChildrenModel(t *testing.T) {
	rounds := 300
	if testing.Short() {
		rounds = 50
	}
	for seed := range rounds {
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		m := randomModel(rng)
		lib := newLibrary(t)
		if err := lib.LoadBytes("tree.yaml", []byte(m.yaml())); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, m.yaml())
		}
		code := m.code()
		w := world.New()
		type spawnedRoot struct {
			e    world.Entity
			size int
		}
		var roots []spawnedRoot
		for i, p := range m.prefabs {
			want := m.tree(p)
			fromData, _ := lib.Spawn(w, p.name, nil)
			fromCode := code[i].Spawn(w, nil)
			for how, e := range map[string]world.Entity{"data": fromData, "code": fromCode} {
				if got := hpTree(w, e); got != want.text {
					t.Fatalf("seed %d: %s from %s:\n got  %s\n want %s\nprefabs:\n%s", seed, p.name, how, got, want.text, m.yaml())
				}
				roots = append(roots, spawnedRoot{e, want.size})
			}
		}
		rng.Shuffle(len(roots), func(i, j int) { roots[i], roots[j] = roots[j], roots[i] })
		for _, r := range roots {
			before := w.Len()
			descendants := subtree(w, r.e)
			w.Destroy(r.e)
			if got := before - w.Len(); got != r.size || len(descendants) != r.size {
				t.Fatalf("seed %d: destroying a root of %d entities removed %d (it had %d)", seed, r.size, got, len(descendants))
			}
			for _, d := range descendants {
				if w.IsAlive(d) {
					t.Fatalf("seed %d: %v outlived its root", seed, d)
				}
			}
		}
	}
}

// subtree returns e and its descendants.
func subtree(w *world.World, e world.Entity) []world.Entity {
	out := []world.Entity{e}
	for _, c := range world.ChildOf.Sources(w, e) {
		out = append(out, subtree(w, c)...)
	}
	return out
}

// hpTree renders e's Health and its children's trees, sorted.
func hpTree(w *world.World, e world.Entity) string {
	hp := "-"
	if h, ok := tHealth.Get(w, e); ok {
		hp = fmt.Sprint(h.HP)
	}
	var kids []string
	for _, c := range world.ChildOf.Sources(w, e) {
		kids = append(kids, hpTree(w, c))
	}
	slices.Sort(kids)
	return "(" + hp + " " + strings.Join(kids, " ") + ")"
}

// The model: prefabs with an optional hp (Health.HP; none means no
// Health), and children ops laid over the base's resolved children.
type (
	model struct{ prefabs []*mPrefab }

	mPrefab struct {
		name     string
		base     *mPrefab
		hp       *int
		ops      []mOp
		children []mChild // resolved
	}

	mOp struct {
		kind   string // "add", "change", "remove"
		name   string
		prefab *mPrefab // for add
		hp     *int     // the child's Health.HP override, if any
	}

	mChild struct {
		name   string
		prefab *mPrefab
		hp     *int
	}

	mTree struct {
		text string
		size int
	}
)

func randomModel(rng *rand.Rand) *model {
	m := &model{}
	num := func() *int {
		if rng.IntN(2) == 0 {
			return nil
		}
		v := rng.IntN(4)
		return &v
	}
	for i := range 6 {
		p := &mPrefab{name: fmt.Sprintf("t%d", i), hp: num()}
		if i > 0 && rng.IntN(2) == 0 {
			p.base = m.prefabs[rng.IntN(i)]
		}
		if p.base != nil {
			p.children = slices.Clone(p.base.children)
		}
		used := map[string]bool{}
		for range rng.IntN(4) {
			name := []string{"a", "b", "c", ""}[rng.IntN(4)]
			if used[name] && name != "" {
				continue // a name once per list
			}
			used[name] = true
			at := slices.IndexFunc(p.children, func(c mChild) bool { return name != "" && c.name == name })
			switch k := rng.IntN(4); {
			case k == 0 && at >= 0:
				op := mOp{kind: "remove", name: name}
				p.ops = append(p.ops, op)
				p.children = slices.Delete(p.children, at, at+1)
			case k == 1 && at >= 0:
				op := mOp{kind: "change", name: name, hp: num()}
				p.ops = append(p.ops, op)
				if op.hp != nil {
					p.children[at].hp = op.hp
				}
			case i > 0:
				op := mOp{kind: "add", name: name, prefab: m.prefabs[rng.IntN(i)], hp: num()}
				p.ops = append(p.ops, op)
				c := mChild{name: name, prefab: op.prefab, hp: op.hp}
				if at >= 0 {
					p.children[at] = c
				} else {
					p.children = append(p.children, c)
				}
			}
		}
		m.prefabs = append(m.prefabs, p)
	}
	return m
}

// hpOf returns the hp p resolves to, or nil for no Health.
func (p *mPrefab) hpOf() *int {
	for q := p; q != nil; q = q.base {
		if q.hp != nil {
			return q.hp
		}
	}
	// A base with Health but no hp set does not occur: hp is Health.
	return nil
}

// tree is what spawning p makes, with hp overriding its Health.HP.
func (m *model) treeWith(p *mPrefab, hp *int) mTree {
	if hp == nil {
		hp = p.hpOf()
	}
	text := "-"
	if hp != nil {
		text = fmt.Sprint(*hp)
	}
	size := 1
	var kids []string
	for _, c := range p.children {
		k := m.treeWith(c.prefab, c.hp)
		kids = append(kids, k.text)
		size += k.size
	}
	slices.Sort(kids)
	return mTree{text: "(" + text + " " + strings.Join(kids, " ") + ")", size: size}
}

func (m *model) tree(p *mPrefab) mTree { return m.treeWith(p, nil) }

func (m *model) yaml() string {
	var b strings.Builder
	for _, p := range m.prefabs {
		fmt.Fprintf(&b, "%s:\n", p.name)
		if p.base != nil {
			fmt.Fprintf(&b, "  extends: %s\n", p.base.name)
		}
		if p.hp != nil {
			fmt.Fprintf(&b, "  components: {Health: {hp: %d}}\n", *p.hp)
		}
		if len(p.ops) == 0 {
			continue
		}
		b.WriteString("  children:\n")
		for _, op := range p.ops {
			var keys []string
			if op.name != "" {
				keys = append(keys, "name: "+op.name)
			}
			switch op.kind {
			case "remove":
				keys = append(keys, "prefab: none")
			case "add":
				keys = append(keys, "prefab: "+op.prefab.name)
			}
			if op.hp != nil {
				keys = append(keys, fmt.Sprintf("components: {Health: {hp: %d}}", *op.hp))
			}
			fmt.Fprintf(&b, "    - {%s}\n", strings.Join(keys, ", "))
		}
	}
	return b.String()
}

// code returns the model's prefabs made in code, in order.
func (m *model) code() []*prefab.Prefab {
	made := make(map[*mPrefab]*prefab.Prefab)
	setHP := func(v int) prefab.Part { return prefab.Patch(tHealth, func(l *Life) { l.HP = v }) }
	var out []*prefab.Prefab
	for _, p := range m.prefabs {
		var parts []prefab.Part
		if p.hp != nil {
			parts = append(parts, setHP(*p.hp))
		}
		for _, op := range p.ops {
			var kid []prefab.Part
			if op.hp != nil {
				kid = append(kid, setHP(*op.hp))
			}
			switch op.kind {
			case "remove":
				parts = append(parts, prefab.NoChild(op.name))
			case "change":
				parts = append(parts, prefab.Child(op.name, nil, kid...))
			case "add":
				parts = append(parts, prefab.Child(op.name, made[op.prefab], kid...))
			}
		}
		var q *prefab.Prefab
		if p.base != nil {
			q = made[p.base].Extend(p.name, parts...)
		} else {
			q = prefab.New(p.name, parts...)
		}
		made[p] = q
		out = append(out, q)
	}
	return out
}
