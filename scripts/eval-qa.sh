#!/usr/bin/env bash
# The library eval on the SQuAD-based dev set, with the issue's held-out floors; then the
# SQuAD 2.0 no-answer questions (paragraph in the library, answer not in it), reported only.
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
QA="$ROOT/Fixtures/qa"
"$BIN" eval qa --docs "$QA/docs" --questions "$QA/questions.dev.jsonl" \
  --floors hit5=0.95,contain=0.85,abstain=0.90,false_abstain=0.05,in_library=0,offsets=1
echo "(SQuAD 2.0 no-answer questions over the same library: the in-library score, below its 0.5 goal, reported:)"
"$BIN" eval qa --docs "$QA/docs" --questions "$QA/squad2_no_answer.dev.jsonl" --questions "$QA/squad2_no_answer.tune.jsonl" \
  --floors hit5=0,contain=0,abstain=0,false_abstain=1,in_library=0,offsets=1
