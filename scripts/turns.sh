#!/usr/bin/env bash
# turns.sh runs one package's benchmarks at two commits in turns, one
# process per run, and prints one metric of every run and, per commit and
# benchmark, the median of the runs, so that a shared machine's noise falls
# on both commits alike. For example
#
#	./scripts/turns.sh -n 6 -bench 'SpriteDraw_(1|10)k$' 6574be8 HEAD
#
# runs render's SpriteDraw_1k and SpriteDraw_10k six times at each commit,
# one commit after the other, and prints their ratio. Flags (before the
# commits): -n rounds (default 5), -pkg the package (./render), -bench the
# benchmarks (a -test.bench pattern, required), -benchtime (300x), -metric
# the unit of the figure to print (ratio). Each commit is checked out into
# a temporary worktree and its test binary built there; benchmarks that
# draw need a display (DISPLAY), as under ./scripts/test.sh.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=5 pkg=./render bench= benchtime=300x metric=ratio
while [[ $# -gt 2 ]]; do
	case $1 in
	-n) rounds=$2 ;;
	-pkg) pkg=$2 ;;
	-bench) bench=$2 ;;
	-benchtime) benchtime=$2 ;;
	-metric) metric=$2 ;;
	*) echo "turns.sh: unknown flag $1" >&2; exit 2 ;;
	esac
	shift 2
done
if [[ $# -ne 2 || -z $bench ]]; then
	echo "usage: turns.sh [-n rounds] [-pkg dir] -bench pattern [-benchtime t] [-metric unit] old new" >&2
	exit 2
fi

for c in "$1" "$2"; do
	if ! git rev-parse --verify --quiet "$c^{commit}" >/dev/null; then
		echo "turns.sh: $c is not a commit" >&2
		exit 2
	fi
done

tmp=$(mktemp -d)
cleanup() {
	set +e
	kill $(jobs -p) 2>/dev/null
	wait 2>/dev/null
	for d in "$tmp"/tree-*; do
		[[ -d $d ]] && git worktree remove --force "$d" >/dev/null 2>&1
	done
	rm -rf "$tmp"
	git worktree prune
}
trap cleanup EXIT
trap 'exit 130' INT TERM

commits=("$1" "$2")
for i in 0 1; do
	git worktree add --detach "$tmp/tree-$i" "${commits[$i]}" >/dev/null
	(cd "$tmp/tree-$i" && go test -c -o "$tmp/bin-$i" "$pkg")
	echo "commit $i: ${commits[$i]} = $(git rev-parse --short "${commits[$i]}")"
done

# Each binary runs in its own tree's package directory, where its tests
# find their testdata as of its commit.
for r in $(seq "$rounds"); do
	for i in 0 1; do
		if ! (cd "$tmp/tree-$i/$pkg" && "$tmp/bin-$i" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime") >"$tmp/out" 2>&1; then
			echo "turns.sh: the benchmarks of commit $i failed:" >&2
			cat "$tmp/out" >&2
			exit 1
		fi
		awk -v c="$i" -v r="$r" -v m="$metric" '/^Benchmark/ {
			for (f = 2; f <= NF; f++) if ($f == m) { sub(/-[0-9]+$/, "", $1); print "round " r " commit " c " " $1 " " $(f-1) }
		}' "$tmp/out"
	done
done | tee "$tmp/runs"

if [[ ! -s $tmp/runs ]]; then
	echo "turns.sh: no benchmark matching $bench reported $metric" >&2
	exit 1
fi
echo "medians of $rounds runs ($metric; of an even number, the mean of the middle two):"
awk '{ print $4 " " $5 " " $6 }' "$tmp/runs" | sort -k2,2 -k1,1 -k3,3g |
	awk '{ k = $1 " " $2; v[k] = v[k] " " $3; n[k]++ }
		END {
			for (k in v) {
				split(substr(v[k], 2), a, " ")
				m = n[k] % 2 ? a[(n[k] + 1) / 2] : (a[n[k] / 2] + a[n[k] / 2 + 1]) / 2
				print k " " m
			}
		}' |
	sort -k2,2 -k1,1 | awk '{ print "  " $2 "  commit " $1 ": " $3 }'
