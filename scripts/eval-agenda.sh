#!/usr/bin/env bash
# Date phrases and calendars: the dev sets copied into Fixtures/, through the release binary.
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
"$BIN" eval dates "$ROOT/Fixtures/dates/dates.dev.jsonl" --threshold 0.95 --misses 10
"$BIN" eval ics "$ROOT/Fixtures/ics" --threshold 0.97
