# The backup service's image (compose.yaml, service backup): the compose database's own postgres
# image, so pg_dump is the server's version, with rclone for the off-host copy and backup.sh.
# compose passes POSTGRES_IMAGE, the same pinned image as the postgres service.
ARG POSTGRES_IMAGE=postgres:15.19-bookworm
FROM ${POSTGRES_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends rclone ca-certificates \
  && rm -rf /var/lib/apt/lists/*
# A new backups volume starts as this folder: owned by uid 1000, the user this runs as, and the
# release image's node user, which restores the dumps (backup-verify) from the same volume.
RUN install -d -o 1000 -g 1000 -m 0700 /backups
COPY backup.sh /usr/local/bin/arcade-backup
USER 1000:1000
ENTRYPOINT ["arcade-backup"]
