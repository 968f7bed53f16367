#!/usr/bin/env bash
# Free-text reminder commands (CreateReminder --text): the CLINC150-based dev set and the
# held-out set, deterministic rung with floors; then the embedded model's rung when its weights
# are installed (skipped with a message otherwise). Usage: scripts/eval-commands.sh BIN
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
C="$ROOT/Fixtures/commands"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
"$BIN" eval commands "$C/commands.dev.jsonl" --rungs deterministic --threshold 0.95 --misses 10 --home "$SCRATCH"
"$BIN" eval commands "$C/commands.heldout.jsonl" --rungs deterministic --threshold 0.90 --misses 5 --home "$SCRATCH"
# The embedded rung falls back to the parser on every rejected answer, so its floor is the
# parser's: the model must not make the answers worse (INTENT_EVAL_MODEL=0 skips it).
if [ "${INTENT_EVAL_MODEL:-1}" != 0 ]; then
  "$BIN" eval commands "$C/commands.dev.jsonl" --rungs embedded --threshold 0.95 --misses 10 --home "$SCRATCH"
fi
