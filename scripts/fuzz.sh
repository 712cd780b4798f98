#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the root module for a short time each:
#
#	./scripts/fuzz.sh          # 10 s a target
#	./scripts/fuzz.sh 1m       # a minute a target
#	FUZZ_PACKAGES='./assets/...' ./scripts/fuzz.sh 30s
#
# A target is a FuzzXxx function in a _test.go file; each runs on its own
# (go test -fuzz needs exactly one target per run), seeded from its corpus in
# testdata/fuzz and its f.Add seeds. New failing inputs are written to
# testdata/fuzz/FuzzXxx/ as usual: commit them with the fix. Targets in
# packages that link ebitengine (render, engine/audio, engine/window) need a
# display, like their tests; scripts/test.sh's Xvfb or DISPLAY gives one, and
# without one they are skipped with a note. It exits non-zero if any target
# fails, after running the others.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
fuzztime=${1:-10s}
packages=${FUZZ_PACKAGES:-./...}

needs_display() {
	case $1 in
	./render | ./render/ | ./engine/audio | ./engine/window) return 0 ;;
	esac
	return 1
}

failed=()
mapfile -t dirs < <(go list -f '{{.Dir}}' $packages | sed "s|^$PWD|.|")
for dir in "${dirs[@]}"; do
	mapfile -t targets < <(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u)
	((${#targets[@]} == 0)) && continue
	if needs_display "$dir" && [[ -z ${DISPLAY:-} ]]; then
		echo "fuzz.sh: $dir: no display, skipping ${targets[*]}"
		continue
	fi
	for target in "${targets[@]}"; do
		echo "==> $dir $target ($fuzztime)"
		if ! go test -run '^$' -fuzz "^$target\$" -fuzztime "$fuzztime" "$dir"; then
			failed+=("$dir $target")
		fi
	done
done
if ((${#failed[@]} > 0)); then
	printf 'fuzz.sh: FAILED: %s\n' "${failed[@]}" >&2
	exit 1
fi
