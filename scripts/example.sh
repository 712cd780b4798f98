#!/usr/bin/env bash
# example.sh runs one of the example games, examples/NAME, with the flags
# given after its name:
#
#	./scripts/example.sh ecs-stress                 # the main job
#	./scripts/example.sh walk-room -headless -steps 600
#	./scripts/example.sh night-garden
#
# With a display (DISPLAY or WAYLAND_DISPLAY set) and no -headless flag, the
# example opens a window: it is built with the tesserawindow tag, which links
# ebitengine. Without a display it runs headless (-headless added), because
# any binary that links ebitengine panics at start-up without one. Either
# way it first says which, on stderr.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ $# -lt 1 || $1 == -* ]]; then
	echo "usage: $0 NAME [flags]   (NAME: $(cd examples && ls -d */ | tr -d / | tr '\n' ' '))" >&2
	exit 2
fi
name=$1
shift
if [[ ! -d examples/$name ]]; then
	echo "example.sh: no example $name (have: $(cd examples && ls -d */ | tr -d / | tr '\n' ' '))" >&2
	exit 2
fi

bash scripts/setup.sh

headless=false
for arg in "$@"; do
	case $arg in
	-headless | --headless | -headless=true | --headless=true) headless=true ;;
	esac
done

if ! $headless && [[ -n ${DISPLAY:-}${WAYLAND_DISPLAY:-} ]]; then
	echo "example.sh: display ${DISPLAY:-$WAYLAND_DISPLAY} found: running $name in a window (-headless to run without one)" >&2
	exec go run -tags tesserawindow "./examples/$name" "$@"
fi
if $headless; then
	echo "example.sh: running $name headless" >&2
	exec go run "./examples/$name" "$@"
fi
echo "example.sh: no display (DISPLAY is unset): running $name headless; for the window, run it under a display (or: xvfb-run -a $0 $name)" >&2
exec go run "./examples/$name" -headless "$@"
