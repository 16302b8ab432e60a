#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""table.py: the cargo table from cargo_table's lines, judged.

    table.py KNOWN OUT [EXPECT]

OUT: cargo_table's output (compare/src/main.rs): T (a map), M (a member),
X (an object libbpf-cargo or libbpf-rs could not take). Each member
agrees when both types have it where BTF puts it, of BTF's size, and read
the values BTF says the buffer holds; otherwise it gets a reason code:

  bitfield-skipped   libbpf-cargo has no field for a bitfield member
  member-missing     nor for this (not a bitfield) member
  parent-missing     its parent is missing in libbpf-cargo's type
  offset, size       libbpf-cargo's field is elsewhere, or of another size
  value              libbpf-cargo's field reads other values than BTF's
  type-size          libbpf-cargo's type is not BTF's size
  skeleton-panic, skeleton-error, skeleton-rustc, open, no-structops-field
                     the object's skeleton (X lines)
  ours-*             ours is wrong: never a known reason

Prints the table (markdown) and each disagreement, and exits 1 when one
has a code KNOWN ("code explanation" lines, '#' comments) does not list,
when ours is wrong anywhere, or when a row EXPECT names is not as it says
("OBJ MAP PATH CODE": that reason is among the row's; "OBJ MAP PATH =
VALUE": ours reads that value; OBJ is the file's name without .bpf.o).
"""
import collections
import os
import sys


def stem(obj):
    return os.path.basename(obj).removesuffix(".bpf.o")


def load_known(path):
    known = {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        code, _, why = line.partition(" ")
        if code.startswith("ours-"):
            sys.exit(f"table.py: {path}: {code}: ours being wrong is never a known reason")
        if not why.strip():
            sys.exit(f"table.py: {path}: {code}: no explanation")
        known[code] = why.strip()
    return known


def x_code(what):
    if what.startswith("libbpf-cargo: panic"):
        return "skeleton-panic"
    if what.startswith("libbpf-cargo: error"):
        return "skeleton-error"
    if "rustc refuses the skeleton" in what:
        return "skeleton-rustc"
    if what.startswith("libbpf-rs cannot open"):
        return "open"
    if "no StructOps field" in what:
        return "no-structops-field"
    return "unknown"


def judge_member(f):
    """Codes of one M line: ours' first, then libbpf-cargo's."""
    (_, _obj, _map, path, kind, off, size, btf,
     o_off, o_size, o_val, t_off, t_size, t_val, code) = f
    codes = []
    if o_off != off:
        codes.append("ours-offset")
    if o_size != size and kind != "bitfield":
        codes.append("ours-size")
    if o_val != btf:
        codes.append("ours-value")
    if t_off == "-":
        codes.append(code)
        return codes
    if t_off != off:
        codes.append("offset")
    if t_size != size:
        codes.append("size")
    if t_val != btf:
        codes.append("value")
    return codes


def expect(path, seen):
    """1 for each row of path not as it says, 0 if all are."""
    bad = 0
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        key = tuple(f[:3])
        got = seen.get(key)
        if got is None:
            ok, what = False, "no such row"
        elif f[3] == "=":
            ok, what = got[1] == f[4], f"ours reads {got[1]}"
        else:
            ok, what = f[3] in got[0], f"reasons {', '.join(got[0]) or 'none'}"
        print(f"{'ok' if ok else 'FAIL'}: expected {' '.join(f)}: {what}")
        bad += not ok
    return bad


def main():
    known = load_known(sys.argv[1])
    maps = collections.OrderedDict()
    objs = collections.OrderedDict()
    dis = []
    seen = {}  # (obj stem, map, path) -> (codes, ours' value)
    for line in open(sys.argv[2]):
        f = line.rstrip("\n").split("\t")
        if f[0] == "X":
            code = x_code(f[2])
            objs.setdefault(f[1], []).append((code, f[2]))
            dis.append((code, f"{f[1]}: {f[2]}"))
        elif f[0] == "T":
            _, obj, m, ty, btf, buf, ours, theirs, same, check = f
            e = maps.setdefault((obj, m), {"type": ty, "n": 0, "agree": 0,
                                           "codes": collections.Counter()})
            objs.setdefault(obj, [])
            codes = []
            if buf != btf or ours != btf:
                codes.append("ours-type-size")
            if check != "ok":
                codes.append("ours-check")
            if same != "true":
                codes.append("ours-buffer")
            if theirs != btf:
                codes.append("type-size")
            seen[(stem(obj), m, ".")] = (codes, "")
            for c in codes:
                e["codes"][c] += 1
                dis.append((c, f"{obj}: map {m}: struct {ty}: BTF {btf} bytes, buffer {buf}, "
                               f"ours {ours}, libbpf-cargo {theirs}, check: {check}"))
        elif f[0] == "M":
            e = maps[(f[1], f[2])]
            e["n"] += 1
            codes = judge_member(f)
            seen[(stem(f[1]), f[2], f[3])] = (codes, f[10])
            if not codes:
                e["agree"] += 1
            for c in codes:
                e["codes"][c] += 1
                dis.append((c, f"{f[1]}: map {f[2]}: {f[3]} ({f[4]}): BTF off {f[5]} size {f[6]} "
                               f"[{f[7][:60]}]; ours {f[8]} {f[9]} [{f[10][:60]}]; "
                               f"libbpf-cargo {f[11]} {f[12]} [{f[13][:60]}]"))
    print("| object | map | type | members | agree | disagree |")
    print("| --- | --- | --- | ---: | ---: | --- |")
    tot = collections.Counter()
    for obj, xs in objs.items():
        note = "; ".join(sorted({c for c, _ in xs}))
        ms = [(k, v) for k, v in maps.items() if k[0] == obj]
        if not ms:
            print(f"| {obj} | | | | | {note or 'no map compared'} |")
        for (o, m), e in ms:
            d = e["n"] - e["agree"]
            why = ", ".join(f"{c} {n}" for c, n in sorted(e["codes"].items()))
            if note:
                why = (why + "; " if why else "") + note
            print(f"| {o} | {m} | {e['type']} | {e['n']} | {e['agree']} | {d}{': ' + why if why else ''} |")
            tot["members"] += e["n"]
            tot["agree"] += e["agree"]
            tot["maps"] += 1
    print()
    print(f"{len(objs)} objects, {tot['maps']} maps, {tot['members']} members: "
          f"{tot['agree']} agree, {tot['members'] - tot['agree']} disagree")
    bad = 0
    by = collections.Counter(c for c, _ in dis)
    for c, n in sorted(by.items()):
        why = known.get(c)
        print(f"{'known' if why else 'UNEXPLAINED'}: {c} ({n}): {why or 'not in ' + sys.argv[1]}")
        if not why:
            bad += 1
    for c, what in dis:
        print(f"  {c}: {what}")
    if len(sys.argv) > 3:
        bad += expect(sys.argv[3], seen)
    unused = sorted(set(known) - set(by))
    if unused:
        print(f"note: known reasons not seen: {', '.join(unused)}")
    if bad:
        print(f"FAIL: {bad} reasons not explained or rows not as expected")
        return 1
    print("ok: every disagreement is a known libbpf-cargo defect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
