#!/usr/bin/env bash
# In-process benchmarks of the numeric kernels (release build): MiniLM embedding, the SmolLM2
# runner, and the 100k-chunk library (hashing embedder, so ingestion takes minutes, not hours).
set -euo pipefail
BIN=$1
if "$BIN" embed probe --json 2>/dev/null | grep -q minilm; then
  echo "MiniLM embedding, 1,000 sentences of ~40 words (anchor: PyTorch 42 sent/s at batch 1, 84 at batch 32):"
  "$BIN" bench embed
else
  echo "MiniLM not installed (make models): embedding benchmark skipped"
fi
if "$BIN" model tokenize probe >/dev/null 2>&1; then
  echo "SmolLM2 in-process, 400-token prompt and 128 generated tokens (anchor: llama.cpp 185–192 / 74–82 tok/s):"
  "$BIN" model bench
else
  echo "SmolLM2 not installed (make models): local model benchmark skipped"
fi
CHUNKS=${BENCH_LIBRARY_CHUNKS:-100000}
echo "Library: synthetic $CHUNKS chunks, hashing embedder (goals: query p95 < 50 ms, peak RSS < 300 MB):"
EMPTY=$(mktemp -d)
INTENT_MODELS="$EMPTY" XDG_DATA_HOME="$EMPTY" "$BIN" bench library --chunks "$CHUNKS"
rm -rf "$EMPTY"
