#!/usr/bin/env python3
"""The official MCP Python SDK against `intent mcp`, in the SDK's `legacy` (initialize) and default
(`auto`: server/discover, stateless 2026-07-28) modes.

Usage: mcp-client-test.py BIN [legacy|auto ...]
Prints one line per check and a closing 'N passed, N failed'; exits 1 on any failure.
"""
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

try:
    import mcp_types as types
    from mcp import Client, StdioServerParameters
except ImportError as error:  # the SDK is not installed: skip visibly
    print(f"skipped: the MCP Python SDK is not importable ({error})")
    sys.exit(0)

BIN = os.path.abspath(sys.argv[1])
MODES = sys.argv[2:] or ["legacy", "auto"]
results = {"passed": 0, "failed": 0}


def check(mode, name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(f"{'ok  ' if ok else 'FAIL'} [{mode}] {name}{'' if ok else ' — ' + str(detail)}")


def server(home, *extra):
    env = {"PATH": os.environ.get("PATH", ""), "TZ": "Europe/Berlin", "HOME": home}
    return StdioServerParameters(command=BIN, args=["mcp", "--home", home, *extra], env=env)


def reminders(home):
    out = subprocess.run([BIN, "run", "ListReminders", "--json", "--home", home, "--no-input"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return json.loads(out.stdout)["value"]["reminders"]


def runs(home):
    db = os.path.join(home, "data", "intent.sqlite")
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT intent, status, presence FROM runs ORDER BY rowid").fetchall()


def answer(action, confirm=None):
    async def callback(context, params):
        if action == "error":
            return types.ErrorData(code=-32603, message="the client failed")
        content = None if confirm is None else {"confirm": confirm}
        return types.ElicitResult(action=action, content=content)
    return callback


def text_of(result):
    return " ".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def catalog_checks(mode):
    home = tempfile.mkdtemp()
    catalog = json.loads(subprocess.run([BIN, "list", "--json"], capture_output=True, text=True).stdout)["intents"]
    async with Client(server(home), mode=mode) as client:
        era = client.protocol_version
        check(mode, f"negotiated {era}", era == ("2025-11-25" if mode == "legacy" else "2026-07-28"), era)
        tools = (await client.list_tools()).tools
        check(mode, "tools in catalog order", [t.name for t in tools] == [e["name"] for e in catalog],
              [t.name for t in tools])
        for tool, entry in zip(tools, catalog):
            check(mode, f"{tool.name} inputSchema is the catalog's", tool.input_schema == entry["parameters"])
            check(mode, f"{tool.name} outputSchema is the catalog's", tool.output_schema == entry["result"])
            a = tool.annotations
            writes = entry["side_effect"] != "none"
            hints = (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint)
            check(mode, f"{tool.name} annotations match side effect {entry['side_effect']}",
                  None not in hints and a.read_only_hint == (not writes) and a.idempotent_hint == (not writes)
                  and a.destructive_hint == (entry["side_effect"] == "modifiesLocal") and a.open_world_hint is False, hints)
        listed = await client.call_tool("ListReminders", {})
        check(mode, "ListReminders: structured result validated by the SDK",
              not listed.is_error and listed.structured_content == {"reminders": []}, listed)
        meta = listed.meta or {}
        check(mode, "route and run id in _meta", "intent/route" in meta and "intent/run_id" in meta, meta)
        bad = await client.call_tool("CreateReminder", {"title": "call Mira", "due": "2026-02-30"})
        check(mode, "invalid due date → isError naming the parameter with exit 65",
              bad.is_error and "due" in text_of(bad) and "65" in text_of(bad), text_of(bad))
        stray = await client.call_tool("ListReminders", {"colour": "red"})
        check(mode, "unknown argument → isError (64)", stray.is_error and "colour" in text_of(stray), text_of(stray))
        try:
            await client.call_tool("NoSuchTool", {})
            check(mode, "unknown tool → protocol error", False, "no error raised")
        except Exception as error:  # MCPError
            check(mode, "unknown tool → protocol error", "unknown tool" in str(error), error)
    check(mode, "no reminder written by the failed calls", reminders(home) == [])


async def write_checks(mode):
    cases = [
        ("declined", answer("decline"), False),
        ("cancelled", answer("cancel"), False),
        ("client error", answer("error"), False),
        ("accepted with false", answer("accept", False), False),
        ("no elicitation capability", None, False),
        ("accepted with true", answer("accept", True), True),
    ]
    for label, callback, writes in cases:
        home = tempfile.mkdtemp()
        raised = None
        async with Client(server(home), mode=mode, elicitation_callback=callback) as client:
            try:
                result = await client.call_tool("CreateReminder", {"title": "call Mira", "due": "tomorrow 17:00"})
            except Exception as error:  # 2026-07-28: a failed input request ends the call in the client
                raised = error
        stored = reminders(home)
        if raised is not None:
            check(mode, f"write {label}: the client gave up, nothing written",
                  label == "client error" and mode != "legacy" and stored == [], (raised, stored))
            continue
        if writes:
            check(mode, f"write {label}: written once, structured value returned",
                  not result.is_error and len(stored) == 1 and result.structured_content["title"] == "call Mira",
                  (text_of(result), stored))
        else:
            check(mode, f"write {label}: isError 'not confirmed', nothing written",
                  result.is_error and "not confirmed" in text_of(result) and stored == [], (text_of(result), stored))
        rows = [r for r in runs(home) if r[0] == "CreateReminder"]
        status = "completed" if writes else ("needs_confirmation" if callback is None else "denied")
        check(mode, f"write {label}: one runs row, {status}, marked mcp", rows == [("CreateReminder", status, "mcp")], rows)

    home = tempfile.mkdtemp()
    async with Client(server(home, "--approve", "CreateReminder"), mode=mode) as client:
        result = await client.call_tool("CreateReminder", {"title": "pre-approved", "due": "tomorrow"})
    check(mode, "--approve CreateReminder writes without asking", not result.is_error and len(reminders(home)) == 1,
          text_of(result))


async def main():
    for mode in MODES:
        await catalog_checks(mode)
        await write_checks(mode)
    print(f"mcp client: {results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


sys.exit(asyncio.run(main()))
