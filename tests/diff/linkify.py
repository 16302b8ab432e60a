#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Copy a BPF object with its .struct_ops maps moved to .struct_ops.link.

cilium/ebpf 0.22 refuses a bare .struct_ops section, so gen --lang go
refuses such an object with one line. The layout is the same in either
section: the copy renames the sections of maps, their relocations and the
BTF DATASECs (and nothing else), so the Go output of an object can be
compared with the C and Rust outputs of the original. ?.struct_ops goes to
?.struct_ops.link; .struct_ops to .struct_ops.link, or to
?.struct_ops.link when the object has a .struct_ops.link already (gen
--lang go takes that with a warning).

  linkify.py IN.bpf.o OUT.bpf.o   exit 0 renamed, 3 nothing to rename,
                                  4 no free name (both .link sections taken)
  linkify.py --batch LIST         each "IN<tab>OUT" line of LIST so; prints
                                  "OUT STATUS" lines
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'bad'))
import bpfobj  # noqa: E402

KIND_DATASEC = 15
LINK = ('.struct_ops.link', '?.struct_ops.link')


def targets(elf):
    """{old: new}: each section of maps (.struct_ops, ?.struct_ops) to a
    .struct_ops.link name the object has no section of, keeping '?'
    (autocreate off) where it can; None when one has no free name."""
    have = {s.name for s in elf.sections}
    free = [n for n in LINK if n not in have]
    ren = {}
    for old in ('?.struct_ops', '.struct_ops'):
        if old not in have:
            continue
        pick = [n for n in free if n.startswith('?') or not old.startswith('?')]
        if not pick:
            return None
        ren[old] = pick[0]
        free.remove(pick[0])
    return ren


def rename_sections(elf, ren):
    shstr = elf.sections[elf.ehdr['e_shstrndx']]
    for s in elf.sections:
        for old, new in ren.items():
            for o, n in ((old, new), ('.rel' + old, '.rel' + new)):
                if s.name == o:
                    s.hdr['sh_name'] = len(shstr.data)
                    shstr.data += n.encode() + b'\0'
                    s.name = n


def datasecs(raw):
    """{name_off: byte offset of the type} of the DATASECs: a walk over
    the type headers only (objects carry vmlinux-sized BTF)."""
    hdr_len, type_off, type_len = struct.unpack_from('<III', raw, 4)
    o, end, found = hdr_len + type_off, hdr_len + type_off + type_len, {}
    while o < end:
        name_off, info = struct.unpack_from('<II', raw, o)
        kind, vlen = info >> 24 & 0x1f, info & 0xffff
        if kind == KIND_DATASEC:
            found[name_off] = o
        fixed, per = bpfobj._EXTRA.get(kind, (0, 0))
        o += 12 + 4 * (fixed + per * vlen)
    return found


def rename_datasecs(elf, ren):
    sec = elf.sec('.BTF')
    raw = bytearray(sec.data)
    hdr_len, type_off, type_len, str_off, str_len = struct.unpack_from('<IIIII', raw, 4)
    sbeg = hdr_len + str_off
    strs = raw[sbeg:sbeg + str_len]
    by_name = {bpfobj.cstr(strs, off): o for off, o in datasecs(raw).items()}
    for old, new in ren.items():
        if old not in by_name:
            sys.exit('no BTF DATASEC %s' % old)
        # the new name at the end of the strings (they end the section)
        assert sbeg + str_len == len(raw), 'strings do not end .BTF'
        struct.pack_into('<I', raw, by_name[old], len(raw) - sbeg)
        raw += new.encode() + b'\0'
    struct.pack_into('<I', raw, 20, len(raw) - sbeg)
    sec.data = bytes(raw)


def linkify(src, dst):
    with open(src, 'rb') as f:
        elf = bpfobj.Elf(f.read())
    ren = targets(elf)
    if ren is None:
        return 4
    if not ren:
        return 3
    rename_sections(elf, ren)
    rename_datasecs(elf, ren)
    with open(dst, 'wb') as f:
        f.write(elf.write()[0])
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == '--batch':
        # one process for many objects: "IN<tab>OUT" lines in, "OUT<tab>STATUS" out
        with open(sys.argv[2]) as f:
            for line in f:
                src, dst = line.rstrip('\n').split('\t')
                print(dst, linkify(src, dst), sep='\t')
        return 0
    if len(sys.argv) != 3:
        sys.exit('usage: linkify.py IN.bpf.o OUT.bpf.o | --batch LIST')
    return linkify(sys.argv[1], sys.argv[2])


if __name__ == '__main__':
    sys.exit(main())
