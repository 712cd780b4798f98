package drawable_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-engine/tessera/render/drawable"
)

// Layers named for this file's tests. Names are process-wide; the tests
// only add names, at values no other test of the package uses.
var (
	layerTestFloor = drawable.NameLayer("test-floor", -100)
	layerTestItems = drawable.NameLayer("test-items", 103)
	layerTestTop   = drawable.NameLayer("test.top", 32767)
)

func TestNameLayer(t *testing.T) {
	if layerTestFloor != -100 || layerTestItems != 103 || layerTestTop != 32767 {
		t.Fatalf("NameLayer returned %d, %d, %d; want its layer", layerTestFloor, layerTestItems, layerTestTop)
	}
	if again := drawable.NameLayer("test-items", 103); again != 103 {
		t.Errorf("naming a layer again = %d, want 103", again)
	}
	names := drawable.LayerNames()
	i, j := strings.Index(strings.Join(names, " "), "test-floor"), strings.Index(strings.Join(names, " "), "test-items")
	if i < 0 || j < 0 || i > j {
		t.Errorf("LayerNames() = %q, want test-floor (-100) before test-items (103)", names)
	}
}

func TestNameLayerRefuses(t *testing.T) {
	tests := []struct {
		name  string
		layer drawable.Layer
		want  string
	}{
		{"", 1, "empty"},
		{"1st", 1, "read it as a number"},
		{"-x", 1, "read it as a number"},
		{".x", 1, "read it as a number"},
		{"null", 1, "no value"},
		{"a b", 1, "not a letter"},
		{"test-items", 104, "names layer 103 already"},
		{"test-other", 103, `is named "test-items" already`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, drawable.ErrLayerName) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("NameLayer(%q, %d) panicked with %v, want an ErrLayerName saying %q", tt.name, tt.layer, err, tt.want)
				}
			}()
			drawable.NameLayer(tt.name, tt.layer)
		})
	}
}

func TestLayerText(t *testing.T) {
	tests := []struct {
		text string
		want drawable.Layer
		out  string
	}{
		{"test-items", 103, "test-items"},
		{" test.top ", 32767, "test.top"},
		{"-100", -100, "test-floor"},
		{"5", 5, "5"},
		{"-32768", -32768, "-32768"},
		{"+7", 7, "7"},
		{"007", 7, "7"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got drawable.Layer
			if err := got.UnmarshalText([]byte(tt.text)); err != nil || got != tt.want {
				t.Fatalf("UnmarshalText(%q) = %d, %v; want %d", tt.text, got, err, tt.want)
			}
			if out, _ := got.MarshalText(); string(out) != tt.out {
				t.Errorf("MarshalText = %q, want %q", out, tt.out)
			}
		})
	}
	for _, bad := range []string{"", "test-itemz", "32768", "-32769", "1.5", "0x10", "3 4"} {
		got := drawable.Layer(42)
		err := got.UnmarshalText([]byte(bad))
		if err == nil || got != 42 {
			t.Errorf("UnmarshalText(%q) = %d, %v; want an error and the layer unchanged", bad, got, err)
		}
	}
	var got drawable.Layer
	err := got.UnmarshalText([]byte("test-itemz"))
	if !errors.Is(err, drawable.ErrLayerName) || !strings.Contains(err.Error(), "test-items") {
		t.Errorf("unknown name: %v, want an ErrLayerName listing the names", err)
	}
}

// TestLayersConcurrent names and reads layers from several goroutines,
// for -race.
func TestLayersConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 50 {
				name := fmt.Sprintf("test-race-%d", i%8)
				l := drawable.NameLayer(name, drawable.Layer(1000+i%8))
				var back drawable.Layer
				if err := back.UnmarshalText([]byte(name)); err != nil || back != l {
					t.Errorf("goroutine %d: %q read back as %d, %v", g, name, back, err)
					return
				}
				_ = l.String()
				_ = drawable.LayerNames()
			}
		})
	}
	wg.Wait()
}

func ExampleNameLayer() {
	var (
		floor = drawable.NameLayer("floor", 0)
		items = drawable.NameLayer("items", 3)
	)
	coin := drawable.Circle(4, nil)
	coin.Order = drawable.Order{Layer: items}
	// Prefab data writes the layer by name: order: {layer: items}.
	var fromData drawable.Layer
	if err := fromData.UnmarshalText([]byte("floor")); err != nil {
		panic(err)
	}
	fmt.Println(coin.Order.Layer, fromData == floor, drawable.Layer(9))
	// Output: items true 9
}
