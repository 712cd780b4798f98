package drawable

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tessera-engine/tessera/internal/yamltext"
)

// Layer is the first key of the draw order ([Order]): lower layers draw
// first, so higher ones cover them. Any int16 is a layer; [NameLayer]
// gives layers names, so that prefab data says order: {layer: items}
// instead of a number whose meaning lives in code.
//
// The text form, which MarshalText writes and UnmarshalText reads, is the
// layer's name, or its number (decimal, a sign allowed) when it has none.
type Layer int16

// layerNames is the process-wide name registry: names are what data
// writes, so every renderer and loader shares it. Its zero value is ready,
// so NameLayer may run while package-level variables are initialized.
var layerNames struct {
	sync.RWMutex
	byName  map[string]Layer
	byLayer map[Layer]string
}

// ErrLayerName reports a layer name [NameLayer] refuses, or a name in
// data no [NameLayer] defined.
var ErrLayerName = errors.New("drawable: layer name")

// NameLayer gives layer l the name name and returns l, for package-level
// variables that both code and data use:
//
//	var (
//		LayerFloor  = drawable.NameLayer("floor", 0)
//		LayerItems  = drawable.NameLayer("items", 3)
//		LayerPlayer = drawable.NameLayer("player", 4)
//	)
//
// Naming a layer again with the same name does nothing, so two packages
// may agree on one.
//
// Panics with an error wrapping [ErrLayerName] if name is not a valid name
// (letters, digits, '_', '-' and '.', starting with a letter or '_', and
// not null, Null or NULL, which YAML reads as no value), if name names
// another layer, or if l has another name.
func NameLayer(name string, l Layer) Layer {
	if err := checkLayerName(name); err != nil {
		panic(err)
	}
	layerNames.Lock()
	defer layerNames.Unlock()
	if old, ok := layerNames.byName[name]; ok && old != l {
		panic(fmt.Errorf("%w %q: names layer %d already, not %d", ErrLayerName, name, old, l))
	}
	if old, ok := layerNames.byLayer[l]; ok && old != name {
		panic(fmt.Errorf("%w %q: layer %d is named %q already", ErrLayerName, name, l, old))
	}
	if layerNames.byName == nil {
		layerNames.byName = make(map[string]Layer)
		layerNames.byLayer = make(map[Layer]string)
	}
	layerNames.byName[name] = l
	layerNames.byLayer[l] = name
	return l
}

// LayerNames returns the names [NameLayer] has given, in layer order.
func LayerNames() []string {
	layerNames.RLock()
	defer layerNames.RUnlock()
	layers := make([]Layer, 0, len(layerNames.byLayer))
	for l := range layerNames.byLayer {
		layers = append(layers, l)
	}
	slices.Sort(layers)
	out := make([]string, len(layers))
	for i, l := range layers {
		out[i] = layerNames.byLayer[l]
	}
	return out
}

func checkLayerName(name string) error {
	if why := yamltext.NameProblem(name); why != "" {
		return fmt.Errorf("%w %q: %s", ErrLayerName, name, why)
	}
	return nil
}

// String returns the layer's name, or its number when it has none.
func (l Layer) String() string {
	layerNames.RLock()
	name, ok := layerNames.byLayer[l]
	layerNames.RUnlock()
	if ok {
		return name
	}
	return strconv.Itoa(int(l))
}

// MarshalText returns the text form, as [Layer.String] does; it never
// fails.
func (l Layer) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText sets l from its text form: a name [NameLayer] gave, or a
// number in [-32768, 32767]. An unknown name is an error wrapping
// [ErrLayerName] that lists the names there are; l is unchanged on error.
func (l *Layer) UnmarshalText(text []byte) error {
	s := strings.TrimSpace(string(text))
	if s == "" {
		return fmt.Errorf("%w: empty", ErrLayerName)
	}
	if c := s[0]; c >= '0' && c <= '9' || c == '-' || c == '+' {
		n, err := strconv.ParseInt(s, 10, 16)
		if err != nil {
			return fmt.Errorf("drawable: layer %q is not a name or a number in [-32768, 32767]", s)
		}
		*l = Layer(n)
		return nil
	}
	layerNames.RLock()
	v, ok := layerNames.byName[s]
	layerNames.RUnlock()
	if !ok {
		names := LayerNames()
		if len(names) == 0 {
			return fmt.Errorf("%w %q is not defined: no layer has a name (see drawable.NameLayer); write a number", ErrLayerName, s)
		}
		return fmt.Errorf("%w %q is not defined (defined: %s)", ErrLayerName, s, strings.Join(names, ", "))
	}
	*l = v
	return nil
}
