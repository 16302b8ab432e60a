#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Compare what gcc, Go and rustc made of one object's three outputs.

  compare.py LIST C.txt GO.txt RUST.txt

LIST: "<key> <plan.json> <languages> <label>" per object (languages:
c,go,rust, or c,rust for an object with no Go file), key oN (the C unit oN.o,
the Go package oN, the Rust module oN). The *.txt files are layouts as
the compilers see them (dwarf_layout.py's T/M/B lines for gcc's and
rustc's DWARF; the Go program's reflect lines, the same format).

For every type of every object's layout plan (dump --plan: the BTF's
layout and each language's names), each language's compiled type must
have the plan's size, and its members must be exactly the plan's, each at
the plan's offset with the plan's size:
  - C: every named field (bitfields: bit offset and width in DWARF);
  - Go: the fields in order (padding is '_'), a bitfield run as bitsN, a
    union as one byte array 'raw' (its members are methods);
  - Rust: every named field by name, a bitfield run as __run_N.
Each value is also compared across the languages that have it; every
disagreement is printed with all values, and the exit status is 1.
"""
import json
import re
import sys


def read_layouts(path, key_of):
    """{(key, type name): (size, [(kind, name, a, b)])}"""
    types, cur = {}, None
    with open(path) as f:
        for line in f:
            p = line.split()
            if not p:
                continue
            if p[0] == 'T':
                k = key_of(p[1], p[2])
                cur = None
                if k is None:
                    continue
                cur = types.setdefault(k, (int(p[3]), []))
            elif cur is not None:
                cur[1].append((p[0], p[1], int(p[2]), int(p[3])))
    return types


def c_key(obj, name):
    m = re.search(r'(o\d+)\.o$', obj)
    return (m.group(1), name) if m else None


def go_key(obj, name):
    return (obj, name)


def rust_key(obj, name):
    parts = name.split('::')
    if len(parts) < 2 or not re.match(r'o\d+$', parts[-2]):
        return None
    return (parts[-2], parts[-1])


def unraw(name):
    return name[2:] if name and name.startswith('r#') else name


class Diff:
    def __init__(self):
        self.errors = []
        self.values = 0  # (language, value) pairs compared
        self.members = 0  # plan fields and runs compared
        self.types = 0

    def err(self, msg):
        self.errors.append(msg)


def c_members(plan, t, base=0, pre=()):
    """{C member name: (key, 'M' or 'B', value the BTF gives)} of t as
    its C struct has them: an anonymous nested type's members in its
    place (C11), a bitfield C cannot spell natively as its run's bytes
    (__bits_N, the bitfields then accessors), a slot's pointer and its
    8 bytes (__slot_N)."""
    out = {}
    for i, f in enumerate(t['fields']):
        n = f['names']['c']
        r = f['range']
        if r == 'nested' and n is None:
            sub = plan['types'][f['type']]
            out.update(c_members(plan, sub, base + f['offset'],
                                 pre + (('anon', i),)))
            continue
        if n is None:
            continue
        if r == 'bits':
            out[n] = (pre + ('run', f['run']), 'M', (base + f['offset'], f['size']))
        elif r == 'bitfield':
            if t['runs'][f['run']]['native']:
                out[n] = (pre + ('bit', i), 'B',
                          (base * 8 + f['bit_offset'], f['bit_size']))
        else:
            out[n] = (pre + ('f', i), 'M', (base + f['offset'], f['size']))
            if r == 'slot':
                out['__slot_' + n] = out[n]
    return out


def expect_c(plan, t, members, where, d):
    """C: {key: value} from gcc's members; unknown ones are errors."""
    want = c_members(plan, t)
    got = {}
    for kind, n, a, b in members:
        if n not in want:
            d.err('%s: C member %s is not in the plan' % (where, n))
            continue
        k, wkind, _ = want[n]
        if kind != wkind:
            d.err('%s: C member %s: bitfield in one, not the other' % (where, n))
            continue
        if got.get(k, (a, b)) != (a, b):
            d.err('%s: C member %s: %s and %s' % (where, n, got[k], (a, b)))
        got[k] = (a, b)
    return got


def expect_go(plan, t, members, where, d):
    members = [m for m in members if not (m[1] == '_' and m[3] == 0)]
    got = {}
    if t['union']:
        if [m[1] for m in members] != ['raw']:
            d.err('%s: Go union is not one raw array: %s' % (where, members))
            return got
        got[('raw',)] = (members[0][2], members[0][3])
        return got
    want = []  # plan storage in order: fields outside runs, runs
    for i, f in enumerate(t['fields']):
        if 'run' not in f:
            n = f['names']['go']
            if f['range'] in ('slot', 'opaque', 'padding'):
                n = '_'  # bytes only: the view's methods, if any
            want.append((('f', i), n))
        elif t['runs'][f['run']]['first'] == i:
            want.append((('run', f['run']), 'bits%d' % f['run']))
    if len(want) != len(members):
        d.err('%s: Go has %d members, the plan %d: %s' %
              (where, len(members), len(want), [m[1] for m in members]))
    for (key, n), m in zip(want, members):
        if m[1] != n:
            d.err('%s: Go member %s where the plan has %s' % (where, m[1], n))
            continue
        got[key] = (m[2], m[3])
    return got


def expect_rust(plan, t, members, where, d):
    by_name = {}
    for i, f in enumerate(t['fields']):
        if 'run' in f:
            continue
        by_name[unraw(f['names']['rust'])] = ('f', i)
    for r, run in enumerate(t['runs']):
        by_name[unraw(run['names']['rust'])] = ('run', r)
    got = {}
    for kind, n, a, b in members:
        if kind != 'M' or n not in by_name:
            d.err('%s: Rust member %s is not in the plan' % (where, n))
            continue
        got[by_name[n]] = (a, b)
    return got


def plan_values(t):
    want = {}
    for i, f in enumerate(t['fields']):
        if f['range'] == 'bitfield':
            want[('bit', i)] = (f['bit_offset'], f['bit_size'])
        if 'run' not in f:
            want[('f', i)] = (f['offset'], f['size'])
    for r, run in enumerate(t['runs']):
        want[('run', r)] = (run['offset'], run['size'])
    if t['union']:
        want[('raw',)] = (0, t['size'])
    return want


def key_name(t, key):
    if key[0] == 'anon':
        return 'anonymous member %d: %s' % (key[1], key[2:])
    if key[0] in ('f', 'bit'):
        f = t['fields'][key[1]]
        return f['btf_name'] or '%s@%d' % (f['range'], f['offset'])
    if key[0] == 'run':
        return 'bitfield run %d' % key[1]
    return 'the union bytes'


def shape(t):
    return ([(f['range'], f['offset'], f['size'], f.get('bit_offset'))
             for f in t['fields']], t['size'], t['union'],
            [(r['offset'], r['size']) for r in t['runs']])


def lookup_name(plan, t, lang):
    """The name the language's compiled type has: a type of the same
    layout as an earlier one is an alias of it (same_layout)."""
    seen = 0
    while 'same_layout' in t and seen < len(plan['types']):
        t = plan['types'][t['same_layout']]
        seen += 1
    n = t['names'][lang]
    return unraw(n) if lang == 'rust' and n else n


def one_type(key, label, tl, langs, d):
    """tl: {lang: (plan, plan type)} of one path."""
    plan0, t = next(iter(tl.values()))
    where = '%s (%s): type %s' % (label, key, t['path'])
    for lang, (_, lt_) in tl.items():
        if shape(lt_) != shape(t):
            d.err('%s: the %s plan has another layout' % (where, lang))
    want = plan_values(t)
    got = {}
    langs = [x for x in langs if x[0] in tl]
    for lang, layouts, expect in langs:
        plan, lt_ = tl[lang]
        name = lookup_name(plan, lt_, lang)
        if name is None:  # C: an anonymous type, its members in its parent's
            continue
        lt = layouts.get((key, name))
        if lt is None:
            d.err('%s: %s has no type %s' % (where, lang, name))
            continue
        d.values += 1
        if lt[0] != t['size']:
            d.err('%s: %s size %d, plan (BTF) %d' % (where, lang, lt[0], t['size']))
        vals = expect(plan, lt_, lt[1], '%s %s' % (where, lang), d)
        for k, v in vals.items():
            got.setdefault(k, {})[lang] = v
    # the languages' sets: C's from c_members, Go has no union members, ...
    cw = {k: v for k, _, v in c_members(plan0, t).values()}
    want.update(cw)
    need = {'c': list(cw),
            'go': ([('raw',)] if t['union'] else
                   [k for k in want if len(k) == 2 and k[0] in ('f', 'run')]),
            'rust': [k for k in want if len(k) == 2 and k[0] in ('f', 'run')]}
    for lang, layouts, _ in langs:
        plan, lt_ = tl[lang]
        name = lookup_name(plan, lt_, lang)
        if name is None or (key, name) not in layouts:
            continue
        for k in need[lang]:
            if lang not in got.get(k, {}):
                d.err('%s: %s lacks %s' % (where, lang, key_name(t, k)))
    for k, by_lang in sorted(got.items(), key=str):
        d.members += 1
        d.values += len(by_lang)
        vals = set(by_lang.values())
        if len(vals) > 1 or (k in want and want[k] not in vals):
            d.err('%s: %s: %s; plan (BTF) %s' % (
                where, key_name(t, k),
                ', '.join('%s %s' % (l, v) for l, v in sorted(by_lang.items())),
                want.get(k)))
    d.types += 1


def one_object(key, label, plans, langs, d):
    """plans: {lang: plan}; types matched by path (the Go copy's plan may
    order its maps otherwise)."""
    by_id, ids = {}, []
    for lang, p in plans.items():
        seen = {}
        for t in p['types']:
            # an anonymous type has its parent's path: the nth of a path
            n = seen.get(t['path'], 0)
            seen[t['path']] = n + 1
            tid = (t['path'], n)
            if tid not in by_id:
                by_id[tid] = {}
                ids.append(tid)
            by_id[tid][lang] = (p, t)
    for tid in ids:
        tl = by_id[tid]
        # Two maps of one layout: the copy for Go may list its maps in
        # another order, so the path of the type both share (and so what
        # a path names) may differ: Go is then compared with its own plan
        # (the same BTF) alone.
        ref = next(iter(tl.values()))[1]
        if 'go' in tl and len(tl) > 1 and shape(tl['go'][1]) != shape(ref):
            one_type(key, label, {'go': tl.pop('go')}, langs, d)
        one_type(key, label, tl, langs, d)


def main():
    if len(sys.argv) != 5:
        sys.exit('usage: compare.py LIST C.txt GO.txt RUST.txt')
    langs = [('c', read_layouts(sys.argv[2], c_key), expect_c),
             ('go', read_layouts(sys.argv[3], go_key), expect_go),
             ('rust', read_layouts(sys.argv[4], rust_key), expect_rust)]
    d = Diff()
    nobj = 0
    with open(sys.argv[1]) as f:
        for line in f:
            key, plan, which, label = line.split(None, 3)
            which = which.split(',')
            plans = {}
            for lang in which:
                path = plan
                if lang == 'go':
                    path = plan[:-len('.json')] + '.go.json'
                with open(path) as pf:
                    plans[lang] = json.load(pf)
            nobj += 1
            one_object(key, label.strip(), plans, langs, d)
    for e in d.errors[:200]:
        print('DIFF: ' + e)
    if len(d.errors) > 200:
        print('DIFF: ... %d more' % (len(d.errors) - 200))
    print('%d objects, %d types, %d members and runs, %d values compared '
          '(C, Go, Rust and the plan): %d disagreements' %
          (nobj, d.types, d.members, d.values, len(d.errors)))
    return 1 if d.errors else 0


if __name__ == '__main__':
    sys.exit(main())
