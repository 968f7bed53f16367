#!/usr/bin/env bash
# Free-text reminder commands (CreateReminder --text): the CLINC150-based dev set, the held-out
# set and the two unseen sets (Fixtures/commands/README.md), deterministic rung with floors just
# under the measured scores; the embedded model's rung on request; the whole-process p50 of
# `intent run CreateReminder --text` printed. Usage: scripts/eval-commands.sh BIN
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
C="$ROOT/Fixtures/commands"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
# file:floor — dev 117/117, held-out 20/20, unseen 70/70 (63/70 when first scored), unseen2 30/30
SETS="dev:0.99 heldout:0.95 unseen:0.97 unseen2:0.96"
for s in $SETS; do
  "$BIN" eval commands "$C/commands.${s%%:*}.jsonl" --rungs deterministic --threshold "${s#*:}" --misses 10 --home "$SCRATCH"
done
# The embedded rung (weights installed) takes about a second per command on a loaded machine, so
# it runs on request: INTENT_EVAL_MODEL=1. It falls back to the parser on every refused answer; its
# floors sit just under its own measured scores (dev 113/117, held-out 20/20, unseen 70/70,
# unseen2 29/30), below the parser's on dev and unseen2 — why it is not the default rung.
EMBEDDED_SETS="dev:0.96 heldout:0.95 unseen:0.97 unseen2:0.96"
if [ "${INTENT_EVAL_MODEL:-0}" = 1 ]; then
  for s in $EMBEDDED_SETS; do
    "$BIN" eval commands "$C/commands.${s%%:*}.jsonl" --rungs embedded --threshold "${s#*:}" --misses 10 --home "$SCRATCH"
  done
else
  echo "eval commands: the embedded rung is skipped (INTENT_EVAL_MODEL=1 runs it; minutes per run)"
fi
# Whole process, headless, as a cron wrapper runs it: one run per unseen2 command in a fresh home.
# Printed, not a floor (the machine's load decides the figure).
HOME2="$SCRATCH/whole"
times=()
while IFS= read -r row; do
  cmd=$(printf '%s' "$row" | sed -n 's/.*"command": "\([^"]*\)".*/\1/p')
  [ -n "$cmd" ] || continue
  t0=$(date +%s%N)
  setsid "$BIN" run CreateReminder --text "$cmd" --yes --home "$HOME2" --now 2026-11-30T09:00:00+01:00 --tz Europe/Berlin </dev/null >/dev/null 2>&1 \
    || { echo "eval commands: CreateReminder --text failed on a row of commands.unseen2.jsonl" >&2; exit 1; }
  times+=($(( ($(date +%s%N) - t0) / 1000000 )))
done < "$C/commands.unseen2.jsonl"
p50=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "eval commands: whole process (intent run CreateReminder --text, headless) over ${#times[@]} commands: p50 ${p50} ms"
