# Shared by the scripts that start a real llama.cpp server (llama-cpp-python) on loopback.

# require_llama_server LABEL GGUF HINT: exits 0 with a SKIPPED message when $PY has no
# llama_cpp.server or the weights GGUF are missing (HINT says how to install them).
require_llama_server() {
  if ! "$PY" -c 'import llama_cpp.server' 2>/dev/null; then
    echo "$1: SKIPPED — llama-cpp-python's server is not installed for $PY."
    echo "  install it (builds llama.cpp from source, ~11 min): $PY -m pip install 'llama-cpp-python[server]'"
    exit 0
  fi
  if [ ! -f "$2" ]; then
    echo "$1: SKIPPED — $2 is missing (run: $3)"
    exit 0
  fi
}
