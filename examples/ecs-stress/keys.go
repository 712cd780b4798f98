package main

import (
	"flag"
	"io"

	"github.com/tessera-engine/tessera/engine"
)

// gameKeys returns the configuration that args (the command line), the
// environment and tessera.yaml give g, for the game's own keys;
// engine.Main loads it again and reports its errors (here, a key that
// fails keeps its default).
//
// TODO(lead): a scene cannot read the configuration its engine runs with
// (no engine.ConfigOf(w)), so main reads the game's keys before
// engine.Main does. With it, the scene would read them in OnEnter
// and this file would go.
func gameKeys(g engine.Game, args []string) engine.Config {
	fs := flag.NewFlagSet("ecs-stress", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Bool("headless", false, "") // engine.Main's own flags
	fs.Uint64("steps", 0, "")
	cfg, _ := engine.LoadConfig(engine.LoadOptions{Args: args, Flags: fs, Defaults: g.Config, Keys: g.Keys})
	return cfg
}
