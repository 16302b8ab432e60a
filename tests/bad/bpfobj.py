# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Read, edit and rewrite little-endian ELF64 BPF objects and their .BTF.

Just enough of ELF and BTF to derive hostile objects from a valid one:
sections are kept as bytes and laid out again on write, so a test may
change any header field, any section's bytes, or the order of sections in
the file. No third-party modules: Debian's python3 only.
"""
import struct

EHDR = struct.Struct('<16sHHIQQQIHHHHHH')
SHDR = struct.Struct('<IIQQQQIIQQ')
SYM = struct.Struct('<IBBHQQ')
REL = struct.Struct('<QQ')

SHT_NULL, SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB = 0, 1, 2, 3
SHT_NOBITS, SHT_REL = 8, 9
EM_BPF, EM_X86_64 = 247, 62

EHDR_FIELDS = ('e_ident e_type e_machine e_version e_entry e_phoff e_shoff '
               'e_flags e_ehsize e_phentsize e_phnum e_shentsize e_shnum '
               'e_shstrndx').split()
SHDR_FIELDS = ('sh_name sh_type sh_flags sh_addr sh_offset sh_size sh_link '
               'sh_info sh_addralign sh_entsize').split()


class Section:
    def __init__(self, hdr, data):
        self.hdr = hdr      # dict of SHDR_FIELDS
        self.data = data    # bytes (b'' for SHT_NULL/SHT_NOBITS)
        self.name = ''


class Elf:
    """A relocatable ELF64 LSB object: header, sections, no segments."""

    def __init__(self, raw):
        self.ehdr = dict(zip(EHDR_FIELDS, EHDR.unpack_from(raw, 0)))
        off, n = self.ehdr['e_shoff'], self.ehdr['e_shnum']
        self.sections = []
        for i in range(n):
            hdr = dict(zip(SHDR_FIELDS, SHDR.unpack_from(raw, off + i * SHDR.size)))
            data = b''
            if hdr['sh_type'] not in (SHT_NULL, SHT_NOBITS):
                data = raw[hdr['sh_offset']:hdr['sh_offset'] + hdr['sh_size']]
            self.sections.append(Section(hdr, data))
        strs = self.sections[self.ehdr['e_shstrndx']].data
        for s in self.sections:
            s.name = cstr(strs, s.hdr['sh_name'])

    def index(self, name):
        for i, s in enumerate(self.sections):
            if s.name == name:
                return i
        raise KeyError(name)

    def sec(self, name):
        return self.sections[self.index(name)]

    # symbols -------------------------------------------------------------
    def symtab_index(self):
        for i, s in enumerate(self.sections):
            if s.hdr['sh_type'] == SHT_SYMTAB:
                return i
        raise KeyError('.symtab')

    def symbols(self):
        st = self.sections[self.symtab_index()]
        return [list(SYM.unpack_from(st.data, o))
                for o in range(0, len(st.data) - SYM.size + 1, SYM.size)]

    def set_symbols(self, syms):
        st = self.sections[self.symtab_index()]
        st.data = b''.join(SYM.pack(*s) for s in syms)

    def sym_index(self, name):
        strs = self.sections[self.sections[self.symtab_index()].hdr['sh_link']].data
        for i, s in enumerate(self.symbols()):
            if cstr(strs, s[0]) == name:
                return i
        raise KeyError(name)

    # relocations ---------------------------------------------------------
    def rels(self, name):
        d = self.sec(name).data
        return [list(REL.unpack_from(d, o)) for o in range(0, len(d), REL.size)]

    def set_rels(self, name, rels):
        self.sec(name).data = b''.join(REL.pack(*r) for r in rels)

    # writing -------------------------------------------------------------
    def write(self, order=None, sht_first=False, keep_sizes=()):
        """Lay the object out again; returns (bytes, {index: offset}).

        order: section indexes in file order (default: index order).
        sht_first: put the section header table right after the ELF header
        (so a truncated file still has all its headers).
        keep_sizes: indexes whose sh_size is left as set by the caller
        instead of the length of their data.
        """
        n = len(self.sections)
        order = list(range(1, n)) if order is None else order
        out = bytearray(EHDR.size)
        shoff = None
        if sht_first:
            shoff = align(len(out), 8)
            out += b'\0' * (shoff - len(out) + n * SHDR.size)
        offs = {}
        for i in order:
            s = self.sections[i]
            a = max(1, s.hdr['sh_addralign'])
            o = align(len(out), a)
            out += b'\0' * (o - len(out)) + s.data
            offs[i] = o
        if not sht_first:
            shoff = align(len(out), 8)
            out += b'\0' * (shoff - len(out) + n * SHDR.size)
        eh = dict(self.ehdr, e_shoff=shoff)
        out[0:EHDR.size] = EHDR.pack(*[eh[f] for f in EHDR_FIELDS])
        for i, s in enumerate(self.sections):
            h = dict(s.hdr)
            if i in offs:
                h['sh_offset'] = offs[i]
            if i not in keep_sizes and h['sh_type'] not in (SHT_NULL, SHT_NOBITS):
                h['sh_size'] = len(s.data)
            struct.pack_into('<IIQQQQIIQQ', out, shoff + i * SHDR.size,
                             *[h[f] for f in SHDR_FIELDS])
        return bytes(out), offs


def align(x, a):
    return (x + a - 1) // a * a


def cstr(buf, off):
    end = buf.find(b'\0', off)
    return buf[off:end if end >= 0 else len(buf)].decode('latin-1')


# BTF ---------------------------------------------------------------------
BTF_MAGIC = 0xeB9F
BTF_HDR = struct.Struct('<HBBIIIII')
(INT, PTR, ARRAY, STRUCT, UNION, ENUM, FWD, TYPEDEF, VOLATILE, CONST,
 RESTRICT, FUNC, FUNC_PROTO, VAR, DATASEC, FLOAT, DECL_TAG, TYPE_TAG,
 ENUM64) = range(1, 20)

# u32 words of kind-specific data: (fixed, per vlen item)
_EXTRA = {INT: (1, 0), ARRAY: (3, 0), STRUCT: (0, 3), UNION: (0, 3),
          ENUM: (0, 2), FUNC_PROTO: (0, 2), VAR: (1, 0), DATASEC: (0, 3),
          DECL_TAG: (1, 0), ENUM64: (0, 3)}


class Type:
    """One BTF type: name_off, info, size_or_type and its extra u32s."""

    def __init__(self, name_off, info, st, extra):
        self.name_off, self.info, self.st, self.extra = name_off, info, st, extra

    @property
    def kind(self):
        return (self.info >> 24) & 0x1f

    @property
    def vlen(self):
        return self.info & 0xffff

    def set_info(self, kind=None, vlen=None, kflag=None):
        k = self.kind if kind is None else kind
        v = self.vlen if vlen is None else vlen
        f = (self.info >> 31) if kflag is None else kflag
        self.info = (f << 31) | (k << 24) | v

    def items(self, width=3):
        """Copies of the vlen records (members, vars, params...)."""
        return [self.extra[i:i + width] for i in range(0, len(self.extra), width)]


class Btf:
    def __init__(self, raw):
        (magic, self.version, self.flags, self.hdr_len, type_off, type_len,
         str_off, str_len) = BTF_HDR.unpack_from(raw, 0)
        assert magic == BTF_MAGIC, 'only little-endian BTF'
        tbeg = self.hdr_len + type_off
        tsec = raw[tbeg:tbeg + type_len]
        sbeg = self.hdr_len + str_off
        self.strs = bytearray(raw[sbeg:sbeg + str_len])
        self.types = [None]  # id 0 is void
        o = 0
        while o < len(tsec):
            name_off, info, st = struct.unpack_from('<III', tsec, o)
            o += 12
            t = Type(name_off, info, st, [])
            fixed, per = _EXTRA.get(t.kind, (0, 0))
            n = fixed + per * t.vlen
            t.extra = list(struct.unpack_from('<%dI' % n, tsec, o))
            o += 4 * n
            self.types.append(t)

    def name(self, tid):
        return cstr(self.strs, self.types[tid].name_off)

    def str_at(self, off):
        return cstr(self.strs, off)

    def add_str(self, s):
        off = len(self.strs)
        self.strs += s.encode() + b'\0'
        return off

    def add(self, kind, name_off=0, st=0, extra=(), vlen=None, kflag=0):
        if vlen is None:
            fixed, per = _EXTRA.get(kind, (0, 0))
            vlen = (len(extra) - fixed) // per if per else 0
        t = Type(name_off, 0, st, list(extra))
        t.set_info(kind, vlen, kflag)
        self.types.append(t)
        return len(self.types) - 1

    def find(self, kind, name):
        for i, t in enumerate(self.types[1:], 1):
            if t.kind == kind and self.name(i) == name:
                return i
        raise KeyError(name)

    def member(self, tid, name):
        """(index, record) of a struct/union member by name."""
        t = self.types[tid]
        for i, m in enumerate(t.items(3)):
            if self.str_at(m[0]) == name:
                return i, m
        raise KeyError(name)

    def set_member(self, tid, idx, name_off=None, type_id=None, offset=None):
        e = self.types[tid].extra
        if name_off is not None:
            e[3 * idx] = name_off
        if type_id is not None:
            e[3 * idx + 1] = type_id
        if offset is not None:
            e[3 * idx + 2] = offset

    def type_bytes(self):
        out = bytearray()
        for t in self.types[1:]:
            out += struct.pack('<III', t.name_off, t.info, t.st)
            out += struct.pack('<%dI' % len(t.extra), *t.extra)
        return bytes(out)

    def write(self, hdr=None):
        """Serialize; hdr may override header fields by name."""
        tsec = self.type_bytes()
        h = dict(magic=BTF_MAGIC, version=self.version, flags=self.flags,
                 hdr_len=BTF_HDR.size, type_off=0, type_len=len(tsec),
                 str_off=len(tsec), str_len=len(self.strs))
        h.update(hdr or {})
        head = BTF_HDR.pack(h['magic'], h['version'], h['flags'], h['hdr_len'],
                            h['type_off'], h['type_len'], h['str_off'],
                            h['str_len'])
        return head + tsec + bytes(self.strs)
