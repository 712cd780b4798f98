package prefabcmd_test

import (
	"fmt"
	"os"

	"github.com/tessera-engine/tessera/prefab"
	"github.com/tessera-engine/tessera/prefab/prefabcmd"
	"github.com/tessera-engine/tessera/world"
)

// A game builds its own prefab command around its own components: its
// cmd/prefab/main.go registers them and hands os.Args[1:] to Run. Here the
// output goes to stdout so the example can show it.
func Example() {
	type Life struct{ HP, Max int }
	Health := world.DefineComponent[Life]("Health") // the game's components, defined once
	lib := prefab.NewLibrary(prefab.Component(Health))

	// main is: os.Exit(prefabcmd.Run(lib, os.Args[1:], os.Stdout, os.Stderr))
	code := prefabcmd.Run(lib, []string{"check", "testdata/ok.yaml", "testdata/bad.yaml"}, os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// testdata/bad.yaml:4:15: prefab "orc-chief": component "Health": unknown field "hpp" (did you mean "hp"?)
	// prefab check: 1 problem
	// exit status 1
}
