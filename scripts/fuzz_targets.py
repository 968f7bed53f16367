"""Input generators of scripts/fuzz.py: one function per target, each returning a case dict
(argv, files, stdin, config, secrets, setup, ...) from a seeded random.Random."""
import io, json, os, struct, zipfile

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures")

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


def t_mail(rng):
    """Mail, calendar, contact, Word, Excel, PowerPoint and OpenDocument files for the library: the florist's
    and the Office fixtures, mutated (an archive's bytes, or its main part's XML inside it); MIME parts nested past any depth; a boundary that never closes; a base64
    body that never ends; RTF documents mutated, nested past any depth or with `\\bin`, `\\u` and `\\uc` out of range; a mailbox
    of mutated messages."""
    kind = rng.randrange(7)
    if kind == 5:
        seed = open(os.path.join(FIXTURES, rng.choice(["rtf/cafe-notes.rtf", "rtf/rent-review.rtf"])), "rb").read()
        choice = rng.randrange(3)
        if choice == 0:
            data = mutate_bytes(rng, seed, rng.randint(1, 30))
        elif choice == 1:
            data = b"{\\rtf1 " + deep(rng, "{", "}", "x\\par ", 50, 60000).encode() + b"}"
        else:
            data = seed[:-1] + rng.choice([b"\\bin999999999 ", b"\\u-99999?", b"\\u99999999999999999999 ", b"\\uc99999 \\u8364 tail",
                                           b"\\'", b"\\'zz", b"{\\*" * 1000, b"}" * 1000]) + b"}"
        return {"argv": ["library", "add", "{F}"], "files": {"m.rtf": data}, "stdin": b""}
    if kind == 6:
        seeds = fixtures(os.path.join("qa-personal", "florist", "docs"), ".eml")
        messages = [mutate_bytes(rng, rng.choice(seeds), rng.randint(0, 10)) for _ in range(rng.randint(1, 5))]
        data = b"".join(b"From x@y Mon Jan 01 00:00:00 2026\n" + m + b"\n" for m in messages)
        if rng.random() < 0.3:
            data += b"From \n" * rng.randint(1, 50_000)
        return {"argv": ["library", "add", "{F}"], "files": {"m.mbox": data}, "stdin": b""}
    if kind == 4:
        ext = rng.choice(["docx", "xlsx", "pptx", "odt", "ods", "odp"])
        seed = open(os.path.join(FIXTURES, {"docx": "docx/quote.docx", "xlsx": "xlsx/budget.xlsx",
                                            "pptx": "odf/openday.pptx", "odt": "odf/service.odt",
                                            "ods": "odf/allotment.ods", "odp": "odf/openday.odp"}[ext]), "rb").read()
        if rng.random() < 0.5:
            data = mutate_bytes(rng, seed, rng.randint(1, 20))
        else:
            # the archive intact, its main part's XML mutated (tags cut, repeats and nesting)
            main = {"docx": "word/document.xml", "xlsx": "xl/worksheets/sheet1.xml", "pptx": "ppt/slides/slide3.xml",
                    "odt": "content.xml", "ods": "content.xml", "odp": "content.xml"}[ext]
            src, out = zipfile.ZipFile(io.BytesIO(seed)), io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
                for item in src.infolist():
                    data = src.read(item.filename)
                    if item.filename == main:
                        data = mutate_bytes(rng, data, rng.randint(1, 40))
                        if rng.random() < 0.3:
                            data = data.replace(b'number-columns-repeated="', b'number-columns-repeated="99999999')
                    dst.writestr(item.filename, data)
            data = out.getvalue()
        return {"argv": ["library", "add", "{F}"], "files": {"m." + ext: data}, "stdin": b""}
    seeds = {ext: fixtures(os.path.join("qa-personal", "florist", "docs"), ext) for ext in (".eml", ".ics", ".vcf")}
    ext = rng.choice(sorted(seeds))
    if kind == 0:
        data = mutate_bytes(rng, rng.choice(seeds[ext]), rng.randint(1, 20))
    elif kind == 1:
        ext = ".eml"
        data = deep(rng, "Content-Type: multipart/mixed; boundary=b\n\n--b\n", "--b--\n", "\nhello\n", 50, 20000).encode()
    elif kind == 2:
        ext = ".eml"
        data = ("Subject: =?UTF-8?Q?" + "=E2" * rng.randint(1, 100_000) + "\nContent-Type: multipart/alternative; "
                "boundary=\"x\"\n\n--x\nContent-Transfer-Encoding: quoted-printable\n\n" + "=\n" * 50_000).encode()
    else:
        ext = rng.choice([".eml", ".ics", ".vcf"])
        data = ("Content-Transfer-Encoding: base64\n\n" + "QUJD" * rng.randint(1, 500_000)).encode() if ext == ".eml" \
            else ("BEGIN:VCARD\nFN:" + "\\," * 300_000 + "\n" + " x\n" * 30_000).encode()
    return {"argv": ["library", "add", "{F}"], "files": {"m" + ext: data}, "stdin": b""}


def t_vectors(rng):
    doc = b"The insurance renewal must be confirmed by 31 December 2026.\n"
    return {"argv": ["run", "AskLibrary", "when is the renewal due?", "--json"], "files": {"doc.txt": doc},
            "setup": [["library", "add", "{F}"]], "corrupt_vectors": rng.randrange(2 ** 32), "stdin": b""}


def t_stdin(rng):
    # endless or oversized stdin must end with 65, never be buffered without bound
    return {"argv": rng.choice([["run", "CaptureThought", "-"], ["run", "CreateReminder", "--input", "-", "--dry-run"]]),
            "files": {}, "stdin": "@zero", "stdin_bytes": rng.choice([17 * 1024 * 1024, 64 * 1024 * 1024])}


TARGETS = {"input-json": t_input_json, "argv": t_argv, "dates": t_dates, "ics": t_ics, "config": t_config,
           "secrets": t_secrets, "gguf": t_gguf, "safetensors": t_safetensors, "documents": t_documents, "mail": t_mail,
           "vectors": t_vectors, "stdin": t_stdin}


