#!/usr/bin/env python3
"""Bounded, seeded fuzzing of every input `intent` reads, through the release binary.

Usage: scripts/fuzz.py BIN [--cases N] [--seed S] [--quick] [--targets a,b] [--timeout SEC]
                           [--max-rss-mb MB] [--findings DIR]

Each case runs the binary headless in a fresh home (TZ=Europe/Berlin, no model weights but the
crafted ones) and fails on: a signal (crash), a hang (no exit within --timeout), peak memory over
--max-rss-mb, "internal error" (exit 1), or Foundation's error text on stderr. The regression
cases in Fixtures/fuzz/cases/*.json are replayed first. Findings are written to --findings as
replayable JSON cases (move one into Fixtures/fuzz/cases/ with its provenance to keep it).
Exit status: 0 when every case passed, 1 otherwise.
"""
import argparse, base64, json, os, random, shutil, signal, struct, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz_targets import FIXTURES, TARGETS  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Running one case

def materialize(case, home):
    """Writes the case's files into a fresh home; returns argv with {F} resolved."""
    config_dir = os.path.join(home, "h", "config")   # INTENT_HOME is HOME/h
    os.makedirs(config_dir, exist_ok=True)
    first = None
    for rel, data in case.get("files", {}).items():
        path = os.path.join(home, "in", rel) if not rel.startswith("models/") else os.path.join(home, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        first = first or path
    if "config" in case:
        cal = os.path.join(home, "in", "cal.ics")
        with open(os.path.join(config_dir, "config.json"), "wb") as f:
            f.write(case["config"].replace(b"@CAL@", cal.encode()))
    if "secrets" in case:
        path = os.path.join(config_dir, "secrets.json")
        with open(path, "wb") as f:
            f.write(case["secrets"])
        os.chmod(path, 0o600)
    return lambda argv: [first if a == "{F}" else a for a in argv]


def run_binary(binary, argv, home, stdin, stdin_bytes, timeout):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "INTENT_HOME": os.path.join(home, "h"),
           "INTENT_MODELS": os.path.join(home, "models"), "XDG_DATA_HOME": os.path.join(home, "xdg"),
           "XDG_CONFIG_HOME": os.path.join(home, "xdg-config"), "INTENT_HEADLESS": "1", "TZ": "Europe/Berlin",
           "LANG": "C.UTF-8"}
    argv = [a.replace("\0", "") for a in argv]   # argv cannot carry NUL
    start = time.monotonic()
    proc = subprocess.Popen([binary] + argv, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, start_new_session=True)
    if stdin:
        import threading

        def feed():
            try:
                if stdin == "@zero":
                    block, sent = b"\0" * 65536, 0
                    while sent < stdin_bytes:
                        proc.stdin.write(block)
                        sent += len(block)
                else:
                    proc.stdin.write(stdin)
                proc.stdin.close()
            except (BrokenPipeError, ValueError, OSError):
                pass
        threading.Thread(target=feed, daemon=True).start()
    err = bytearray()
    os.set_blocking(proc.stderr.fileno(), False)
    hung = False
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        try:
            chunk = proc.stderr.read()
            if chunk:
                err += chunk[:65536]
        except (BlockingIOError, TypeError):
            pass
        if pid:
            break
        if time.monotonic() - start > timeout:
            hung = True
            os.killpg(proc.pid, signal.SIGKILL)
        time.sleep(0.005)
    proc.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    try:
        rest = proc.stderr.read()
        if rest:
            err += rest[:65536]
    except (BlockingIOError, TypeError):
        pass
    return proc.returncode, hung, usage.ru_maxrss / 1024.0, time.monotonic() - start, err.decode("utf-8", "replace")


def corrupt_vectors(home, seed):
    path = os.path.join(home, "h", "data", "library", "vectors.f32")
    if not os.path.exists(path):
        return
    rng = random.Random(seed)
    data = bytearray(open(path, "rb").read())
    field = rng.choice([(8, "<I"), (16, "<Q"), (24, "<Q")])
    value = rng.choice([0, 1, 2 ** 31, 2 ** 32 - 1, 2 ** 62, 2 ** 63, 2 ** 64 - 1])
    if field[1] == "<I":
        value &= 0xFFFFFFFF
    if len(data) >= 32:
        struct.pack_into(field[1], data, field[0], value)
    if rng.random() < 0.3:
        data = data[:rng.randrange(len(data) + 1)]
    with open(path, "wb") as f:
        f.write(data)


EXIT_CODES = {}


def check(binary, case, args):
    """Runs one case in a fresh home; returns None when it passed, else the reason."""
    home = tempfile.mkdtemp(prefix="intent-fuzz-")
    try:
        resolve = materialize(case, home)
        for setup in case.get("setup", []):
            run_binary(binary, resolve(setup), home, b"", 0, args.timeout)
        if "corrupt_vectors" in case:
            corrupt_vectors(home, case["corrupt_vectors"])
        rc, hung, rss, secs, err = run_binary(binary, resolve(case["argv"]), home, case.get("stdin", b""),
                                              case.get("stdin_bytes", 0), args.timeout)
        EXIT_CODES[rc] = EXIT_CODES.get(rc, 0) + 1
        if hung:
            return f"hang: no exit within {args.timeout:.0f} s"
        if rc < 0:
            return f"signal {signal.Signals(-rc).name}"
        if rss > args.max_rss_mb:
            return f"peak memory {rss:.0f} MB over {args.max_rss_mb} MB"
        if rc == 1 or "internal error" in err:
            return "internal error: " + err.strip().splitlines()[-1][:200] if err.strip() else "exit 1"
        if "Error Domain=" in err or "NSCocoaErrorDomain" in err or "Fatal error" in err:
            return "foreign error text on stderr"
        if "expect_exit" in case and rc != case["expect_exit"]:
            return f"exit {rc}, expected {case['expect_exit']}"
        if case.get("stdin") == "@zero" and rc != 65:
            return f"endless stdin ended with {rc}, not 65"
        return None
    finally:
        shutil.rmtree(home, ignore_errors=True)


def encode_case(target, case):
    out = {"target": target}
    for k, v in case.items():
        if isinstance(v, bytes):
            out[k] = {"base64": base64.b64encode(v).decode()}
        elif k == "files":
            out[k] = {n: {"base64": base64.b64encode(b).decode()} for n, b in v.items()}
        else:
            out[k] = v
    return out


def decode_blob(v):
    """A fixture blob: {"base64": ...}, {"text": ...}, or {"parts": [[text, repeat], ...]}."""
    if isinstance(v, str):
        return v
    if "base64" in v:
        return base64.b64decode(v["base64"])
    if "text" in v:
        return v["text"].encode()
    return b"".join(p.encode() * n for p, n in v["parts"])


def decode_case(doc):
    case = {}
    for k, v in doc.items():
        if k in ("target", "provenance"):
            continue
        if k == "files":
            case[k] = {n: decode_blob(b) for n, b in v.items()}
        elif k in ("stdin", "config", "secrets") and isinstance(v, dict):
            case[k] = decode_blob(v)
        else:
            case[k] = v
    return case


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--cases", type=int, default=120, help="generated cases per target (default 120)")
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--quick", action="store_true", help="a short run for make test: 12 cases per target")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds before a case counts as a hang")
    ap.add_argument("--max-rss-mb", type=float, default=1024.0)
    ap.add_argument("--findings", default=os.path.join(ROOT, ".build", "fuzz-findings"))
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    cases = 12 if args.quick else args.cases
    failures = []
    started = time.monotonic()

    regress_dir = os.path.join(FIXTURES, "fuzz", "cases")
    regressions = sorted(f for f in os.listdir(regress_dir) if f.endswith(".json")) if os.path.isdir(regress_dir) else []
    for name in regressions:
        doc = json.load(open(os.path.join(regress_dir, name)))
        reason = check(binary, decode_case(doc), args)
        if reason:
            failures.append((doc["target"], name, reason, None))
            print(f"fuzz: regression {name}: {reason}", file=sys.stderr)
    print(f"fuzz: {len(regressions)} regression cases replayed, {len(failures)} failed", flush=True)

    for target in [t for t in args.targets.split(",") if t]:
        rng = random.Random(f"{args.seed}:{target}")
        t0, failed = time.monotonic(), 0
        EXIT_CODES.clear()
        for i in range(cases):
            case = TARGETS[target](rng)
            reason = check(binary, case, args)
            if reason:
                failed += 1
                failures.append((target, f"seed {args.seed} case {i}", reason, case))
        codes = " ".join(f"{c}x{n}" for c, n in sorted(EXIT_CODES.items()))
        print(f"fuzz: {target:12s} {cases:4d} cases  {failed} failed  {time.monotonic() - t0:6.1f} s  exits {codes}", flush=True)

    if failures:
        os.makedirs(args.findings, exist_ok=True)
        for n, (target, where, reason, case) in enumerate(failures):
            print(f"fuzz: FAIL {target} ({where}): {reason}", file=sys.stderr)
            if case is not None:
                path = os.path.join(args.findings, f"{target}-{n}.json")
                with open(path, "w") as f:
                    json.dump(dict(encode_case(target, case), provenance=f"scripts/fuzz.py {where}: {reason}"), f)
                print(f"fuzz:   replayable case: {path}", file=sys.stderr)
    print(f"fuzz: {'FAILED' if failures else 'passed'} in {time.monotonic() - started:.0f} s", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
