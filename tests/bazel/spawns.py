#!/usr/bin/python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""spawns.py LOG.json [--hit MNEMONIC]... [--ran MNEMONIC]...

Reads a Bazel execution log (--execution_log_json_file: a stream of
SpawnExec objects), prints one line per mnemonic (spawns, cache hits), and
exits 1 unless every spawn of each --hit mnemonic was a cache hit (remote or
disk) and every spawn of each --ran mnemonic ran; a named mnemonic with no
spawn at all also fails, so the check cannot pass on an empty log.
"""
import json
import sys


def hit(spawn):
    # Bazel 4.2 says remoteCacheHit, 7 cacheHit (disk or remote, renamed).
    return bool(spawn.get('remoteCacheHit') or spawn.get('cacheHit'))


def spawns(path):
    text = open(path).read()
    dec = json.JSONDecoder()
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return
        obj, i = dec.raw_decode(text, i)
        yield obj


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    want = {'--hit': [], '--ran': []}
    args = argv[2:]
    while args:
        if args[0] not in want or len(args) < 2:
            sys.exit('spawns.py: bad argument %s' % args[0])
        want[args[0]].append(args[1])
        args = args[2:]
    by = {}
    for s in spawns(argv[1]):
        m = s.get('mnemonic', '?')
        by.setdefault(m, []).append(s)
    bad = []
    for m, ss in sorted(by.items()):
        hits = sum(1 for s in ss if hit(s))
        print('  %-20s %3d spawns, %3d cache hits' % (m, len(ss), hits))
        for s in ss:
            h = hit(s)
            if (m in want['--hit'] and not h) or (m in want['--ran'] and h):
                bad.append('%s %s: %s' % (m, 'executed' if not h else 'was a cache hit',
                                          s.get('progressMessage') or
                                          ' '.join(s.get('commandArgs', [])[:3])))
    for m in want['--hit'] + want['--ran']:
        if m not in by:
            bad.append('no %s spawn in the log' % m)
    for b in bad:
        print('FAIL: ' + b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
