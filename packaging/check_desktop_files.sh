#!/usr/bin/env bash
# Validate the desktop entry and the AppStream metainfo with the freedesktop tools:
#   packaging/check_desktop_files.sh
# Installs desktop-file-utils and appstream with apt-get when they are missing (Debian/Ubuntu).
set -euo pipefail
cd "$(dirname "$0")/.."
DESKTOP=resources/desktop/io.github.pegapp.PegApp.desktop
METAINFO=resources/desktop/io.github.pegapp.PegApp.metainfo.xml

need=()
command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null || need+=(appstream)
if [ ${#need[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "check_desktop_files: please install ${need[*]}" >&2
    exit 1
  fi
  echo "check_desktop_files: installing ${need[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "desktop-file-validate $DESKTOP"
desktop-file-validate "$DESKTOP"
echo "appstreamcli validate --no-net $METAINFO"
appstreamcli validate --no-net "$METAINFO"
echo "check_desktop_files: both files are valid"
