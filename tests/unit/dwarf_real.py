#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""gen/dwarf.c against llvm-dwarfdump on the build's BPF objects.

  dwarf_real.py TEST_DWARF LLVM_DWARFDUMP BUILD_DIR OBJ...

For each OBJ (dwarf.bpf.c as DWARF 4 and 5, built with the test: each must
hold "____*" subprograms) and every other BPF object of the build's check,
example, vm, layout and unit tests that is built (and the kernel selftests
corpus.run compiled, once it has): the "____*" subprograms and their formal
parameters, as
`test_dwarf --dump` reads them (in-place values of the REL-relocated debug
sections taken as section offsets), must equal llvm-dwarfdump's reading
(which applies the relocations). Both DWARF 4 and 5 must be among them,
with at least one "____*" subprogram each, or the test proves nothing.
"""
import glob
import os
import re
import subprocess
import sys

DIE = re.compile(r"^0x[0-9a-f]+:( +)(DW_TAG_\w+|NULL)")
NAME = re.compile(r'^\s+DW_AT_name\s+\("(.*)"\)')


def dwarfdump(tool, obj):
    out = subprocess.run([tool, "--debug-info", obj], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True,
                         check=True).stdout
    versions = set(int(v) for v in re.findall(r"version = 0x([0-9a-f]+)", out))
    found = {}
    cur = None  # [name, indent, params, tag-of-last-DIE]
    stack = []  # open DIEs: (indent, is ____ subprogram)
    last = None
    for line in out.splitlines():
        m = DIE.match(line)
        if m:
            indent, tag = len(m.group(1)), m.group(2)
            last = {"indent": indent, "tag": tag, "name": None}
            if tag == "DW_TAG_formal_parameter" and cur and \
                    indent == cur["indent"] + 2:
                cur["params"] += 1
            if cur and tag != "NULL" and indent <= cur["indent"]:
                found.setdefault(cur["name"], set()).add(cur["params"])
                cur = None
            if cur and tag == "NULL" and indent == cur["indent"] + 2:
                found.setdefault(cur["name"], set()).add(cur["params"])
                cur = None
            continue
        m = NAME.match(line)
        if m and last and last["tag"] == "DW_TAG_subprogram" and \
                m.group(1).startswith("____") and not cur:
            cur = {"name": m.group(1), "indent": last["indent"], "params": 0}
    if cur:
        found.setdefault(cur["name"], set()).add(cur["params"])
    lines = sorted("%s %d" % (n, list(c)[0] if len(c) == 1 else -1)
                   for n, c in found.items())
    return versions, lines


def is_bpf(path):
    """A little-endian ELF64 relocatable object for EM_BPF (247)."""
    with open(path, "rb") as f:
        h = f.read(20)
    return (len(h) == 20 and h[:4] == b"\x7fELF" and h[4] == 2 and
            h[5] == 1 and h[16:18] == b"\x01\x00" and h[18:20] == b"\xf7\x00")


def main():
    test, tool, build = sys.argv[1:4]
    objs = sys.argv[4:]
    required = set(objs)
    for o in objs:
        if not os.path.isfile(o) or not is_bpf(o):
            print("FAIL: %s is not a BPF object" % o)
            sys.exit(1)
    for d in ("tests/check", "examples", "tests/vm", "tests/layout",
              "tests/unit", "tests/consumers"):
        objs += glob.glob(os.path.join(build, d, "**", "*.bpf.o"),
                          recursive=True)
    # the tests' scratch directories hold objects broken on purpose
    objs = [o for o in objs if "/work/" not in o[len(build):] and is_bpf(o)]
    objs = sorted(set(objs))
    # the kernel selftests and sched_ext schedulers corpus.run compiled
    objs += glob.glob(os.path.join(build, "tests/corpus/work/obj/*.bpf.o"))
    fails, seen = 0, {}
    for obj in sorted(objs):
        versions, want = dwarfdump(tool, obj)
        p = subprocess.run([test, "--dump", obj], stdout=subprocess.PIPE,
                           universal_newlines=True)
        got = p.stdout.splitlines()
        if p.returncode or got != want:
            print("DIFFER %s: test_dwarf %s, llvm-dwarfdump %s" % (
                obj, got, want))
            fails += 1
            continue
        if obj in required and not want:
            print("FAIL: %s has no ____* subprogram" % obj)
            fails += 1
            continue
        for v in versions:
            seen.setdefault(v, [0, 0])
            seen[v][0] += 1
            seen[v][1] += len(want)
    print("%d objects; by DWARF version: objects, ____* subprograms: %s" % (
        len(objs), seen))
    if fails:
        sys.exit(1)
    for v in (4, 5):
        if v not in seen or not seen[v][1]:
            print("FAIL: no DWARF %d object with a ____* subprogram" % v)
            sys.exit(1)
    print("ok")


main()
