#!/bin/sh
# The image's entrypoint (pnpm release copies it into the release folder, beside server/):
# applies this release's pending migrations, then becomes the server. `exec` makes node the
# container's main process, so SIGTERM from `docker stop` reaches it and it shuts down cleanly.
# The migration runs under the migrator's advisory lock, so replicas starting together are safe;
# the server itself only checks that the database is migrated (it refuses to start otherwise).
set -eu
cd "$(dirname "$0")"
node server/cli.js migrate
exec node server/main.js
