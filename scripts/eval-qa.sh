#!/usr/bin/env bash
# The library eval on the SQuAD-based dev set, with the issue's held-out floors.
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
"$BIN" eval qa --docs "$ROOT/Fixtures/qa/docs" \
  --questions "$ROOT/Fixtures/qa/questions.dev.jsonl" --questions "$ROOT/Fixtures/qa/squad2_no_answer.dev.jsonl" \
  --floors hit5=0.95,contain=0.78,abstain=0.85,false_abstain=0.10,offsets=1
