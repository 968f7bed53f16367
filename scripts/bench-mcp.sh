#!/usr/bin/env bash
# make bench (MCP): tools/call round trips on one warm `intent mcp` server, and its peak RSS.
# Usage: scripts/bench-mcp.sh BIN [CALLS]
set -euo pipefail
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CALLS=${2:-500}
command -v python3 >/dev/null || { echo "bench mcp: skipped — python3 is not installed"; exit 0; }
exec python3 "$(dirname "$0")/mcp-bench.py" "$BIN" "$CALLS"
