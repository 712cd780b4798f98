// Command exit is a game that fails at start, as first-game did in a
// browser when it could not read its configuration: it says why on
// stderr and exits with code 3. TestPageShowsFailures builds it with
// scripts/web.sh, to see that the page shows both.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "exit: no level to start with")
	os.Exit(3)
}
