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
# Optional: poppler-utils (pdftotext) lets `intent library add` read PDFs; without it PDFs are
# refused by name. Installed with the others when this runs as root, else suggested, never fatal.
optional=()
for pkg in poppler-utils; do
  have "$pkg" || optional+=("$pkg")
done
if [ ${#optional[@]} -gt 0 ] && { [ ${#need[@]} -eq 0 ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; }; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing optional ${optional[*]} (PDF text for the library) ..." >&2
    { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${optional[@]}" >/dev/null; } \
      || echo "could not install ${optional[*]}; PDFs will be refused by the library" >&2
  else
    echo "optional: ${optional[*]} lets the library read PDFs (sudo apt-get install -y ${optional[*]})" >&2
  fi
  optional=()
fi
[ ${#need[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "intent needs: ${need[*]} (install them with your package manager)" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "intent needs system packages; run:  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "installing ${need[*]} ${optional[*]:-}..." >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
if [ ${#optional[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${optional[@]}" >/dev/null \
    || echo "could not install optional ${optional[*]}; PDFs will be refused by the library" >&2
fi
