package engine_test

import (
	"flag"
	"io"
)

// quietFlags returns a flag set that prints nothing on errors.
func quietFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}
