#!/usr/bin/env bash
# DailyBrief on a warm home with 1,000 events, 1,000 reminders and 1,000 thoughts (goal < 100 ms).
set -euo pipefail
BIN=$1
ROUNDS=${ROUNDS:-15}
. "$(dirname "$0")/lib.sh"

{
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//intent//bench//EN\r\n'
  for i in $(seq 0 999); do
    day=$(( 1 + i % 28 )); hour=$(( 7 + i % 12 )); min=$(( (i * 7) % 60 ))
    printf 'BEGIN:VEVENT\r\nUID:bench-%d\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:202612%02dT%02d%02d00Z\r\nDURATION:PT30M\r\nSUMMARY:Meeting %d\r\nEND:VEVENT\r\n' "$i" "$day" "$hour" "$min" "$i"
  done
  printf 'END:VCALENDAR\r\n'
} > "$WORK/bench.ics"

"$BIN" run CaptureThought warmup --home "$WORK/home" --no-input >/dev/null
DB="$WORK/home/data/intent.sqlite"
{
  echo "BEGIN;"
  for i in $(seq 0 999); do
    d=$(( 1 + i % 28 ))
    echo "INSERT INTO thoughts(id,text,tags,due,created_at) VALUES('th_b$i','call client $i about the proposal','[\"call\"]',NULL,'2026-12-$(printf %02d $d)T06:00:00.000Z');"
    echo "INSERT INTO reminders(id,title,list,due,due_at,created_at) VALUES('rem_b$i','Follow up $i','Work','2026-12-$(printf %02d $d)',$(( 1796083200 + (d - 1) * 86400 )),'2026-11-01T00:00:00.000Z');"
  done
  echo "COMMIT;"
} | sqlite3 "$DB"

samples=()
# The deterministic brief (an installed embedded model would rephrase it, and take seconds).
export INTENT_MODELS="$WORK/no-models" XDG_DATA_HOME="$WORK/no-models"
for i in $(seq "$ROUNDS"); do
  t0=$(date +%s%N)
  "$BIN" run DailyBrief --home "$WORK/home" --calendar "$WORK/bench.ics" --now 2026-12-15T07:00:00Z --no-input --json >/dev/null
  t1=$(date +%s%N)
  samples+=($((t1 - t0)))
done
med=$(printf '%s\n' "${samples[@]}" | median)
printf '  %-44s %8.2f ms (1,000 events, reminders, thoughts; goal < 100 ms)\n' "intent run DailyBrief (warm, whole process)" "$(awk -v n="$med" 'BEGIN{print n/1e6}')"
