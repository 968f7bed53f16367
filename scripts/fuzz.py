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
FIXTURES = os.path.join(ROOT, "Fixtures")

# ---------------------------------------------------------------------------------------------
# Mutation helpers

BIG_NUMBERS = ["1e20", "12345678901234567890", "9007199254740993", "9223372036854775807",
               "9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e308", "-1e308",
               "1e400", "-0", "0.1e-400", "3.14159265358979323846264338", "4294967296", "1E+19"]
WEIRD = ["", " ", "\u0000", "\u202e", "é", "🙂" * 50, "a" * 5000, "\\", "\"", "--", "-", "-x", "%s%n",
         "$(id)", "../../etc/passwd", "\r\n", "\ud7ff", "NaN", "true", "null"]


def mutate_bytes(rng, data, rounds=None):
    d = bytearray(data)
    for _ in range(rounds or rng.randint(1, 6)):
        if not d:
            d += bytes([rng.randrange(256)])
            continue
        i = rng.randrange(len(d))
        op = rng.randrange(7)
        if op == 0:
            del d[i:]
        elif op == 1:
            del d[i:i + rng.randint(1, 64)]
        elif op == 2:
            d.insert(i, rng.choice(b":;,=\"\\\r\n \t{}[]0123456789-+eE.\x00\xff\xc3"))
        elif op == 3:
            d[i] = rng.randrange(256)
        elif op == 4:
            j = min(len(d), i + rng.randint(1, 256))
            d[rng.randrange(len(d) + 1):0] = d[i:j] * rng.randint(1, 8)
        elif op == 5:
            d[i:i] = rng.choice(BIG_NUMBERS).encode()
        else:
            d[i:i] = rng.choice(WEIRD).encode("utf-8", "surrogatepass")
    return bytes(d)


def deep(rng, open_, close_, inner, lo=50, hi=60000):
    n = rng.randint(lo, hi)
    return open_ * n + inner + close_ * (n if rng.random() < 0.5 else rng.randrange(n))


def fixtures(sub, ext):
    d = os.path.join(FIXTURES, sub)
    return [open(os.path.join(d, f), "rb").read() for f in sorted(os.listdir(d)) if f.endswith(ext)]


# ---------------------------------------------------------------------------------------------
# Targets: each returns a case dict {argv, files, stdin, setup}. "{F}" in argv is replaced by the
# path of files[0] under the home; config/secrets files go to their place in the home.

def t_input_json(rng):
    seeds = [{"title": "x", "due": "tomorrow", "notes": "n", "list": "L"},
             {"schema": "intent.run/1", "status": "completed", "value": {"title": "t", "id": "rem_1"}},
             {"text": "call Mira friday 5pm"}, {"title": "pay rent", "due": "2026-12-03"}]
    doc = rng.choice(seeds)
    kind = rng.randrange(5)
    if kind == 0:
        doc = dict(doc)
        doc[rng.choice(list(doc) + ["notes", "zz"])] = "@@NUM@@"
        text = json.dumps(doc).replace('"@@NUM@@"', rng.choice(BIG_NUMBERS))
        data = text.encode()
    elif kind == 1:
        data = ('{"title": ' + deep(rng, "[", "]", "1", 10, 200000) + "}").encode()
    elif kind == 2:
        data = json.dumps(dict(doc, status=rng.choice(["needs_confirmation", "dry_run", "failed", "x", 7]))).encode()
    elif kind == 3:
        data = deep(rng, '{"a":', "}", "0", 10, 100000).encode()
    else:
        data = mutate_bytes(rng, json.dumps(doc).encode())
    intent = rng.choice(["CreateReminder", "CreateReminder", "CaptureThought", "ListReminders"])
    via_stdin = rng.random() < 0.3
    argv = ["run", intent, "--input", "-" if via_stdin else "{F}", "--dry-run", "--json"]
    return {"argv": argv, "files": {} if via_stdin else {"input.json": data}, "stdin": data if via_stdin else b""}


ARG_TOKENS = ["run", "list", "describe", "history", "receipts", "library", "status", "calendars", "list", "keys",
              "consent", "show", "doctor", "completions", "bash", "help", "version", "CreateReminder",
              "CaptureThought", "ListReminders", "ListEvents", "DailyBrief", "AskLibrary", "CompleteReminder",
              "--json", "--yes", "--dry-run", "--no-input", "--policy", "local-only", "--tz", "Europe/Paris",
              "--now", "2026-12-01T08:00", "--due", "--title", "--notes", "--list", "--from", "--to", "--input",
              "-h", "--help", "-V", "-t", "--", "=", "--due=", "--home"] + WEIRD + BIG_NUMBERS


def t_argv(rng):
    argv = [rng.choice(["run", "list", "describe", "history", "receipts", "doctor", "calendars", "help", "keys"])]
    argv += [rng.choice(ARG_TOKENS) for _ in range(rng.randint(0, 8))]
    # never hand the binary a --home of our choosing outside the case's home, nor network commands
    return {"argv": [a for a in argv if a not in ("--home",)], "files": {}, "stdin": b""}


DATE_WORDS = ["today", "tomorrow", "tonight", "next", "this", "friday", "sunday", "at", "5pm", "17:30", "in", "3",
              "days", "weeks", "the", "3rd", "31st", "end", "of", "month", "year", "2026-02-30", "25:12",
              "june", "31", "noon", "midnight", "after", "9", "am", "pm", "T", "Z", "+01:00", "0000-01-01",
              "9999-12-31T23:59:59Z", "-1", "1e9"] + BIG_NUMBERS


def t_dates(rng):
    phrase = " ".join(rng.choice(DATE_WORDS) for _ in range(rng.randint(1, 7)))
    if rng.random() < 0.3:
        phrase = mutate_bytes(rng, phrase.encode()).decode("utf-8", "replace").replace("\x00", "")
    if rng.random() < 0.5:
        argv = ["run", "CreateReminder", "fuzz", "--due", phrase, "--dry-run", "--json"]
    else:
        argv = ["run", "ListEvents", "--from", phrase, "--to", rng.choice(DATE_WORDS), "--json"]
    return {"argv": argv, "files": {}, "stdin": b""}


def ics_data(rng):
    kind = rng.randrange(4)
    if kind == 0:
        body = deep(rng, "BEGIN:" + rng.choice(["X-A", "VEVENT", "VALARM", "VCALENDAR"]) + "\r\n",
                    "END:X-A\r\n", "SUMMARY:x\r\n", 20, 60000)
        return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body + "END:VCALENDAR\r\n").encode()
    if kind == 1:
        n = rng.choice([10, 1000, 10 ** 6, 2 ** 31, 2 ** 63, 10 ** 30])
        return ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:20261201T090000Z\r\n"
                f"RRULE:FREQ={rng.choice(['SECONDLY', 'MINUTELY', 'DAILY', 'YEARLY'])};COUNT={n};INTERVAL={rng.choice([1, 0, n])}\r\n"
                f"DURATION:P{n}D\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").encode()
    seeds = fixtures("ics", ".ics")
    return mutate_bytes(rng, rng.choice(seeds), rng.randint(1, 12))


def t_ics(rng):
    data = ics_data(rng)
    config = json.dumps({"calendars": ["@CAL@"]}).encode()
    argv = rng.choice([["run", "ListEvents", "--from", "2026-11-01", "--to", "2027-01-31", "--json"],
                       ["run", "DailyBrief", "--now", "2026-12-01T07:30", "--json"],
                       ["calendars", "add", "{F}"]])
    return {"argv": argv, "files": {"cal.ics": data}, "config": config, "stdin": b""}


def t_config(rng):
    base = {"policy": "prefer-local", "calendars": [], "models": {"local": {"base_url": "http://127.0.0.1:9/v1", "model": "m"}},
            "tz": "Europe/Paris", "retention": {"runs_days": 30}}
    kind = rng.randrange(3)
    if kind == 0:
        key = rng.choice(list(base))
        base[key] = rng.choice([["local-only"], 7, None, True, {"a": 1}, "x" * 300, [1, 2], -1, 1e300])
        data = json.dumps(base).encode()
    elif kind == 1:
        data = mutate_bytes(rng, json.dumps(base).encode())
    else:
        data = deep(rng, '{"policy":', "}", '"local-only"', 10, 100000).encode()
    argv = rng.choice([["run", "ListReminders", "--json"], ["calendars", "list"], ["history"],
                       ["calendars", "add", "{F}"]])
    return {"argv": argv, "files": {"cal.ics": fixtures("ics", ".ics")[0]}, "config": data, "stdin": b""}


def t_secrets(rng):
    base = {"cloud": "sk-test-0123456789abcdef0123456789"}
    data = mutate_bytes(rng, json.dumps(base).encode()) if rng.random() < 0.7 else deep(rng, "[", "]", "1", 10, 100000).encode()
    return {"argv": rng.choice([["keys", "list"], ["keys", "list", "--json"], ["run", "ListReminders"]]),
            "files": {}, "secrets": data, "stdin": b""}


def gguf_string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def t_gguf(rng):
    big = [0, 1, 3, 2 ** 31, 2 ** 32 - 1, 2 ** 62, 2 ** 63, 2 ** 64 - 1]
    n_tensors = rng.choice(big + [1, 2])
    n_kv = rng.choice(big + [1, 2, 3])
    out = b"GGUF" + struct.pack("<I", rng.choice([3, 2, 1, 0, 2 ** 32 - 1])) + struct.pack("<QQ", n_tensors, n_kv)
    for _ in range(rng.randint(0, 4)):
        out += gguf_string(rng.choice(["general.architecture", "tokenizer.ggml.tokens", "llama.block_count"]))
        vtype = rng.choice([4, 5, 8, 9, 12, 99])
        out += struct.pack("<I", vtype)
        if vtype == 8:
            out += struct.pack("<Q", rng.choice(big + [5])) + b"llama"
        elif vtype == 9:
            out += struct.pack("<IQ", rng.choice([8, 4, 9]), rng.choice(big + [2])) + gguf_string("a")
        else:
            out += struct.pack("<Q", rng.choice(big))
    for _ in range(rng.randint(0, 3)):
        out += gguf_string("token_embd.weight") + struct.pack("<I", rng.choice([1, 2, 4, 2 ** 32 - 1]))
        out += b"".join(struct.pack("<Q", rng.choice(big + [576, 49152])) for _ in range(4))
        out += struct.pack("<IQ", rng.choice([0, 1, 3, 12, 99]), rng.choice(big + [0]))
    out += bytes(rng.randrange(256) for _ in range(rng.randint(0, 512)))
    if rng.random() < 0.3:
        out = mutate_bytes(rng, out)
    return {"argv": ["model", "tokenize", "hello", "--model", "{F}"], "files": {"m.gguf": out}, "stdin": b""}


MINILM_CONFIG = json.dumps({"hidden_size": 384, "num_hidden_layers": 6, "num_attention_heads": 12,
                            "intermediate_size": 1536, "max_position_embeddings": 512, "vocab_size": 30522,
                            "type_vocab_size": 2, "layer_norm_eps": 1e-12}).encode()


def t_safetensors(rng):
    big = [0, 1, 2 ** 31, 2 ** 32, 2 ** 62, 2 ** 63, 2 ** 64 - 1]
    header = {"embeddings.word_embeddings.weight": {"dtype": rng.choice(["F32", "F16", "I64", "X"]),
                                                    "shape": [rng.choice(big + [30522]), rng.choice(big + [384])],
                                                    "data_offsets": [rng.choice(big), rng.choice(big + [16])]}}
    h = json.dumps(header).encode()
    if rng.random() < 0.3:
        h = mutate_bytes(rng, h)
    length = rng.choice([len(h), len(h), 2 ** 63, 2 ** 64 - 1, len(h) + 1000, 0])
    data = struct.pack("<Q", length) + h + bytes(rng.randint(0, 64))
    vocab = open(os.path.join(FIXTURES, "minilm", "vocab.txt"), "rb").read()
    return {"argv": ["embed", "hello world", "--json"],
            "files": {"models/minilm-l6-v2/model.safetensors": data, "models/minilm-l6-v2/vocab.txt": vocab,
                      "models/minilm-l6-v2/config.json": MINILM_CONFIG}, "stdin": b""}


def t_documents(rng):
    kind = rng.randrange(5)
    size = rng.choice([1000, 100_000, 1_000_000, 3_000_000])
    if kind == 0:
        data = b"x" * size                                    # no whitespace at all
    elif kind == 1:
        data = bytes(rng.randrange(256) for _ in range(min(size, 100_000)))
    elif kind == 2:
        data = ("<div>" * (size // 5)).encode()
    elif kind == 3:
        data = ("word " * (size // 5)).encode()
    else:
        data = mutate_bytes(rng, b"# Title\n\nThe renewal must be confirmed by 31 December.\n" * 20)
    name = rng.choice(["d.txt", "d.md", "d.html", "d.json", "d.csv"])
    return {"argv": ["library", "add", "{F}"], "files": {name: data}, "stdin": b""}


def t_vectors(rng):
    doc = b"The insurance renewal must be confirmed by 31 December 2026.\n"
    return {"argv": ["run", "AskLibrary", "when is the renewal due?", "--json"], "files": {"doc.txt": doc},
            "setup": [["library", "add", "{F}"]], "corrupt_vectors": rng.randrange(2 ** 32), "stdin": b""}


def t_stdin(rng):
    # endless or oversized stdin must end with 65, never be buffered without bound
    return {"argv": rng.choice([["run", "CaptureThought", "-"], ["run", "CreateReminder", "--input", "-", "--dry-run"]]),
            "files": {}, "stdin": "@zero", "stdin_bytes": rng.choice([17 * 1024 * 1024, 64 * 1024 * 1024])}


TARGETS = {"input-json": t_input_json, "argv": t_argv, "dates": t_dates, "ics": t_ics, "config": t_config,
           "secrets": t_secrets, "gguf": t_gguf, "safetensors": t_safetensors, "documents": t_documents,
           "vectors": t_vectors, "stdin": t_stdin}


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
