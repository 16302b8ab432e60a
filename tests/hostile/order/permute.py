#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""permute.py IN OUT HOW: OUT is IN with the entries of every
.rel.struct_ops* section reordered (HOW: reverse, interleave, or a number,
a shuffle's seed). ELF64 little-endian only; exits 1 if nothing moved."""
import random
import struct
import sys


def main():
    src, dst, how = sys.argv[1], sys.argv[2], sys.argv[3]
    img = bytearray(open(src, 'rb').read())
    if img[:6] != b'\x7fELF\x02\x01':
        sys.exit('permute.py: not ELF64 little-endian: ' + src)
    shoff, = struct.unpack_from('<Q', img, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', img, 0x3a)

    def shdr(i):
        return struct.unpack_from('<IIQQQQIIQQ', img, shoff + i * shentsize)

    strtab = shdr(shstrndx)[4]
    moved = 0
    for i in range(shnum):
        name, typ, _, _, off, size, _, _, _, entsize = shdr(i)
        end = img.index(b'\0', strtab + name)
        sname = img[strtab + name:end].decode()
        if typ != 9 or not sname.startswith('.rel.struct_ops'):
            continue  # SHT_REL only: clang's BPF objects use no RELA here
        ents = [bytes(img[off + k:off + k + 16]) for k in range(0, size, 16)]
        if how == 'reverse':
            new = ents[::-1]
        elif how == 'interleave':
            new = ents[0::2] + ents[1::2]
        else:
            new = ents[:]
            random.Random(int(how)).shuffle(new)
        moved += sum(a != b for a, b in zip(ents, new))
        img[off:off + size] = b''.join(new)
    if not moved:
        sys.exit('permute.py: %s: no relocation moved' % how)
    open(dst, 'wb').write(img)


main()
