//go:build js

package engine

import "syscall/js"

// commandLine is what [Main] parses as flags. A page has no command line:
// its query string stands for one, ?window.zoom=2 for -window.zoom=2, and
// outside a page (Node.js) there is none.
func commandLine() []string {
	loc := js.Global().Get("location")
	if loc.Type() != js.TypeObject {
		return nil
	}
	search := loc.Get("search")
	if search.Type() != js.TypeString {
		return nil
	}
	return queryArgs(search.String())
}
