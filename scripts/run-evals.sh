#!/usr/bin/env bash
# The evals make test runs through the release binary, each with its floor.
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
fail=0
for e in "$ROOT"/scripts/eval-*.sh; do
  [ -x "$e" ] || continue
  "$e" "$BIN" || fail=1
done
exit $fail
