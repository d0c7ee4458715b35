#!/bin/sh
# Nightly backup with rotation (run by kamernest-backup.service, or by hand as the kamernest user):
# `npm run db:backup` into BACKUP_DIR with a UTC time stamp, then deletes backups older than
# BACKUP_KEEP_DAYS days. A failed backup exits non-zero before anything is deleted, so the
# older copies stay. SQLite backups end in .db, PostgreSQL ones (pg_dump custom format) in .dump.
set -eu

app_dir=${KAMERNEST_DIR:-/srv/kamernest}
backup_dir=${BACKUP_DIR:-/var/backups/kamernest}
keep_days=${BACKUP_KEEP_DAYS:-14}
: "${DATABASE_URL:?DATABASE_URL must be set (see /etc/kamernest/kamernest.env)}"

case "$DATABASE_URL" in
  postgres://* | postgresql://*) ext=dump ;;
  *) ext=db ;;
esac

mkdir -p "$backup_dir"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
file="$backup_dir/kamernest-$stamp.$ext"

cd "$app_dir"
node node_modules/tsx/dist/cli.mjs scripts/db-backup.ts "$file"

# Rotation: only our own files, only complete ones (a .partial is the backup's own temporary file).
find "$backup_dir" -maxdepth 1 -type f -name "kamernest-*.$ext" -mtime +"$keep_days" -print -delete
