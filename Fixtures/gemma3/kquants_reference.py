#!/usr/bin/env python3
"""Writes kquants_reference.json: llama.cpp's own dequantisation (libggml's dequantize_row_q4_K and
dequantize_row_q6_K, loaded from llama-cpp-python's bundled library) of
  1. crafted super-blocks (seeded random bytes with finite f16 scales; no model content), stored
     whole with llama.cpp's floats as bit patterns: the test that always runs;
  2. one real Q4_K and one real Q6_K tensor of gemma-3-270m-q4_k_m.gguf, recorded as file offset,
     byte count and SHA-256 of the raw bytes and of llama.cpp's floats: the test that runs when the
     weights are installed (the weights themselves are not in the repository).
Usage: kquants_reference.py GGUF > kquants_reference.json"""
import ctypes, hashlib, json, os, random, struct, sys

import llama_cpp
import numpy as np

LIB = ctypes.CDLL(os.path.join(os.path.dirname(llama_cpp.__file__), "lib", "libggml-base.so"))
TYPES = {12: ("Q4_K", 144, LIB.dequantize_row_q4_K), 14: ("Q6_K", 210, LIB.dequantize_row_q6_K)}
for _, _, fn in TYPES.values():
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    fn.restype = None


def dequantize(code, raw):
    name, size, fn = TYPES[code]
    assert len(raw) % size == 0
    n = len(raw) // size * 256
    out = np.zeros(n, dtype=np.float32)
    buf = ctypes.create_string_buffer(raw, len(raw))
    fn(buf, out.ctypes.data, n)
    return out


def tensors(path):
    """name -> (type code, dims, absolute offset, byte count) from the GGUF header."""
    f = open(path, "rb")
    rd = lambda fmt: struct.unpack("<" + fmt, f.read(struct.calcsize("<" + fmt)))[0]
    rs = lambda: f.read(rd("Q")).decode()
    assert f.read(4) == b"GGUF" and rd("I") == 3
    nt, nkv = rd("Q"), rd("Q")
    scalar = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
    align = 32

    def value(t):
        if t == 8:
            return rs()
        if t == 9:
            et, n = rd("I"), rd("Q")
            return [value(et) for _ in range(n)]
        return rd(scalar[t])
    for _ in range(nkv):
        k = rs()
        v = value(rd("I"))
        if k == "general.alignment":
            align = v
    infos = []
    for _ in range(nt):
        name = rs()
        dims = [rd("Q") for _ in range(rd("I"))]
        infos.append((name, rd("I"), dims, rd("Q")))
    base = (f.tell() + align - 1) // align * align
    out = {}
    for name, code, dims, off in infos:
        n = int(np.prod(dims))
        size = n // 256 * TYPES[code][1] if code in TYPES else None
        out[name] = (code, dims, base + off, size)
    return out


def crafted(code, blocks, rng):
    name, size, _ = TYPES[code]
    raw = bytearray(rng.getrandbits(8) for _ in range(size * blocks))
    for b in range(blocks):
        # Finite halves in a realistic range for d (and dmin), both signs; block 0 gets d = 0.
        for off in ((0, 2) if code == 12 else (208,)):
            v = 0.0 if b == 0 else rng.choice([-1, 1]) * rng.uniform(1e-5, 0.5)
            raw[b * size + off:b * size + off + 2] = struct.pack("<e", v)
    raw = bytes(raw)
    ref = dequantize(code, raw)
    return {"type": name, "blocks": raw.hex(), "floats": [int(x) for x in ref.view(np.uint32)]}


def main():
    path = sys.argv[1]
    rng = random.Random(20261201)
    table = tensors(path)
    real = []
    for code, pick in ((12, "blk.0.attn_output.weight"), (14, "blk.0.ffn_down.weight")):
        candidates = [pick] if pick in table and table[pick][0] == code else sorted(
            (n for n, t in table.items() if t[0] == code), key=lambda n: table[n][3])
        name = candidates[0]
        _, dims, off, size = table[name]
        with open(path, "rb") as f:
            f.seek(off)
            raw = f.read(size)
        ref = dequantize(code, raw)
        real.append({"tensor": name, "type": TYPES[code][0], "dims": dims, "offset": off, "bytes": size,
                     "bytes_sha256": hashlib.sha256(raw).hexdigest(),
                     "floats_sha256": hashlib.sha256(ref.astype("<f4").tobytes()).hexdigest(),
                     "first_floats": [int(x) for x in ref[:8].view(np.uint32)]})
    doc = {"generator": "Fixtures/gemma3/kquants_reference.py", "llama_cpp_python": llama_cpp.__version__,
           "gguf": os.path.basename(path), "gguf_sha256": "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
           "crafted": [crafted(12, 4, rng), crafted(14, 4, rng)], "real": real}
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
