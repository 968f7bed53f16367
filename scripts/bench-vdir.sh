#!/usr/bin/env bash
# ListReminders and DailyBrief over a vdir of 5,000 VTODO files and a calendar vdir of 5,000
# event files, warm (parse cache filled), whole process (goal < 300 ms).
set -euo pipefail
BIN=$1
ROUNDS=${ROUNDS:-11}
. "$(dirname "$0")/lib.sh"

mkdir -p "$WORK/tasks/home" "$WORK/tasks/work" "$WORK/cal/personal"
for i in $(seq 0 4999); do
  list=home; [ $((i % 2)) = 1 ] && list=work
  day=$(( 1 + i % 28 ))
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:t-%d\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Task number %d\r\nDUE;VALUE=DATE:202612%02d\r\nSTATUS:NEEDS-ACTION\r\nPRIORITY:%d\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' \
    "$i" "$i" "$day" $(( i % 10 )) > "$WORK/tasks/$list/t-$i.ics"
  hour=$(( 7 + i % 12 ))
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:e-%d\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:202612%02dT%02d0000Z\r\nDURATION:PT30M\r\nSUMMARY:Event %d\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
    "$i" "$day" "$hour" "$i" > "$WORK/cal/personal/e-$i.ics"
done
export INTENT_HOME="$WORK/home"
# Isolated from installed model weights: this measures reading the vdirs, not a model.
export INTENT_MODELS="$WORK/no-models" XDG_DATA_HOME="$WORK/no-models"
"$BIN" reminders use "$WORK/tasks" >/dev/null
"$BIN" calendars add "$WORK/cal" >/dev/null
t0=$(date +%s%N); "$BIN" run ListReminders --limit 50 --tz UTC --no-input >/dev/null; t1=$(date +%s%N)
cold=$(( (t1 - t0) / 1000000 ))
time_it() {
  for _ in $(seq "$ROUNDS"); do
    local s; s=$(date +%s%N)
    "$BIN" run "$@" --tz UTC --no-input >/dev/null 2>&1 </dev/null
    local e; e=$(date +%s%N)
    echo $(( e - s ))
  done | median | awk '{printf "%.1f", $1/1e6}'
}
list=$(time_it ListReminders --limit 50)
brief=$(time_it DailyBrief --date 2026-12-03)
echo "vdir: 5,000 VTODO files + 5,000 event files (first, uncached listing: ${cold} ms)"
printf '  %-44s %8s ms\n' "ListReminders (warm, median of $ROUNDS)" "$list"
printf '  %-44s %8s ms   (goal < 300 ms)\n' "DailyBrief (warm, median of $ROUNDS)" "$brief"
