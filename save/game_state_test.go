package save_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/save"
	"github.com/tessera-engine/tessera/world"
)

// TestGameState saves the game's own state beside the world and reads it
// back; a save without one leaves the value as it was.
func TestGameState(t *testing.T) {
	type progress struct {
		Room  string
		Taken map[string]bool
	}
	codec, w := sampleWorld(t)
	for _, f := range []save.Format{save.YAML, save.Compact} {
		data, err := codec.Save(w, save.SaveOptions{Format: f, Game: progress{Room: "study", Taken: map[string]bool{"3": true}}})
		if err != nil {
			t.Fatal(err)
		}
		info, err := codec.Load(context.Background(), world.New(), data, save.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got progress
		if err := info.Game(&got); err != nil || got.Room != "study" || !got.Taken["3"] {
			t.Errorf("%v: game state %+v (%v)", f, got, err)
		}
	}
	data, _ := codec.Save(w, save.SaveOptions{})
	info, _ := codec.Load(context.Background(), world.New(), data, save.LoadOptions{})
	got := progress{Room: "hall"}
	if err := info.Game(&got); err != nil || got.Room != "hall" {
		t.Errorf("without game state: %+v (%v)", got, err)
	}
	// A game state that does not decode is an error at its place in the
	// file, named as the load was.
	data, _ = codec.Save(w, save.SaveOptions{Game: map[string]string{"room": "study", "taken": "all"}})
	info, err := codec.Load(context.Background(), world.New(), data, save.LoadOptions{Name: "slot.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	err = info.Game(&got)
	if !errors.Is(err, save.ErrValue) || !strings.HasPrefix(err.Error(), "slot.yaml:") {
		t.Errorf("a game state that does not decode: %v, want ErrValue at slot.yaml:line:col", err)
	}
	// What YAML would take and change, a null in a list of rooms here, is
	// refused at its place, and leaves the value as it was.
	data, _ = codec.Save(w, save.SaveOptions{Game: map[string]any{"visited": []any{"hall", nil, "study"}}})
	info, err = codec.Load(context.Background(), world.New(), data, save.LoadOptions{Name: "slot.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	var rooms struct{ Visited []string }
	err = info.Game(&rooms)
	if !errors.Is(err, save.ErrValue) || !strings.Contains(err.Error(), "a null in a list of string") || rooms.Visited != nil {
		t.Errorf("a null in a list of the game state: %v, %+v; want ErrValue and nothing decoded", err, rooms)
	}
	// A list of yaml.Node keeps a null: the decoder takes the node as it
	// is, so it is no loss, and a save of empty nodes loads.
	type notes struct{ Notes []yaml.Node }
	data, _ = codec.Save(w, save.SaveOptions{Game: notes{Notes: []yaml.Node{{}, {Kind: yaml.ScalarNode, Value: "x"}}}})
	info, err = codec.Load(context.Background(), world.New(), data, save.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var n notes
	if err := info.Game(&n); err != nil || len(n.Notes) != 2 || n.Notes[1].Value != "x" {
		t.Errorf("a game state of yaml.Nodes: %v, %+v; want both back", err, n)
	}
}
