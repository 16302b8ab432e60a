#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Build hostile BPF objects from scratch for the budget tests.

    mkhostile.py --list            print the case names, one a line
    mkhostile.py CASE OUT [N]      write OUT (and OUT.kbtf where the case
                                   needs a kernel BTF); N scales the case

Each case is a valid-looking struct_ops object of a few MB shaped to hit
one path that was quadratic or exponential in the generator (see
tests/hostile/README.md). Deterministic: the same arguments give the
same bytes. Debian's python3 only.
"""
import struct
import sys

EHDR = struct.Struct('<16sHHIQQQIHHHHHH')
SHDR = struct.Struct('<IIQQQQIIQQ')
SYM = struct.Struct('<IBBHQQ')
REL = struct.Struct('<QQ')
SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_REL = 1, 2, 3, 9
STT_SECTION, STT_FUNC, STT_OBJECT = 3, 2, 1
STB_GLOBAL = 1

(INT, PTR, ARRAY, STRUCT, UNION, ENUM, FWD, TYPEDEF, VOLATILE, CONST,
 RESTRICT, FUNC, FUNC_PROTO, VAR, DATASEC) = range(1, 16)


class Btf:
    """BTF being built: type records and the string section."""

    def __init__(self):
        self.types = []
        self.strs = bytearray(b'\0')
        self.str_offs = {'': 0}

    def s(self, name):
        off = self.str_offs.get(name)
        if off is None:
            off = len(self.strs)
            self.strs += name.encode('latin-1') + b'\0'
            self.str_offs[name] = off
        return off

    def add(self, kind, name='', st=0, extra=(), vlen=0, kflag=0):
        info = (kflag << 31) | (kind << 24) | vlen
        self.types.append(struct.pack('<III', self.s(name), info, st) +
                          struct.pack('<%dI' % len(extra), *extra))
        return len(self.types)

    def int_(self, name='int', size=4, signed=True):
        return self.add(INT, name, size, [(1 if signed else 0) << 24 | size * 8])

    def struct_(self, name, size, members, kind=STRUCT):
        """members: (name, type id, bit offset)"""
        extra = []
        for n, t, off in members:
            extra += [self.s(n), t, off]
        return self.add(kind, name, size, extra, vlen=len(members))

    def func_ptr(self, ret):
        proto = self.add(FUNC_PROTO, '', ret)
        return self.add(PTR, '', proto)

    def write(self):
        tsec = b''.join(self.types)
        hdr = struct.pack('<HBBIIIII', 0xeB9F, 1, 0, 24, 0, len(tsec),
                          len(tsec), len(self.strs))
        return hdr + tsec + bytes(self.strs)


def elf(sections, syms, strtab):
    """sections: [(name, type, data, link, info, entsize)] after the
    symbol table (index 1), .strtab (2) and .shstrtab (3)."""
    names = bytearray(b'\0')

    def nm(n):
        off = len(names)
        names.extend(n.encode() + b'\0')
        return off
    all_secs = [('.symtab', SHT_SYMTAB, b''.join(SYM.pack(*s) for s in syms),
                 2, 1, SYM.size),
                ('.strtab', SHT_STRTAB, bytes(strtab), 0, 0, 0),
                ('.shstrtab', SHT_STRTAB, None, 0, 0, 0)] + sections
    hdrs = [(0,) * 10]
    name_offs = [nm(s[0]) for s in all_secs]
    all_secs[2] = ('.shstrtab', SHT_STRTAB, bytes(names), 0, 0, 0)
    out = bytearray(EHDR.size)
    for (name, typ, data, link, info, ent), noff in zip(all_secs, name_offs):
        while len(out) % 8:
            out.append(0)
        hdrs.append((noff, typ, 0, 0, len(out), len(data), link, info, 8, ent))
        out += data
    while len(out) % 8:
        out.append(0)
    shoff = len(out)
    for h in hdrs:
        out += SHDR.pack(*h)
    ident = b'\x7fELF\x02\x01\x01' + b'\0' * 9
    out[0:EHDR.size] = EHDR.pack(ident, 1, 247, 1, 0, 0, shoff, 0, EHDR.size,
                                 0, 0, SHDR.size, len(hdrs), 3)
    return bytes(out)


class Obj:
    """One .struct_ops section, programs in struct_ops/p, relocations."""

    def __init__(self):
        self.btf = Btf()
        self.strtab = bytearray(b'\0')
        self.syms = [(0, 0, 0, 0, 0, 0)]
        self.relocs = []  # (offset, symbol index)
        self.nr_progs = 0

    def str_(self, s):
        off = len(self.strtab)
        self.strtab += s.encode() + b'\0'
        return off

    # section indexes: 4 = struct_ops/p, 5 = .struct_ops, 6 = .rel, 7 = .BTF
    def prog(self, name):
        """A FUNC symbol in the program section; returns its index."""
        self.syms.append((self.str_(name), STB_GLOBAL << 4 | STT_FUNC, 0, 4,
                          self.nr_progs * 16, 16))
        self.nr_progs += 1
        return len(self.syms) - 1

    def section_sym(self):
        self.syms.append((0, STT_SECTION, 0, 4, 0, 0))
        return len(self.syms) - 1

    def write(self, maps, data):
        """maps: (name, type id, offset, size) in .struct_ops, whose
        bytes are data."""
        b = self.btf
        for name, tid, off, size in maps:
            self.syms.append((self.str_(name), STB_GLOBAL << 4 | STT_OBJECT,
                              0, 5, off, size))
        vars_ = []
        for name, tid, off, size in maps:
            vars_ += [b.add(VAR, name, tid, [1]), off, size]
        b.add(DATASEC, '.struct_ops', len(data), vars_, vlen=len(maps))
        text = b'\x95' + b'\0' * 7  # exit
        progs = (b'\xb7' + b'\0' * 7 + text) * max(self.nr_progs, 1)
        rel = b''.join(REL.pack(off, sym << 32 | 1) for off, sym in self.relocs)
        secs = [('struct_ops/p', SHT_PROGBITS, progs, 0, 0, 0),
                ('.struct_ops', SHT_PROGBITS, bytes(data), 0, 0, 0),
                ('.rel.struct_ops', SHT_REL, rel, 1, 5, REL.size),
                ('.BTF', SHT_PROGBITS, b.write(), 0, 0, 0)]
        return elf(secs, self.syms, self.strtab)


CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


@case
def placement(n):
    """n function-pointer slots, each relocated: relocations x members."""
    o = Obj()
    fp = o.btf.func_ptr(o.btf.int_())
    tid = o.btf.struct_('ops', 8 * n, [('f%d' % i, fp, 64 * i)
                                        for i in range(n)])
    progs = [o.prog('p%d' % i) for i in range(8)]
    o.relocs = [(8 * i, progs[i % 8]) for i in range(n)]
    return o.write([('m', tid, 0, 8 * n)], bytes(8 * n)), None


@case
def placement_last(n):
    """n ints then one slot, every relocation on that last slot."""
    o = Obj()
    i32 = o.btf.int_()
    fp = o.btf.func_ptr(i32)
    mem = [('i%d' % i, i32, 32 * i) for i in range(n)]
    mem.append(('f', fp, 32 * n + (32 if n % 2 else 0)))
    size = 4 * n + (4 if n % 2 else 0) + 8
    tid = o.btf.struct_('ops', size, mem)
    p = o.prog('p')
    o.relocs = [(size - 8, p)] * n
    return o.write([('m', tid, 0, size)], bytes(size)), None


@case
def section_sym(n):
    """Relocations against a section symbol; n symbols to search."""
    o = Obj()
    fp = o.btf.func_ptr(o.btf.int_())
    tid = o.btf.struct_('ops', 8 * n, [('f%d' % i, fp, 64 * i)
                                        for i in range(n)])
    for i in range(n):
        o.prog('p%d' % i)
    # the program at offset 0, the one every relocation means, comes last
    o.syms = [o.syms[0]] + o.syms[:0:-1]
    secsym = o.section_sym()
    o.relocs = [(8 * i, secsym) for i in range(n)]
    return o.write([('m', tid, 0, 8 * n)], bytes(8 * n)), None


def fnv_low(h, s, mask):
    for c in s:
        h = ((h ^ c) * 16777619) & mask
    return h


@case
def fnv(n):
    """n member names whose FNV-1a hashes agree in their low 20 bits:
    each 3-byte block is one of two that lead to the same low bits."""
    mask = (1 << 20) - 1
    alpha = b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'
    pairs = [bytes([a, b, c]) for a in alpha for b in alpha for c in alpha]
    blocks, h = [], fnv_low(2166136261 & mask, b'm', mask)
    while 1 << len(blocks) < n:
        seen = {}
        for p in pairs:
            k = fnv_low(h, p, mask)
            if k in seen:
                blocks.append((seen[k], p))
                h = k
                break
            seen[k] = p
        else:
            raise SystemExit('no collision found')
    names = []
    for i in range(n):
        names.append('m' + ''.join(blocks[j][i >> j & 1].decode()
                                   for j in range(len(blocks))))
    o = Obj()
    i32 = o.btf.int_()
    tid = o.btf.struct_('ops', 4 * n, [(nm, i32, 32 * i)
                                        for i, nm in enumerate(names)])
    return o.write([('m', tid, 0, 4 * n)], bytes(4 * n)), None


@case
def camel(n):
    """n member names that Go's camel case spells alike: at each letter
    after the first, "_x" or "X" (a_b, aB -> AB), so every one claims the
    same Go name (dump --plan)."""
    letters = 'bcdefghijklmnopqrstuvwxyz'
    k = max(1, (n - 1).bit_length())
    names = []
    for i in range(n):
        nm = 'a'
        for j in range(k):
            c = letters[j % len(letters)]
            nm += c.upper() if i >> j & 1 else '_' + c
        names.append(nm)
    o = Obj()
    i32 = o.btf.int_()
    tid = o.btf.struct_('ops', 4 * n, [(nm, i32, 32 * i)
                                        for i, nm in enumerate(names)])
    return o.write([('m', tid, 0, 4 * n)], bytes(4 * n)), None


@case
def enum_dups(n):
    """One enum of n names, then n enums each repeating its last name."""
    o = Obj()
    b = o.btf
    vals = [w for i in range(n) for w in (b.s('e%d' % i), i)]
    first = b.add(ENUM, 'big', 4, vals, vlen=n)
    mem = [('big', first, 0)]
    for i in range(n):
        t = b.add(ENUM, '', 4, [b.s('e%d' % (n - 1)), n - 1], vlen=1)
        mem.append(('x%d' % i, t, 32 * (i + 1)))
    tid = b.struct_('ops', 4 * (n + 1), mem)
    return o.write([('m', tid, 0, 4 * (n + 1))], bytes(4 * (n + 1))), None


@case
def union_dag(n):
    """Unions of two members of the union below, n levels: 2^n paths."""
    o = Obj()
    b = o.btf
    t = b.int_()
    for i in range(n):
        t = b.struct_('u%d' % i, 4, [('a', t, 0), ('b', t, 0)], kind=UNION)
    tid = b.struct_('ops', 4, [('u', t, 0)])
    return o.write([('m', tid, 0, 4)], bytes(4)), None


@case
def union_dag_names(n):
    """union_dag with 999-byte member names (names up to 1000 pass), n levels: long path names."""
    o = Obj()
    b = o.btf
    t = b.int_()
    a, bb = 'a' * 999, 'b' * 999
    for i in range(n):
        t = b.struct_('u%d' % i, 4, [(a, t, 0), (bb, t, 0)], kind=UNION)
    tid = b.struct_('ops', 4, [('u', t, 0)])
    return o.write([('m', tid, 0, 4)], bytes(4)), None


@case
def shared_names(n):
    """n maps of one type whose member has a 4 KiB name: each map prints
    its copy of the shared body."""
    o = Obj()
    tid = o.btf.struct_('ops', 4, [('x' * 999, o.btf.int_(), 0)])
    return o.write([('m%d' % i, tid, 4 * i, 4) for i in range(n)],
                   bytes(4 * n)), None


@case
def check_members(n):
    """n members compared with a kernel BTF of the same type."""
    o = Obj()
    i32 = o.btf.int_()
    fp = o.btf.func_ptr(i32)
    mem = [('i%d' % i, i32, 32 * i) for i in range(n)]
    mem.append(('f', fp, 32 * n))
    size = 4 * n + 8
    tid = o.btf.struct_('ops', size, mem)
    p = o.prog('p')
    o.relocs = [(size - 8, p)]
    obj = o.write([('m', tid, 0, size)], bytes(size))
    # the kernel's side: the same type, registered as a struct_ops type
    o.btf.struct_('bpf_struct_ops_ops', size, [('data', tid, 0)])
    return obj, o.btf.write()


@case
def other_type(n):
    """A map of a type no other case has (struct other_ops), n ints."""
    o = Obj()
    i32 = o.btf.int_()
    tid = o.btf.struct_('other_ops', 4 * n, [('i%d' % i, i32, 32 * i)
                                              for i in range(n)])
    return o.write([('m', tid, 0, 4 * n)], bytes(4 * n)), None


@case
def late_error(n):
    """n maps of a plain type, then one whose member name is too long for
    the header (1,001 bytes): refused after n maps' text is out."""
    o = Obj()
    i32 = o.btf.int_()
    tid = o.btf.struct_('ops', 8, [('a', i32, 0), ('b', i32, 32)])
    late = o.btf.struct_('late_ops', 4, [('x' * 1001, i32, 0)])
    maps = [('m%d' % i, tid, 8 * i, 8) for i in range(n)]
    maps.append(('late', late, 8 * n, 4))
    return o.write(maps, bytes(8 * n + 4)), None


EVIL_OBJ = 'o\x1b[2J\r\nfake: compatible\x9b\x07'
EVIL_KERNEL = 'k\x1b]0;owned\x07\nops: compatible\\'


def evil_btf(b, argname):
    """struct ops { int (*f)(struct <argname> *); }: the argument's type
    name is not checked (a function pointer's prototype)."""
    i32 = b.int_()
    arg = b.struct_(argname, 0, [])
    proto = b.add(FUNC_PROTO, '', i32, [0, b.add(PTR, '', arg)], vlen=1)
    return b.struct_('ops', 8, [('f', b.add(PTR, '', proto), 0)])


@case
def evil_names(n):
    """Names with terminal escapes and newlines, in the object's BTF and
    in the kernel's, that reach the check report's text."""
    o = Obj()
    tid = evil_btf(o.btf, EVIL_OBJ * n)
    o.relocs = [(0, o.prog('p'))]
    obj = o.write([('m', tid, 0, 8)], bytes(8))
    k = Btf()
    kt = evil_btf(k, EVIL_KERNEL * n)
    k.struct_('bpf_struct_ops_ops', 8, [('data', kt, 0)])
    return obj, k.write()


@case
def overlap(n):
    """n maps over the same bytes, and no relocation at all."""
    o = Obj()
    i32 = o.btf.int_()
    tid = o.btf.struct_('ops', 4, [('i', i32, 0)])
    return o.write([('m%d' % i, tid, 0, 4) for i in range(n)], bytes(4)), None


@case
def check_slots(n):
    """n function-pointer slots, each with a program, against a kernel
    BTF of the same type: a program's FUNC searched per slot."""
    o = Obj()
    b = o.btf
    proto = b.add(FUNC_PROTO, '', b.int_())
    fp = b.add(PTR, '', proto)
    for i in range(n):  # each program's BTF function, searched by name
        b.add(FUNC, 'p%d' % i, proto, vlen=1)
    tid = b.struct_('ops', 8 * n, [('f%d' % i, fp, 64 * i)
                                    for i in range(n)])
    progs = [o.prog('p%d' % i) for i in range(n)]
    o.relocs = [(8 * i, progs[i]) for i in range(n)]
    obj = o.write([('m', tid, 0, 8 * n)], bytes(8 * n))
    b.struct_('bpf_struct_ops_ops', 8 * n, [('data', tid, 0)])
    return obj, b.write()


@case
def many_maps(n):
    """n maps of n distinct types, checked against a kernel BTF with
    those types and thousands of others: a kernel search per map."""
    o = Obj()
    b = o.btf
    i32 = b.int_()
    maps = []
    for i in range(n):
        tid = b.struct_('ops%d' % i, 4, [('i', i32, 0)])
        maps.append(('m%d' % i, tid, 4 * i, 4))
    obj = o.write(maps, bytes(4 * n))
    k = Btf()
    ki32 = k.int_()
    for i in range(20 * n):
        k.struct_('other%d' % i, 4, [('i', ki32, 0)])
    for i in range(n):
        kt = k.struct_('ops%d' % i, 4, [('i', ki32, 0)])
        k.struct_('bpf_struct_ops_ops%d' % i, 4, [('data', kt, 0)])
    return obj, k.write()


@case
def kbtf_version(n):
    """A valid object and its kernel BTF claiming BTF version n."""
    obj, kbtf = check_members(4)
    return obj, kbtf[:2] + bytes([n]) + kbtf[3:]


@case
def kbtf_huge(n):
    """A valid object and a sparse kernel BTF file of n MiB."""
    obj, _ = check_members(4)
    return obj, n << 20


def main():
    if sys.argv[1:] == ['--list']:
        print('\n'.join(CASES))
        return
    name, out = sys.argv[1], sys.argv[2]
    obj, kbtf = CASES[name](int(sys.argv[3]))
    with open(out, 'wb') as f:
        f.write(obj)
    if isinstance(kbtf, int):  # a sparse file of that size
        with open(out + '.kbtf', 'wb') as f:
            f.write(struct.pack('<HBBI', 0xeB9F, 1, 0, 24))
            f.truncate(kbtf)
    elif kbtf:
        with open(out + '.kbtf', 'wb') as f:
            f.write(kbtf)


if __name__ == '__main__':
    main()
