#!/usr/bin/env python3
"""Builds a held-out QA split of the same construction as Fixtures/qa (never committed, never tuned on).

Usage: scripts/qa-heldout.py EXPLORER_GIT_DIR OUT_DIR
EXPLORER_GIT_DIR: a clone of rajpurkar/SQuAD-explorer with its gh-pages branch. Takes the SQuAD
v2.0 and v1.1 dev questions on the paragraphs of Fixtures/qa/docs that are in none of the
Fixtures/qa question files (answerable, and v2.0 no-answer as in-library), plus answerable
questions of the articles kept out of the library (out-of-library), then samples with fixed seeds:
OUT_DIR/heldout.jsonl (300 answerable + 60 out-of-library), OUT_DIR/heldout_inlib.jsonl (150).
"""
import json, glob, os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from squad_explorer import parse, show as show_in
REPO = sys.argv[1]
OUT = sys.argv[2]
FX = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Fixtures', 'qa')
def show(p): return show_in(REPO, p)
docs={}
for f in glob.glob(FX+'/docs/*.md'):
    body=open(f).read().split('\n',2)[2].strip() if open(f).read().startswith('#') else open(f).read()
    docs[body[:120]]=os.path.basename(f)
used=set()
for f in glob.glob(FX+'/*.jsonl'):
    for l in open(f):
        if l.strip(): used.add(json.loads(l)['squad_id'])
src=json.load(open(FX+'/source.json'))
inc=src['included_articles']
ans=[];inlib=[];off=[]
for ver in ['v2.0','1.1']:
    for art in inc+src['excluded_articles_for_unanswerable']+['Victoria_(Australia)']:
        t=show(f'explore/{ver}/dev/{art}.html')
        if not t: continue
        for ctx,qs in parse(t):
            doc=docs.get(ctx.strip()[:120])
            for sid,q,a in qs:
                if sid in used: continue
                used.add(sid)
                rec={'id':'x'+sid[-6:],'question':q,'answers':sorted(set(a)),'squad_id':sid,'article':art,'source':ver}
                if art in inc:
                    if doc is None: continue
                    if a: ans.append(dict(rec,answer=a[0],answer_doc=doc,answerable=True))
                    else: inlib.append(dict(rec,answer=None,answers=[],answer_doc=None,answerable=False,category='in_corpus_no_answer',related_doc=doc))
                elif a and art!='Victoria_(Australia)':
                    off.append(dict(rec,answer=None,answers=[],answer_doc=None,answerable=False))
print(len(ans), len(inlib), len(off))
os.makedirs(OUT, exist_ok=True)
random.seed(7)
random.shuffle(off)
off = off[:60]
random.seed(11)
random.shuffle(ans)
random.shuffle(inlib)
with open(os.path.join(OUT, 'heldout.jsonl'), 'w') as o:
    for r in ans[:300] + off: o.write(json.dumps(r) + '\n')
with open(os.path.join(OUT, 'heldout_inlib.jsonl'), 'w') as o:
    for r in inlib[:150]: o.write(json.dumps(r) + '\n')
