#!/usr/bin/env bash
# drizzle-kit looks for drizzle-orm beside itself (hoisted to the root) while npm keeps drizzle-orm in this
# workspace; link it for the duration of `drizzle-kit generate`.
set -euo pipefail
cd "$(dirname "$0")/.."
link=../../node_modules/drizzle-orm
created=0
if [ ! -e "$link" ]; then ln -s ../apps/server/node_modules/drizzle-orm "$link"; created=1; fi
trap '[ "$created" = 1 ] && rm -f "$link"' EXIT
npx drizzle-kit generate "$@"
