#!/usr/bin/env bash
# stress.sh runs the main job: today the headless ECS benchmark cmd/stress,
# with the flags given, for example
#
#	./scripts/stress.sh -bodies 10000,100000 -steps 600 -walk slots,each,query,limit -json
#
# Later this becomes the ecs-stress example, windowed when a display exists
# (and headless otherwise).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
exec go run ./cmd/stress "$@"
