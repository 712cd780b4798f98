//go:build !js

package engine

import "os"

// commandLine is what [Main] parses as flags: the program's arguments.
func commandLine() []string {
	if len(os.Args) < 2 {
		return nil
	}
	return os.Args[1:]
}
