#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the root module for a short time each:
#
#	./scripts/fuzz.sh          # 10 s a target
#	./scripts/fuzz.sh 1m       # a minute a target
#	FUZZ_PACKAGES='./assets/...' ./scripts/fuzz.sh 30s
#
# A target is a FuzzXxx function in a _test.go file; each runs on its own
# (fuzzing takes exactly one target per run), seeded from its corpus in
# testdata/fuzz and its f.Add seeds. Each package's test binary is built
# once, with the fuzzing instrumentation (go test -c -fuzz), and run in the
# package's directory for each of its targets, with go test's own fuzz
# cache. Building and linking it for every target, as go test -fuzz does,
# was about a third of the step: 113 s of CI's 299 on 2026-12-03, when the
# 31 targets at 5 s each took 244 s here that way and 191 s this way. New
# failing inputs are written to testdata/fuzz/FuzzXxx/ as usual: commit
# them with the fix. Targets in
# packages that link ebitengine (render, engine/audio, engine/window) need a
# display, like their tests; scripts/test.sh's Xvfb or DISPLAY gives one, and
# without one they are skipped with a note. It exits non-zero if any target
# fails, after running the others. A run that fails only with "context
# deadline exceeded" and writes no failing input is Go 1.26's
# end-of-fuzztime race (go.dev/issue/75804), noted and not counted.
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

# count_files prints how many files directory $1 holds (0 if it does not
# exist).
count_files() {
	local files=("$1"/*)
	[[ -e ${files[0]} ]] || files=()
	echo "${#files[@]}"
}

failed=()
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
cache="$(go env GOCACHE)/fuzz"
mapfile -t pkgs < <(go list -f '{{.ImportPath}} {{.Dir}}' $packages | sed "s| $PWD| .|")
for pkg in "${pkgs[@]}"; do
	path=${pkg%% *} dir=${pkg#* }
	mapfile -t targets < <(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u)
	((${#targets[@]} == 0)) && continue
	if needs_display "$dir" && [[ -z ${DISPLAY:-} ]]; then
		echo "fuzz.sh: $dir: no display, skipping ${targets[*]}"
		continue
	fi
	test="$bin/${path//\//_}.test"
	if ! go test -c -fuzz . -o "$test" "$dir"; then
		failed+=("$dir (build)")
		continue
	fi
	for target in "${targets[@]}"; do
		echo "==> $dir $target ($fuzztime)"
		corpus="$dir/testdata/fuzz/$target"
		before=$(count_files "$corpus")
		log=$(mktemp)
		# As go test -fuzz runs it: in the package's directory (its
		# corpus, and where a failing input is written), with the fuzz
		# cache go test keeps for the package.
		if (cd "$dir" && "$test" -test.run '^$' -test.fuzz "^$target\$" -test.fuzztime "$fuzztime" \
			-test.fuzzcachedir "$cache/$path") 2>&1 | tee "$log"; then
			:
		elif grep -q '^    context deadline exceeded$' "$log" &&
			! grep -q 'Failing input written to' "$log" &&
			(($(count_files "$corpus") == before)); then
			# Go 1.26's fuzzing coordinator can report the end of
			# -fuzztime itself as a failure (go.dev/issue/75804, fixed in
			# Go 1.27): no input failed and none was written, so it is
			# not a finding.
			echo "fuzz.sh: $dir $target: the toolchain's end-of-fuzztime race (go.dev/issue/75804), not a failing input"
		else
			failed+=("$dir $target")
		fi
		rm -f "$log"
	done
done
if ((${#failed[@]} > 0)); then
	printf 'fuzz.sh: FAILED: %s\n' "${failed[@]}" >&2
	exit 1
fi
