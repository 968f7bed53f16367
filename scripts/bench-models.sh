#!/usr/bin/env bash
# In-process benchmarks of the numeric kernels (release build): MiniLM embedding, the SmolLM2
# runner, and the 100k-chunk library (hashing embedder, so ingestion takes minutes, not hours).
# BENCH_ONLY=model runs just the SmolLM2 side-by-side (BENCH_REPEATS runs each, default 3).
set -euo pipefail
BIN=$1
ONLY=${BENCH_ONLY:-}
REPEATS=${BENCH_REPEATS:-3}
if [ "$ONLY" = model ]; then :
elif "$BIN" embed probe --json 2>/dev/null | grep -q minilm; then
  echo "MiniLM embedding, 1,000 sentences of ~40 words (anchor: PyTorch 42 sent/s at batch 1, 84 at batch 32):"
  "$BIN" bench embed
else
  echo "MiniLM not installed (make models): embedding benchmark skipped"
fi
if "$BIN" model tokenize probe >/dev/null 2>&1; then
  echo "SmolLM2, 400-token prompt then 128 greedy tokens, 2 threads, side by side with llama.cpp on the same file:"
  OURS=$("$BIN" model bench --json $( [ "$REPEATS" = 3 ] || echo --repeats "$REPEATS" ))
  GGUF=$(printf '%s' "$OURS" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("modelPath",""))')
  if python3 -c 'import llama_cpp, numpy' 2>/dev/null && [ -n "$GGUF" ]; then
    LLAMA=$(python3 "$(dirname "$0")/bench-llama.py" "$GGUF" 2 "$REPEATS")
  else
    echo "  (llama-cpp-python not importable: llama.cpp side skipped)"
    LLAMA='{}'
  fi
  OURS="$OURS" LLAMA="$LLAMA" python3 - <<'PY'
import json, os
o, l = json.loads(os.environ["OURS"]), json.loads(os.environ["LLAMA"])
rows = [("prompt", "promptTokensPerSecond"), ("generation", "generationTokensPerSecond")]
print("  %-12s %12s %12s %8s" % ("tok/s median", "intent", "llama.cpp", "ratio"))
for name, key in rows:
    ours, theirs = o[key], l.get(key)
    print("  %-12s %12.1f %12s %8s" % (name, ours, "%.1f" % theirs if theirs else "-",
                                       "%.2fx" % (ours / theirs) if theirs else "-"))
print("  intent runs:    " + ", ".join("%.1f/%.1f" % (r["promptTokensPerSecond"], r["generationTokensPerSecond"]) for r in o["runs"]))
if l.get("runs"):
    print("  llama.cpp runs: " + ", ".join("%.1f/%.1f" % (r["promptTokensPerSecond"], r["generationTokensPerSecond"]) for r in l["runs"]))
PY
else
  echo "SmolLM2 not installed (make models): local model benchmark skipped"
fi
[ "$ONLY" = model ] && exit 0
CHUNKS=${BENCH_LIBRARY_CHUNKS:-100000}
echo "Library: synthetic $CHUNKS chunks, hashing embedder (goals: query p95 < 50 ms, peak RSS < 300 MB):"
EMPTY=$(mktemp -d)
# BENCH_LIBRARY_DIR keeps the generated library between runs (queries re-measured, no re-ingestion).
LIBDIR=()
[ -n "${BENCH_LIBRARY_DIR:-}" ] && LIBDIR=(--dir "$BENCH_LIBRARY_DIR")
REPORT=$(INTENT_MODELS="$EMPTY" XDG_DATA_HOME="$EMPTY" "$BIN" bench library --chunks "$CHUNKS" "${LIBDIR[@]}" --json)
rm -rf "$EMPTY"
# Medians and p95 of the whole answer, then of each stage (traces of `evidence`, and the answer).
REPORT="$REPORT" python3 - <<'PY'
import json, os
r = json.loads(os.environ["REPORT"])
ingestion = "ingestion %.0f chunks/s" % r["chunksPerSecond"] if r["chunksPerSecond"] > 0 else "library re-used"
print("  %d chunks in %d documents, %d-d %s; %s; %d questions"
      % (r["chunks"], r["documents"], r["dimension"], r["embedder"], ingestion, r["queries"]))
print("  %-22s %9s %9s" % ("ms", "median", "p95"))
print("  %-22s %9.2f %9.2f%s" % ("ask (in-process)", r["askP50Ms"], r["askP95Ms"], "" if r["askP95Ms"] < 50 else "   over the 50 ms goal"))
print("  %-22s %9.2f %9.2f" % ("ask, thread CPU time", r["askCPUP50Ms"], r["askCPUP95Ms"]))
print("  %-22s %9.2f %9.2f" % ("evidence", r["evidenceP50Ms"], r["evidenceP95Ms"]))
order = ["embed", "vector", "frequencies", "lexical", "fusion", "floor", "fetch", "rerank", "mmr", "neighbours", "pack", "answer"]
names = sorted(r["stageP50Ms"], key=lambda n: (order.index(n) if n in order else len(order), n))
for n in names:
    print("  %-22s %9.2f %9.2f" % ("  " + n, r["stageP50Ms"][n], r["stageP95Ms"].get(n, 0)))
print("  vector arm alone %.2f ms median (8-bit scan, %.1f GB/s; float32 scan %.2f ms; same hits in %.1f%% of queries, same cosines in %.1f%%)"
      % (r["vectorArmP50Ms"], r["vectorArmGBPerSecond"], r["exactVectorArmP50Ms"], 100 * r["vectorArmIdenticalShare"],
         100 * r["vectorArmSameScoresShare"]))
print("  64-query batch (float32 sgemm) %.2f ms per query" % r["batchedPerQueryMs"])
print("  peak RSS %.0f MB; database %.0f MB, vector file %.0f MB"
      % (r["peakRSSBytes"] / 1e6, r["databaseBytes"] / 1e6, r["vectorFileBytes"] / 1e6))
PY
