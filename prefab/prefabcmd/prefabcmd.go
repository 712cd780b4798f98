// Package prefabcmd is the prefab command line, for a game to build around
// its own library in a few lines, as cmd/prefab does for the components
// the engine ships:
//
//	func main() {
//		os.Exit(prefabcmd.Run(game.Prefabs(), os.Args[1:], os.Stdout, os.Stderr))
//	}
//
// Its commands:
//
//	check [-assets DIR] PATH...  check prefab files, or directories of them; print every problem
//	schema [-o FILE]             write the JSON Schema of the prefab files, for editors
//	components                   list the components prefab files may use
//
// Given -assets, check also checks the assets the prefabs name (sprites'
// images, texts' fonts) against the files under DIR, the game's asset
// root, as the game would load them (see [prefab.Library.UseAssets]).
package prefabcmd

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tessera-engine/tessera/assets"
	"github.com/tessera-engine/tessera/prefab"
)

const usage = `usage:
  prefab check [-assets DIR] PATH...  check prefab files, or directories of them
                                      (-assets: and the assets they name, under DIR)
  prefab schema [-o FILE]             write the JSON Schema of prefab files (to stdout by default)
  prefab components                   list the components prefab files may use
`

// Run runs the command args (the arguments after the program's name)
// against lib, writing results to stdout and problems to stderr, and
// returns the exit code: 0 when all is well, 1 when check finds problems
// or a file cannot be written, 2 for a usage error. check -assets makes
// lib check asset references with [prefab.Library.UseAssets].
func Run(lib *prefab.Library, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return check(lib, args[1:], stdout, stderr)
	case "schema":
		return schema(lib, args[1:], stdout, stderr)
	case "components":
		for _, name := range lib.Components() {
			fmt.Fprintln(stdout, name)
		}
		return 0
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "prefab: unknown command %q\n%s", args[0], usage)
	return 2
}

func check(lib *prefab.Library, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("prefab check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("assets", "", "check the assets prefabs name against the files under `dir`")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	paths := fs.Args()
	if len(paths) == 0 {
		fmt.Fprintf(stderr, "prefab check: no paths given\n%s", usage)
		return 2
	}
	var err error
	if *root != "" {
		if fi, serr := os.Stat(*root); serr != nil || !fi.IsDir() {
			fmt.Fprintf(stderr, "prefab check: -assets %s: not a directory\n", *root)
			return 2
		}
		err = lib.UseAssets(assets.New(os.DirFS(*root)))
	}
	if err == nil {
		err = lib.Check(paths...)
	}
	if err == nil {
		fmt.Fprintf(stdout, "ok: %s\n", strings.Join(paths, " "))
		return 0
	}
	errs := prefab.Errors(err)
	for _, e := range errs {
		fmt.Fprintln(stderr, e)
	}
	if len(errs) == 0 {
		fmt.Fprintln(stderr, err)
	}
	fmt.Fprintf(stderr, "prefab check: %d problem%s\n", max(len(errs), 1), plural(len(errs)))
	return 1
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func schema(lib *prefab.Library, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("prefab schema", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the schema to `file` instead of stdout")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "prefab schema: unexpected arguments %q\n%s", fs.Args(), usage)
		return 2
	}
	var buf bytes.Buffer
	if err := lib.WriteSchema(&buf); err != nil {
		fmt.Fprintf(stderr, "prefab schema: %v\n", err)
		return 1
	}
	if *out == "" {
		stdout.Write(buf.Bytes())
		return 0
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "prefab schema: %v\n", err)
		return 1
	}
	return 0
}
