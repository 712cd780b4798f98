package save

import (
	"errors"
	"fmt"
	"reflect"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tessera-engine/tessera/internal/entitytext"
	"github.com/tessera-engine/tessera/internal/yamlpos"
	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/world"
)

// Codec is what a build knows to save and load worlds with: its prefab
// library and the components and relationships it registered. Make one
// with [New] once; it is immutable, so any number of goroutines may save
// and load with it (each save reading, each load writing, a world of its
// own).
type Codec struct {
	lib    *prefab.Library
	byName map[string]comp
	byID   map[int]comp
	rels   map[string]*world.Relation
	relIDs map[int]*world.Relation
	order  []*world.Relation // the relationships, in registration order (ChildOf first)
	// lookups find prefabs outside lib, in registration order
	lookups []func(name string) (*prefab.Prefab, bool)
}

// lookup returns the prefab called name: the library's, or else the
// first a [Prefabs] registration finds.
func (c *Codec) lookup(name string) (*prefab.Prefab, bool) {
	if c.lib != nil {
		if p, ok := c.lib.Lookup(name); ok {
			return p, true
		}
	}
	for _, f := range c.lookups {
		if p, ok := f(name); ok && p != nil {
			return p, true
		}
	}
	return nil, false
}

// New returns a codec that saves and loads entities spawned from lib's
// prefabs (lib may be nil: every entity then saves every component) with
// the components and relationships regs name. [world.ChildOf] is always
// included. It fails with an error naming the registration when one is
// zero, two share a name, a component has two fields saved under one
// name, or its type embeds a world.Entity (the embedding promotes the
// id's text methods, so the struct would be saved as the id alone).
func New(lib *prefab.Library, regs ...Registration) (*Codec, error) {
	c := &Codec{lib: lib, byName: map[string]comp{}, byID: map[int]comp{},
		rels: map[string]*world.Relation{}, relIDs: map[int]*world.Relation{}}
	c.addRel(world.ChildOf)
	var errs []error
	for _, r := range regs {
		switch {
		case r.c != nil:
			name := r.c.key().Name()
			if _, dup := c.byName[name]; dup || c.rels[name] != nil {
				errs = append(errs, fmt.Errorf("save: %s registered twice", r.describe()))
				continue
			}
			if path, ok := sharedPath(r.c.fields()); ok {
				// A save would write the key twice, and its load refuse it.
				errs = append(errs, fmt.Errorf("save: %s: two fields are saved as %q: give one a yaml tag of its own", r.describe(), path))
				continue
			}
			t := r.c.goType()
			if st := r.c.savedType(); st != nil {
				t = st // a custom one saves what its function returns
			}
			if path, ok := entitytext.Embedded(t); ok {
				// The struct would save as the id alone, its other fields lost.
				errs = append(errs, fmt.Errorf("save: %s: %s embeds world.Entity, whose text methods then encode the whole struct as an id: give the field a name", r.describe(), path))
				continue
			}
			c.byName[name] = r.c
			c.byID[r.c.key().ID()] = r.c
		case r.lookup != nil:
			c.lookups = append(c.lookups, r.lookup)
		case r.r != nil:
			if r.r == world.ChildOf {
				continue
			}
			if c.rels[r.r.Name()] != nil || c.byName[r.r.Name()] != nil {
				errs = append(errs, fmt.Errorf("save: %s registered twice", r.describe()))
				continue
			}
			c.addRel(r.r)
		default:
			errs = append(errs, errors.New("save: a zero Registration (make one with Component, Custom, Link or Prefabs)"))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c, nil
}

// sharedPath returns a path that two of the leaves share, such as a
// field and the field of the same name of a struct inlined beside it, or
// HP and Hp, which are both saved as "hp".
func sharedPath(leaves []leaf) (string, bool) {
	seen := make(map[string]bool, len(leaves))
	for _, l := range leaves {
		if seen[l.path] {
			return l.path, true
		}
		seen[l.path] = true
	}
	return "", false
}

func (c *Codec) addRel(r *world.Relation) {
	c.rels[r.Name()] = r
	c.relIDs[r.ID()] = r
	c.order = append(c.order, r)
}

// Format is how a save is written. Both are YAML documents of the same
// shape, so a load reads either without being told which.
type Format uint8

const (
	// YAML writes every entity as a mapping: readable and diffable.
	YAML Format = iota
	// Compact writes each entity that fits as one short string of the
	// [compact] codec, with the definitions it needs in the save; those
	// that do not fit stay mappings.
	Compact
)

// String returns "yaml" or "compact".
func (f Format) String() string {
	switch f {
	case YAML:
		return "yaml"
	case Compact:
		return "compact"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Clock is the fixed-step clock a save holds beside the world, which has
// no clock of its own: the engine's step count and time.
type Clock struct {
	Step uint64
	Now  time.Duration
}

// SaveOptions says how [Codec.Save] writes a save.
type SaveOptions struct {
	Format Format
	Clock  Clock
	// Game, when not nil, is saved beside the world under the key
	// "game": the game's own state that lives outside the world (the
	// room the player is in, the score kept by a scene), any value YAML
	// can write. [Loaded.Game] reads it back.
	Game any
	// SkipUnknown leaves out the components the codec was not given
	// whose values a load could not give back, instead of failing with
	// [ErrUnsaved].
	SkipUnknown bool
}

// LoadOptions says how [Codec.Load] reads a save.
type LoadOptions struct {
	// Name is the file's name, for messages ("slot.yaml:14:7: ...").
	Name string
	// IgnoreRemoved skips the components, relationships and fields the
	// save has and the build no longer knows, instead of reporting each
	// ([ErrUnknownComponent], [ErrUnknownField]).
	IgnoreRemoved bool
	// Args is handed to the prefabs' factories.
	Args any
	// Progress, when set, is called on the loading goroutine as the load
	// goes: at the start and end of each phase and after every slice of
	// entities. It must not touch the world being loaded.
	Progress func(Progress)
	// Slice is how many entities a phase does between two progress calls
	// and two looks at the context; 0 means 1024.
	Slice int
	// MaxBytes bounds the save's size; 0 means [DefaultMaxBytes], -1
	// none. Parsing YAML takes about 100 times a file's size in memory
	// (less for compact saves, whose entities are one node each), so a
	// game that loads saves it did not write sets it lower.
	MaxBytes int
	// MaxNodes bounds the YAML nodes of the save, aliases expanded; 0
	// means [DefaultMaxNodes], -1 none.
	MaxNodes int
}

// The limits a zero [LoadOptions] applies: room for saves of a few
// hundred thousand entities.
const (
	DefaultMaxBytes = 64 << 20
	DefaultMaxNodes = 1 << 23
)

// The phases of a load, in order, as [Progress.Phase] names them.
const (
	PhaseParse    = "parse"    // reading the YAML
	PhaseEntities = "entities" // making each entity from its prefab and changes
	PhaseLinks    = "links"    // linking entities (hierarchy, relationships)
	PhaseCommit   = "commit"   // putting the loaded world in place
)

// Progress is what a load has done: the phase, how far into it, and a
// fraction of the whole load from 0 to 1 that only grows.
type Progress struct {
	Phase       string
	Done, Total int
	Fraction    float64
}

// Loaded is what a successful load read besides the world.
type Loaded struct {
	Clock    Clock
	Entities int
	// Ignored lists what [LoadOptions.IgnoreRemoved] skipped, each as
	// "component Health field maxhp" or "component Flying", sorted.
	Ignored []string

	game *yaml.Node // the save's "game", or nil
	file string     // the name the load was given, for Game's errors
}

// Game decodes what [SaveOptions.Game] saved into v, a pointer, as YAML
// decodes; a save without one leaves v as it is and returns nil. Unknown
// fields are not errors, so a later build's game state may grow.
func (l Loaded) Game(v any) error {
	if l.game == nil {
		return nil
	}
	if losses := yamlpos.Losses(l.game, reflect.TypeOf(v)); len(losses) > 0 {
		errs := make([]error, len(losses))
		for i, loss := range losses {
			errs[i] = &Error{File: l.file, Line: loss.Node.Line, Col: loss.Node.Column, Err: because(ErrValue, loss.Msg)}
		}
		return errors.Join(errs...)
	}
	if err := l.game.Decode(v); err != nil {
		return &Error{File: l.file, Line: l.game.Line, Col: l.game.Column, Err: valueError(err)}
	}
	return nil
}

// version is the save format's version, written as "version".
const version = 1
