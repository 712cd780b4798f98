#!/usr/bin/env bash
# test.sh runs the whole test suite: setup, go vet and go test for the root
# module, and go vet, go build and go test for the bench module when it exists
# (its tests check that every implementation does the same work). It exits
# non-zero if any step fails, after running the others.
#
# Packages that import ebitengine (engine/window and render) panic at
# start-up without a display, test binaries included. So when DISPLAY is unset
# and Xvfb is installed, the tests run under a virtual X server, which is
# stopped on exit. cmd/stress's window mode and the examples' windows are
# behind the build tag tesserawindow, so they are vetted with the tag too
# (their tests build and run them under the display).
# go test's output comes last: CI reads its closing lines.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh

xvfb_pid=
stop_xvfb() {
	if [[ -n $xvfb_pid ]]; then
		kill "$xvfb_pid" 2>/dev/null || true
		wait "$xvfb_pid" 2>/dev/null || true
		xvfb_pid=
	fi
}
trap stop_xvfb EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start_xvfb starts Xvfb on the first free display from :99 on, waits until it
# accepts connections and exports DISPLAY.
start_xvfb() {
	local n i
	for ((n = 99; n < 110; n++)); do
		[[ -e /tmp/.X$n-lock || -e /tmp/.X11-unix/X$n ]] && continue
		Xvfb ":$n" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
		xvfb_pid=$!
		for ((i = 0; i < 100; i++)); do # up to 10 s
			if [[ -S /tmp/.X11-unix/X$n ]]; then
				export DISPLAY=":$n"
				return 0
			fi
			kill -0 "$xvfb_pid" 2>/dev/null || break # it exited: display taken, try the next
			sleep 0.1
		done
		stop_xvfb
	done
	echo "test.sh: could not start Xvfb; tests that need a display will fail" >&2
}

if [[ -z ${DISPLAY:-} ]] && command -v Xvfb >/dev/null 2>&1; then
	start_xvfb
fi

failed=()
# step runs a command under a header and records its failure.
step() {
	local label=$1
	shift
	echo "==> $label"
	"$@" || failed+=("$label")
}
bench_module() (
	cd bench && go vet ./... && go build ./... && go test ./...
)

step "go vet ./..." go vet ./...
step "go vet -tags tesserawindow ./cmd/stress ./examples/..." go vet -tags tesserawindow ./cmd/stress ./examples/...
if [[ -f bench/go.mod ]]; then
	step "(cd bench && go vet ./... && go build ./... && go test ./...)" bench_module
fi
step "go test ./..." go test ./...

if ((${#failed[@]} > 0)); then
	printf 'test.sh: FAILED: %s\n' "${failed[@]}" >&2
	exit 1
fi
