#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""names.bpf.o -> the same object whose BTF says what C cannot: members
kw_<x> become <x> (int, if, sizeof, _Bool, restrict, class, while) and the
enumerator FOOB becomes FOO, a second FOO of another value.
usage: mkobj.py IN.bpf.o OUT.bpf.o"""
import os
import sys

# No __pycache__ in the source tree: the tests leave it as checked out
# (bazel.* fail on a file that appears there while they run).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'bad'))
from bpfobj import Btf, Elf  # noqa: E402

STRUCT, UNION, ENUM = 4, 5, 6


def main():
    raw = open(sys.argv[1], 'rb').read()
    elf = Elf(raw)
    sec = elf.sec('.BTF')
    btf = Btf(sec.data)
    n = 0
    for tid, t in enumerate(btf.types[1:], 1):
        if t.kind in (STRUCT, UNION):
            for i, m in enumerate(t.items(3)):
                name = btf.str_at(m[0])
                if name.startswith('kw_'):
                    btf.set_member(tid, i, name_off=btf.add_str(name[3:]))
                    n += 1
        elif t.kind == ENUM:
            for i in range(t.vlen):
                if btf.str_at(t.extra[2 * i]) == 'FOOB':
                    t.extra[2 * i] = btf.add_str('FOO')
                    n += 1
    if n != 8:
        sys.exit('mkobj.py: renamed %d names, expected 8' % n)
    sec.data = btf.write()
    open(sys.argv[2], 'wb').write(elf.write()[0])


if __name__ == '__main__':
    main()
