// Package webtest has no API. Its tests play the games in a browser, as
// most people first try them: TestGamesInBrowser builds every example
// (and the engine's runner) with scripts/web.sh, opens each page in
// headless Chromium with software WebGL, and waits for a screenshot whose
// colours are those of the game's window screenshot in docs/;
// TestPageShowsFailures checks that a game that exits, or a page whose
// game.wasm is missing, shows why instead of a black page.
//
// They drive Chromium through the DevTools protocol over a pipe
// (--remote-debugging-pipe), with the standard library only. They skip
// under -short and when no Chromium is on PATH, and fail instead when
// TESSERA_CHROMIUM=1, which also makes scripts/setup.sh install Debian's
// chromium; CI sets it. -shots DIR keeps each game's last screenshot.
// See docs/WEB.md.
package webtest
