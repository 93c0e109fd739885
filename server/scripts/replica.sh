#!/usr/bin/env bash
# A streaming read replica of a PostgreSQL server, on this host, for DATABASE_READ_URL (the
# market's lists, facets, floors, sales history and the leaderboard read from it) and for the
# tests and benchmarks. It is made with pg_basebackup -R (a copy of the primary's data folder that
# starts as a hot standby and streams the primary's WAL) and runs as a server of its own.
#
#   server/scripts/replica.sh standby PRIMARY_URL DIR PORT   # copy the primary into DIR, start it on PORT
#   server/scripts/replica.sh primary DIR PORT               # a throwaway primary that allows replication (tests)
#   server/scripts/replica.sh stop DIR [fast|immediate]      # stop the server of DIR (fast by default)
#   server/scripts/replica.sh start DIR                      # start it again (after a reboot, a stop)
#
# The primary must accept a replication connection from this host: wal_level replica (the
# default), max_wal_senders above 0 (default 10), and a pg_hba.conf line for it. `all` in the
# database column does not match replication connections; the line names them:
#   host  replication  arcade_replicator  10.0.0.5/32  scram-sha-256   (the replica's address)
# and the role needs the REPLICATION attribute: CREATE ROLE arcade_replicator LOGIN REPLICATION PASSWORD '...'.
# PRIMARY_URL is then postgres://arcade_replicator:PASSWORD@primary-host:5432/postgres.
#
# The replica listens on 127.0.0.1 (REPLICA_LISTEN=addresses to change it), on TCP only. Its
# roles and passwords are the primary's; a data folder without a pg_hba.conf of its own (Debian
# keeps it in /etc) gets one allowing scram-sha-256 logins from 127.0.0.1.
#
# Run as root, the PostgreSQL programs run as the postgres user (initdb refuses root) and DIR is
# made theirs; its parent folder must be one they can enter. PG_BIN picks the programs' folder
# (default /usr/lib/postgresql/15/bin when it exists, else the PATH's).
set -euo pipefail

usage() {
  sed -n '7,10p' "$0" >&2
  exit 2
}

if [ -z "${PG_BIN:-}" ] && [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then PG_BIN=/usr/lib/postgresql/15/bin; fi
bin() { if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/$1"; else command -v "$1"; fi; }

# The PostgreSQL programs run as the current user, or as postgres when that is root.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# An empty data folder the server's user owns, mode 0700 (PostgreSQL refuses anything looser).
make_dir() {
  local dir=$1
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    echo "replica.sh: $dir is not empty" >&2
    exit 1
  fi
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  if ! as_owner test -w "$dir"; then
    echo "replica.sh: the postgres user cannot write in $dir (can it enter its parent folders?)" >&2
    exit 1
  fi
}

check_port() {
  case $1 in '' | *[!0-9]*) echo "replica.sh: PORT must be a number, not '$1'" >&2 && exit 2 ;; esac
}

start() {
  local dir=$1
  as_owner "$(bin pg_ctl)" -D "$dir" -l "$dir/server.log" -w -t 60 start >/dev/null ||
    {
      tail -n 20 "$dir/server.log" >&2
      exit 1
    }
}

case ${1:-} in
  primary)
    [ $# -eq 3 ] || usage
    dir=$2 port=$3
    check_port "$port"
    make_dir "$dir"
    as_owner "$(bin initdb)" -D "$dir" -U postgres --auth=trust --no-sync >/dev/null
    # Trust on the loopback, replication connections included: a throwaway server for tests.
    cat >"$dir/pg_hba.conf" <<'EOF'
host  all          all  127.0.0.1/32  trust
host  replication  all  127.0.0.1/32  trust
EOF
    cat >>"$dir/postgresql.auto.conf" <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
wal_level = replica
max_wal_senders = 4
EOF
    start "$dir"
    echo "primary: postgres://postgres@127.0.0.1:$port/postgres (data in $dir)"
    ;;

  standby)
    [ $# -eq 4 ] || usage
    url=$2 dir=$3 port=$4
    check_port "$port"
    make_dir "$dir"
    # -R writes standby.signal and primary_conninfo; -X stream copies the WAL made meanwhile.
    as_owner "$(bin pg_basebackup)" -d "$url" -D "$dir" -R -X stream --checkpoint=fast --no-sync
    if [ ! -f "$dir/postgresql.conf" ]; then
      echo "# Made by replica.sh: the primary's data folder had none (its settings live elsewhere)." | as_owner tee "$dir/postgresql.conf" >/dev/null
    fi
    if [ ! -f "$dir/pg_hba.conf" ]; then
      printf '%s\n' 'host  all  all  127.0.0.1/32  scram-sha-256' | as_owner tee "$dir/pg_hba.conf" >/dev/null
    fi
    # Later lines win: the primary's own port and addresses are replaced. hot_standby_feedback
    # keeps the primary's vacuum from removing rows a market read on the replica still needs.
    as_owner tee -a "$dir/postgresql.auto.conf" >/dev/null <<EOF
port = $port
listen_addresses = '${REPLICA_LISTEN:-127.0.0.1}'
unix_socket_directories = ''
hot_standby = on
hot_standby_feedback = on
EOF
    start "$dir"
    echo "replica: port $port, streaming from the primary (data in $dir)"
    ;;

  stop)
    if [ $# -lt 2 ] || [ $# -gt 3 ]; then usage; fi
    dir=$2 mode=${3:-fast}
    case $mode in fast | immediate) ;; *) usage ;; esac
    if [ -f "$dir/postmaster.pid" ]; then as_owner "$(bin pg_ctl)" -D "$dir" -m "$mode" -w -t 60 stop >/dev/null; fi
    ;;

  start)
    [ $# -eq 2 ] || usage
    start "$2"
    ;;

  *) usage ;;
esac
