#!/usr/bin/env bash
# Gemma 3 270M against the parser alone on the free-text reminder commands (Docs/MODELS.md,
# "Gemma 3 270M, measured"): a llama.cpp server (llama-cpp-python) on loopback serves the GGUF
# that scripts/models-gemma3.sh installs, `intent eval commands` scores the dev and held-out sets
# with the deterministic rung and the server as the local rung (the same per-command grammar
# and rules as every model rung), then scripts/bench-llama.py measures its prompt and generation
# speed. Measures only: nothing is changed in the user's home (a scratch home holds the server
# setting). Not part of `make test` (hours of CPU on 2 cores; it is not an eval-*.sh, which run-evals.sh runs); skipped with a message when llama-cpp-python's
# server or the weights are absent.
#   usage: scripts/compare-gemma3.sh BIN MODELS_DIR
#   THREADS=N (default 2), ROWS=N (the first N rows of each set), SETS="heldout dev", REPEATS=N (bench, default 3)
set -euo pipefail
BIN=${1:?usage: compare-gemma3.sh BIN MODELS_DIR}
MODELS=${2:?usage: compare-gemma3.sh BIN MODELS_DIR}
PY=${PYTHON:-python3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GGUF="$MODELS/gemma3/gemma-3-270m-q4_k_m.gguf"
THREADS=${THREADS:-2}

. "$(dirname "$0")/llama-lib.sh"
require_llama_server compare-gemma3 "$GGUF" "scripts/models-gemma3.sh --accept-gemma-terms $MODELS"

WORK=$(mktemp -d)
SERVER_PID= PROXY_PID=
cleanup() {
  if [ -n "$PROXY_PID" ]; then kill "$PROXY_PID" 2>/dev/null || true; fi
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
export INTENT_HOME="$WORK/home" INTENT_HEADLESS=1
PORT=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

# The GGUF (the pretrained model) carries no chat template, and llama-cpp-python's "gemma" format
# drops the system message — the instructions and the schema. This one follows Gemma 3's own
# template: the system text opens the first user turn.
"$PY" - "$GGUF" "$PORT" "$THREADS" > "$WORK/server.log" 2>&1 <<'PYEOF' &
import runpy, sys
from llama_cpp import llama_chat_format as f

@f.register_chat_format("gemma3-system")
def gemma3_system(messages, **kwargs):
    system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
    turns = [m for m in messages if m["role"] != "system"]
    prompt = ""
    for i, m in enumerate(turns):
        role = "model" if m["role"] == "assistant" else "user"
        text = m["content"] or ""
        if i == 0 and system:
            text = system + "\n\n" + text
        prompt += "<start_of_turn>%s\n%s<end_of_turn>\n" % (role, text)
    return f.ChatFormatterResponse(prompt=prompt + "<start_of_turn>model\n", stop="<end_of_turn>")

gguf, port, threads = sys.argv[1:4]
sys.argv = ["llama_cpp.server", "--model", gguf, "--host", "127.0.0.1", "--port", port, "--n_ctx", "4096",
            "--n_threads", threads, "--n_threads_batch", threads, "--chat_format", "gemma3-system"]
runpy.run_module("llama_cpp.server", run_name="__main__")
PYEOF
SERVER_PID=$!

# The recording proxy between intent and the server. On this kind of machine one grammar-bound
# reply takes longer than the run's model budget (26 s), so a single pass would only measure
# timeouts. Pass 1 sends every row's real requests through the proxy, which waits for each reply
# however long it takes (intent has already fallen back) and keeps it with its time; pass 2 runs
# the same eval again and the proxy answers those identical requests from what it recorded, so
# the rules and the reconciler score the model's own answers. Latency: the model's is the
# proxy's upstream time (pass 1); the eval's figures in pass 2 are the replay's.
PROXY_PORT=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$PY" - "$PROXY_PORT" "$PORT" > "$WORK/proxy.log" 2>&1 <<'PYEOF' &
import hashlib, http.server, json, statistics, sys, threading, time, urllib.error, urllib.request
port, upstream = int(sys.argv[1]), "http://127.0.0.1:%s" % sys.argv[2]
cache, times, lock, upstream_lock = {}, [], threading.Lock(), threading.Lock()
state = {"pending": 0, "hits": 0, "misses": 0}

class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def reply(self, status, ctype, body):
        try:
            self.send_response(status); self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
        except OSError:
            pass  # intent gave up on this request already
    def handle_one(self, body):
        if self.path == "/_stats":
            with lock:
                t = sorted(times)
                doc = dict(state, replies=len(t), upstream_p50_ms=statistics.median(t) if t else 0,
                           upstream_p95_ms=t[min(len(t) - 1, round(0.95 * (len(t) - 1)))] if t else 0)
            return self.reply(200, "application/json", json.dumps(doc).encode())
        key = hashlib.sha256(self.command.encode() + self.path.encode() + body).hexdigest()
        with lock:
            hit = cache.get(key)
            state["hits" if hit else "misses"] += 1
            if not hit: state["pending"] += 1
        if hit:
            return self.reply(*hit)
        req = urllib.request.Request(upstream + self.path, data=body if self.command == "POST" else None, method=self.command,
                                     headers={"Content-Type": self.headers.get("Content-Type", "application/json")})
        with upstream_lock:  # one request at a time, so the time below is the server's, not the queue's
            start = time.monotonic()
            try:
                with urllib.request.urlopen(req, timeout=1800) as r:
                    got = (r.status, r.headers.get("Content-Type", "application/json"), r.read())
            except urllib.error.HTTPError as e:
                got = (e.code, e.headers.get("Content-Type", "application/json"), e.read())
            except Exception as e:
                got = (502, "application/json", json.dumps({"error": {"code": 502}}).encode())
            elapsed = 1000 * (time.monotonic() - start)
        with lock:
            state["pending"] -= 1
            if got[0] == 200:
                cache[key] = got
                if self.path.endswith("/chat/completions"): times.append(elapsed)
        self.reply(*got)
    def do_GET(self): self.handle_one(b"")
    def do_POST(self): self.handle_one(self.rfile.read(int(self.headers.get("Content-Length", 0))))

http.server.ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
PYEOF
PROXY_PID=$!
stats() { "$PY" -c 'import sys,urllib.request; print(urllib.request.urlopen("http://127.0.0.1:%s/_stats" % sys.argv[1]).read().decode())' "$PROXY_PORT"; }

"$BIN" models set local --base-url "http://127.0.0.1:$PORT/v1" --model gemma-3-270m-q4_k_m >/dev/null 2>&1 || true
ready=0
for _ in $(seq 1 180); do
  if "$BIN" models check local >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 1
done
if [ "$ready" != 1 ]; then
  echo "compare-gemma3: the server did not come up; its log:" >&2
  tail -n 20 "$WORK/server.log" >&2
  exit 1
fi
"$BIN" models set local --base-url "http://127.0.0.1:$PROXY_PORT/v1" --model gemma-3-270m-q4_k_m >/dev/null
echo "compare-gemma3: llama-cpp-python $("$PY" -c 'import llama_cpp; print(llama_cpp.__version__)'), $THREADS threads, $(basename "$GGUF")"

SETS=${SETS:-"heldout dev"}
for set in $SETS; do
  rows="$ROOT/Fixtures/commands/commands.$set.jsonl"
  if [ -n "${ROWS:-}" ]; then head -n "$ROWS" "$rows" > "$WORK/$set.jsonl"; rows="$WORK/$set.jsonl"; fi
  cp "$rows" "$WORK/$set.rows"
done
# Pass 1: the real requests (both sets at once: the server answers them one after another).
PASS1=
for set in $SETS; do "$BIN" eval commands "$WORK/$set.rows" --rungs server > "$WORK/$set.pass1" 2>&1 & PASS1="$PASS1 $!"; done
for p in $PASS1; do wait "$p" || true; done
while :; do
  pending=$(stats | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["pending"])')
  [ "$pending" = 0 ] && break
  sleep 5
done
echo "== pass 1 (live, the run's 26 s model budget): what the product gets on this machine"
for set in $SETS; do echo "-- $set"; grep -E "^  server|answered by" "$WORK/$set.pass1"; done
echo "== the model's replies (proxy, pass 1): $(stats)"
# Pass 2: the same requests answered from the recording; the rules and the reconciler decide.
for set in $SETS; do
  "$BIN" eval commands "$WORK/$set.rows" --rungs deterministic,server --misses 40 > "$WORK/$set.txt" 2> "$WORK/$set.err"
  echo "== $set, pass 2 (the model's recorded answers; its latency is the proxy's upstream time above)"
  cat "$WORK/$set.txt"
done
echo "== after pass 2: $(stats)  (misses beyond pass 1's mean a request that differed)"
kill "$PROXY_PID" 2>/dev/null || true; PROXY_PID=

echo "== generation and prompt speed (llama.cpp's own counters, $THREADS threads; 400-token prompt, 128 tokens)"
kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
if [ "${REPEATS:-3}" -gt 0 ]; then "$PY" "$ROOT/scripts/bench-llama.py" "$GGUF" "$THREADS" "${REPEATS:-3}"; fi
