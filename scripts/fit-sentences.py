#!/usr/bin/env python3
"""Fits the answer-sentence model (RetrievalConfiguration.sentenceModel) by conditional logit.

Usage:
  intent eval qa --docs POOL/docs --questions POOL/train.jsonl --candidates cand.jsonl
  scripts/fit-sentences.py cand.jsonl [--check other.jsonl ...] [--l2 0.01]

POOL is a question pool built by scripts/qa-trainpool.py (SQuAD articles the library never uses).
Each line of cand.jsonl holds one question's candidate sentences: their SentenceFeatures values,
then 1/0 for "holds a gold answer" and "is in the answer document". For every answerable question
with a gold sentence in the answer document, the fit maximises the probability (softmax over the
question's candidates) that the best-scored sentence is such a sentence, with a small L2 penalty,
by Newton's method. Prints the top-1 rates of the shipped order (the file's) and of the fit on
the pool and on each --check file, and the Swift literal. Needs numpy.
"""
import json
import sys

import numpy as np

NAMES = ["coverage", "context_coverage", "strength", "neighbour", "typed", "cosine", "previous_coverage",
         "next_coverage", "pairs_together", "rarest_missing", "term_share", "log_words", "first_in_chunk",
         "chunk_rank"]


def load(path):
    groups = []
    for line in open(path):
        row = json.loads(line)
        if not row["answerable"] or not row["c"]:
            continue
        c = np.array(row["c"], dtype=float)
        groups.append((c[:, :len(NAMES)], (c[:, -2] * c[:, -1]) > 0, c[:, -1] > 0))
    return groups


def objective(train, w, l2):
    total = -0.5 * l2 * (w @ w)
    for x, pos in train:
        s = x @ w
        m = s.max()
        total += np.log(np.exp(s[pos] - m).sum()) - np.log(np.exp(s - m).sum())
    return total


def fit(groups, use, l2, iters=50):
    """Damped Newton: a step is halved until the penalised log-likelihood rises."""
    w = np.zeros(len(use))
    train = [(x[:, use], pos) for x, pos, _ in groups if pos.any()]
    best = objective(train, w, l2)
    for _ in range(iters):
        grad = -l2 * w
        hess = -l2 * np.eye(len(use))
        for x, pos in train:
            s = x @ w
            p = np.exp(s - s.max()); p /= p.sum()
            q = p * pos; q /= q.sum()
            mean_p = p @ x
            grad += q @ x - mean_p
            hess -= (x * p[:, None]).T @ x - np.outer(mean_p, mean_p)
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-4:
            candidate = w - t * step
            value = objective(train, candidate, l2)
            if value >= best:
                break
            t /= 2
        if t <= 1e-4 or value - best < 1e-7:
            break
        w, best = candidate, value
    full = np.zeros(len(NAMES))
    full[use] = w
    return full


def rates(groups, w=None):
    sent = doc = 0
    for x, pos, indoc in groups:
        i = 0 if w is None else int(np.argmax(x @ w))
        sent += bool(pos[i]); doc += bool(indoc[i])
    return sent / len(groups), doc / len(groups)


def main():
    args = sys.argv[1:]
    l2 = float(args[args.index("--l2") + 1]) if "--l2" in args else 0.01
    checks = [args[i + 1] for i, a in enumerate(args) if a == "--check"]
    drop = set(args[args.index("--drop") + 1].split(",")) if "--drop" in args else set()
    pool = load(args[0])
    use = [i for i, n in enumerate(NAMES) if n not in drop]
    w = fit(pool, use, l2)
    # Two halves: fitted on one, scored on the other (how much of the gain is the fit's own sample).
    half = len(pool) // 2
    wa, wb = fit(pool[:half], use, l2), fit(pool[half:], use, l2)
    print(f"pool {args[0]}: {len(pool)} answerable questions")
    print("  shipped order  top-1 sentence %.3f  document %.3f" % rates(pool))
    print("  fitted         top-1 sentence %.3f  document %.3f" % rates(pool, w))
    a, b = rates(pool[half:], wa), rates(pool[:half], wb)
    print("  halves (fit on one, scored on the other): sentence %.3f, document %.3f" % ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    for path in checks:
        g = load(path)
        print(f"check {path}: {len(g)}")
        print("  shipped order  top-1 sentence %.3f  document %.3f" % rates(g))
        print("  fitted         top-1 sentence %.3f  document %.3f" % rates(g, w))
    for n, v in zip(NAMES, w):
        print(f"  {n:20s} {v:8.3f}")
    print("SentenceModel(weights: [" + ", ".join("%.3f" % v for v in w) + "])")


main()
