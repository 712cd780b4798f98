package level

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/tessera-engine/tessera/assets"
)

// Property is a custom property of a map, layer, tileset, tile or object,
// as Tiled's Custom Properties panel shows it.
type Property struct {
	Name string
	// Type is Tiled's type of the value: "string", "int", "float",
	// "bool", "color", "file" or "object" (an object's id).
	Type string
	// Value is the value as the file writes it: "12", "true",
	// "#ff8040ff"; a file's path is made a path in the game's files, as
	// the map's directory gives it.
	Value string
	// File, Line and Col are where the property is written.
	File      string
	Line, Col int
}

// Float returns the value of an int or float property.
func (p Property) Float() (float64, error) {
	if p.Type != "int" && p.Type != "float" {
		return 0, p.typeError("a number")
	}
	f, err := strconv.ParseFloat(p.Value, 64)
	if err != nil {
		return 0, p.typeError("a number")
	}
	return f, nil
}

// Int returns the value of an int or object property.
func (p Property) Int() (int, error) {
	if p.Type != "int" && p.Type != "object" {
		return 0, p.typeError("a whole number")
	}
	n, err := strconv.Atoi(p.Value)
	if err != nil {
		return 0, p.typeError("a whole number")
	}
	return n, nil
}

// Bool returns the value of a bool property.
func (p Property) Bool() (bool, error) {
	b, err := strconv.ParseBool(p.Value)
	if p.Type != "bool" || err != nil {
		return false, p.typeError("true or false")
	}
	return b, nil
}

// Color returns the value of a color property.
func (p Property) Color() (color.NRGBA, error) {
	c, ok := parseColor(p.Value)
	if p.Type != "color" || !ok {
		return color.NRGBA{}, p.typeError("a colour")
	}
	return color.NRGBA{R: c[0], G: c[1], B: c[2], A: c[3]}, nil
}

func (p Property) typeError(want string) error {
	return &LoadError{File: p.File, Line: p.Line, Col: p.Col,
		Err: &problem{kind: ErrBadValue, msg: fmt.Sprintf("property %s is %s %q, not %s", quote(p.Name), article(p.Type), p.Value, want)}}
}

func article(t string) string {
	if t == "int" || t == "object" {
		return "an " + t
	}
	return "a " + t
}

// Properties are custom properties, in the file's order.
type Properties []Property

// Lookup returns the property called name, and whether there is one.
// O(n).
func (ps Properties) Lookup(name string) (Property, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// Decode sets the fields of the struct v points to from the properties,
// as YAML data decodes (see assets.Data.Decode): a field's key is its yaml
// tag's name or its Go name in lower case, and a name with dots sets a
// field inside a field (camera.deadzone.x). Fields no property names keep
// their values, so v may hold defaults. A property the type has no field
// for, or whose value does not fit its field, is an error at the
// property's position, wrapping [ErrUnknownProperty] or [ErrBadValue];
// every such problem is reported. Colours decode into a color.NRGBA or
// any struct with fields r, g, b and a; files are strings.
func (ps Properties) Decode(v any) error {
	doc, lines, errs := propertyYAML(ps, 0)
	if len(errs) > 0 {
		return joinErrors(errs)
	}
	files := fstest.MapFS{"properties.yaml": {Data: []byte(doc)}}
	err := assets.New(files).Decode("properties.yaml", v)
	if err == nil {
		return nil
	}
	var out []error
	for _, e := range assets.Errors(err) {
		le := &LoadError{Err: &problem{kind: ErrBadValue, msg: strings.TrimPrefix(e.Error(), fmt.Sprintf("properties.yaml:%d:%d: ", e.Line, e.Col)), cause: e.Err}}
		if errors.Is(e, assets.ErrUnknownField) {
			le.Err.(*problem).kind = ErrUnknownProperty
		}
		if p, ok := lines[e.Line]; ok {
			le.File, le.Line, le.Col = p.File, p.Line, p.Col
			le.Err.(*problem).msg = "property " + quote(p.Name) + ": " + le.Err.(*problem).msg
		}
		out = append(out, le)
	}
	return joinErrors(out)
}

func joinErrors(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// propertyYAML writes properties as a YAML mapping indented by indent
// spaces, a name with dots as mappings inside mappings, each value on a
// line of its own. It returns the text, the property written on each
// line (1-based), and the properties that cannot be written: a name
// given twice, or both as a value and as a mapping of values (a and
// a.b), or a value that is not of its type.
func propertyYAML(ps Properties, indent int) (string, map[int]Property, []error) {
	root := &propNode{index: map[string]*propNode{}}
	var errs []error
	bad := func(p Property, format string, args ...any) {
		errs = append(errs, &LoadError{File: p.File, Line: p.Line, Col: p.Col, Err: &problem{kind: ErrBadValue, msg: fmt.Sprintf(format, args...)}})
	}
	for i := range ps {
		p := &ps[i]
		parts := strings.Split(p.Name, ".")
		if slices.Contains(parts, "") {
			bad(*p, "property %s has an empty name before, between or after its dots", quote(p.Name))
			continue
		}
		n, ok := root, true
		for j, part := range parts {
			k := n.index[part]
			if k == nil {
				k = &propNode{key: part, index: map[string]*propNode{}}
				n.index[part] = k
				n.kids = append(n.kids, k)
			}
			last := j == len(parts)-1
			if k.prop != nil || last && len(k.kids) > 0 {
				other := k.prop
				if other == nil {
					other = firstLeaf(k)
				}
				bad(*p, "property %s and property %s (line %d) set the same field", quote(p.Name), quote(other.Name), other.Line)
				ok = false
				break
			}
			n = k
		}
		if ok {
			n.prop = p
		}
	}
	var b strings.Builder
	lines := map[int]Property{}
	line := 1
	var write func(n *propNode, depth int)
	write = func(n *propNode, depth int) {
		for _, k := range n.kids {
			b.WriteString(strings.Repeat(" ", indent+2*depth))
			b.WriteString(strconv.Quote(k.key))
			b.WriteByte(':')
			if k.prop != nil {
				v, err := yamlValue(*k.prop)
				if err != nil {
					bad(*k.prop, "%v", err)
					v = "null"
				}
				b.WriteString(" " + v)
				lines[line] = *k.prop
			} else {
				lines[line] = *firstLeaf(k)
			}
			b.WriteByte('\n')
			line++
			write(k, depth+1)
		}
	}
	write(root, 0)
	return b.String(), lines, errs
}

// propNode is a name, or a part of a dotted name, in propertyYAML's
// tree: a leaf holds its property.
type propNode struct {
	key   string
	prop  *Property
	kids  []*propNode
	index map[string]*propNode
}

// firstLeaf returns the first property under n, which has one.
func firstLeaf(n *propNode) *Property {
	for n.prop == nil {
		n = n.kids[0]
	}
	return n.prop
}

// yamlValue writes p's value as YAML of its type.
func yamlValue(p Property) (string, error) {
	switch p.Type {
	case "", "string", "file":
		return strconv.Quote(p.Value), nil
	case "int", "object":
		if _, err := strconv.ParseInt(p.Value, 10, 64); err != nil {
			return "", fmt.Errorf("property %s is %s whose value %q is not a whole number", quote(p.Name), article(p.Type), p.Value)
		}
		return p.Value, nil
	case "float":
		f, err := strconv.ParseFloat(p.Value, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return "", fmt.Errorf("property %s is a float whose value %q is not a finite number", quote(p.Name), p.Value)
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	case "bool":
		v, err := strconv.ParseBool(p.Value)
		if err != nil {
			return "", fmt.Errorf("property %s is a bool whose value %q is neither true nor false", quote(p.Name), p.Value)
		}
		return strconv.FormatBool(v), nil
	case "color":
		c, ok := parseColor(p.Value)
		if !ok {
			return "", fmt.Errorf("property %s is a color whose value %q is not #AARRGGBB", quote(p.Name), p.Value)
		}
		return fmt.Sprintf("{r: %d, g: %d, b: %d, a: %d}", c[0], c[1], c[2], c[3]), nil
	}
	return "", fmt.Errorf("property %s has the type %q, which Tessera does not read", quote(p.Name), p.Type)
}
