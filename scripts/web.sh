#!/usr/bin/env bash
# web.sh builds one of the example games for the browser (WebAssembly) and
# serves it on this machine, printing the address to open:
#
#	./scripts/web.sh first-game                  # http://127.0.0.1:8080/
#	./scripts/web.sh walk-room -window.zoom=2    # http://127.0.0.1:8080/?window.zoom=2
#	./scripts/web.sh engine/internal/runner      # any main package, by its directory
#	./scripts/web.sh night-garden -build-only    # only write build/web/night-garden
#
# NAME is a folder of examples/ or the directory of a main package. The game
# is built with GOOS=js GOARCH=wasm and the tesserawindow tag (a browser
# always has a display), and build/web/NAME gets three files: game.wasm, Go's
# wasm_exec.js and an index.html that runs it (and shows the game's last
# output if it fails to load or exits). The page has no command line: the
# game reads its flags from the query string, so the flags given here after
# NAME go into the address (-window.zoom=2 as ?window.zoom=2, -debug.fps as
# &debug.fps; write -name=value for flags with a value).
#
# The script's own flags, anywhere after NAME:
#
#	-build-only   build, print the folder and exit
#	-out DIR      write the files to DIR instead of build/web/NAME
#	-port N       serve on 127.0.0.1:N (default 8080, or a free port if 8080
#	              is taken; 0 for any free port)
#
# The server (internal/webserve) serves the folder, .wasm as
# application/wasm, on the loopback interface only, until Ctrl-C.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

examples() { (cd examples && ls -d */ | tr -d / | tr '\n' ' ' | sed 's/ $//'); }
if [[ $# -lt 1 || $1 == -* ]]; then
	echo "usage: $0 NAME [-build-only] [-out DIR] [-port N] [game flags]   (NAME: $(examples), or a main package's directory)" >&2
	exit 2
fi
name=${1%/}
name=${name#./}
shift
if [[ -d examples/$name ]]; then
	pkg=./examples/$name
elif [[ $name == */* && -d $name ]]; then
	pkg=./$name
else
	echo "web.sh: no example $name (have: $(examples)); or give a main package's directory" >&2
	exit 2
fi

build_only=false
out=build/web/$name
port=
query=()
# escape percent-encodes a query parameter's name or value.
escape() {
	local LC_ALL=C s=$1 i c e= # C: byte by byte, so UTF-8 is escaped as its bytes
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		case $c in
		[a-zA-Z0-9._~/:,-]) e+=$c ;;
		*) e+=$(printf '%%%02X' "'$c") ;;
		esac
	done
	printf '%s' "$e"
}
while (($# > 0)); do
	arg=$1
	shift
	case $arg in
	-build-only | --build-only) build_only=true ;;
	-out | --out | -port | --port)
		[[ $# -gt 0 && $1 != -* ]] || { echo "web.sh: $arg needs a value" >&2; exit 2; }
		[[ $arg == *out ]] && out=$1 || port=$1
		shift
		;;
	-out=* | --out=*) out=${arg#*=} ;;
	-port=* | --port=*) port=${arg#*=} ;;
	-*=*)
		arg=${arg#-}
		arg=${arg#-}
		query+=("$(escape "${arg%%=*}")=$(escape "${arg#*=}")")
		;;
	-*)
		arg=${arg#-}
		arg=${arg#-}
		if (($# > 0)) && [[ $1 != -* ]]; then # -name value
			query+=("$(escape "$arg")=$(escape "$1")")
			shift
		else
			query+=("$(escape "$arg")")
		fi
		;;
	*)
		echo "web.sh: $arg: a page takes flags only (-name=value), not arguments" >&2
		exit 2
		;;
	esac
done
if [[ -n $port && ! $port =~ ^[0-9]+$ ]]; then
	echo "web.sh: -port $port: want a number" >&2
	exit 2
fi
search=
if ((${#query[@]} > 0)); then
	search="?$(
		IFS='&'
		echo "${query[*]}"
	)"
fi

command -v go >/dev/null 2>&1 || { echo "web.sh: go not found on PATH" >&2; exit 1; }
mkdir -p "$out"
echo "web.sh: building $pkg for the browser (GOOS=js GOARCH=wasm, tag tesserawindow) into $out" >&2
GOOS=js GOARCH=wasm go build -tags tesserawindow -o "$out/game.wasm" "$pkg"
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"

# The page. ebitengine adds its own canvas to the body and sizes it to the
# window, so the page holds only the status line: shown while the game
# loads, hidden once it runs, and shown again with the game's last lines of
# output (wasm_exec.js prints stdout and stderr with console.log) if the
# game fails to load or exits. <html data-state> says which, for tests:
# loading, running, exited (with the code in data-exit-code) or failed.
title=${name##*/}
sed "s|@TITLE@|$title|g" >"$out/index.html" <<'EOF'
<!DOCTYPE html>
<html lang="en" data-state="loading">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
html, body { margin: 0; height: 100%; background: #000; }
#status { position: fixed; top: 0; left: 0; right: 0; z-index: 1; margin: 0; padding: 1em;
	font: 14px/1.4 monospace; color: #ccc; white-space: pre-wrap; overflow-wrap: anywhere; }
#status.failed { background: #3a0d0d; color: #fff; max-height: 100%; overflow: auto; box-sizing: border-box; }
</style>
</head>
<body>
<pre id="status">loading @TITLE@…</pre>
<script src="wasm_exec.js"></script>
<script>
"use strict";
(() => {
	const status = document.getElementById("status");
	const lines = [];
	for (const level of ["log", "warn", "error"]) {
		const write = console[level].bind(console);
		console[level] = (...args) => {
			lines.push(args.join(" "));
			if (lines.length > 200) lines.shift();
			write(...args);
		};
	}
	const fail = (state, message) => {
		document.documentElement.dataset.state = state;
		status.className = "failed";
		status.textContent = message + (lines.length ? "\n\nits last output:\n" + lines.join("\n") : "");
		status.hidden = false;
	};
	if (typeof Go === "undefined") {
		fail("failed", "wasm_exec.js did not load: serve this folder over HTTP (./scripts/web.sh @TITLE@)");
		return;
	}
	const go = new Go();
	const exit = go.exit;
	go.exit = (code) => {
		document.documentElement.dataset.exitCode = code;
		fail("exited", "@TITLE@ exited with code " + code);
		exit(code);
	};
	fetch("game.wasm")
		.then((response) => {
			if (!response.ok) throw new Error("game.wasm: " + response.status + " " + response.statusText);
			return WebAssembly.instantiateStreaming(response, go.importObject);
		})
		.then((result) => {
			document.documentElement.dataset.state = "running";
			status.hidden = true;
			return go.run(result.instance);
		})
		.catch((err) => fail("failed", "@TITLE@ failed: " + err));
})();
</script>
</body>
</html>
EOF

if $build_only; then
	echo "$out"
	exit 0
fi
serve=(go run ./internal/webserve -dir "$out" -search "$search")
[[ -n $port ]] && serve+=(-port "$port")
exec "${serve[@]}"
