package engine_test

import (
	"flag"
	"io"

	"github.com/tessera-engine/tessera/scene"
	"github.com/tessera-engine/tessera/world"
)

// quietFlags returns a flag set that prints nothing on errors.
func quietFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// sysScene adds the given systems in OnEnter.
type sysScene struct {
	scene.Base
	sys []world.System
}

func (s *sysScene) OnEnter() error {
	for _, x := range s.sys {
		if err := s.World().AddSystem(x); err != nil {
			return err
		}
	}
	return nil
}
