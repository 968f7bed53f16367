#!/bin/sh
# Drops libcurl from the release binary's start-up. FoundationNetworking's libcurl calls go
# through the trampolines in Sources/LazyCurl, which open libcurl.so.4 on the first HTTP request,
# so the binary references no curl symbol; only the linker's `-lcurl` (added by the Swift runtime)
# still names the library. Removing that entry saves loading and relocating libcurl and its two
# dozen dependencies on every run. Refuses (and leaves the binary as it is) when a curl symbol is
# still undefined, so a change that bypasses the trampolines cannot produce a broken binary.
#
#
# Also drops the `$ORIGIN` run path SwiftPM writes, when the binary needs no library of its own
# (the Swift runtime is linked statically): otherwise the loader first looks for every system
# library (libc, libm, libsqlite3, …) beside the binary, in each hardware-capability
# subdirectory — about 30 failed opens and stats per run.
#
# Usage: scripts/lazy-libs.sh BINARY
set -eu
bin="$1"
if ! command -v patchelf >/dev/null 2>&1; then
  echo "lazy-libs: patchelf is not installed; $bin loads libcurl at start-up (apt-get install patchelf)" >&2
  exit 0
fi
if readelf -d "$bin" | grep -q 'R.*PATH.*\$ORIGIN' && ! readelf -d "$bin" | grep -qE 'NEEDED.*lib(swift|Foundation|dispatch|BlocksRuntime)'; then
  patchelf --remove-rpath "$bin"
fi
readelf -d "$bin" | grep -q 'NEEDED.*libcurl' || exit 0
if nm -D --undefined-only "$bin" | grep -q ' curl_'; then
  echo "lazy-libs: $bin still calls libcurl directly; it keeps loading it at start-up" >&2
  nm -D --undefined-only "$bin" | grep ' curl_' >&2
  exit 0
fi
patchelf --remove-needed libcurl.so.4 "$bin"
