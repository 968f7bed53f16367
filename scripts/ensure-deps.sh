#!/usr/bin/env bash
# Installs the system packages intent builds against (Debian/Ubuntu), or prints the line to run.
# libsqlite3-dev: the store. libblas-dev + libopenblas0-pthread: vector search and embeddings
# (OpenBLAS is the fast libblas.so.3; the reference BLAS is ~25x slower for matrix products).
# sqlite3: the bench's baseline. pkg-config: finds sqlite3. libcurl4-openssl-dev: the statically
# linked Swift runtime's networking needs its headers at link time. patchelf: drops libcurl from
# the release binary's start-up (scripts/lazy-libs.sh).
set -eu
need=()
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for pkg in libsqlite3-dev libblas-dev libopenblas0-pthread pkg-config sqlite3 libcurl4-openssl-dev patchelf; do
  have "$pkg" || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "intent needs: ${need[*]} (install them with your package manager)" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "intent needs system packages; run:  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "installing ${need[*]} ..." >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
