#!/bin/sh
# The backup service's loop (deploy/compose.yaml, service `backup`, on the postgres image): a
# logical backup of DATABASE_URL with `pg_dump --format=custom` every BACKUP_INTERVAL into
# BACKUP_DIR, each copied off the host by BACKUP_UPLOAD_COMMAND, those older than BACKUP_KEEP_DAYS
# deleted. Restore one with `operator backup:verify` (docs/operations.md, section 5).
#
#   backup.sh          the loop: a backup when the newest is BACKUP_INTERVAL old (at once if none),
#                      then one every BACKUP_INTERVAL; after a failure, again in BACKUP_RETRY (a
#                      restart does not take an extra backup: the schedule follows the newest dump)
#   backup.sh once     one backup now (upload and pruning included); exit 0 only if all of it worked
#   backup.sh check    the health check: exit 0 when the newest backup is younger than
#                      BACKUP_INTERVAL plus an hour and the last attempt did not fail
#
# Settings (environment):
#   DATABASE_URL            the database (postgres://user:password@host:5432/name); required
#   BACKUP_DIR              where the dumps go (default /backups): arcade-<UTC time>.dump
#   BACKUP_INTERVAL         time between backups: seconds, or a number with s, m, h or d (default 1d)
#   BACKUP_KEEP_DAYS        dumps older than this many days are deleted after a good backup (default 30)
#   BACKUP_RETRY            wait after a failed attempt (default 10m)
#   BACKUP_UPLOAD_COMMAND   run with sh -c after each dump, the dump's path as $1 (the off-host copy),
#                           e.g. 'rclone copyto "$1" offsite:arcade-backups/$(basename "$1")';
#                           its failure fails the backup (the dump stays in BACKUP_DIR)
set -eu
# The dumps hold every player's data: readable by this user only (the verify service runs as the same uid).
umask 077

log() { echo "backup: $(date -u +%Y-%m-%dT%H:%M:%SZ) $*"; }
fail() {
  log "$*" >&2
  exit 2
}

# A duration in seconds: 90, 90s, 15m, 6h, 1d.
seconds() {
  case "$2" in
    *[!0-9smhd]* | '' | [smhd]* | *[smhd]?*) fail "$1 must be a number of seconds, or a number with s, m, h or d (e.g. 1d), got '$2'" ;;
    *d) echo $((${2%d} * 86400)) ;;
    *h) echo $((${2%h} * 3600)) ;;
    *m) echo $((${2%m} * 60)) ;;
    *s) echo "${2%s}" ;;
    *) echo "$2" ;;
  esac
}

: "${DATABASE_URL:?backup: set DATABASE_URL (postgres://user:password@host:5432/name)}"
BACKUP_DIR=${BACKUP_DIR:-/backups}
interval=$(seconds BACKUP_INTERVAL "${BACKUP_INTERVAL:-1d}")
retry=$(seconds BACKUP_RETRY "${BACKUP_RETRY:-10m}")
keep_days=${BACKUP_KEEP_DAYS:-30}
case "$keep_days" in *[!0-9]* | '' | 0) fail "BACKUP_KEEP_DAYS must be a whole number of days from 1, got '$keep_days'" ;; esac
[ "$interval" -gt 0 ] || fail "BACKUP_INTERVAL must be more than 0"
if ! { [ -d "$BACKUP_DIR" ] && [ -w "$BACKUP_DIR" ]; }; then fail "BACKUP_DIR $BACKUP_DIR is not a folder this user can write"; fi
failed="$BACKUP_DIR/.last-attempt-failed"

# The newest dump's path, or nothing: the names hold the UTC time, so the last in name order.
newest() {
  last=''
  for dump in "$BACKUP_DIR"/arcade-*.dump; do
    if [ -e "$dump" ]; then last=$dump; fi
  done
  echo "$last"
}

# Seconds since the newest dump was written, or nothing when there is none.
newest_age() {
  file=$(newest)
  [ -n "$file" ] || return 0
  echo $(($(date +%s) - $(stat -c %Y "$file")))
}

backup_once() {
  file="$BACKUP_DIR/arcade-$(date -u +%Y%m%dT%H%M%SZ).dump"
  # Written under another name and renamed when complete: a dump cut short never looks like a backup.
  if ! pg_dump --format=custom --file="$file.partial" --dbname="$DATABASE_URL"; then
    rm -f "$file.partial"
    log "FAILED: pg_dump exited with an error; no backup was made" >&2
    return 1
  fi
  mv "$file.partial" "$file"
  log "made $file ($(wc -c <"$file") bytes)"
  if [ -n "${BACKUP_UPLOAD_COMMAND:-}" ]; then
    if ! sh -c "$BACKUP_UPLOAD_COMMAND" backup-upload "$file"; then
      log "FAILED: BACKUP_UPLOAD_COMMAND exited with an error; $file is on this host only" >&2
      return 1
    fi
    log "copied off the host: $file"
  fi
  # Only after a good backup, so the last ones are never pruned while backups fail.
  find "$BACKUP_DIR" -maxdepth 1 -name 'arcade-*.dump' -mmin +$((keep_days * 1440)) -print | while read -r old; do
    rm -f "$old"
    log "deleted $old (older than $keep_days days)"
  done
}

# Records the outcome for `check`, so the health check turns red on a failure.
attempt() {
  if backup_once; then
    rm -f "$failed"
  else
    date -u +%Y-%m-%dT%H:%M:%SZ >"$failed"
    return 1
  fi
}

case "${1:-loop}" in
  once)
    attempt
    ;;
  check)
    age=$(newest_age)
    [ -n "$age" ] || fail "no backup in $BACKUP_DIR yet"
    [ ! -e "$failed" ] || fail "the last attempt failed at $(cat "$failed")"
    [ "$age" -le $((interval + 3600)) ] || fail "the newest backup is $age seconds old"
    echo "backup: the newest, $(newest), is $age seconds old"
    ;;
  loop)
    # docker stop sends SIGTERM to this shell (the container's first process): exit at once.
    trap 'log "stopping"; exit 0' TERM INT
    log "every $interval s into $BACKUP_DIR, kept $keep_days days"
    while :; do
      age=$(newest_age)
      # A failed attempt (the dump, or its off-host copy) is tried again after BACKUP_RETRY.
      if [ -n "$age" ] && [ "$age" -lt "$interval" ] && [ ! -e "$failed" ]; then
        wait_for=$((interval - age))
      elif attempt; then
        wait_for=$interval
      else
        wait_for=$retry
      fi
      # In the background, so the trap runs as soon as the signal comes, not after the sleep.
      sleep "$wait_for" &
      wait $! || true
    done
    ;;
  *)
    fail "usage: backup.sh [once | check]"
    ;;
esac
