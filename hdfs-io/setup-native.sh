#!/bin/sh
# Installs what hdfs-io's native ISA-L coder needs to build (gcc, libisal-dev: headers and libisal.so.2,
# which the build copies into the jar: where the jar runs, nothing needs installing).
# Idempotent: touches apt only when something is missing. Debian/Ubuntu; needs root or sudo there.
# Elsewhere (macOS, no apt-get) it says so and exits 0: the build then makes a jar with the Java coder.
# Usage: sh hdfs-io/setup-native.sh     (exit 0 when everything is present afterwards or cannot be had)
set -eu

missing=""
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
have_lib=""
for f in /usr/lib/*/libisal.so /usr/lib/libisal.so /usr/local/lib/libisal.so; do
  [ -e "$f" ] && have_lib="$f"
done
if [ ! -f /usr/include/isa-l.h ] || [ -z "$have_lib" ]; then
  missing="$missing libisal-dev"
fi

if [ -z "$missing" ]; then
  echo "setup-native: gcc and libisal-dev already present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-native: no apt-get here, cannot install:$missing; the jar will use Hadoop's Java coder" >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  command -v sudo >/dev/null 2>&1 && SUDO="sudo" || { echo "setup-native: need root to install:$missing" >&2; exit 1; }
fi
echo "setup-native: installing:$missing"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
echo "setup-native: done"
