#!/usr/bin/env bash
# stress.sh runs the main job, cmd/stress, with the flags given: headless by
# default, for example
#
#	./scripts/stress.sh -bodies 10000,100000 -steps 600 -walk slots,each,query,limit -json
#
# and in a window with -window (the same bodies drawn as sprites through
# engine/window and render, with FPS and steps per frame in the title and
# the debug overlay on F3):
#
#	./scripts/stress.sh -window -bodies 20000
#
# and the sprite workload (a sprite game's step and draw beside their
# limits) with -sprites, which draws too:
#
#	./scripts/stress.sh -sprites -bodies 1000,10000,50000
#
# The window mode is built with the tesserawindow tag, which links
# ebitengine; the default build does not, because ebitengine panics at
# start-up without a display, so headless runs work on any machine.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh

tags=()
for arg in "$@"; do
	case $arg in
	-window | --window | -window=true | --window=true | -sprites | --sprites | -sprites=true | --sprites=true)
		if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
			echo "stress.sh: $arg needs a display, and DISPLAY is unset (under no display, try: xvfb-run -a $0 $*)" >&2
			exit 2
		fi
		tags=(-tags tesserawindow)
		;;
	esac
done
exec go run "${tags[@]}" ./cmd/stress "$@"
