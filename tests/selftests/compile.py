#!/usr/bin/python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Compile the kernel's own struct_ops programs, as their Makefiles do.

Runs inside the sid tool root (build-objects), with sid's clang and bpftool:

    compile.py --tarball /usr/src/linux-source-X.tar.xz --btf VMLINUX_BTF
               --out DIR [--jobs N]

The rule that picks the sources (README.md): every file of
tools/testing/selftests/bpf/progs/*.c and tools/sched_ext/*.bpf.c whose text
puts something in a struct_ops section, a map (SEC(".struct_ops"),
SEC(".struct_ops.link"), with or without the "?" that turns autocreate off,
or sched_ext's SCX_OPS_*DEFINE() macros, which expand to one) or a program
(SEC("struct_ops/..."), SEC("?struct_ops...")).

Flags are the Makefiles' (tools/testing/selftests/bpf/Makefile's BPF_CFLAGS
with the test_progs runner's -DENABLE_ATOMICS_TESTS and -mcpu=v3;
tools/sched_ext/Makefile's BPF_CFLAGS), with the in-tree libbpf headers,
bpf_helper_defs.h made by the tree's scripts/bpf_doc.py, and vmlinux.h from
VMLINUX_BTF (the kernel the objects are tried on). Writes DIR/obj/NAME.bpf.o
and DIR/list.tsv: NAME KIND SOURCE ok|fail REASON (the compiler's first
error), one row per picked source: a failure is a row, never dropped.
"""
import argparse
import concurrent.futures as cf
import glob
import os
import re
import shutil
import subprocess
import sys

PICK = re.compile(rb'SEC\("\??\.?struct_ops|SCX_OPS_[A-Z_]*DEFINE\(')
SB = 'tools/testing/selftests/bpf'


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          **kw)


def first_error(text):
    for line in text.splitlines():
        if 'error:' in line:
            return line.strip()[:240]
    lines = [x for x in text.splitlines() if x.strip()]
    return lines[0][:240] if lines else 'no message'


def extract(tarball, dest):
    top = os.path.basename(tarball)[:-len('.tar.xz')]
    pats = [top + '/' + p for p in [
        SB + '/*', 'tools/sched_ext/*', 'tools/lib/bpf/*', 'tools/include/*',
        'include/*', 'scripts/bpf_doc.py']]
    r = run(['tar', '-xJf', tarball, '-C', dest, '--wildcards'] + pats)
    if r.returncode:
        sys.exit('compile.py: tar: %s' % first_error(r.stderr.decode()))
    return os.path.join(dest, top)


def sys_includes(clang):
    """The Makefiles' get_sys_includes: clang's own search list, -idirafter."""
    r = run([clang, '-v', '-E', '-'], stdin=subprocess.DEVNULL)
    text = r.stderr.decode()
    m = re.search(r'<\.\.\.> search starts here:\n(.*?)End of search list',
                  text, re.S)
    out = []
    for line in (m.group(1).splitlines() if m else []):
        out += ['-idirafter', line.strip()]
    return out


def include_dir(src, btf, bpftool, dest):
    """The libbpf headers as the selftests install them, and vmlinux.h."""
    bpf = os.path.join(dest, 'bpf')
    os.makedirs(bpf, exist_ok=True)
    for h in glob.glob(os.path.join(src, 'tools/lib/bpf/*.h')):
        shutil.copy(h, bpf)
    r = run(['python3', os.path.join(src, 'scripts/bpf_doc.py'), '--header',
             '--file', os.path.join(src, 'tools/include/uapi/linux/bpf.h')])
    if r.returncode:
        sys.exit('compile.py: bpf_doc.py: %s' % first_error(r.stderr.decode()))
    open(os.path.join(bpf, 'bpf_helper_defs.h'), 'wb').write(r.stdout)
    r = run([bpftool, 'btf', 'dump', 'file', btf, 'format', 'c'])
    if r.returncode:
        sys.exit('compile.py: bpftool: %s' % first_error(r.stderr.decode()))
    open(os.path.join(dest, 'vmlinux.h'), 'wb').write(r.stdout)


def sources(src):
    out = []
    for p in sorted(glob.glob(os.path.join(src, SB, 'progs/*.c'))):
        out.append((os.path.basename(p)[:-2], 'selftest', p))
    for p in sorted(glob.glob(os.path.join(src, 'tools/sched_ext/*.bpf.c'))):
        out.append((os.path.basename(p)[:-6], 'sched_ext', p))
    return [s for s in out if PICK.search(open(s[2], 'rb').read())]


def command(src, kind, path, obj, inc, sysinc, clang):
    tinc = os.path.join(src, 'tools/include')
    if kind == 'selftest':
        sb = os.path.join(src, SB)
        flags = ['-g', '-Wall', '-Werror', '-D__TARGET_ARCH_x86',
                 '-mlittle-endian', '-I' + inc, '-I' + sb,
                 '-I' + tinc + '/uapi', '-I' + tinc,
                 '-I' + sb + '/libarena/include', '-std=gnu11',
                 '-fno-strict-aliasing', '-Wno-microsoft-anon-tag',
                 '-fms-extensions', '-Wno-compare-distinct-pointer-types',
                 '-Wno-initializer-overrides'] + sysinc + \
            ['-DENABLE_ATOMICS_TESTS', '-O2', '--target=bpfel', '-c', path,
             '-mcpu=v3', '-o', obj]
    else:
        scx = os.path.join(src, 'tools/sched_ext')
        flags = ['-g', '-D__TARGET_ARCH_x86', '-mlittle-endian',
                 '-I' + scx + '/include', '-I' + scx + '/include/bpf-compat',
                 '-I' + inc, '-I' + tinc + '/uapi',
                 '-I' + os.path.join(src, 'include')] + sysinc + \
            ['-Wall', '-Wno-compare-distinct-pointer-types',
             '-Wno-microsoft-anon-tag', '-fms-extensions', '-O2', '-mcpu=v3',
             '-target', 'bpf', '-c', path, '-o', obj]
    return [clang] + flags


def build(job):
    name, kind, path, cmd, cwd = job
    r = run(cmd, cwd=cwd)
    if r.returncode:
        return name, 'fail', first_error(r.stderr.decode(errors='replace'))
    return name, 'ok', '-'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tarball', required=True)
    ap.add_argument('--btf', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--clang', default='clang')
    ap.add_argument('--bpftool', default='bpftool')
    ap.add_argument('--jobs', type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    srcdir = os.path.join(a.out, 'src')
    os.makedirs(srcdir, exist_ok=True)
    src = extract(a.tarball, srcdir)
    inc = os.path.join(a.out, 'include')
    include_dir(src, a.btf, a.bpftool, inc)
    sysinc = sys_includes(a.clang)
    objdir = os.path.join(a.out, 'obj')
    os.makedirs(objdir, exist_ok=True)
    jobs = []
    for name, kind, path in sources(src):
        obj = os.path.join(objdir, name + '.bpf.o')
        # the Makefile's directory
        cwd = os.path.join(src, SB if kind == 'selftest' else 'tools/sched_ext')
        jobs.append((name, kind, path,
                     command(src, kind, path, obj, inc, sysinc, a.clang), cwd))
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        res = {n: (st, why) for n, st, why in ex.map(build, jobs)}
    with open(os.path.join(a.out, 'list.tsv'), 'w') as f:
        for name, kind, path, cmd, _ in jobs:
            st, why = res[name]
            f.write('%s\t%s\t%s\t%s\t%s\n' % (name, kind,
                                              os.path.relpath(path, src), st,
                                              why))
    with open(os.path.join(a.out, 'commands.txt'), 'w') as f:
        for j in jobs:
            f.write(' '.join(j[3]) + '\n')
    nok = sum(1 for st, _ in res.values() if st == 'ok')
    print('compile.py: %d sources picked, %d compiled, %s' %
          (len(jobs), nok, run([a.clang, '--version']).stdout.decode()
           .splitlines()[0]))
    return 0


if __name__ == '__main__':
    sys.exit(main())
