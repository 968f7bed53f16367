#!/usr/bin/env python3
"""Warm tools/call round trips against one `intent mcp` process (newline-delimited JSON-RPC on
its pipes), CaptureThought pre-approved so the write path runs whole; then the server's peak RSS.
Usage: mcp-bench.py BIN CALLS"""
import json
import os
import subprocess
import sys
import tempfile
import time

BIN, CALLS = sys.argv[1], int(sys.argv[2])
WARMUP = 20
home = tempfile.mkdtemp()
env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "TZ": "Europe/Berlin",
       "XDG_DATA_HOME": os.path.join(home, "xdg")}
server = subprocess.Popen([BIN, "mcp", "--home", home, "--approve", "CaptureThought"], env=env,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)


def roundtrip(message):
    server.stdin.write((json.dumps(message) + "\n").encode())
    while True:
        reply = json.loads(server.stdout.readline())
        if reply.get("id") == message["id"]:
            return reply


roundtrip({"jsonrpc": "2.0", "id": 0, "method": "initialize",
           "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
samples = []
for i in range(1, WARMUP + CALLS + 1):
    call = {"jsonrpc": "2.0", "id": i, "method": "tools/call",
            "params": {"name": "CaptureThought", "arguments": {"text": f"bench thought {i} about the weekly review #work"}}}
    t0 = time.perf_counter_ns()
    reply = roundtrip(call)
    elapsed = time.perf_counter_ns() - t0
    if reply.get("result", {}).get("isError") is not False:
        sys.exit(f"bench mcp: call {i} failed: {reply}")
    if i > WARMUP:
        samples.append(elapsed / 1e6)
listed = {"jsonrpc": "2.0", "id": "list", "method": "tools/list"}
t0 = time.perf_counter_ns()
roundtrip(listed)
list_ms = (time.perf_counter_ns() - t0) / 1e6
with open(f"/proc/{server.pid}/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
server.stdin.close()
server.wait(timeout=10)
samples.sort()
p50 = samples[len(samples) // 2]
p95 = samples[int(len(samples) * 0.95) - 1]
print(f"intent mcp — {CALLS} warm tools/call round trips on one server (after {WARMUP} warm-up calls)")
print(f"  {'tools/call CaptureThought p50':<44} {p50:8.2f} ms (goal < 5 ms)")
print(f"  {'tools/call CaptureThought p95':<44} {p95:8.2f} ms")
print(f"  {'tools/list':<44} {list_ms:8.2f} ms")
print(f"  {'server peak RSS (VmHWM)':<44} {peak / 1024:8.1f} MiB")
