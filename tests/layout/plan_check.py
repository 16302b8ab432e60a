#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""What every layout plan (`stops-shadow dump --plan`) must hold, checked
object by object, apart from any golden file:

- a struct's byte ranges tile it: each field (a run's bitfields counted
  once, as their run) starts where the previous ended, and the last ends
  at the type's size; a union's fields start at 0 and fit in it;
- every bitfield lies in its run's bytes, runs are disjoint, a PLAN_BITS
  storage field is its run's bytes;
- each language's field names are unique in their type, type names in
  the file;
- the run-time checks, read from BTF apart from the model, agree with the
  fields: every named top-level field of a map's type has a depth-0 check
  of the same name at the same bit offset (bitfields: same width), and a
  non-bitfield one of the same size.

Usage: plan_check.py CLI OBJ...   (exit 1 naming the first violation)
       plan_check.py --selftest CLI OBJ   each planted fault must be found
"""
import copy
import json
import subprocess
import sys


class Violation(Exception):
    pass


def fail(obj, msg):
    raise Violation(f"{obj}: {msg}")


def check_type(obj, t, types):
    name = t["names"]["c"] or t["path"]
    fields = t["fields"]
    runs = t["runs"]
    for lang in ("c", "go", "rust"):
        seen = set()
        for f in fields:
            n = f["names"][lang]
            if n is None or n == "_" or (f["range"] == "padding" and "bit_size" in f):
                continue
            if n in seen:
                fail(obj, f"{name}: {lang} name {n} twice")
            seen.add(n)
        # a native run's bytes are a field of their own in Go and Rust
        for r in runs:
            n = r["names"][lang]
            if lang == "c" or not r["native"]:
                continue
            if n is None or n in seen:
                fail(obj, f"{name}: {lang} run bytes named {n}: missing or taken")
            seen.add(n)
    for i, r in enumerate(runs):
        for f in fields[r["first"]:r["first"] + r["nr"]]:
            if f.get("run") != i:
                fail(obj, f"{name}: field {f['names']['c']} in run {i} says run {f.get('run')}")
            if "bit_offset" in f:
                lo, hi = f["bit_offset"], f["bit_offset"] + f["bit_size"]
                if lo < 8 * r["offset"] or hi > 8 * (r["offset"] + r["size"]):
                    fail(obj, f"{name}: bitfield {f['names']['c']} bits {lo}..{hi} outside run {i}")
            elif f["range"] == "bits" and (f["offset"], f["size"]) != (r["offset"], r["size"]):
                fail(obj, f"{name}: storage {f['names']['c']} is not its run's bytes")
        if i and not t["union"] and r["offset"] < runs[i - 1]["offset"] + runs[i - 1]["size"]:
            fail(obj, f"{name}: runs {i - 1} and {i} overlap")
    # byte ranges: a run once, at its first field
    ranges = []
    done_runs = set()
    for f in fields:
        if "run" in f:
            if f["run"] in done_runs:
                continue
            done_runs.add(f["run"])
            r = runs[f["run"]]
            ranges.append((r["offset"], r["size"], f"run {f['run']}"))
        else:
            ranges.append((f["offset"], f["size"], f["names"]["c"] or f["range"]))
        if f["range"] in ("nested",) or (f["range"] == "array" and "type" in f):
            sub = types[f["type"]]
            whole = f["size"] if f["range"] == "nested" else f["elem_size"]
            if sub["size"] != whole:
                fail(obj, f"{name}: {f['names']['c']} is {whole} bytes, its type {sub['size']}")
    if t["union"]:
        for off, size, what in ranges:
            if off != 0 or size > t["size"]:
                fail(obj, f"union {name}: {what} at {off} size {size}")
        return
    at = 0
    for off, size, what in ranges:
        if off != at:
            fail(obj, f"{name}: {what} at {off}, expected {at}")
        at = off + size
    if at != t["size"]:
        fail(obj, f"{name}: fields end at {at}, type is {t['size']} bytes")


def check_map(obj, m, types):
    t = types[m["type"]]
    top = {c["name"]: c for c in m["checks"] if c["depth"] == 0 and c["name"]}
    for f in t["fields"]:
        n = f["btf_name"]
        if n is None:
            continue
        c = top.get(n)
        if c is None:
            fail(obj, f"map {m['name']}: field {n} has no check from BTF")
        bit = f["bit_offset"] if "bit_offset" in f else 8 * f["offset"]
        if c["bit_offset"] != bit:
            fail(obj, f"map {m['name']}: {n} at bit {bit}, BTF says {c['bit_offset']}")
        if "bit_size" in f:
            if c["bit_size"] != f["bit_size"]:
                fail(obj, f"map {m['name']}: {n} {f['bit_size']} bits, BTF says {c['bit_size']}")
        elif f["range"] != "opaque" and c["size"] != f["size"]:
            fail(obj, f"map {m['name']}: {n} {f['size']} bytes, BTF says {c['size']}")
    if len(t["fields"]) and m["size"] != t["size"]:
        fail(obj, f"map {m['name']}: value {m['size']} bytes, type {t['size']}")
    slots = sum(1 for f in t["fields"] if f["range"] == "slot")
    if len(m["slots"]) != t["slots"] or slots != t["slots"]:
        fail(obj, f"map {m['name']}: {len(m['slots'])} programs, {slots} slot fields, type says {t['slots']}")


def check_plan(obj, plan):
    types = plan["types"]
    tnames = {lang: set() for lang in ("go", "rust")}
    for i, t in enumerate(types):
        if t["index"] != i:
            fail(obj, f"type {i} says index {t['index']}")
        for lang in tnames:
            if t["names"][lang] in tnames[lang]:
                fail(obj, f"{lang} type name {t['names'][lang]} twice")
            tnames[lang].add(t["names"][lang])
        check_type(obj, t, types)
    for m in plan["maps"]:
        check_map(obj, m, types)


def plan_of(cli, obj):
    out = subprocess.run([cli, "dump", "--plan", obj], capture_output=True, text=True)
    if out.returncode == 1 and out.stderr.count("\n") == 1:
        return None  # an object the generator refuses: the bad tests' business
    if out.returncode:
        fail(obj, f"exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def first(plan, pred):
    for t in plan["types"]:
        for f in t["fields"]:
            if pred(f):
                return t, f
    raise SystemExit("FAIL: selftest object lacks a field the faults need")


def selftest(cli, obj):
    """Faults planted in a real plan: each must be a violation."""
    plan = plan_of(cli, obj)
    check_plan(obj, plan)
    faults = []

    def shift(p):
        first(p, lambda f: f["range"] == "scalar")[1]["offset"] += 1
    faults.append(("a scalar one byte on", shift))

    def grow(p):
        first(p, lambda f: f["range"] == "padding" and "bit_size" not in f)[1]["size"] += 1
    faults.append(("padding one byte longer", grow))

    def dup(p):
        t, f = first(p, lambda f: f["range"] == "scalar")
        other = next(g for g in t["fields"] if g is not f and g["names"]["go"] not in (None, "_"))
        f["names"]["go"] = other["names"]["go"]
    faults.append(("two Go fields of one name", dup))

    def bit(p):
        first(p, lambda f: f["range"] == "bitfield")[1]["bit_offset"] += 64
    faults.append(("a bitfield outside its run", bit))

    def check_moved(p):
        m = p["maps"][0]
        c = next(c for c in m["checks"] if c["depth"] == 0 and c["name"])
        c["bit_offset"] += 8
    faults.append(("BTF's check at another offset", check_moved))

    def size(p):
        p["types"][p["maps"][0]["type"]]["size"] += 8
    faults.append(("a type 8 bytes larger", size))
    for what, plant in faults:
        p = copy.deepcopy(plan)
        plant(p)
        try:
            check_plan(obj, p)
        except Violation as v:
            print(f"ok: {what}: {v}")
            continue
        raise SystemExit(f"FAIL: not found: {what}")
    print(f"ok: {len(faults)} planted faults found")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--selftest":
        selftest(sys.argv[2], sys.argv[3])
        return
    cli, objs = sys.argv[1], sys.argv[2:]
    if not objs:
        raise SystemExit("FAIL: no objects given")
    n = 0
    for obj in objs:
        plan = plan_of(cli, obj)
        if plan is None:
            continue
        check_plan(obj, plan)
        n += 1
    print(f"ok: {n} plans of {len(objs)} objects")


try:
    main()
except Violation as v:
    print(f"FAIL: {v}")
    sys.exit(1)
