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

"$BIN" calendars add "$ROOT/Fixtures/demo/calendar.ics" --home "$DEMO" >/dev/null
echo "(registered the demo calendar: intent calendars add Fixtures/demo/calendar.ics)"

run run CaptureThought "ask Sam for the slides on wednesday #work"
run run CreateReminder "Water the plants" --due "in 2 days" || echo "(exit $? — headless without --yes: nothing is written)"
run run CreateReminder "Water the plants" --due "in 2 days" --dry-run
run run CreateReminder --text "remind me to call Mira friday at 5pm" --list Personal --yes
run run ListReminders
run run ListEvents --from today --to "in 2 days"
run run CaptureThought "call the bank on thursday" --json
echo; echo "\$ intent run CaptureThought \"call the bank on thursday\" --json | intent run CreateReminder --input - --yes"
"$BIN" run CaptureThought "call the bank on thursday" --json --home "$DEMO" --now "$NOW" --tz "$TZONE" </dev/null \
  | "$BIN" run CreateReminder --input - --yes --home "$DEMO" --now "$NOW" --tz "$TZONE"
echo; echo "\$ setsid intent run DailyBrief </dev/null      # headless, as cron runs it; no model configured"
setsid -w "$BIN" run DailyBrief --home "$DEMO" --now "$NOW" --tz "$TZONE" </dev/null
echo; echo "\$ intent library add Fixtures/demo/library"
"$BIN" library add "$ROOT/Fixtures/demo/library" --home "$DEMO" </dev/null
run run AskLibrary "When must the home insurance renewal be confirmed?"
run run AskLibrary "Who is the architect of the kitchen renovation?"
echo; echo "\$ intent run AskLibrary \"when must the insurance renewal be confirmed?\" --json | intent run CreateReminder --input - --title \"Confirm insurance renewal\" --due 2026-12-31 --yes"
"$BIN" run AskLibrary "when must the insurance renewal be confirmed?" --json --home "$DEMO" --now "$NOW" --tz "$TZONE" </dev/null \
  | "$BIN" run CreateReminder --input - --title "Confirm insurance renewal" --due 2026-12-31 --yes --home "$DEMO" --now "$NOW" --tz "$TZONE"
echo
echo "Done. Explore it: intent --home $DEMO history"
