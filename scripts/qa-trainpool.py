#!/usr/bin/env python3
"""Builds a training pool for the answer rules from SQuAD dev articles the library never uses.

Usage: scripts/qa-trainpool.py EXPLORER_GIT_DIR OUT_DIR [--paragraphs 10]
EXPLORER_GIT_DIR: a clone of rajpurkar/SQuAD-explorer with its gh-pages branch. Fixtures/qa is
built from 15 articles and its off-library questions from 6 more (Fixtures/qa/source.json); the
held-out split (scripts/qa-heldout.py) draws from those same articles. This pool takes the other
SQuAD v2.0 dev articles: OUT_DIR/docs holds `--paragraphs` paragraphs of each (the first ones that
have questions, as Fixtures/qa/docs does), OUT_DIR/train.jsonl their answerable questions (v1.1 and
v2.0) plus answerable questions of the v1.1-only articles as out-of-library, and
OUT_DIR/train_inlib.jsonl the v2.0 no-answer questions on the kept paragraphs. Weights fitted on it
are chosen on articles that neither dev, tune nor held out contain. Never committed (CC BY-SA text).
"""
import glob, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from squad_explorer import articles, parse, show

REPO, OUT = sys.argv[1], sys.argv[2]
PER = int(sys.argv[sys.argv.index('--paragraphs') + 1]) if '--paragraphs' in sys.argv else 10
FX = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Fixtures', 'qa')


src = json.load(open(os.path.join(FX, 'source.json')))
used = set(src['included_articles']) | set(src['excluded_articles_for_unanswerable']) | {'Victoria_(Australia)'}
v2 = [a for a in articles(REPO, 'v2.0') if a not in used]
v1only = [a for a in articles(REPO, '1.1') if a not in used and a not in v2]
os.makedirs(os.path.join(OUT, 'docs'), exist_ok=True)
answerable, inlib, off, seen = [], [], [], set()
for art in v2:
    keep = {}
    for ver in ['v2.0', '1.1']:
        for ctx, qs in parse(show(REPO, f'explore/{ver}/dev/{art}.html')):
            ctx = ctx.strip()
            if ctx[:120] not in keep:
                if len(keep) >= PER or not qs:
                    continue
                slug = re.sub(r'[^a-z0-9]+', '_', art.lower()).strip('_')
                name = f'{slug}_p{len(keep):02d}.md'
                keep[ctx[:120]] = name
                with open(os.path.join(OUT, 'docs', name), 'w') as f:
                    f.write(f"# {art.replace('_', ' ')}\n\n{ctx}\n")
            doc = keep[ctx[:120]]
            for sid, q, a in qs:
                if sid in seen:
                    continue
                seen.add(sid)
                rec = {'id': 't' + sid[-7:], 'question': q, 'answers': sorted(set(a)), 'squad_id': sid, 'article': art}
                if a:
                    answerable.append(dict(rec, answer=a[0], answer_doc=doc, answerable=True))
                else:
                    inlib.append(dict(rec, answer=None, answers=[], answer_doc=None, answerable=False,
                                      category='in_corpus_no_answer', related_doc=doc))
for art in v1only:
    for ctx, qs in parse(show(REPO, f'explore/1.1/dev/{art}.html'))[:PER]:
        for sid, q, a in qs[:2]:
            if a and sid not in seen:
                seen.add(sid)
                off.append({'id': 'o' + sid[-7:], 'question': q, 'answer': None, 'answers': [], 'answer_doc': None,
                            'answerable': False, 'squad_id': sid, 'article': art})
with open(os.path.join(OUT, 'train.jsonl'), 'w') as o:
    for r in answerable + off:
        o.write(json.dumps(r) + '\n')
with open(os.path.join(OUT, 'train_inlib.jsonl'), 'w') as o:
    for r in inlib:
        o.write(json.dumps(r) + '\n')
print(f'{len(v2)} articles, {len(glob.glob(os.path.join(OUT, "docs", "*.md")))} documents: '
      f'{len(answerable)} answerable, {len(off)} out of library, {len(inlib)} in-library no-answer')
