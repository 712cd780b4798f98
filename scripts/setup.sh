#!/usr/bin/env bash
# setup.sh provisions a Debian or Ubuntu machine that already has Go: it
# installs the system packages Tessera needs that are missing and checks the
# Go version. It is idempotent and prints nothing when all is in place.
#
# The packages: gcc and libc6-dev for cgo (go test -race needs it, and so will
# ebitengine), the X11 and GL headers ebitengine's build needs (without
# libgl-dev the build fails on GL/glx.h, without libxxf86vm-dev the link
# fails), pkg-config and libasound2-dev for ebitengine's audio, and Xvfb and
# xauth so tests that open a window run on machines without a display.
#
# With TESSERA_CHROMIUM=1 it also installs Debian's chromium (about 300 MB,
# a minute), for internal/webtest, which opens the examples' browser builds
# in it; CI sets it. Without it the browser tests skip.
set -euo pipefail

packages=(
	gcc libc6-dev pkg-config
	libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev libgl-dev
	libasound2-dev
	xvfb xauth
)
if [[ ${TESSERA_CHROMIUM:-} == 1 ]]; then
	packages+=(chromium)
fi
min_go_major=1
min_go_minor=26

die() {
	echo "setup.sh: $*" >&2
	exit 1
}

# installed reports whether the Debian package $1 is installed (not merely
# known to dpkg, as a removed package whose configuration files remain is).
installed() {
	local status
	status=$(dpkg -s "$1" 2>/dev/null) || return 1
	[[ $status == *$'\nStatus: install ok installed\n'* ]]
}

install_missing() {
	if ! command -v dpkg >/dev/null 2>&1; then
		echo "setup.sh: not a Debian or Ubuntu system; make sure these (or your system's equivalents) are installed:" >&2
		echo "  ${packages[*]}" >&2
		return 0
	fi
	local missing=() p
	for p in "${packages[@]}"; do
		installed "$p" || missing+=("$p")
	done
	((${#missing[@]} == 0)) && return 0

	local sudo=()
	if ((EUID != 0)); then
		command -v sudo >/dev/null 2>&1 ||
			die "missing packages: ${missing[*]}; run as root or install sudo, or install them yourself"
		sudo=(sudo)
	fi
	echo "setup.sh: installing ${missing[*]}"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
		die "apt-get update failed"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
		die "apt-get install failed for: ${missing[*]}"
	for p in "${missing[@]}"; do
		installed "$p" || die "package $p is still not installed after apt-get install"
	done
}

check_go() {
	command -v go >/dev/null 2>&1 ||
		die "go not found on PATH; install Go ${min_go_major}.${min_go_minor} or newer from https://go.dev/dl/ (then add /usr/local/go/bin to PATH)"
	local out
	out=$(go version) || die "'go version' failed"
	# "go version go1.26.8 linux/amd64"; also go1.26, go1.26rc1.
	if [[ $out =~ go([0-9]+)\.([0-9]+) ]]; then
		local major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
		if ((major < min_go_major || (major == min_go_major && minor < min_go_minor))); then
			die "Go ${min_go_major}.${min_go_minor} or newer is required, but '$out' was found; install a newer Go from https://go.dev/dl/"
		fi
	else
		echo "setup.sh: cannot tell the Go version from '$out'; Go ${min_go_major}.${min_go_minor} or newer is required" >&2
	fi
}

# Run from the repository root, so that go version reports the toolchain
# the module's go line selects.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
check_go
install_missing
