#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Derive hostile BPF objects from one valid struct_ops object.

    mkbad.py --list                 print the case names, one a line
    mkbad.py VALID.bpf.o OUTDIR     write OUTDIR/<case>.bpf.o for every case

Every case is a file the generator must refuse with exit 1 and one line on
stderr. Deterministic: the same VALID object gives the same bytes. The
valid object is tests/bad/valid.bpf.c: struct hostile_ops maps hostile_a
(.struct_ops) and hostile_b (.struct_ops.link).
"""
import os
import struct
import sys

# No __pycache__ in the source tree: the tests leave it as checked out
# (bazel.* fail on a file that appears there while they run).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpfobj import (Btf, Elf, EHDR, SHDR, SYM, SHT_NOBITS, EM_X86_64, INT,  # noqa: E402
                    ARRAY, STRUCT, TYPEDEF, CONST, VAR, DATASEC, ENUM64,
                    BTF_HDR)

CASES = {}
# Not files the generator can be handed as bytes: made specially below.
SPECIAL = ('directory', 'nonexistent')
# Odd but not necessarily wrong: the generator may refuse them (exit 1, one
# line) or accept them, and then its header must compile.
ODD = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def odd(fn):
    ODD[fn.__name__] = fn
    return fn


def relayout_last(e, name):
    """Headers first, section <name> last: (bytes, offset of <name>)."""
    i = e.index(name)
    order = [j for j in range(1, len(e.sections)) if j != i] + [i]
    raw, offs = e.write(order=order, sht_first=True)
    return raw, offs[i]


def with_btf(e, btf_bytes):
    e.sec('.BTF').data = btf_bytes
    return e.write()[0]


def set_shdr(raw, idx, **fields):
    """Patch fields of section header idx in place."""
    raw = bytearray(raw)
    shoff = struct.unpack_from('<Q', raw, 0x28)[0]
    o = shoff + idx * SHDR.size
    names = ('sh_name sh_type sh_flags sh_addr sh_offset sh_size sh_link '
             'sh_info sh_addralign sh_entsize').split()
    vals = dict(zip(names, SHDR.unpack_from(raw, o)))
    vals.update(fields)
    SHDR.pack_into(raw, o, *[vals[n] for n in names])
    return bytes(raw)


def set_ehdr(raw, fmt, off, val):
    raw = bytearray(raw)
    struct.pack_into(fmt, raw, off, val)
    return bytes(raw)


def ops_type(b):
    return b.find(STRUCT, 'hostile_ops')


def datasec(b, name='.struct_ops'):
    return b.find(DATASEC, name)


# Files that are no BPF object at all --------------------------------------
@case
def empty(raw, e):
    return b''


@case
def not_elf(raw, e):
    return b'this is a text file, not an ELF object\n' * 8


@case
def elf_magic_garbage(raw, e):
    out = bytearray(b'\x7fELF')
    x = 0x2545F491
    while len(out) < 4096:  # xorshift32: deterministic noise
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        out += struct.pack('<I', x)
    return bytes(out)


# ELF header ----------------------------------------------------------------
@case
def trunc_ehdr(raw, e):
    return raw[:40]


@case
def elfclass32(raw, e):
    return raw[:4] + b'\x01' + raw[5:]


@case
def big_endian(raw, e):
    return raw[:5] + b'\x02' + raw[6:]


@case
def wrong_machine(raw, e):
    return set_ehdr(raw, '<H', 18, EM_X86_64)


@case
def wrong_type_exec(raw, e):
    return set_ehdr(raw, '<H', 16, 2)  # ET_EXEC


@case
def shoff_past_eof(raw, e):
    return set_ehdr(raw, '<Q', 0x28, len(raw) + 4096)


@case
def shoff_overflow(raw, e):
    return set_ehdr(raw, '<Q', 0x28, 0xfffffffffffffff0)


@case
def shstrndx_out_of_range(raw, e):
    return set_ehdr(raw, '<H', 0x3e, len(e.sections) + 10)


@case
def shnum_huge(raw, e):
    return set_ehdr(raw, '<H', 0x3c, 0xfeff)


@case
def shnum_extended_huge(raw, e):
    # e_shnum 0: the count is section 0's sh_size.
    raw = set_ehdr(raw, '<H', 0x3c, 0)
    return set_shdr(raw, 0, sh_size=0xffffffff)


# Section header table and sections -----------------------------------------
@case
def trunc_shdrs(raw, e):
    shoff = e.ehdr['e_shoff']
    return raw[:shoff + SHDR.size * (len(e.sections) // 2) + 7]


@case
def trunc_shstrtab(raw, e):
    i = e.ehdr['e_shstrndx']
    out, off = relayout_last(e, e.sections[i].name)
    return out[:off + len(e.sections[i].data) // 2]


@case
def section_past_eof(raw, e):
    return set_shdr(raw, e.index('.BTF'), sh_offset=len(raw) + 100)


@case
def section_size_overflow(raw, e):
    return set_shdr(raw, e.index('.BTF'), sh_size=0xffffffffffffff00)


@case
def trunc_struct_ops(raw, e):
    out, off = relayout_last(e, '.struct_ops')
    return out[:off + 20]


@case
def trunc_symtab(raw, e):
    out, off = relayout_last(e, '.symtab')
    return out[:off + len(e.sec('.symtab').data) // 2 + 5]


@case
def trunc_rel(raw, e):
    out, off = relayout_last(e, '.rel.struct_ops')
    return out[:off + 20]


@case
def no_btf(raw, e):
    # Rename .BTF to .BTX in the section name table.
    i = e.ehdr['e_shstrndx']
    strs = bytearray(e.sections[i].data)
    o = e.sec('.BTF').hdr['sh_name']
    assert strs[o:o + 5] == b'.BTF\0'
    strs[o + 3] = ord('X')
    e.sections[i].data = bytes(strs)
    return e.write()[0]


@case
def btf_empty(raw, e):
    return set_shdr(raw, e.index('.BTF'), sh_size=0)


@case
def struct_ops_nobits(raw, e):
    return set_shdr(raw, e.index('.struct_ops'), sh_type=SHT_NOBITS)


@case
def struct_ops_short(raw, e):
    # The section (and its DATASEC) is half as long as the map's type.
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].st = 32
    e.sec('.BTF').data = b.write()
    e.sec('.struct_ops').data = e.sec('.struct_ops').data[:32]
    return e.write()[0]


# .BTF header and sections ---------------------------------------------------
@case
def trunc_btf_hdr(raw, e):
    out, off = relayout_last(e, '.BTF')
    return out[:off + 12]


@case
def trunc_btf_types(raw, e):
    out, off = relayout_last(e, '.BTF')
    type_len = struct.unpack_from('<I', e.sec('.BTF').data, 12)[0]
    return out[:off + 24 + type_len // 2]


@case
def trunc_btf_strs(raw, e):
    out, off = relayout_last(e, '.BTF')
    d = e.sec('.BTF').data
    type_len, _, str_len = struct.unpack_from('<III', d, 12)
    return out[:off + 24 + type_len + str_len // 2]


def btf_padded(e, hdr_pad=b'', type_pad=b''):
    """.BTF with bytes after the 24-byte header and before the types."""
    b = Btf(e.sec('.BTF').data)
    tsec = b.type_bytes()
    off = len(type_pad)
    head = BTF_HDR.pack(0xeB9F, b.version, b.flags, BTF_HDR.size + len(hdr_pad),
                        off, len(tsec), off + len(tsec), len(b.strs))
    return with_btf(e, head + hdr_pad + type_pad + tsec + bytes(b.strs))


@case
def btf_hdr_len_unaligned(raw, e):
    # hdr_len 25: libbpf reads every type at an odd address (fuzz, issue 33)
    return btf_padded(e, hdr_pad=b'\0')


@case
def btf_type_off_unaligned(raw, e):
    return btf_padded(e, type_pad=b'\0\0')


@odd
def btf_hdr_longer(raw, e):
    # A newer toolchain's longer header (fields this libbpf does not know).
    return btf_padded(e, hdr_pad=b'\xff\0\0\0')


@case
def btf_bad_magic(raw, e):
    return with_btf(e, b'\x34\x12' + e.sec('.BTF').data[2:])


@case
def btf_swapped_magic(raw, e):
    # The big-endian magic: libbpf then reads every field byte-swapped.
    return with_btf(e, b'\xeb\x9f' + e.sec('.BTF').data[2:])


@case
def btf_bad_version(raw, e):
    d = e.sec('.BTF').data
    return with_btf(e, d[:2] + b'\x07' + d[3:])


@case
def btf_hdr_len_small(raw, e):
    return with_btf(e, Btf(e.sec('.BTF').data).write({'hdr_len': 8}))


@case
def btf_hdr_len_huge(raw, e):
    return with_btf(e, Btf(e.sec('.BTF').data).write({'hdr_len': 0xfffffff0}))


@case
def btf_type_len_huge(raw, e):
    return with_btf(e, Btf(e.sec('.BTF').data).write({'type_len': 0xfffffff0}))


@case
def btf_str_off_past_end(raw, e):
    b = Btf(e.sec('.BTF').data)
    return with_btf(e, b.write({'str_off': len(e.sec('.BTF').data) + 100}))


@case
def btf_str_len_huge(raw, e):
    return with_btf(e, Btf(e.sec('.BTF').data).write({'str_len': 0xffffffff}))


@case
def btf_str_unterminated(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.strs[-1] = ord('x')
    return with_btf(e, b.write())


@case
def btf_name_off_past_end(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, name_off=len(b.strs) + 1000)
    return with_btf(e, b.write())


@case
def btf_bad_type_id(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, type_id=0x7fffff)
    return with_btf(e, b.write())


@case
def btf_unknown_kind(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[b.find(INT, 'unsigned int')].set_info(kind=31)
    return with_btf(e, b.write())


@case
def btf_vlen_huge(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[ops_type(b)].set_info(vlen=0xffff)
    return with_btf(e, b.write())


@case
def btf_datasec_vlen_huge(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].set_info(vlen=0xffff)
    return with_btf(e, b.write())


# BTF types that lie --------------------------------------------------------
@case
def btf_typedef_loop(raw, e):
    # __u32 -> __u32_loop -> __u32
    b = Btf(e.sec('.BTF').data)
    u32 = b.find(TYPEDEF, '__u32')
    loop = b.add(TYPEDEF, b.add_str('__u32_loop'), st=u32)
    b.types[u32].st = loop
    return with_btf(e, b.write())


@case
def btf_typedef_self(raw, e):
    b = Btf(e.sec('.BTF').data)
    u32 = b.find(TYPEDEF, '__u32')
    b.types[u32].st = u32
    return with_btf(e, b.write())


@case
def btf_struct_self_loop(raw, e):
    # struct hostile_limits { struct hostile_limits lo; ... }
    b = Btf(e.sec('.BTF').data)
    lim = b.find(STRUCT, 'hostile_limits')
    i, _ = b.member(lim, 'lo')
    b.set_member(lim, i, type_id=lim)
    return with_btf(e, b.write())


@case
def btf_array_loop(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    _, m = b.member(t, 'name')
    b.types[m[1]].extra[0] = m[1]  # element type: the array itself
    return with_btf(e, b.write())


@case
def btf_deep_nesting(raw, e):
    # limits -> struct deep_0 { struct deep_1 m; } ... 10000 deep.
    b = Btf(e.sec('.BTF').data)
    lim = b.find(STRUCT, 'hostile_limits')
    m = b.add_str('m')
    prev = lim
    for d in range(10000, 0, -1):
        prev = b.add(STRUCT, b.add_str('deep_%d' % d), st=8, extra=[m, prev, 0])
    t = ops_type(b)
    i, _ = b.member(t, 'limits')
    b.set_member(t, i, type_id=prev)
    return with_btf(e, b.write())


@case
def btf_deep_nesting_200k(raw, e):
    # Deep enough to overflow a stack in any per-level recursion.
    b = Btf(e.sec('.BTF').data)
    prev = b.find(STRUCT, 'hostile_limits')
    for _ in range(200000):
        prev = b.add(STRUCT, st=8, extra=[0, prev, 0])  # anonymous
    t = ops_type(b)
    i, _ = b.member(t, 'limits')
    b.set_member(t, i, type_id=prev)
    return with_btf(e, b.write())


@case
def btf_align_exponential(raw, e):
    # struct wide_i { struct wide_i+1 a, b; }: 2^64 paths, no loop. Any
    # walk that does not remember types it has seen never ends.
    b = Btf(e.sec('.BTF').data)
    prev = b.find(STRUCT, 'hostile_limits')
    na, nb = b.add_str('a'), b.add_str('b')
    for d in range(64, 0, -1):
        prev = b.add(STRUCT, b.add_str('wide_%d' % d), st=8,
                     extra=[na, prev, 0, nb, prev, 0])
    t = ops_type(b)
    i, _ = b.member(t, 'limits')
    b.set_member(t, i, type_id=prev)
    return with_btf(e, b.write())


@case
def btf_const_chain_100k(raw, e):
    b = Btf(e.sec('.BTF').data)
    prev = b.find(TYPEDEF, '__u32')
    for _ in range(100000):
        prev = b.add(CONST, st=prev)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, type_id=prev)
    return with_btf(e, b.write())


@case
def btf_array_nelems_huge(raw, e):
    b = Btf(e.sec('.BTF').data)
    _, m = b.member(ops_type(b), 'name')
    b.types[m[1]].extra[2] = 0xffffffff
    return with_btf(e, b.write())


@case
def btf_array_size_wrap(raw, e):
    # int[0x40000004]: 4 * nelems wraps to 16 in 32 bits, the member's size.
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, m = b.member(t, 'name')
    arr = b.types[m[1]]
    new = b.add(ARRAY, extra=[b.find(INT, 'int'), arr.extra[1], 0x40000004])
    b.set_member(t, i, type_id=new)
    return with_btf(e, b.write())


@case
def btf_member_past_end(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'cookie')
    b.set_member(t, i, offset=(b.types[t].st + 8) * 8)
    return with_btf(e, b.write())


@case
def btf_member_overlap(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, offset=32)  # inside the 8-byte 'init' slot
    return with_btf(e, b.write())


@case
def btf_bitfield_too_wide(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    assert b.types[t].info >> 31, 'hostile_ops has bitfields'
    i, m = b.member(t, 'kind')
    b.set_member(t, i, offset=(200 << 24) | (m[2] & 0xffffff))
    return with_btf(e, b.write())


@case
def btf_struct_size_huge(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[ops_type(b)].st = 0xfffffff0
    return with_btf(e, b.write())


@odd
def btf_member_name_injection(raw, e):
    # A member name that is no C identifier must not reach the header.
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, name_off=b.add_str('flags;\n#error injected\nint x'))
    return with_btf(e, b.write())


@odd
def btf_member_name_newline(raw, e):
    # Refused or not, a name never splits the one-line error or the header.
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'flags')
    b.set_member(t, i, name_off=b.add_str('fl\nags'))
    return with_btf(e, b.write())


@odd
def btf_type_name_not_ident(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[ops_type(b)].name_off = b.add_str('hostile ops\xff */ int')
    return with_btf(e, b.write())


@odd
def btf_anon_scalar_member(raw, e):
    # An unnamed member that is no struct/union (C has none but bitfields).
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'cookie')
    b.set_member(t, i, name_off=0)
    return with_btf(e, b.write())


@odd
def btf_anon_func_ptr_member(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'tick')
    b.set_member(t, i, name_off=0)
    return with_btf(e, b.write())


@odd
def btf_anon_array_member(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, _ = b.member(t, 'name')
    b.set_member(t, i, name_off=0)
    return with_btf(e, b.write())


@odd
def btf_int_bit_offset(raw, e):
    # INT with a bit offset (legal BTF, never emitted by clang).
    b = Btf(e.sec('.BTF').data)
    t = b.types[b.find(INT, 'unsigned long long')]
    t.extra[0] = (4 << 16) | 60
    return with_btf(e, b.write())


@odd
def btf_bitfield_odd_int(raw, e):
    # Bitfields of a 7-bit unsigned char: no plain C type, still a bitfield.
    b = Btf(e.sec('.BTF').data)
    t = b.types[b.find(INT, 'unsigned char')]
    t.extra[0] = (t.extra[0] & ~0xff) | 7
    return with_btf(e, b.write())


@case
def btf_bitfield_enum_odd_size(raw, e):
    # Bitfields of a 6-byte enum64: no C type has its size, and the kernel
    # refuses such an enum. Once a NULL C type and a SIGSEGV (issue 33).
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    en = b.add(ENUM64, b.add_str('odd_enum'), 6,
               [b.add_str('ODD_A'), 10, 0])
    for name in ('kind', 'mode'):
        i, _ = b.member(t, name)
        b.set_member(t, i, type_id=en)
    return with_btf(e, b.write())


@odd
def btf_bitfield_int_odd_size(raw, e):
    # Bitfields of a 6-byte int (legal BTF): one crosses an 8-byte unit, so
    # it becomes raw bytes with accessors, whose value type must exist.
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    u48 = b.add(INT, b.add_str('u48'), 6, [48])
    lim, _ = b.member(t, 'limits')
    b.set_member(t, lim, type_id=u48, offset=(40 << 24) | 320)
    ck, _ = b.member(t, 'cookie')
    b.set_member(t, ck, type_id=u48, offset=(30 << 24) | 370)
    return with_btf(e, b.write())


@odd
def btf_duplicate_member_names(raw, e):
    b = Btf(e.sec('.BTF').data)
    t = ops_type(b)
    i, m = b.member(t, 'weight')
    j, _ = b.member(t, 'flags')
    b.set_member(t, j, name_off=m[0])
    return with_btf(e, b.write())


@odd
def btf_two_vars_same_offset(raw, e):
    # hostile_b placed over hostile_a in .struct_ops: overlapping maps.
    b = Btf(e.sec('.BTF').data)
    ds = b.types[datasec(b)]
    vb = b.find(VAR, 'hostile_b')
    ds.extra += [vb, 0, 64]
    ds.set_info(vlen=2)
    e.sec('.BTF').data = b.write()
    return e.write()[0]


@case
def btf_var_not_struct(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[b.find(VAR, 'hostile_a')].st = b.find(INT, 'int')
    return with_btf(e, b.write())


@case
def btf_datasec_entry_not_var(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].extra[0] = ops_type(b)
    return with_btf(e, b.write())


@case
def btf_datasec_entry_bad_id(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].extra[0] = 0xffffff
    return with_btf(e, b.write())


# DATASEC against the section and symbols ------------------------------------
def move_var(e, value, btf_off):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].extra[1] = btf_off
    e.sec('.BTF').data = b.write()
    syms = e.symbols()
    syms[e.sym_index('hostile_a')][4] = value
    e.set_symbols(syms)
    return e.write()[0]


@case
def datasec_var_outside(raw, e):
    return move_var(e, 0x1000, 0x1000)


@case
def datasec_var_overflow(raw, e):
    return move_var(e, 0xfffffffffffffff0, 0xfffffff0)


@case
def datasec_size_mismatch(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].st = 32  # the section is 64 bytes
    return with_btf(e, b.write())


@case
def datasec_var_size_mismatch(raw, e):
    b = Btf(e.sec('.BTF').data)
    b.types[datasec(b)].extra[2] = 32  # the type is 64 bytes
    return with_btf(e, b.write())


# Symbols and relocations ----------------------------------------------------
def edit_rel(e, idx, offset=None, sym=None):
    rels = e.rels('.rel.struct_ops')
    if offset is not None:
        rels[idx][0] = offset
    if sym is not None:
        rels[idx][1] = (sym << 32) | (rels[idx][1] & 0xffffffff)
    e.set_rels('.rel.struct_ops', rels)
    return e.write()[0]


@case
def reloc_missing_sym(raw, e):
    return edit_rel(e, 0, sym=9999)


@case
def reloc_null_sym(raw, e):
    return edit_rel(e, 0, sym=0)


@case
def reloc_non_program_sym(raw, e):
    return edit_rel(e, 0, sym=e.sym_index('hostile_a'))


@case
def reloc_past_end(raw, e):
    return edit_rel(e, 0, offset=0x1000)


@case
def reloc_offset_overflow(raw, e):
    return edit_rel(e, 0, offset=0xfffffffffffffffc)


@case
def reloc_not_func_slot(raw, e):
    return edit_rel(e, 0, offset=16)  # 'flags'


@case
def reloc_misaligned(raw, e):
    return edit_rel(e, 0, offset=4)  # inside 'init'


@case
def symtab_bad_link(raw, e):
    e.sections[e.symtab_index()].hdr['sh_link'] = 99
    return e.write()[0]


@case
def sym_name_past_strtab(raw, e):
    syms = e.symbols()
    syms[e.sym_index('hostile_init')][0] = 0xffffff
    e.set_symbols(syms)
    return e.write()[0]


@case
def sym_shndx_out_of_range(raw, e):
    syms = e.symbols()
    syms[e.sym_index('hostile_init')][3] = 0xfeee
    e.set_symbols(syms)
    return e.write()[0]


@odd
def sym_name_newline(raw, e):
    st = e.sections[e.symtab_index()]
    strtab = e.sections[st.hdr['sh_link']]
    off = len(strtab.data)
    strtab.data += b'hostile\ninit\0'
    syms = e.symbols()
    syms[e.sym_index('hostile_init')][0] = off
    e.set_symbols(syms)
    return e.write()[0]


@case
def reloc_undef_sym_newline(raw, e):
    # The error names the symbol: its newline must not split the line.
    st = e.sections[e.symtab_index()]
    strtab = e.sections[st.hdr['sh_link']]
    off = len(strtab.data)
    strtab.data += b'b\n\0'
    syms = e.symbols()
    syms.append([off, 0x10, 0, 0, 0, 0])  # GLOBAL NOTYPE, undefined
    e.set_symbols(syms)
    return edit_rel(e, 0, sym=len(syms) - 1)


@case
def reloc_prog_sec_newline(raw, e):
    # The target's section is no struct_ops/ one, and its name has a CR/LF.
    i = e.ehdr['e_shstrndx']
    off = len(e.sections[i].data)
    e.sections[i].data += b'text\r\nmore\0'
    sym = e.symbols()[e.sym_index('hostile_release')]
    e.sections[sym[3]].hdr['sh_name'] = off
    return e.write()[0]


def rename_prog_sec(e, name):
    i = e.ehdr['e_shstrndx']
    off = len(e.sections[i].data)
    e.sections[i].data += name + b'\0'
    sym = e.symbols()[e.sym_index('hostile_release')]
    e.sections[sym[3]].hdr['sh_name'] = off
    return e.write()[0]


@case
def reloc_prog_sec_lookalike(raw, e):
    # libbpf's SEC_DEF("struct_ops+") wants "struct_ops" then '/' or end
    return rename_prog_sec(e, b'struct_opsx/hostile_release')


@case
def reloc_prog_sec_sleepable_lookalike(raw, e):
    # ... and "struct_ops.s+" likewise: ".sleep" is neither
    return rename_prog_sec(e, b'?struct_ops.sleep/hostile_release')


def main():
    if sys.argv[1:] == ['--list']:
        print('\n'.join(list(CASES) + list(SPECIAL)))
        return 0
    if sys.argv[1:] == ['--list-odd']:
        print('\n'.join(ODD))
        return 0
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src, outdir = sys.argv[1:]
    raw = open(src, 'rb').read()
    os.makedirs(outdir, exist_ok=True)
    for name, fn in list(CASES.items()) + list(ODD.items()):
        data = fn(raw, Elf(raw))
        assert data != raw, name
        path = os.path.join(outdir, name + '.bpf.o')
        with open(path + '.tmp', 'wb') as f:
            f.write(data)
        os.replace(path + '.tmp', path)
    os.makedirs(os.path.join(outdir, 'directory.bpf.o'), exist_ok=True)
    try:
        os.unlink(os.path.join(outdir, 'nonexistent.bpf.o'))
    except FileNotFoundError:
        pass
    # Positive control: the same object laid out again must still work.
    e = Elf(raw)
    out, _ = e.write(order=list(range(len(e.sections) - 1, 0, -1)), sht_first=True)
    with open(os.path.join(outdir, 'relayout.bpf.o'), 'wb') as f:
        f.write(out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
