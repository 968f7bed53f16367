#!/usr/bin/env python3
"""llama.cpp (llama-cpp-python) on the same GGUF and the same workload as `intent model bench`:
a 400-token prompt from an empty cache, then 128 greedy tokens, timed by llama.cpp's own
counters (llama_perf_context). Prints JSON medians. Usage: bench-llama.py MODEL.gguf [THREADS] [REPEATS]"""
import json
import statistics
import sys

import llama_cpp
import numpy as np

PARAGRAPH = ("The history of the city begins with a small fishing village on the river delta. Over several "
             "centuries, merchants, farmers and craftsmen settled along the banks, building markets, bridges and "
             "warehouses. In the spring, the river flooded the low fields, and the townspeople learned to build "
             "terraces and canals to manage the water. ")


def main():
    path = sys.argv[1]
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    llm = llama_cpp.Llama(model_path=path, n_threads=threads, n_threads_batch=threads, n_ctx=1024,
                          n_batch=256, verbose=False)
    ids = []
    while len(ids) < 400:
        ids += llm.tokenize(PARAGRAPH.encode(), add_bos=False, special=False)
    ids = ids[:400]
    vocab = llm.n_vocab()
    runs = []
    for r in range(repeats + 1):  # the first run warms up (weight repacking, page faults)
        llm.reset()
        llama_cpp.llama_perf_context_reset(llm.ctx)
        llm.eval(ids)
        for _ in range(128):
            logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llm.ctx, -1), shape=(vocab,))
            llm.eval([int(np.argmax(logits))])
        p = llama_cpp.llama_perf_context(llm.ctx)
        if r > 0:
            runs.append({"promptTokensPerSecond": 1000 * p.n_p_eval / p.t_p_eval_ms,
                         "generationTokensPerSecond": 1000 * p.n_eval / p.t_eval_ms})
    print(json.dumps({
        "llamaCppPython": llama_cpp.__version__, "threads": threads, "runs": runs,
        "promptTokensPerSecond": statistics.median(r["promptTokensPerSecond"] for r in runs),
        "generationTokensPerSecond": statistics.median(r["generationTokensPerSecond"] for r in runs)}))


if __name__ == "__main__":
    main()
