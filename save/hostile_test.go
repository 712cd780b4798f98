package save_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/internal/hostile"
	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// TestHostileSaves loads hostile saves into a world holding a goblin:
// each must load or fail within hostile's bounds, never panic, and leave
// the world as it was when it fails. The loads allow 4 MiB, as a game
// that loads saves it did not write would (YAML takes about 100 times a
// file's size to parse). Large inputs are made here, never kept in the
// repository.
func TestHostileSaves(t *testing.T) {
	many := func(n int, f func(i int) string) string {
		var b strings.Builder
		b.WriteString(header + "entities:\n")
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	bomb := "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 1; i < 12; i++ {
		bomb += fmt.Sprintf("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	defs := "entityDefinitions: {0: {type: goblin, properties: [{name: '@slot', type: uint}, {name: tLabel.x, type: string}]}}\n"
	for _, c := range []struct {
		name  string
		data  string
		loads bool
	}{
		{"binary junk", "\x00\x01\x02\xff\xfe PNG\x89", false},
		{"nested 100,000 deep", strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000), false},
		{"an alias bomb", bomb, false},
		{"an alias bomb in a component", header + "entities:\n  - id: 0v1\n    components:\n      tBag: &b0 [x, x, x, x, x, x, x, x]\n" +
			"  - {id: 1v1, components: {tBag: [*b0, *b0, *b0, *b0, *b0, *b0, *b0, *b0, *b0, *b0]}}\n", false},
		{"4 billion slots", "version: 1\nids: {slots: 4294967295, free: []}\nentities: []\n", false},
		{"a slot near the top", "version: 1\nids: {slots: 4294967295, free: []}\nentities: [{id: 4294967294v1}]\n", false},
		{"500,000 free ids", "version: 1\nids: {slots: 500000, free: [" + strings.Repeat("0v1, ", 500_000) + "]}\n", false},
		{"a save past the limit", strings.Repeat("# a comment\n", 1<<19), false},
		{"a 1 MB compact string", header + defs + "entities:\n  - \"" + strings.Repeat("P", 1<<20) + "\"\n", false},
		{"a compact string's huge length", header + defs + "entities:\n  - \"##" + strings.Repeat("|", 12) + "O\"\n", false},
		{"100,000 goblins", strings.Replace(many(100_000, func(i int) string { return fmt.Sprintf("  - {id: %dv1, prefab: goblin}\n", i) }), "slots: 4", "slots: 100000", 1), true},
		{"100,000 ids twice", strings.Replace(many(100_000, func(i int) string { return "  - {id: 0v1}\n" }), "slots: 4", "slots: 100000", 1), false},
		{"100,000 unknown prefabs", strings.Replace(many(100_000, func(i int) string { return fmt.Sprintf("  - {id: %dv1, prefab: orc}\n", i) }), "slots: 4", "slots: 100000", 1), false},
		{"a child cycle", header + "entities:\n  - {id: 0v1, prefab: hat, child: 0, links: {ChildOf: [1v1]}}\n  - {id: 1v1, prefab: hat, child: 0, links: {ChildOf: [0v1]}}\n", false},
		{"a link cycle", header + "entities:\n  - {id: 0v1, links: {ChildOf: [1v1]}}\n  - {id: 1v1, links: {ChildOf: [0v1]}}\n", false},
		{"a NaN", header + "entities:\n  - {id: 0v1, components: {tPos: {x: .nan}}}\n", false},
		{"an infinity in an object", header + "entities:\n  - {id: 0v1, components: {tAim: {power: .inf}}}\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			codec, lib := testCodec(t)
			w := world.New()
			lib.Spawn(w, "goblin", nil)
			before := w.Hash()
			var err error
			cost := hostile.Measure(func() {
				_, err = codec.Load(context.Background(), w, []byte(c.data), save.LoadOptions{Name: "hostile.yaml", MaxBytes: 4 << 20})
			})
			if !cost.Within() {
				t.Fatalf("cost %v (panic %v)", cost, cost.Panicked)
			}
			if (err == nil) != c.loads {
				t.Fatalf("load = %v, want loads %v", err, c.loads)
			}
			if err != nil && w.Hash() != before {
				t.Fatalf("a failed load changed the world")
			}
			if err != nil && len(err.Error()) > 1<<20 {
				t.Errorf("a message of %d bytes", len(err.Error()))
			}
		})
	}
}
