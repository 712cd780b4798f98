#!/usr/bin/env bash
# ecs-stress.sh runs the main job, the ecs-stress example: in a window when
# a display exists (the bodies drawn as sprites, F3 for the overlay), and
# headless otherwise (the timing table of every walk). It says which on
# stderr and passes its flags on, for example
#
#	./scripts/ecs-stress.sh -bodies 50000 -collide
#	./scripts/ecs-stress.sh -headless -bodies 10000,100000 -walk slots,each -json
#
# It is scripts/example.sh ecs-stress; see that script for how it chooses.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/example.sh" ecs-stress "$@"
