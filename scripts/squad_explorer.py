"""Reads the SQuAD explorer's rendered dev pages from a clone of rajpurkar/SQuAD-explorer with its
gh-pages branch: an article's paragraphs, each with its questions (id, text, gold answers; no
answers for a SQuAD 2.0 no-answer question). Shared by qa-heldout.py and qa-trainpool.py."""
import html
import re
import subprocess


def show(repo, path):
    """The text of `path` on the gh-pages branch ('' when it is not there)."""
    return subprocess.run(['git', '-C', repo, 'show', 'gh-pages:' + path], capture_output=True, text=True).stdout


def articles(repo, version):
    """The article names of explore/VERSION/dev ('v2.0' or '1.1')."""
    out = subprocess.run(['git', '-C', repo, 'ls-tree', '--name-only', f'gh-pages:explore/{version}/dev'],
                         capture_output=True, text=True).stdout.split()
    return [n[:-5] for n in out if n.endswith('.html') and n != 'index.html']


def parse(text):
    """[(paragraph, [(question id, question, [answers])])] of one rendered article page."""
    paras = []
    for pm in re.finditer(r'<div class="para-wrap">(.*?)(?=<div class="para-wrap">|\Z)', text, re.S):
        block = pm.group(1)
        ctx = html.unescape(re.search(r'<pre>(.*?)</pre>', block, re.S).group(1))
        qs = []
        for q in re.finditer(r'data-id="([0-9a-f]+)">.*?<strong class="question">(.*?)</strong>(.*?)</ul>', block, re.S):
            ans = [html.unescape(a) for a in re.findall(r'<span class="answer">(.*?)</span>', q.group(3), re.S)]
            qs.append((q.group(1), html.unescape(q.group(2)).strip(), ans))
        paras.append((ctx, qs))
    return paras
