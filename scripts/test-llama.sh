#!/bin/sh
# The ladder against a real llama.cpp server (llama-cpp-python) on loopback: DailyBrief and
# CreateReminder --text answer through its response_format; its start-up (refused / 503 while
# loading) and a stop mid-run fall back to deterministic — never to the configured cloud, whose
# port is a witness that must see no connection. Not part of CI (building the server takes ~11
# minutes of two CPUs): skipped with a message when it is not installed.
#   usage: scripts/test-llama.sh BIN MODELS_DIR
set -eu
BIN=${1:?usage: test-llama.sh BIN MODELS_DIR}
MODELS=${2:?usage: test-llama.sh BIN MODELS_DIR}
PY=${PYTHON:-python3}
GGUF="$MODELS/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"

. "$(dirname "$0")/llama-lib.sh"
require_llama_server test-llama "$GGUF" "make models"

WORK=$(mktemp -d)
SERVER_PID= WITNESS_PID=
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
    [ -n "$WITNESS_PID" ] && kill "$WITNESS_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
export INTENT_HOME="$WORK/home" INTENT_HEADLESS=1
fails=0
check() { # NAME CONDITION...
    name=$1; shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fails=$((fails + 1)); fi
}
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
field() { # JSON-FILE PYTHON-EXPR (d is the document)
    "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# The witness: the cloud's port; it counts connections and answers nothing.
WPORT=$(free_port)
"$PY" - "$WPORT" "$WORK/witness.count" <<'PYEOF' &
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(8)
n = 0
open(sys.argv[2], "w").write("0")
while True:
    c, _ = s.accept(); n += 1
    open(sys.argv[2], "w").write(str(n)); c.close()
PYEOF
WITNESS_PID=$!

PORT=$(free_port)
"$BIN" models set local --base-url "http://127.0.0.1:$PORT/v1" --model smollm2 >/dev/null 2>&1 || true
# A cloud endpoint on the witness with consent: it must never be used instead of the local model.
"$PY" - "$INTENT_HOME/config/config.json" "$WPORT" <<'PYEOF'
import json, sys
p = sys.argv[1]; c = json.load(open(p))
c.setdefault("models", {})["cloud"] = {"base_url": "https://127.0.0.1:%s/v1" % sys.argv[2], "model": "witness"}
json.dump(c, open(p, "w"))
PYEOF
printf %s "sk-test-llama-0123456789abcdefghijkl" | "$BIN" keys set cloud >/dev/null
"$BIN" consent allow >/dev/null

# 1. Before the server is up (and while it loads): deterministic, never the cloud.
"$BIN" run DailyBrief --json > "$WORK/down.json"
check "server down: deterministic" [ "$(field "$WORK/down.json" 'd["route"]["completed"]')" = deterministic ]
check "server down: localFailed" grep -q '"fallback_reason":"localFailed:' "$WORK/down.json"

# One core is left to the client and the rest of the machine: llama.cpp's threads wait for each
# other at every token, so a thread that loses its core to another process stalls them all
# (measured on two busy cores: 2 threads 0.6 tokens/s, 1 thread 12.6 tokens/s).
CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
THREADS=$(( CORES > 2 ? CORES - 1 : 1 ))
"$PY" -m llama_cpp.server --model "$GGUF" --host 127.0.0.1 --port "$PORT" --n_ctx 4096 \
    --n_threads "$THREADS" --n_threads_batch "$THREADS" > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
"$BIN" run DailyBrief --json > "$WORK/loading.json"
check "loading: deterministic" [ "$(field "$WORK/loading.json" 'd["route"]["completed"]')" = deterministic ]
for _ in $(seq 1 180); do
    "$BIN" models check local >/dev/null 2>&1 && break
    sleep 1
done
check "server ready" "$BIN" models check local

# 2. Answers through the server's response_format (accepted, or rejected by the reconciler).
"$BIN" run DailyBrief --json > "$WORK/brief.json"
RID=$(field "$WORK/brief.json" 'd["receipt_id"]')
"$BIN" receipts "$RID" --json > "$WORK/brief.receipt"
check "DailyBrief tried the local server" [ "$(field "$WORK/brief.receipt" 'd["attempts"][0]["target"]')" = local ]
check "DailyBrief local attempt answered" sh -c "grep -Eq '\"outcome\":\"(completed|rejected)\"' '$WORK/brief.receipt'"
echo "     $(field "$WORK/brief.receipt" '"local attempt: %s in %d ms (route %s%s)" % (d["attempts"][0]["outcome"], round((__import__("datetime").datetime.fromisoformat(d["attempts"][0]["end"].replace("Z","+00:00")) - __import__("datetime").datetime.fromisoformat(d["attempts"][0]["start"].replace("Z","+00:00"))).total_seconds() * 1000), d["completed"], (", " + d["fallback_reason"]) if d.get("fallback_reason") else "")')"
"$BIN" run CreateReminder --text "call Mira friday at 5pm" --dry-run --json > "$WORK/reminder.json"
RID=$(field "$WORK/reminder.json" 'd["receipt_id"]')
"$BIN" receipts "$RID" --json > "$WORK/reminder.receipt"
check "CreateReminder --text tried the local server" [ "$(field "$WORK/reminder.receipt" 'd["attempts"][0]["target"]')" = local ]

# 3. Stopped mid-run: deterministic, never the cloud.
"$BIN" run DailyBrief --json > "$WORK/stopped.json" &
RUN=$!
sleep 1
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
wait "$RUN"
check "stopped mid-run: deterministic or finished locally" sh -c "grep -Eq '\"completed\":\"(deterministic|local)\"' '$WORK/stopped.json'"

check "the cloud witness saw no connection" [ "$(cat "$WORK/witness.count")" = 0 ]
[ "$fails" -eq 0 ] && echo "test-llama: all passed" || { echo "test-llama: $fails failed"; exit 1; }
