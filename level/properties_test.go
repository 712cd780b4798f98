package level_test

import (
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/level"
)

// roomSettings is what a game reads from testdata/room.tmx's own
// properties.
type roomSettings struct {
	Camera struct {
		DeadZone  struct{ X, Y float64 } `yaml:"deadzone"`
		Smoothing float64                `yaml:"smoothing"`
	} `yaml:"camera"`
	Music string `yaml:"music"`
	Title string `yaml:"title"`
}

// TestPropertiesDecode: a map's properties fill a struct of the game's
// as YAML data would, dotted names reaching into fields of fields;
// fields no property names keep their values.
func TestPropertiesDecode(t *testing.T) {
	var s roomSettings
	s.Camera.DeadZone.Y = 9 // a default the map leaves alone
	if err := loadRoom(t).Properties().Decode(&s); err != nil {
		t.Fatal(err)
	}
	if s.Camera.DeadZone.X != 4 || s.Camera.DeadZone.Y != 9 || s.Camera.Smoothing != 0.25 || s.Music != "sounds/theme.ogg" || s.Title != "The room" {
		t.Errorf("Decode = %+v", s)
	}
}

// TestPropertiesDecodeErrors: a property the struct has no field for, or
// whose value does not fit its field, is an error at the property.
func TestPropertiesDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		props level.Properties
		kind  error
		want  string
	}{
		{"unknown field", level.Properties{{Name: "camera.smooth", Type: "float", Value: "1", File: "a.tmx", Line: 4, Col: 3}},
			level.ErrUnknownProperty, `a.tmx:4:3: property "camera.smooth": `},
		{"wrong type", level.Properties{{Name: "title", Type: "int", Value: "1"}, {Name: "camera.smoothing", Type: "bool", Value: "true", File: "a.tmx", Line: 5, Col: 3}},
			level.ErrBadValue, `a.tmx:5:3: property "camera.smoothing": `},
		{"set twice", level.Properties{{Name: "camera", Value: "x", File: "a.tmx", Line: 2}, {Name: "camera.smoothing", Type: "float", Value: "1", File: "a.tmx", Line: 3, Col: 3}},
			level.ErrBadValue, `a.tmx:3:3: property "camera.smoothing" and property "camera" (line 2) set the same field`},
		{"not a number", level.Properties{{Name: "camera.smoothing", Type: "float", Value: "fast", File: "a.tmx", Line: 3, Col: 3}},
			level.ErrBadValue, `a.tmx:3:3: property "camera.smoothing" is a float whose value "fast" is not a finite number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s roomSettings
			err := tc.props.Decode(&s)
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode = %v; want an error containing %q wrapping %v", err, tc.want, tc.kind)
			}
		})
	}
}

// TestPropertyValues: a property reads as the value of its type, and as
// any other is an error naming it.
func TestPropertyValues(t *testing.T) {
	n := level.Property{Name: "n", Type: "int", Value: "12"}
	f := level.Property{Name: "f", Type: "float", Value: "0.5"}
	b := level.Property{Name: "b", Type: "bool", Value: "true"}
	c := level.Property{Name: "c", Type: "color", Value: "#80ff4020"}
	o := level.Property{Name: "o", Type: "object", Value: "7"}
	if v, err := n.Int(); v != 12 || err != nil {
		t.Errorf("Int = %v, %v", v, err)
	}
	if v, err := n.Float(); v != 12 || err != nil {
		t.Errorf("Float of an int = %v, %v", v, err)
	}
	if v, err := f.Float(); v != 0.5 || err != nil {
		t.Errorf("Float = %v, %v", v, err)
	}
	if v, err := b.Bool(); !v || err != nil {
		t.Errorf("Bool = %v, %v", v, err)
	}
	if v, err := c.Color(); v != (color.NRGBA{R: 255, G: 64, B: 32, A: 128}) || err != nil {
		t.Errorf("Color = %v, %v", v, err)
	}
	if v, err := o.Int(); v != 7 || err != nil {
		t.Errorf("Int of an object = %v, %v", v, err)
	}
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"Int of a float", func() error { _, err := f.Int(); return err }()},
		{"Float of a bool", func() error { _, err := b.Float(); return err }()},
		{"Bool of an int", func() error { _, err := n.Bool(); return err }()},
		{"Color of a string", func() error { _, err := (level.Property{Name: "s", Type: "string", Value: "red"}).Color(); return err }()},
	} {
		if !errors.Is(tc.err, level.ErrBadValue) {
			t.Errorf("%s = %v, want an error wrapping ErrBadValue", tc.name, tc.err)
		}
	}
	if _, ok := (level.Properties{n, f}).Lookup("f"); !ok {
		t.Errorf("Lookup(f) found nothing")
	}
	if _, ok := (level.Properties{n, f}).Lookup("g"); ok {
		t.Errorf("Lookup(g) found a property")
	}
}
