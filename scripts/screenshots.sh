#!/usr/bin/env bash
# screenshots.sh takes every example's screenshot for the READMEs,
# docs/NAME.png, from the real game in a window under a display, one fixed
# step a frame (-debug.fixed_frames), so each picture is the game's state
# at a known frame on every machine:
#
#	./scripts/screenshots.sh          # all of them
#	./scripts/screenshots.sh tanks    # the named ones
#
# The examples with a window test take it through that test's -update flag
# (the test checks the picture before it is written); first-game, whose
# page docs/FIRST_GAME.md gives the command, runs that command. With no
# display (DISPLAY unset), it starts Xvfb on the first free display from
# :120 on and stops it on exit. Nothing is played aloud: the window tests
# send sound to ALSA's null device, first-game has none.
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

if [[ -z ${DISPLAY:-} ]]; then
	for ((n = 120; n < 140; n++)); do
		[[ -e /tmp/.X$n-lock || -e /tmp/.X11-unix/X$n ]] && continue
		Xvfb ":$n" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
		xvfb_pid=$!
		for ((i = 0; i < 100; i++)); do # up to 10 s
			[[ -S /tmp/.X11-unix/X$n ]] && break
			sleep 0.1
		done
		export DISPLAY=":$n"
		break
	done
	if [[ -z ${DISPLAY:-} ]]; then
		echo "screenshots.sh: no display and no free one for Xvfb" >&2
		exit 1
	fi
fi

names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
	names=($(cd examples && ls -d */ | tr -d /))
fi
for name in "${names[@]}"; do
	echo "screenshots.sh: docs/$name.png" >&2
	case $name in
	first-game) # the command docs/FIRST_GAME.md shows
		go run -tags tesserawindow ./examples/first-game -debug.fixed_frames -debug.frames 100 \
			-debug.screenshot_frame 100 -debug.screenshot docs/first-game.png
		;;
	*)
		if [[ ! -f examples/$name/window_test.go ]]; then
			echo "screenshots.sh: examples/$name has no window test to take its screenshot" >&2
			exit 1
		fi
		go test -count=1 "./examples/$name" -run '^TestWindow$' -update
		;;
	esac
done
