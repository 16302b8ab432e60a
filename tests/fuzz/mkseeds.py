#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Seed corpora and the BTF template for the fuzz harnesses.

    mkseeds.py VALID.bpf.o BAD_DIR BUILD_DIR OUT_DIR

OUT_DIR/elf/  small valid objects of the build tree and the hostile ones
OUT_DIR/btf/  the .BTF contents of those objects (input of fuzz_btf)
OUT_DIR/dwarf/  the DWARF sections of those objects, as fuzz_dwarf.c's
              container (input of fuzz_dwarf)
OUT_DIR/template.bpf.o  VALID laid out with its headers first and .BTF
              last, the object fuzz_btf splices each input into.
"""
import hashlib
import os
import shutil
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# No __pycache__ in the source tree: the tests leave it as checked out
# (bazel.* fail on a file that appears there while they run).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, '..', 'bad'))
sys.path.insert(0, os.path.join(HERE, '..', 'hostile'))
from bpfobj import Elf  # noqa: E402
import mkhostile  # noqa: E402

# tests/hostile's shapes, small: the paths that were quadratic or
# exponential (slot placement, section-symbol relocations, enum names,
# union DAGs, overlapping maps, escapes in names)
HOSTILE_SHAPES = {'placement': 16, 'placement_last': 16, 'section_sym': 16,
                  'fnv': 64, 'enum_dups': 8, 'union_dag': 6,
                  'check_members': 8, 'overlap': 4, 'evil_names': 1,
                  'other_type': 2}

MAX_SEED = 64 * 1024  # keep libFuzzer's -max_len small


def objects(valid, bad_dir, build_dir):
    yield valid
    for d in sorted(os.listdir(bad_dir)):
        p = os.path.join(bad_dir, d)
        if (os.path.isfile(p) and p.endswith('.o') and
                os.path.getsize(p) <= MAX_SEED):
            yield p
    for root, dirs, files in os.walk(build_dir):
        # bazel: an output root whose runfiles links may dangle
        dirs[:] = sorted(x for x in dirs
                         if x not in ('objs', 'seeds', 'corpus', 'out',
                                      'bazel'))
        for f in sorted(files):
            p = os.path.join(root, f)
            if (f.endswith('.bpf.o') and os.path.isfile(p) and
                    os.path.getsize(p) <= MAX_SEED):
                yield p


def put(d, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


DWARF_SECS = ('.debug_abbrev', '.debug_str', '.debug_str_offsets',
              '.debug_line_str')


def dwarf_seed(e):
    """fuzz_dwarf.c's container of an object's DWARF, or None."""
    def data(name):
        try:
            return e.sec(name).data
        except Exception:  # no such section
            return b''
    info = data('.debug_info')
    if not info:
        return None
    secs = [data(n) for n in DWARF_SECS]
    return struct.pack('<4I', *(len(s) for s in secs)) + b''.join(secs) + info


def main():
    valid, bad_dir, build_dir, out = sys.argv[1:]
    for sub in ('elf', 'btf', 'dwarf'):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        os.makedirs(os.path.join(out, sub))
    n = 0
    raws = (open(p, 'rb').read() for p in objects(valid, bad_dir, build_dir))
    shapes = (mkhostile.CASES[c](k)[0] for c, k in HOSTILE_SHAPES.items())
    for raw in list(raws) + list(shapes):
        put(os.path.join(out, 'elf'), raw)
        n += 1
        try:
            e = Elf(raw)
            btf = e.sec('.BTF').data
        except Exception:  # hostile framing: no .BTF to take
            continue
        dw = dwarf_seed(e)
        if dw and len(dw) <= MAX_SEED:
            put(os.path.join(out, 'dwarf'), dw)
        if 0 < len(btf) <= MAX_SEED:
            put(os.path.join(out, 'btf'), btf)
    e = Elf(open(valid, 'rb').read())
    i = e.index('.BTF')
    order = [j for j in range(1, len(e.sections)) if j != i] + [i]
    raw, _ = e.write(order=order, sht_first=True)
    with open(os.path.join(out, 'template.bpf.o'), 'wb') as f:
        f.write(raw)
    print('%d seed objects, %d BTF seeds, %d DWARF seeds' %
          (n, len(os.listdir(os.path.join(out, 'btf'))),
           len(os.listdir(os.path.join(out, 'dwarf')))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
