#!/usr/bin/python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Corpus test: struct_ops programs written elsewhere (Debian's linux-source).

    corpus.py --work DIR --cli STOPS_SHADOW --gencheck GENCHECK
              --load-attach LOAD_ATTACH --src-dir SRCDIR [options]

1. Extract from /usr/src/linux-source-<v>.tar.xz only the struct_ops
   programs and the headers they need (cached in DIR/src).
2. Compile each program that contains a struct_ops map: kernel selftests
   against this kernel's vmlinux.h, sched_ext schedulers and sched_ext
   selftests against the vmlinux.h of a sched_ext kernel's BTF (the kernel
   matrix's sid kernel). Objects that do not compile are listed with the
   compiler's reason. Objects are cached by their command line and inputs.
3. For every object: `stops-shadow gen`; every header compiles as strict
   C11 with gcc and clang, LP64 and -m32, and as C++ (--cxx); a checker
   generated from the object's BTF (gencheck) proves each member's offset,
   size and value against libbpf's initial value, and each slot's program,
   with libbpf on LP64 and from the embedded bytes on i386; every member
   bpftool's skeleton types is at the same offset with the same size in ours.
4. Where this kernel has every map's type: `stops-shadow check` against a
   real load + attach (needs root), disagreements judged against
   known-disagreements.txt.
Fails when fewer than --min-objects objects compile, or on any failure.
"""
import argparse
import concurrent.futures as cf
import fnmatch
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile  # noqa: F401 (tar(1) is faster on .xz; kept for clarity)
import time

SKIP = 77  # ctest's SKIP_RETURN_CODE

# Selftest program files that define struct_ops maps (the list and
# the others found in 6.12; a file without a struct_ops map is dropped after
# extraction, so the list may name more than a version has).
BPF_PROGS = [
    'bpf_cubic.c', 'bpf_cc_cubic.c', 'bpf_dctcp.c', 'bpf_dctcp_release.c',
    'tcp_ca_*.c', 'bpf_tcp_nogpl.c', 'dummy_st_ops*.c', 'struct_ops_*.c',
    'test_struct_ops_*.c', 'bad_struct_ops.c', 'epilogue_*.c',
    'pro_epilogue*.c', 'unsupported_ops.c', 'test_global_map_resize.c',
    'verifier_global_subprogs.c',
]
ST_OPS_RE = re.compile(rb'SEC\("\??\.struct_ops|SCX_OPS_DEFINE')

t0 = time.monotonic()


def log(msg):
    print('[%5.1fs] %s' % (time.monotonic() - t0, msg), flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          **kw)


def first_error(text):
    for line in text.splitlines():
        if 'error:' in line or 'Error' in line:
            return line.strip()[:200]
    lines = [x for x in text.splitlines() if x.strip()]
    return lines[0][:200] if lines else 'no message'


def sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b'\0')
    return h.hexdigest()


def find_tarball():
    c = sorted(glob.glob('/usr/src/linux-source-6.12.tar.xz')) or \
        sorted(glob.glob('/usr/src/linux-source-*.tar.xz'))
    return c[-1] if c else None


def extract(tarball, work):
    """Only what the corpus needs; cached by the tarball's size and mtime."""
    st = os.stat(tarball)
    key = '%s %d %d' % (tarball, st.st_size, int(st.st_mtime))
    dest = os.path.join(work, 'src')
    stamp = os.path.join(work, 'src.stamp')
    top = os.path.basename(tarball)[:-len('.tar.xz')]
    if os.path.exists(stamp) and open(stamp).read() == key:
        return os.path.join(dest, top)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    sb = top + '/tools/testing/selftests/bpf/'
    pats = [sb + 'progs/' + p for p in BPF_PROGS] + [
        sb + 'progs/*.h', sb + '*.h', sb + 'bpf_testmod/*.h',
        # Linux 6.15 on: bpf_testmod moved to test_kmods/
        sb + 'test_kmods/*.h',
        top + '/tools/sched_ext/*',
        top + '/tools/testing/selftests/sched_ext/*.bpf.c',
        top + '/tools/testing/selftests/sched_ext/*.h',
        top + '/tools/include/uapi/*', top + '/tools/lib/bpf/*.h',
    ]
    log('extracting the struct_ops programs from %s' % tarball)
    r = run(['tar', '-xJf', tarball, '-C', dest, '--wildcards',
             '--no-wildcards-match-slash'] + pats)
    if r.returncode:
        # --no-wildcards-match-slash makes a missing pattern an error too;
        # what matched is extracted all the same
        log('tar: %s' % first_error(r.stderr.decode(errors='replace')))
    open(stamp, 'w').write(key)
    return os.path.join(dest, top)


def vmlinux_h(btf, out_dir, bpftool):
    data = open(btf, 'rb').read()
    key = sha(data)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'vmlinux.h')
    stamp = path + '.key'
    if os.path.exists(stamp) and open(stamp).read() == key:
        return path
    r = run([bpftool, 'btf', 'dump', 'file', btf, 'format', 'c'])
    if r.returncode:
        raise SystemExit('FAIL: bpftool btf dump %s: %s' %
                         (btf, first_error(r.stderr.decode())))
    open(path, 'wb').write(r.stdout)
    open(stamp, 'w').write(key)
    return path


def sched_ext_btf(args):
    """A sched_ext kernel's BTF from the kernel matrix's cache."""
    if args.sched_ext_btf:
        return args.sched_ext_btf if os.path.exists(args.sched_ext_btf) \
            else None
    cache = os.environ.get('STOPS_VM_CACHE') or os.path.join(
        os.environ.get('XDG_CACHE_HOME') or
        os.path.expanduser('~/.cache'), 'stops-shadow', 'kernels')
    for name in ['sid'] + sorted(os.listdir(cache) if os.path.isdir(cache)
                                 else [], reverse=True):
        env = os.path.join(cache, name, 'kernel.env')
        btf = os.path.join(cache, name, 'vmlinux.btf')
        if os.path.exists(btf) and os.path.exists(env) and \
                re.search(r'SCHED_EXT=(y|1|yes)', open(env).read()):
            return btf
    return None


def sources(root):
    """(name, path, kind) of every source file that has a struct_ops map."""
    out = []
    sb = os.path.join(root, 'tools/testing/selftests/bpf/progs')
    for p in sorted(glob.glob(os.path.join(sb, '*.c'))):
        if any(fnmatch.fnmatch(os.path.basename(p), g) for g in BPF_PROGS):
            out.append((os.path.basename(p)[:-2], p, 'selftest'))
    for p in sorted(glob.glob(os.path.join(root, 'tools/sched_ext/*.bpf.c'))):
        out.append((os.path.basename(p)[:-6], p, 'sched_ext'))
    for p in sorted(glob.glob(os.path.join(
            root, 'tools/testing/selftests/sched_ext/*.bpf.c'))):
        out.append(('scxtest_' + os.path.basename(p)[:-6], p, 'sched_ext'))
    return [s for s in out if ST_OPS_RE.search(open(s[1], 'rb').read())]


def compile_cmd(args, root, kind, src, obj, inc):
    sysinc = ['-idirafter', '/usr/include/bpf', '-idirafter', '/usr/include']
    ma = glob.glob('/usr/include/*-linux-gnu/asm')
    if ma:
        sysinc += ['-idirafter', os.path.dirname(ma[0])]
    cmd = [args.clang, '-target', 'bpf', '-g', '-O2', '-D__TARGET_ARCH_x86',
           '-Wno-compare-distinct-pointer-types', '-I' + inc]
    if kind == 'selftest':
        sb = os.path.join(root, 'tools/testing/selftests/bpf')
        cmd += ['-I' + sb]
    else:
        scx = os.path.join(root, 'tools/sched_ext/include')
        cmd += ['-mcpu=v3', '-I' + scx, '-I' + scx + '/bpf-compat']
    cmd += ['-I' + os.path.join(root, 'tools/include/uapi'),
            '-I' + os.path.join(root, 'tools/lib')] + sysinc
    return cmd + ['-c', src, '-o', obj]


def build_object(args, root, s, incs, objdir):
    name, src, kind = s
    inc = incs.get(kind)
    if not inc:
        return name, None, 'no vmlinux.h: no sched_ext kernel BTF cached ' \
            '(run tests/vm/fetch-kernels)'
    obj = os.path.join(objdir, name + '.bpf.o')
    cmd = compile_cmd(args, root, kind, src, obj, os.path.dirname(inc))
    key = sha(' '.join(cmd), open(src, 'rb').read(),
              open(inc + '.key').read())
    if os.path.exists(obj) and os.path.exists(obj + '.key') and \
            open(obj + '.key').read() == key:
        return name, obj, None
    r = run(cmd)
    if r.returncode:
        return name, None, first_error(r.stderr.decode(errors='replace'))
    open(obj + '.key', 'w').write(key)
    return name, obj, None


def compile_headers(cmd_base, names, hdr_dir, work, tag):
    """All headers in one unit; on failure each alone, to name the culprits."""
    tu = os.path.join(work, 'all-%s.c' % tag)
    with open(tu, 'w') as f:
        for n in names:
            f.write('#include "%s.shadow.h"\n' % n)
    r = run(cmd_base + ['-I' + hdr_dir, tu, '-o', '/dev/null'])
    if r.returncode == 0:
        return []
    bad = []
    for n in names:
        one = os.path.join(work, 'one-%s.c' % tag)
        open(one, 'w').write('#include "%s.shadow.h"\n' % n)
        r1 = run(cmd_base + ['-I' + hdr_dir, one, '-o', '/dev/null'])
        if r1.returncode:
            bad.append((n, first_error(r1.stderr.decode(errors='replace'))))
    if not bad:
        bad.append(('(all together)', first_error(r.stderr.decode())))
    return bad


def checker_program(names, chk_dir, path):
    with open(path, 'w') as f:
        f.write('#include "checker.h"\n')
        for n in names:
            f.write('#include "%s.shadow.h"\n#define CORPUS_NAME "%s"\n'
                    '#include "%s.check.c"\n#undef CORPUS_NAME\n' % (n, n, n))
        f.write('int main(int argc, char **argv)\n{\n'
                '\tstruct corpus_counts c = {0};\n\tchar p[4096];\n'
                '\tconst char *dir = argc > 1 ? argv[1] : ".";\n')
        f.write('#ifndef CORPUS_NO_LIBBPF\n\tlibbpf_set_print(NULL);\n'
                '#endif\n')
        for n in names:
            f.write('\tsnprintf(p, sizeof(p), "%%s/%s.bpf.o", dir);\n'
                    '\tcorpus_check_%s(p, &c);\n' % (n, n))
        f.write('\tprintf("checker: %u maps, %u members, %u slots, '
                '%u not nameable, %u checks, %u failures\\n", c.maps, '
                'c.members, c.slots, c.skipped, c.checks, c.failures);\n'
                '\treturn c.failures ? 1 : 0;\n}\n')


def bpftool_members(skel):
    """{(type, member)} bpftool types, and {type: map} from a skeleton."""
    types, members = {}, []
    cur = None
    for line in skel.splitlines():
        m = re.match(r'^\t\tstruct (\w+) \{$', line)
        if m:
            cur = m.group(1)
            continue
        if cur is None:
            continue
        m = re.match(r'^\t\t\} \*(\w+);$', line)
        if m:
            types[cur] = m.group(1)
            cur = None
            continue
        m = re.search(r'(\w+)(\[\d+\])*;$', line)
        if m and not re.match(r'__(padding|unsupported)', m.group(1)):
            members.append((cur, m.group(1)))
    return types, members


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--work', required=True)
    ap.add_argument('--cli', required=True)
    ap.add_argument('--gencheck', required=True)
    ap.add_argument('--load-attach')
    ap.add_argument('--src-dir', required=True, help='tests/corpus')
    ap.add_argument('--clang', default='clang-16')
    ap.add_argument('--gcc', default='gcc')
    ap.add_argument('--cc-clang', default='clang')
    ap.add_argument('--bpftool', default='bpftool')
    ap.add_argument('--tarball')
    ap.add_argument('--sched-ext-btf')
    ap.add_argument('--host-btf', default='/sys/kernel/btf/vmlinux')
    ap.add_argument('--min-objects', type=int, default=0)
    ap.add_argument('--known')
    ap.add_argument('--cxx', action='store_true')
    ap.add_argument('--jobs', type=int, default=2)
    a = ap.parse_args()
    failures = []
    os.makedirs(a.work, exist_ok=True)

    tarball = a.tarball or find_tarball()
    if not tarball:
        print('FAIL: no /usr/src/linux-source-*.tar.xz '
              '(scripts/install-deps installs linux-source-6.12)')
        return 1
    root = extract(tarball, a.work)
    log('source: %s' % root)

    incs = {}
    if os.path.exists(a.host_btf):
        incs['selftest'] = vmlinux_h(a.host_btf, os.path.join(a.work, 'inc-host'),
                                     a.bpftool)
    sbtf = sched_ext_btf(a)
    if sbtf:
        incs['sched_ext'] = vmlinux_h(sbtf, os.path.join(a.work, 'inc-scx'),
                                      a.bpftool)
    log('vmlinux.h: selftests from %s, sched_ext from %s' %
        (a.host_btf, sbtf or '(none)'))

    srcs = sources(root)
    objdir = os.path.join(a.work, 'obj')
    os.makedirs(objdir, exist_ok=True)
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        built = list(ex.map(lambda s: build_object(a, root, s, incs, objdir),
                            srcs))
    objs = [(n, o) for n, o, e in built if o]
    nocompile = [(n, e) for n, o, e in built if not o]
    log('%d programs with struct_ops maps, %d compiled' %
        (len(srcs), len(objs)))
    for n, e in nocompile:
        print('  cannot compile here: %s: %s' % (n, e))

    # generate headers and checkers
    hdr = os.path.join(a.work, 'hdr')
    shutil.rmtree(hdr, ignore_errors=True)
    os.makedirs(hdr)
    names = []
    for n, o in objs:
        r = run([a.cli, 'gen', o, '-o', os.path.join(hdr, n + '.shadow.h')])
        if r.returncode:
            failures.append('%s: stops-shadow gen: %s' %
                            (n, r.stderr.decode().strip()))
            continue
        r = run([a.gencheck, o, n, os.path.join(hdr, n + '.check.c')])
        if r.returncode:
            failures.append('%s: gencheck: %s' % (n, r.stderr.decode().strip()))
            continue
        names.append(n)
        failures += autoload_state(a, n, o, os.path.join(hdr, n + '.check.c'))
    log('%d headers generated; autocreate, link and autoload as libbpf '
        'says' % len(names))

    # the headers compile: strict C11, gcc and clang, LP64 and i386
    strict = ['-std=c11', '-Wall', '-Wextra', '-Werror', '-pedantic', '-c']
    variants = [('gcc', [a.gcc] + strict), ('clang', [a.cc_clang] + strict),
                ('gcc-m32', [a.gcc, '-m32'] + strict),
                ('clang-m32', [a.cc_clang, '-m32'] + strict)]
    if a.cxx:
        cxx = ['-Wall', '-Wextra', '-Werror', '-pedantic', '-c', '-x', 'c++']
        variants += [('g++', ['g++', '-std=c++11'] + cxx),
                     ('clang++', ['clang++', '-std=c++20'] + cxx)]
    for tag, cmd in variants:
        for n, e in compile_headers(cmd, names, hdr, a.work, tag):
            failures.append('%s: header does not compile (%s): %s' %
                            (n, tag, e))
    log('headers compiled: %s' % ', '.join(t for t, _ in variants))

    # the checkers: LP64 with libbpf, i386 from the embedded bytes
    chk = os.path.join(a.work, 'checkers.c')
    checker_program(names, hdr, chk)
    inc = ['-I' + a.src_dir, '-I' + hdr]
    counts = None
    for tag, cc, run_pfx in [
            ('lp64', [a.gcc, '-std=gnu11', '-O0'], []),
            ('i386', [a.gcc, '-m32', '-std=gnu11', '-O0',
                      '-DCORPUS_NO_LIBBPF', '-DSTOPS_SHADOW_NO_LIBBPF'],
             ['qemu-i386', '-L', '/'] if shutil.which('qemu-i386') else [])]:
        exe = os.path.join(a.work, 'checkers-' + tag)
        libs = [] if tag == 'i386' else ['-lbpf']
        r = run(cc + inc + [chk, '-o', exe] + libs)
        if r.returncode:
            failures.append('checker (%s) does not compile: %s' %
                            (tag, first_error(r.stderr.decode())))
            continue
        r = run(run_pfx + [exe, objdir])
        out = r.stdout.decode().strip()
        print('  %s %s' % (tag, out))
        if r.returncode:
            err = r.stderr.decode().splitlines()
            failures += ['checker (%s): %s' % (tag, x) for x in err[:40]] or \
                ['checker (%s) exit %d' % (tag, r.returncode)]
        if tag == 'lp64':
            counts = out

    # the checker can fail: one flipped expected byte must be caught
    if names:
        selftest(a, names[0], hdr, objdir, inc, failures)

    # the parts left out for want of a tool or privilege: the test then
    # exits 77 (skipped, which fails CI) once everything else passed
    skipped = []
    # bpftool's members against ours
    skipped += bpftool_compare(a, objs, names, hdr, failures)

    # check's verdict against a real load + attach on this kernel
    skipped += check_vs_real(a, [(n, o) for n, o in objs if n in names],
                             failures)

    print('corpus: %d objects compiled (%d cannot be compiled here), '
          '%d headers verified; %s' % (len(objs), len(nocompile), len(names),
                                       counts or 'no checker counts'))
    if len(objs) < a.min_objects:
        failures.append('only %d objects compiled, expected at least %d' %
                        (len(objs), a.min_objects))
    for f in failures:
        print('FAIL: ' + f)
    log('done')
    if failures:
        return 1
    if skipped:
        print('SKIP: everything else passed; left out: ' + '; '.join(skipped))
        return SKIP
    return 0


def autoload_state(a, n, o, check_c):
    """The dump's autocreate/link/autoload equal libbpf's after open."""
    import json
    r = run([a.cli, 'dump', '--json', o])
    if r.returncode:
        return ['%s: stops-shadow dump: %s' % (n, r.stderr.decode().strip())]
    d = json.loads(r.stdout)
    ours = {('MAP', m['name']): 'autocreate=%d link=%d' %
            (m['autocreate'], m['link']) for m in d['maps']}
    ours.update({('PROG', p['name']): 'autoload=%d' % p['autoload']
                 for p in d.get('programs', [])})
    lib = {(k, nm): v for k, nm, v in re.findall(
        r'/\* @@(MAP|PROG) (\S+) (.*?) \*/', open(check_c).read())}
    return ['%s: %s %s: dump says %s, libbpf %s' %
            (n, k[0].lower(), k[1], ours.get(k), lib.get(k))
            for k in sorted(set(ours) | set(lib)) if ours.get(k) != lib.get(k)]


def selftest(a, n, hdr, objdir, inc, failures):
    src = open(os.path.join(hdr, n + '.check.c')).read()
    m = re.search(r'CK_VAL\((\S+), (\d+), "\\x([0-9a-f]{2})', src)
    if not m:
        failures.append('selftest: %s has no value to flip' % n)
        return
    flipped = '%02x' % (int(m.group(3), 16) ^ 0xff)
    bad = src[:m.start(3)] + flipped + src[m.end(3):]
    d = os.path.join(a.work, 'selftest')
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, n + '.check.c'), 'w').write(bad)
    shutil.copy(os.path.join(hdr, n + '.shadow.h'), d)
    checker_program([n], d, os.path.join(d, 'c.c'))
    exe = os.path.join(d, 'c')
    r = run([a.gcc, '-std=gnu11', '-O0', '-I' + a.src_dir, '-I' + d,
             os.path.join(d, 'c.c'), '-o', exe, '-lbpf'])
    r2 = run([exe, objdir]) if r.returncode == 0 else r
    if r.returncode or r2.returncode != 1 or b'value differs' not in r2.stderr:
        failures.append('selftest: a flipped byte of %s.%s was not caught' %
                        (n, m.group(1)))


def bpftool_compare(a, objs, names, hdr, failures):
    if not shutil.which(a.bpftool):
        print('  bpftool: not found, comparison skipped')
        return ['the bpftool comparison (no bpftool)']
    tu = ['#include <stddef.h>', '#include <linux/types.h>',
          'struct bpf_program;']
    nmem = 0
    for n, o in objs:
        if n not in names:
            continue
        r = run([a.bpftool, 'gen', 'skeleton', o, 'name', n])
        if r.returncode:
            failures.append('%s: bpftool gen skeleton: %s' %
                            (n, first_error(r.stderr.decode())))
            continue
        skel = r.stdout.decode()
        types, members = bpftool_members(skel)
        body = re.findall(r'^\t\tstruct (\w+) \{\n(.*?)^\t\t\} \*\w+;$',
                          skel, re.M | re.S)
        tu.append('#include "%s.shadow.h"' % n)
        for t, b in body:
            tu.append('struct bt_%s {\n%s};' % (t, b))
        for t, mem in members:
            mp = types.get(t)
            if not mp:
                continue
            # bpftool's spelling, <obj>__<map>__<type>: the header defines it
            ours = t
            tu.append('_Static_assert(offsetof(struct bt_%s, %s) == '
                      'offsetof(struct %s, %s) && sizeof(((struct bt_%s *)0)->%s)'
                      ' == sizeof(((struct %s *)0)->%s), "%s %s %s");' %
                      (t, mem, ours, mem, t, mem, ours, mem, n, mp, mem))
            nmem += 1
    path = os.path.join(a.work, 'bpftool-compare.c')
    open(path, 'w').write('\n'.join(tu) + '\n')
    r = run([a.gcc, '-std=gnu11', '-c', '-I' + hdr, path, '-o', '/dev/null'])
    if r.returncode:
        for line in r.stderr.decode().splitlines():
            if 'static assertion failed' in line or 'error:' in line:
                failures.append('bpftool disagrees: ' + line.strip()[:200])
    print('  bpftool: %d members bpftool types compared, %s' %
          (nmem, 'all agree' if r.returncode == 0 else 'DISAGREE'))
    return []


def kernel_structs(btf_files, bpftool):
    names = set()
    for f in btf_files:
        base = [] if f.endswith('/vmlinux') else \
            ['-B', '/sys/kernel/btf/vmlinux']
        r = run([bpftool, 'btf', 'dump', 'file', f] + base)
        names |= set(re.findall(rb"STRUCT '(\w+)'", r.stdout))
    return {x.decode() for x in names}


def map_types(cli, obj):
    r = run([cli, 'dump', obj])
    return re.findall(r'^map \S+: struct (\S+) in', r.stdout.decode(), re.M)


def check_vs_real(a, objs, failures):
    if not a.load_attach or os.geteuid() != 0 or \
            not os.path.exists(a.host_btf):
        print('  check vs kernel: skipped (needs root, load_attach and '
              'kernel BTF)')
        return ['check against the kernel (needs root, load_attach and '
                'kernel BTF)']
    btfs = [a.host_btf] + sorted(glob.glob('/sys/kernel/btf/*'))
    btfs = [b for b in dict.fromkeys(btfs) if os.path.isfile(b)]
    kstructs = kernel_structs(btfs, a.bpftool)
    cands = []
    for n, o in objs:
        types = [t.split('___')[0] for t in map_types(a.cli, o)]
        # a sched_ext scheduler would replace this machine's scheduler
        if types and all(t in kstructs for t in types) and \
                'sched_ext_ops' not in types:
            cands.append((n, o))
    if not cands:
        print('  check vs kernel: no object whose types this kernel has')
        return ['check against the kernel (no object whose types it has)']
    verdict = {}
    for n, o in cands:
        r = run([a.cli, 'check', o])
        verdict[n] = {0: 'compatible', 3: 'incompatible'}.get(
            r.returncode, 'error %d: %s' % (r.returncode,
                                            r.stderr.decode().strip()))
    r = run([a.load_attach] + [o for _, o in cands])
    real = {}
    for line in r.stdout.decode().splitlines():
        m = re.match(r'@@REAL (\S+) (ok|fail)(.*)', line)
        if m:
            real[m.group(1)] = (m.group(2), m.group(3).strip())
    known = {}
    if a.known and os.path.exists(a.known):
        for line in open(a.known):
            line = line.split('#', 1)[0].strip()
            if line:
                parts = line.split(None, 1)
                known[parts[0]] = parts[1] if len(parts) > 1 else ''
    agree = 0
    for n, _ in cands:
        v = verdict[n]
        rl = real.get(n, ('missing', 'load_attach printed nothing'))
        ok = (v == 'compatible') == (rl[0] == 'ok') and \
            not v.startswith('error')
        mark = 'agree' if ok else ('KNOWN' if n in known else 'DISAGREE')
        print('  check vs kernel: %-28s check %-12s real %s %s  [%s]' %
              (n, v, rl[0], rl[1][:90], mark))
        if ok:
            agree += 1
            if n in known:
                print('    (listed in known-disagreements but agrees now: '
                      'prune it)')
        elif n not in known:
            failures.append('%s: check says %s, the kernel: %s %s' %
                            (n, v, rl[0], rl[1]))
    print('  check vs kernel: %d objects this kernel has the types of, '
          '%d agree' % (len(cands), agree))
    return []


if __name__ == '__main__':
    sys.exit(main())
