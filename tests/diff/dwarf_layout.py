#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Struct and union layouts as a compiler wrote them into DWARF.

  dwarf_layout.py DWARFDUMP OBJ...

For every named struct or union type of each OBJ (llvm-dwarfdump's text
of --debug-info, parsed here: no third-party module), prints

  T <obj> <qualified name> <byte size>
  M <member name> <byte offset> <byte size>
  B <member name> <bit offset> <bit size>        (a bitfield)

The qualified name is the type's namespaces and name joined by '::'
(Rust's modules), the bare name for C. A member's size is its type's,
typedefs and qualifiers followed, arrays multiplied out.
"""
import re
import subprocess
import sys

DIE = re.compile(r'^0x([0-9a-f]+):( +)(DW_TAG_\w+)')
ATTR = re.compile(r'^\s+(DW_AT_\w+)\s+\((.*)\)$')
AGGR = ('DW_TAG_structure_type', 'DW_TAG_union_type', 'DW_TAG_class_type')
FOLLOW = ('DW_TAG_typedef', 'DW_TAG_const_type', 'DW_TAG_volatile_type',
          'DW_TAG_atomic_type', 'DW_TAG_restrict_type')


def num(v):
    v = v.split()[0]
    return int(v, 0)


def ref(v):
    return int(v.split()[0], 16)


def parse(text):
    """The DIEs: {offset: die}, each with tag, attrs, children, parent."""
    dies, stack, addr = {}, [], 8
    cur = None
    for line in text.splitlines():
        m = DIE.match(line)
        if m:
            off, depth = int(m.group(1), 16), len(m.group(2))
            while stack and stack[-1][0] >= depth:
                stack.pop()
            cur = {'tag': m.group(3), 'at': {}, 'kids': [], 'off': off,
                   'parent': stack[-1][1] if stack else None, 'addr': addr}
            if cur['parent'] is not None:
                cur['parent']['kids'].append(cur)
            dies[off] = cur
            stack.append((depth, cur))
            continue
        m = re.search(r'addr_size = (0x[0-9a-f]+)', line)
        if m:
            addr = int(m.group(1), 16)
            continue
        m = ATTR.match(line)
        if m and cur is not None:
            cur['at'][m.group(1)] = m.group(2)
    return dies


def name(die):
    v = die['at'].get('DW_AT_name')
    return v.strip('"') if v else None


def size_of(dies, off, depth=0):
    d = dies[off]
    if depth > 64:
        raise ValueError('type cycle at 0x%x' % off)
    at = d['at']
    if d['tag'] == 'DW_TAG_array_type':
        n = 1
        for k in d['kids']:
            if k['tag'] != 'DW_TAG_subrange_type':
                continue
            ka = k['at']
            if 'DW_AT_count' in ka:
                n *= num(ka['DW_AT_count'])
            elif 'DW_AT_upper_bound' in ka:
                lo = num(ka.get('DW_AT_lower_bound', '0'))
                n *= num(ka['DW_AT_upper_bound']) - lo + 1
            else:
                n = 0  # a flexible array
        return n * size_of(dies, ref(at['DW_AT_type']), depth + 1)
    if 'DW_AT_byte_size' in at:
        return num(at['DW_AT_byte_size'])
    if d['tag'] == 'DW_TAG_pointer_type':
        return d['addr']
    if d['tag'] in FOLLOW and 'DW_AT_type' in at:
        return size_of(dies, ref(at['DW_AT_type']), depth + 1)
    raise ValueError('no size for %s at 0x%x' % (d['tag'], off))


def bit_offset(at):
    """From the type's start; DWARF 2's form counts from the storage
    unit's most significant bit (gcc writes it for a union's members)."""
    if 'DW_AT_data_bit_offset' in at:
        return num(at['DW_AT_data_bit_offset'])
    unit = num(at['DW_AT_byte_size']) * 8
    loc = num(at.get('DW_AT_data_member_location', '0'))
    return loc * 8 + unit - num(at['DW_AT_bit_offset']) - num(at['DW_AT_bit_size'])


def qualified(die):
    parts = [name(die)]
    p = die['parent']
    while p is not None and p['tag'] != 'DW_TAG_compile_unit':
        if p['tag'] == 'DW_TAG_namespace':
            parts.append(name(p) or '{anon}')
        p = p['parent']
    return '::'.join(reversed(parts))


def dump(obj, dies, out):
    seen = set()
    for d in dies.values():
        if d['tag'] not in AGGR or not name(d):
            continue
        if 'DW_AT_declaration' in d['at']:
            continue
        q = qualified(d)
        if q in seen:  # the same type in several units (C's headers)
            continue
        seen.add(q)
        out.append('T %s %s %d' % (obj, q, num(d['at']['DW_AT_byte_size'])))
        members(dies, d, 0, out)


def members(dies, d, base, out):
    """d's members at base; an anonymous struct or union member's own
    members in its place (C11's anonymous members)."""
    for k in d['kids']:
        if k['tag'] != 'DW_TAG_member':
            continue
        at = k['at']
        mname = name(k)
        loc = base + num(at.get('DW_AT_data_member_location', '0'))
        if 'DW_AT_bit_size' in at:
            out.append('B %s %d %d' % (mname or '<anon>',
                                       base * 8 + bit_offset(at),
                                       num(at['DW_AT_bit_size'])))
            continue
        if mname is None:
            t = dies[ref(at['DW_AT_type'])]
            if t['tag'] in AGGR and not name(t):
                members(dies, t, loc, out)
                continue
        out.append('M %s %d %d' % (mname or '<anon>', loc,
                                   size_of(dies, ref(at['DW_AT_type']))))


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: dwarf_layout.py DWARFDUMP OBJ...')
    out = []
    for obj in sys.argv[2:]:
        text = subprocess.run([sys.argv[1], '--debug-info', obj], check=True,
                              capture_output=True, text=True).stdout
        dump(obj, parse(text), out)
    print('\n'.join(out))


if __name__ == '__main__':
    main()
