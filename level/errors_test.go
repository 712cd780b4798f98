package level_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/level"
	"github.com/tessera-engine/tessera/prefab"
)

// TestLoadErrors: every problem of a map is an error naming the file,
// the line and column, the layer and the object where Tiled shows it,
// saying what is wrong (and what would be right), and wrapping the
// sentinel of its kind; a misspelt component field also wraps prefab's.
func TestLoadErrors(t *testing.T) {
	ground := groundTileset
	floor := tileLayer("floor", cells(1))
	things := func(objects ...string) string { return objectLayer("things", objects...) }
	coin := func(props string) string {
		return `<object id="5" name="gold" class="coin" x="8" y="16"><properties>` + props + `</properties></object>`
	}
	tileset := func(attrs, body string) string {
		return `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" tilewidth="8" tileheight="8" tilecount="8" columns="4"` + attrs + `>
 <image source="tiles.png" width="32" height="16"/>
` + body + `</tileset>
`
	}
	for _, tc := range []struct {
		name  string
		files map[string]string // beside testdata's; the map is bad.tmx
		kind  error
		want  string
	}{
		{"not XML", map[string]string{"bad.tmx": "<map width=6>"}, level.ErrSyntax, "bad.tmx:1:"},
		{"not a map", map[string]string{"bad.tmx": tileset("", "")}, level.ErrSyntax, "bad.tmx:2:1: not a Tiled map: the root element is <tileset>"},
		{"empty", map[string]string{"bad.tmx": ""}, level.ErrSyntax, "bad.tmx:1: the file holds no XML element"},
		{"isometric", map[string]string{"bad.tmx": strings.Replace(mapXML(ground, floor), "orthogonal", "isometric", 1)},
			level.ErrUnsupported, `bad.tmx:2:1: the map's orientation is "isometric": only orthogonal maps are read`},
		{"infinite", map[string]string{"bad.tmx": strings.Replace(mapXML(ground, floor), `infinite="0"`, `infinite="1"`, 1)},
			level.ErrUnsupported, "bad.tmx:2:1: the map is infinite"},
		{"no width", map[string]string{"bad.tmx": mapWith(`height="4" tilewidth="8" tileheight="8"`, ground)},
			level.ErrSyntax, "bad.tmx:2:1: the map's width is 0; it must be from 1 to 65536"},
		{"width not a number", map[string]string{"bad.tmx": mapWith(`width="six" height="4" tilewidth="8" tileheight="8"`, ground)},
			level.ErrSyntax, `bad.tmx:2:1: <map> width is "six"; it must be a whole number`},
		{"embedded tileset", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" name="inside" tilewidth="8" tileheight="8"/>`, floor)},
			level.ErrUnsupported, `bad.tmx:3:1: tileset "inside" is embedded in the map: in Tiled, export it`},
		{"tileset outside", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="../ground.tsx"/>`, floor)},
			level.ErrNotFound, "bad.tmx:3:1: tileset ../ground.tsx is outside the game's files"},
		{"tileset missing", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="grund.tsx"/>`, floor)},
			level.ErrNotFound, "bad.tmx:3:1: tileset grund.tsx: file does not exist"},
		{"first ids", map[string]string{"bad.tmx": mapXML(ground, `<tileset firstgid="1" source="ground.tsx"/>`, floor)},
			level.ErrSyntax, "bad.tmx:4:1: tileset firstgid 1: each tileset's first id must be at least 1 and above the one before's (1)"},
		{"too few cells", map[string]string{"bad.tmx": mapXML(ground, tileLayer("floor", "1,1,1"))},
			level.ErrSyntax, `bad.tmx:4:49: tile layer "floor" holds 3 tiles; the map is 24`},
		{"zstd", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><data encoding="base64" compression="zstd">KLUv/QBYAQAA</data></layer>`)},
			level.ErrSyntax, "bad.tmx:4:49: layer data: zstd compression is not read"},
		{"chunks", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><data encoding="csv"><chunk x="0" y="0" width="6" height="4">1</chunk></data></layer>`)},
			level.ErrUnsupported, "bad.tmx:4:49: layer data in chunks is an infinite map's"},
		{"parallax", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="sky" width="6" height="4" parallaxx="0.5"><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrUnsupported, `bad.tmx:4:1: layer "sky" has a parallax factor parallaxx of 0.5`},
		{"fractional offset", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4" offsetx="0.5"><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrUnsupported, `bad.tmx:4:1: <layer> offsetx is "0.5": offsets are read in whole pixels`},
		{"repeated image", map[string]string{"bad.tmx": mapXML(ground, `<imagelayer id="3" name="sky" repeatx="1"><image source="tiles.png"/></imagelayer>`)},
			level.ErrUnsupported, `bad.tmx:4:1: image layer "sky" repeats its image`},
		{"missing image", map[string]string{"bad.tmx": mapXML(ground, `<imagelayer id="3" name="sky"><image source="sky.png"/></imagelayer>`)},
			level.ErrNotFound, `bad.tmx:4:31: layer "sky": drawable: bad region: sky.png: file does not exist`},
		{"template", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="1" template="door.tx" x="0" y="0"/>`))},
			level.ErrUnsupported, "bad.tmx:4:35: object 1 uses a template: in Tiled, detach it"},
		{"class property", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Item" type="class"/>`)))},
			level.ErrUnsupported, `bad.tmx:4:100: property "Item" is of a custom class: write its members as properties of their own, such as Item.member`},
		{"layer property", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><properties><property name="nite" value="x"/></properties><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrUnknownProperty, `bad.tmx:4:61: layer "floor": unknown property "nite" (did you mean "note"?): Tessera reads layer, collides, tags, trigger here; the game reads note`},
		{"draw layer", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><properties><property name="layer" value="flor"/></properties><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrBadValue, `bad.tmx:4:61: layer "floor": property "layer" names a draw layer by name or number`},
		{"collision tag", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><properties><property name="collides" type="bool" value="true"/><property name="tags" value="slid"/></properties><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrBadValue, `bad.tmx:4:113: layer "floor": property "tags": `},
		{"collides", map[string]string{"bad.tmx": mapXML(ground, `<layer id="1" name="floor" width="6" height="4"><properties><property name="collides" value="yes"/></properties><data encoding="csv">`+cells(1)+`</data></layer>`)},
			level.ErrBadValue, `bad.tmx:4:61: layer "floor": property "collides" is true or false (a bool property), not a string "yes"`},
		{"tile beyond its tileset", map[string]string{"bad.tmx": mapXML(ground, tileLayer("floor", strings.Replace(cells(1), "1", "9", 1)))},
			level.ErrTile, `bad.tmx:4:1: layer "floor": tile 8 of ground.tsx: the tileset has 8 tiles`},
		{"tile in no tileset", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="5" source="ground.tsx"/>`, tileLayer("floor", cells(2)))},
			level.ErrTile, `bad.tmx:4:1: layer "floor": tile 2 is in no tileset (the first starts at 5)`},
		{"tile object flipped diagonally", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="9" gid="536870913" x="0" y="8" width="8" height="8"/>`))},
			level.ErrUnsupported, `bad.tmx:4:35: layer "things": object 9 at (0, 8): its tile is flipped diagonally`},
		{"no class", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="3" name="here" x="4" y="4"><point/></object>`))},
			level.ErrUnknownPrefab, `bad.tmx:4:35: layer "things": object 3 "here" at (4, 4): the object has no class: give it the name of the prefab it spawns`},
		{"unknown prefab", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="3" class="plyer" x="4" y="4"><point/></object>`))},
			level.ErrUnknownPrefab, `bad.tmx:4:35: layer "things": object 3 (plyer) at (4, 4): unknown prefab "plyer" (did you mean "player"?)`},
		{"patch without class", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="4" gid="1" x="0" y="8" width="8" height="8"><properties><property name="Item.name" value="x"/></properties></object>`))},
			level.ErrUnknownPrefab, `bad.tmx:4:35: layer "things": object 4 at (0, 8): property "Item.name" patches a prefab, but the object has no class naming one`},
		{"unknown field", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Item.radus" type="float" value="2"/>`)))},
			level.ErrUnknownProperty, `bad.tmx:4:100: layer "things": object 5 "gold" (coin) at (8, 16): property "Item.radus": component "Item": unknown field "radus" (did you mean "radius"?)`},
		{"unknown component", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Itme.radius" type="float" value="2"/>`)))},
			level.ErrUnknownProperty, `bad.tmx:4:100: layer "things": object 5 "gold" (coin) at (8, 16): property "Itme.radius": unknown component "Itme"`},
		{"field of another type", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Item.radius" value="big"/>`)))},
			level.ErrBadValue, `bad.tmx:4:100: layer "things": object 5 "gold" (coin) at (8, 16): property "Item.radius": `},
		{"bad number", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Item.radius" type="float" value="big"/>`)))},
			level.ErrBadValue, `bad.tmx:4:100: layer "things": object 5 "gold" (coin) at (8, 16): property "Item.radius" is a float whose value "big" is not a finite number`},
		{"a field set twice", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="Item.name" value="x"/><property name="Item.name.first" value="y"/>`)))},
			level.ErrBadValue, `bad.tmx:4:138: layer "things": object 5 "gold" (coin) at (8, 16): property "Item.name.first" and property "Item.name" (line 4) set the same field`},
		{"object property", map[string]string{"bad.tmx": mapXML(ground, things(coin(`<property name="nose" value="x"/>`)))},
			level.ErrUnknownProperty, `bad.tmx:4:100: layer "things": object 5 "gold" (coin) at (8, 16): unknown property "nose" (did you mean "note"?): an object's properties set its prefab's components' fields (Component.field)`},
		{"object position", map[string]string{"bad.tmx": mapXML(ground, things(`<object id="3" class="player" x="left" y="4"/>`))},
			level.ErrSyntax, `bad.tmx:4:35: <object> x is "left"; it must be a finite number`},
		{"tile properties", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="t.tsx"/>`, floor),
			"t.tsx": tileset("", ` <tile id="0"><properties><property name="colides" type="bool" value="true"/></properties></tile>`+"\n")},
			level.ErrUnknownProperty, `t.tsx:4:27: unknown property "colides" (did you mean "collides"?): Tessera reads collides, tags, trigger here`},
		{"tileset alignment", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="t.tsx"/>`, floor), "t.tsx": tileset(` objectalignment="top"`, "")},
			level.ErrUnsupported, "t.tsx:2:1: the tileset aligns tile objects by their top"},
		{"rotated collision shape", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="t.tsx"/>`, floor),
			"t.tsx": tileset("", ` <tile id="0"><objectgroup><object id="1" x="0" y="0" width="4" height="4" rotation="45"/></objectgroup></tile>`+"\n")},
			level.ErrUnsupported, "t.tsx:4:28: tile 0: collision shape 1: it is rotated"},
		{"concave collision shape", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="t.tsx"/>`, floor),
			"t.tsx": tileset("", ` <tile id="0"><objectgroup><object id="2" x="0" y="0"><polygon points="0,0 8,0 4,2 8,8 0,8"/></object></objectgroup></tile>`+"\n")},
			level.ErrUnsupported, "t.tsx:4:28: tile 0: collision shape 2: a polygon of 5 points that is not convex"},
		{"tileset image missing", map[string]string{"bad.tmx": mapXML(`<tileset firstgid="1" source="t.tsx"/>`, floor),
			"t.tsx": strings.Replace(tileset("", ""), "tiles.png", "gone.png", 1)},
			level.ErrTile, "bad.tmx:3:1: tileset t.tsx does not load as an atlas: t.tsx:3:2: gone.png: file does not exist"},
		{"too many objects", map[string]string{"bad.tmx": mapXML(ground, things(strings.Repeat(`<object id="1" class="crate" x="4" y="4"/>`, 5)))},
			level.ErrLimit, "bad.tmx:4:203: the map has more than 4 objects (Limits.Objects)"},
		{"too many cells", map[string]string{"bad.tmx": mapXML(ground, floor, floor, floor, floor, floor)},
			level.ErrLimit, `bad.tmx:8:1: the map's tile layers hold more than 100 cells (Limits.Cells)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := testFiles(t)
			for name, data := range tc.files {
				files[name] = file(data)
			}
			opts := options(t)
			opts.Limits = level.Limits{Objects: 4, Cells: 100}
			m, err := level.Load(assets.New(files), "bad.tmx", opts)
			if err == nil {
				t.Fatalf("Load = %v; want an error", m)
			}
			if !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.kind) {
				t.Errorf("Load =\n%v\nwant an error containing\n%s\nwrapping %v", err, tc.want, tc.kind)
			}
			for _, le := range level.Errors(err) {
				if le.File == "" || le.Line < 1 {
					t.Errorf("error %q has no file and line", le)
				}
			}
		})
	}
}

// TestLoadErrorsWrapCauses: a misspelt field wraps prefab's sentinel, and
// every error is listed by Errors.
func TestLoadErrorsWrapCauses(t *testing.T) {
	files := testFiles(t)
	files["bad.tmx"] = file(mapXML(groundTileset, objectLayer("things",
		`<object id="1" class="coin" x="0" y="0"><properties><property name="Item.radus" type="float" value="2"/><property name="Item.nam" value="x"/></properties></object>`)))
	_, err := level.Load(assets.New(files), "bad.tmx", options(t))
	if !errors.Is(err, prefab.ErrUnknownField) {
		t.Errorf("Load = %v; want it to wrap prefab.ErrUnknownField", err)
	}
	if errs := level.Errors(err); len(errs) != 2 || errs[0].Layer != "things" || !strings.HasPrefix(errs[0].Object, "object 1 (coin)") {
		t.Errorf("Errors = %q; want two errors naming the layer and the object", errs)
	}
}

// TestLoadErrorsBounded: a map with thousands of problems reports the
// first hundred and counts the rest.
func TestLoadErrorsBounded(t *testing.T) {
	files := testFiles(t)
	files["bad.tmx"] = file(mapXML(groundTileset, objectLayer("things", strings.Repeat(`<object id="1" class="ghost" x="0" y="0"/>`, 500))))
	_, err := level.Load(assets.New(files), "bad.tmx", options(t))
	errs := level.Errors(err)
	if len(errs) != 101 || !strings.Contains(errs[100].Error(), "and 400 more problems") || !errors.Is(errs[100], level.ErrLimit) {
		t.Errorf("Load made %d errors, the last %v; want 100 and a count of 400 more", len(errs), errs[len(errs)-1])
	}
}
