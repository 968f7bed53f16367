#!/usr/bin/env bash
# The official MCP Python SDK (legacy and default modes) against the release binary.
# Usage: scripts/eval-mcp.sh BIN. Skips with a visible message when the SDK is not installed
# (scripts/mcp-venv.sh installs it; MCP_PYTHON names another interpreter that has it).
set -euo pipefail
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${MCP_PYTHON:-$ROOT/.build/mcp-venv/bin/python}
if ! [ -x "$PY" ] || ! "$PY" -c "import mcp, mcp_types" 2>/dev/null; then
  echo "eval mcp: skipped — the MCP Python SDK is not installed (run scripts/mcp-venv.sh)"
  exit 0
fi
echo "eval mcp: the official MCP Python SDK $("$PY" -c 'import importlib.metadata as m; print(m.version("mcp"))') against $(basename "$BIN") mcp"
exec "$PY" "$ROOT/scripts/mcp-client-test.py" "$BIN" legacy auto
