#!/usr/bin/env bash
# make demo: builds a demo home from Fixtures/demo and runs the intents on it, headless, no model.
set -euo pipefail
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEMO=${DEMO_HOME:-$ROOT/demo-home}
NOW=${DEMO_NOW:-2026-11-30T08:00:00}
TZONE=${DEMO_TZ:-Europe/Paris}
rm -rf "$DEMO"
run() { echo; echo "\$ intent $*"; "$BIN" "$@" --home "$DEMO" --now "$NOW" --tz "$TZONE" </dev/null; }

echo "intent demo — home: $DEMO, clock frozen at $NOW ($TZONE), no model"
while IFS= read -r thought; do
  [ -n "$thought" ] && run run CaptureThought "$thought" >/dev/null
done < "$ROOT/Fixtures/demo/thoughts.txt"
trim() { local v="$1"; v="${v#"${v%%[![:space:]]*}"}"; echo "${v%"${v##*[![:space:]]}"}"; }
while IFS='|' read -r title due list; do
  case "$title" in ''|'#'*) continue ;; esac
  title=$(trim "$title"); due=$(trim "$due"); list=$(trim "$list")
  args=(run CreateReminder "$title" --list "$list" --yes)
  [ -n "$due" ] && args+=(--due "$due")
  "$BIN" "${args[@]}" --home "$DEMO" --now "$NOW" --tz "$TZONE" </dev/null >/dev/null
done < "$ROOT/Fixtures/demo/reminders.txt"
echo "(captured $(wc -l < "$ROOT/Fixtures/demo/thoughts.txt") thoughts and created 4 reminders)"

run run CaptureThought "ask Sam for the slides on wednesday #work"
run run CreateReminder "Water the plants" --due "in 2 days" || echo "(exit $? — headless without --yes: nothing is written)"
run run CreateReminder "Water the plants" --due "in 2 days" --dry-run
run run ListReminders
run run CaptureThought "call Mira friday 5pm" --json
for extra in "$ROOT"/scripts/demo-*.sh; do
  [ -x "$extra" ] && BIN="$BIN" DEMO="$DEMO" NOW="$NOW" TZONE="$TZONE" "$extra"
done
echo
echo "Done. Explore it: intent --home $DEMO history"
