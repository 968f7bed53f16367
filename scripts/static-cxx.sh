#!/bin/sh
# Links the C++ runtime into the release binary statically. The Swift runtime (linked statically
# with --static-swift-stdlib) needs libstdc++, which the Swift driver names as `-lstdc++`; as a
# shared library it costs every run its loading and about 3,600 symbol lookups by the dynamic
# loader (~2.1M of a warm capture's ~14.7M instructions). This puts a directory holding only
# libstdc++.a first on the linker's search path, so `-lstdc++` finds the archive; only the
# symbols the binary uses are copied in, and the Swift driver's `--exclude-libs ALL` keeps them
# out of the dynamic symbol table. Nothing else loaded at run time (libsqlite3, and libcurl and
# BLAS when opened) uses libstdc++.
#
# Without a static libstdc++ (no GCC development files) the directory is left empty and the
# link falls back to the shared library, as before.
#
# Usage: scripts/static-cxx.sh DIR   (DIR is then passed to the linker as -L DIR)
set -eu
dir="$1"
mkdir -p "$dir"
rm -f "$dir/libstdc++.a"
archive=$(${CC:-cc} -print-file-name=libstdc++.a 2>/dev/null || true)
case "$archive" in
  /*) [ -f "$archive" ] && ln -s "$archive" "$dir/libstdc++.a" ;;
  *) echo "static-cxx: no libstdc++.a (install g++ or libstdc++-12-dev); the binary loads libstdc++.so at start-up" >&2 ;;
esac
exit 0
