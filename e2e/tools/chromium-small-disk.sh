#!/bin/sh
# Chromium with its profile on a small disk of its own: a tmpfs of SMALL_DISK_SIZE (default 128m)
# mounted over --user-data-dir inside a new user and mount namespace, so no root or sudo is
# needed and nothing outside this browser sees it. e2e/full-disk.spec.ts fills it for real.
dir=""
for a in "$@"; do
  case "$a" in --user-data-dir=*) dir="${a#--user-data-dir=}" ;; esac
done
[ -n "$dir" ] || { echo "chromium-small-disk: no --user-data-dir given" >&2; exit 2; }
exec unshare --user --map-root-user --mount sh -c '
  mount -t tmpfs -o "size=$1" tmpfs "$2" || exit 3
  shift 2
  exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"
' sh "${SMALL_DISK_SIZE:-128m}" "$dir" "$@"
