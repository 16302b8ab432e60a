#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""The Go program and the Rust crate root of the differential test.

  mkprogs.py LIST ROOTPREFIX MAIN.go LIB.rs

LIST as compare.py reads it (plans under ROOTPREFIX). MAIN.go imports
each object's package and prints, through reflect, every type of its Go
plan (the plan's name: an alias has its target's) as T/M lines. LIB.rs
includes each object's module and makes a static of every type of its
plan, so that rustc's DWARF has them all; diff_noprove! is there for
diff.sh's planted runs (the modules' own proofs switched off).
"""
import json
import sys


def plans(list_path, prefix):
    with open(list_path) as f:
        for line in f:
            key, plan, langs, _ = line.split(None, 3)
            with open(prefix + plan) as pf:
                p = json.load(pf)
            gp = p
            if 'go' in langs.split(','):
                with open(prefix + plan[:-len('.json')] + '.go.json') as pf:
                    gp = json.load(pf)
            yield key, p, gp, langs.split(',')


def main():
    if len(sys.argv) != 5:
        sys.exit('usage: mkprogs.py LIST ROOTPREFIX MAIN.go LIB.rs')
    objs = list(plans(sys.argv[1], sys.argv[2]))
    go = ['package main', '', 'import (', '\t"fmt"', '\t"reflect"']
    calls = []
    for key, _, gp, langs in objs:
        if 'go' not in langs or not gp['types']:
            continue
        go.append('\t"%s"' % key)
        for t in gp['types']:
            n = t['names']['go']
            calls.append('\tdump("%s", "%s", %s.%s{})' % (key, n, key, n))
    go += [')', '', 'func dump(pkg, name string, v any) {',
           '\tt := reflect.TypeOf(v)',
           '\tfmt.Printf("T %s %s %d\\n", pkg, name, t.Size())',
           '\tfor i := 0; i < t.NumField(); i++ {',
           '\t\tf := t.Field(i)',
           '\t\tfmt.Printf("M %s %d %d\\n", f.Name, f.Offset, f.Type.Size())',
           '\t}', '}', '', 'func main() {'] + calls + ['}']
    with open(sys.argv[3], 'w') as f:
        f.write('\n'.join(go) + '\n')
    rs = ['#![allow(dead_code, non_upper_case_globals)]',
          '#[allow(unused_macros)]', 'macro_rules! diff_noprove {',
          '    ($($t:tt)*) => {};', '}']
    for key, p, _, langs in objs:
        if 'rust' not in langs:
            continue
        rs += ['pub mod %s {' % key, '    include!("%s.rs");' % key, '}']
        for i, t in enumerate(p['types']):
            rs += ['#[used]',
                   'pub static %s_%d: ::core::mem::MaybeUninit<%s::%s> = '
                   '::core::mem::MaybeUninit::uninit();'
                   % (key.upper(), i, key, t['names']['rust'])]
    with open(sys.argv[4], 'w') as f:
        f.write('\n'.join(rs) + '\n')


if __name__ == '__main__':
    main()
