#!/bin/sh
# The image's entrypoint (pnpm release copies it into the release folder, beside server/).
#
#   (no arguments)            applies this release's pending migrations, then becomes the server
#   <operator command> ...    runs that operator command and nothing else: `migrate`, `audit`,
#                             `backup:verify`, ... (docker compose run --rm server audit)
#   node ... | sh ... | <path> ...   runs it as given (docker compose run --rm server node server/cli.js audit)
#
# `exec` makes node the container's main process, so SIGTERM from `docker stop` reaches it and it
# shuts down cleanly. The migration runs under the migrator's advisory lock, so replicas starting
# together are safe; the server itself only checks that the database is migrated (it refuses to
# start otherwise).
set -eu
cd "$(dirname "$0")"
if [ "$#" -eq 0 ]; then
  node server/cli.js migrate
  exec node server/main.js
fi
case "$1" in
  node | sh | */*) exec "$@" ;;
  *) exec node server/cli.js "$@" ;;
esac
