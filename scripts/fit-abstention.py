#!/usr/bin/env python3
"""Fits the calibrated-confidence coefficients (GroundingConfiguration.abstentionModel).

Usage:
  intent eval qa --docs Fixtures/qa/docs --questions Fixtures/qa/questions.dev.jsonl \
      --questions Fixtures/qa/questions.tune.jsonl --questions Fixtures/qa/squad2_no_answer.dev.jsonl \
      --questions Fixtures/qa/squad2_no_answer.tune.jsonl --measure-only --json > fit.json
  scripts/fit-abstention.py fit.json [--false-abstain 0.04] [--floor 0.30]
  scripts/fit-abstention.py fit.json --search [--false-abstain 0.04]

Reads the per-question features of a measuring run (no gate abstains), fits a logistic model
"answerable" vs "not answerable" (in-library no-answer and out-of-library questions) by Newton's
method with a small L2 penalty, chooses the score threshold at which at most `--false-abstain` of
the answerable questions fall below it, and shifts the intercept so that this threshold is the
extractive standard-mode floor (`--floor`, the seed's 0.35 less 0.05). Prints the Swift literal to
paste into GroundingConfiguration and the rates at that threshold. With --search it instead tries
a small grid of weights (retrieval log-odds fixed at 1) and lists those that put the most
in-library no-answer questions below the threshold at the false-abstention budget (logistic loss
is not that operating point). Standard library only.
"""
import itertools
import json
import math
import sys

NAMES = ["retrieval_logit", "answer_type", "salient_uncovered", "rarest_missing", "rarest_only_in_neighbours", "pairs_apart"]
# The sign each weight must have (a feature that speaks against the answer cannot raise the
# confidence); a feature the fit gives the other sign carries no signal here and is dropped (weight 0).
SIGNS = [1, 1, -1, -1, -1, -1]
KEYS = ["retrievalLogit", "answerType", "salientUncovered", "rarestMissing", "rarestOnlyInNeighbours", "pairsApart"]


def load(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            report = json.load(f)
        for row in report["rows"]:
            features = (row.get("diagnostics") or {}).get("features")
            if features is None:
                continue
            x = [float(features[k]) for k in KEYS]
            kind = "answerable" if row["answerable"] else ("in_library" if row.get("inLibrary") else "off_library")
            rows.append((x, kind))
    return rows


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_signed(rows):
    active = list(range(len(SIGNS)))
    while True:
        sub = [([x[i] for i in active], kind) for x, kind in rows]
        w = fit(sub)
        wrong = [i for i, v in zip(active, w[1:]) if v * SIGNS[i] < 0]
        if not wrong:
            full = [0.0] * len(SIGNS)
            for i, v in zip(active, w[1:]):
                full[i] = v
            return [w[0]] + full
        active.remove(wrong[0])


def fit(rows, l2=1.0, iterations=50):
    d = len(rows[0][0]) + 1
    w = [0.0] * d
    positives = sum(1 for _, kind in rows if kind == "answerable")
    negatives = len(rows) - positives
    for _ in range(iterations):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, kind in rows:
            v = [1.0] + x
            y = 1.0 if kind == "answerable" else 0.0
            # Balanced classes: each class weighs as much in total.
            weight = len(rows) / (2 * (positives if y else negatives))
            z = sum(a * b for a, b in zip(w, v))
            p = 1 / (1 + math.exp(-max(min(z, 30), -30)))
            for i in range(d):
                grad[i] += weight * (p - y) * v[i]
                for j in range(d):
                    hess[i][j] += weight * p * (1 - p) * v[i] * v[j]
        for i in range(1, d):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return w


def grid(rows, target):
    answerable = [x for x, c in rows if c == "answerable"]
    results = []
    steps = [[1], [0, 0.4, 0.8, 1.2], [0, -0.5, -1], [0, -0.5, -1], [0, -0.5, -1, -1.5], [0, -0.5, -1]]
    for w in itertools.product(*steps):
        score = lambda x: sum(a * b for a, b in zip(w, x))
        ranked = sorted(score(x) for x in answerable)
        threshold = ranked[int(math.floor(target * len(ranked)))] - 1e-6
        below = {k: sum(1 for x, c in rows if c == k and score(x) < threshold) for k in ["in_library", "off_library"]}
        results.append((below["in_library"], below["off_library"], threshold, w))
    results.sort(key=lambda r: (-r[0], -r[1]))
    print(f"weights ({', '.join(NAMES)}) -> in-library, off-library below the threshold")
    for inl, off, threshold, w in results[:10]:
        print(f"  {list(w)}: {inl}, {off} (threshold {threshold:.3f})")


def main():
    args = sys.argv[1:]
    target, floor, search = 0.04, 0.30, False
    paths = []
    i = 0
    while i < len(args):
        if args[i] == "--false-abstain":
            target = float(args[i + 1]); i += 2
        elif args[i] == "--search":
            search = True; i += 1
        elif args[i] == "--floor":
            floor = float(args[i + 1]); i += 2
        else:
            paths.append(args[i]); i += 1
    everything = load(paths)
    # Out-of-library questions are gate A's (their words are not in the library); the model is
    # fit on the near misses: answerable against in-library no-answer questions.
    rows = [r for r in everything if r[1] != "off_library"]
    if not rows:
        sys.exit("fit-abstention: no rows with features (run eval qa with --measure-only --json)")
    if search:
        grid(everything, target)
        return
    w = fit_signed(rows)
    score = lambda x: w[0] + sum(a * b for a, b in zip(w[1:], x))
    answerable = sorted(score(x) for x, kind in rows if kind == "answerable")
    k = int(math.floor(target * len(answerable)))
    threshold = answerable[k] - 1e-6 if k < len(answerable) else answerable[-1]
    intercept = w[0] + math.log(floor / (1 - floor)) - threshold
    for kind in ["answerable", "in_library", "off_library"]:
        scores = [score(x) for x, c in everything if c == kind]
        if scores:
            below = sum(1 for s in scores if s < threshold)
            print(f"{kind}: {len(scores)} questions, {below} below the threshold ({below / len(scores):.3f})")
    weights = ", ".join(f"{v:.3f}" for v in w[1:])
    print(f"features: {', '.join(NAMES)}")
    print(f"AbstentionModel(intercept: {intercept:.3f}, weights: [{weights}])")


if __name__ == "__main__":
    main()
