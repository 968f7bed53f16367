#!/usr/bin/env bash
# Installs the official MCP Python SDK into .build/mcp-venv for scripts/eval-mcp.sh.
# Usage: scripts/mcp-venv.sh   (exit 0 when the venv is ready, 1 when it cannot be made)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV="$ROOT/.build/mcp-venv"
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c "import mcp" 2>/dev/null; then
  exit 0
fi
command -v python3 >/dev/null || { echo "mcp-venv: python3 is not installed" >&2; exit 1; }
if ! python3 -m venv "$VENV" 2>/dev/null; then
  # Debian ships venv support separately.
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get install -y -qq python3-venv >/dev/null 2>&1 || true
  fi
  rm -rf "$VENV"
  python3 -m venv "$VENV" || { echo "mcp-venv: cannot create a virtual environment" >&2; exit 1; }
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check mcp || {
  echo "mcp-venv: pip could not install the MCP SDK" >&2; exit 1; }
"$VENV/bin/python" -c "import mcp" 2>/dev/null
