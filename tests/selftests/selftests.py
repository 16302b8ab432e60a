#!/usr/bin/python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""The kernel's own struct_ops selftests on the kernel they were written for.

    selftests.py --work DIR --cli STOPS_SHADOW --gencheck GENCHECK
                 --st-load ST_LOAD --known FILE [--cache DIR]

1. bpf_testmod.ko (build-bpf-testmod) and every struct_ops object of the
   sid root's linux-source (build-objects), both cached.
2. On the host: each object's shadow header (`stops-shadow gen`), and the
   corpus checker (tests/corpus/gencheck.c) proving each map's shadow, read
   through X__from_object(), equals bpf_map__initial_value(); a fit program
   calling X__fit_kernel(s, NULL, ...) on every map.
3. One boot of sid's kernel (tests/vm/run-kernel.sh): insmod bpf_testmod,
   its BTF back over the console, st_load on every object (the whole
   object, then each struct_ops map alone), the checker and the fit there.
4. `stops-shadow check --json` of each object against that kernel's
   vmlinux BTF and the guest's bpf_testmod BTF; the table (object, map,
   kernel's result, check's verdict, finding) to DIR/table.txt and
   DIR/table.tsv. Fails on a disagreement FILE does not list with its class
   (a verifier-level refusal of a program's body, which check does not
   judge), on a listed one that agrees now, on a header that reads wrong,
   or on a module type the fit does not find in bpf_testmod.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'corpus'))
import corpus  # noqa: E402 (compile_headers, checker_program)

t0 = time.monotonic()


def log(msg):
    print('[%5.1fs] %s' % (time.monotonic() - t0, msg), flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          **kw)


def tool(args, name):
    """A cached build step's path (stdout), exit 77 passed on."""
    r = run([os.path.join(HERE, name), '--cache', args.cache])
    if r.returncode == 77:
        print('skip: %s: %s' % (name, r.stderr.decode().strip()))
        sys.exit(77)
    if r.returncode:
        sys.exit('FAIL: %s: %s' % (name, r.stderr.decode().strip()))
    return r.stdout.decode().strip()


def read_list(objdir):
    rows = []
    for line in open(os.path.join(objdir, 'list.tsv')):
        name, kind, src, st, why = line.rstrip('\n').split('\t')
        rows.append({'name': name, 'kind': kind, 'src': src, 'compiled':
                     st == 'ok', 'why': why,
                     'obj': os.path.join(objdir, 'obj', name + '.bpf.o')})
    return rows


def struct_ops_maps(cli, obj):
    r = run([cli, 'dump', '--json', obj])
    if r.returncode:
        return None, r.stderr.decode().strip()
    d = json.loads(r.stdout)
    return [m for m in d['maps']], None


def headers(a, rows, hdr):
    """Shadow headers and checkers; returns the names with both."""
    shutil.rmtree(hdr, ignore_errors=True)
    os.makedirs(hdr)
    names = []
    for row in rows:
        if not row['compiled']:
            continue
        n, o = row['name'], row['obj']
        r = run([a.cli, 'gen', o, '-o', os.path.join(hdr, n + '.shadow.h')])
        if r.returncode:
            row['header'] = 'gen: ' + r.stderr.decode().strip()
            continue
        r = run([a.gencheck, o, n, os.path.join(hdr, n + '.check.c')])
        if r.returncode:
            row['header'] = 'gencheck: ' + r.stderr.decode().strip()
            continue
        names.append(n)
    return names


def fit_program(rows, fits, path):
    """X__fit_kernel(s, NULL, ...) of one map per type vmlinux lacks, and
    the module it found the type in (the header says so through its print
    hook, STOPS_SHADOW_VPRINT, defined before the first header)."""
    with open(path, 'w') as f:
        f.write('#include <errno.h>\n#include <stdarg.h>\n#include <stdio.h>\n'
                '#include <string.h>\n#include <bpf/libbpf.h>\n'
                '#include <bpf/btf.h>\n\n'
                'static int keep_module(enum libbpf_print_level l, '
                'const char *f, va_list ap);\n'
                '#define STOPS_SHADOW_VPRINT keep_module\n')
        for n in sorted({n for n, _, _, _ in fits}):
            f.write('#include "%s.shadow.h"\n' % n)
        f.write('''
static char module[128];

static int keep_module(enum libbpf_print_level l, const char *f, va_list ap)
{
	char buf[512];
	const char *p;

	(void)l;
	vsnprintf(buf, sizeof(buf), f, ap);
	p = strstr(buf, ": in module ");
	if (p)
		sscanf(p + 12, "%127[^']", module);
	return 0;
}

#define FIT(OBJ, MAP, X)						\\
static void fit_##X(const char *dir)					\\
{									\\
	char p[4096];							\\
	struct bpf_object *obj;						\\
	int err;							\\
									\\
	snprintf(p, sizeof(p), "%s/%s.bpf.o", dir, OBJ);		\\
	obj = bpf_object__open_file(p, NULL);				\\
	if (!obj) {							\\
		printf("@@FIT %s %s open %d\\n", OBJ, MAP, -errno);	\\
		return;							\\
	}								\\
	__typeof__(X##__from_object(obj)) s = X##__from_object(obj);	\\
	if (!s) {							\\
		printf("@@FIT %s %s from_object %d\\n", OBJ, MAP, -errno);	\\
		goto out;						\\
	}								\\
	module[0] = 0;							\\
	err = X##__fit_kernel(s, NULL, NULL, NULL);			\\
	printf("@@FIT %s %s fit %d module %s\\n", OBJ, MAP, err,		\\
	       module[0] ? module : "vmlinux");				\\
out:									\\
	bpf_object__close(obj);						\\
}
''')
        for n, m, x, _ in fits:
            f.write('FIT("%s", "%s", %s)\n' % (n, m, x))
        f.write('\nint main(int argc, char **argv)\n{\n'
                '\tconst char *dir = argc > 1 ? argv[1] : ".";\n\n')
        for _, _, x, _ in fits:
            f.write('\tfit_%s(dir);\n' % x)
        f.write('\treturn 0;\n}\n')


def module_maps(a, rows, names, kdir):
    """One map per kernel type vmlinux lacks: (object, map, shadow, type)."""
    out, seen = [], set()
    for row in rows:
        if row['name'] not in names:
            continue
        doc, _ = check_object(a, row['obj'], os.path.join(kdir, 'vmlinux.btf'))
        for m in (doc or {}).get('maps', []):
            sh = [x['shadow'] for x in row['maps'] if x['name'] == m['name']]
            if m['kernel_btf'] is None and sh and m['kernel_type'] not in seen:
                seen.add(m['kernel_type'])
                out.append((row['name'], m['name'], sh[0], m['kernel_type']))
    return out


def build_host_programs(a, rows, names, fits, hdr, work, failures):
    """The checker (corpus's) and the fit program, for the guest."""
    inc = ['-I' + os.path.join(HERE, '..', 'corpus'), '-I' + hdr]
    chk = os.path.join(work, 'checkers.c')
    corpus.checker_program(names, hdr, chk)
    fit = os.path.join(work, 'fit.c')
    fit_program(rows, fits, fit)
    out = {}
    for tag, src in (('checkers', chk), ('fit', fit)):
        exe = os.path.join(work, tag)
        r = run([a.gcc, '-std=gnu11', '-O0', '-w'] + inc + [src, '-o', exe,
                                                           '-lbpf'])
        if r.returncode:
            failures.append('%s does not compile: %s' %
                            (tag, corpus.first_error(r.stderr.decode())))
            continue
        out[tag] = exe
    return out


def payload(a, p, rows, ko, progs, kdir, release):
    shutil.rmtree(p, ignore_errors=True)
    os.makedirs(os.path.join(p, 'objs'))
    for row in rows:
        if row['compiled']:
            shutil.copy(row['obj'], os.path.join(p, 'objs'))
    shutil.copy(ko, p)
    shutil.copy(a.st_load, os.path.join(p, 'st_load'))
    shutil.copy(a.st_load_sid, os.path.join(p, 'st_load_sid'))
    # libbpf reads the kernel's config for __kconfig externs (CONFIG_HZ)
    os.makedirs(os.path.join(p, 'root', 'boot'))
    shutil.copy(os.path.join(kdir, 'config'),
                os.path.join(p, 'root', 'boot', 'config-' + release))
    for tag, exe in progs.items():
        shutil.copy(exe, os.path.join(p, tag))
    sec = '''section() {
	name=$1
	shift
	echo "@@BEGIN $name"
	"$@"
	echo "@@END $name rc=$?"
}
'''
    with open(os.path.join(p, 'run.sh'), 'w') as f:
        f.write(sec)
        f.write('section insmod insmod ./bpf_testmod.ko\n'
                'echo "@@BEGIN btf"\nbase64 /sys/kernel/btf/bpf_testmod\n'
                'echo "@@END btf rc=$?"\n'
                'section load ./st_load objs/*.bpf.o\n'
                'section load_sid ./st_load_sid objs/*.bpf.o\n')
        if 'checkers' in progs:
            f.write('section checkers ./checkers objs\n')
        if 'fit' in progs:
            f.write('section fit ./fit objs\n')
        f.write('section dmesg dmesg\n')


def section(text, name):
    m = re.search(r'^@@BEGIN %s\n(.*?)^@@END %s rc=(\d+)$' %
                  (re.escape(name), re.escape(name)), text, re.M | re.S)
    return (m.group(1), int(m.group(2))) if m else (None, None)


def check_object(a, obj, btfdir):
    r = run([a.cli, 'check', obj, '--kernel-btf', btfdir, '--json'])
    if r.returncode not in (0, 3):
        return None, r.stderr.decode().strip()
    return json.loads(r.stdout), None


# findings about the object, which check reports on its first map
OBJECT_WHAT = {'license', 'prog-unused', 'kfunc-missing', 'name-unique',
               'prog-reuse', 'single'}
# of those, the ones between two maps: not there when a map is alone
PAIR_WHAT = {'name-unique', 'prog-reuse', 'single'}


def first_error(findings):
    for fd in findings:
        if fd['severity'] == 'error':
            return '%s: %s' % (fd['what'], fd['message'])
    return None


def verdicts(doc, maps):
    """check's verdict for the object and for each struct_ops map alone."""
    obj_errs = [fd for m in doc['maps'] for fd in m['findings']
                if fd['severity'] == 'error' and fd['what'] in OBJECT_WHAT and
                fd['what'] not in PAIR_WHAT]
    per = {}
    for m in doc['maps']:
        own = [fd for fd in m['findings'] if fd['what'] not in OBJECT_WHAT]
        errs = [fd for fd in own if fd['severity'] == 'error'] + obj_errs
        per[m['name']] = ('incompat' if errs else 'ok', first_error(errs))
    whole = ('ok' if doc['compatible'] else 'incompat',
             first_error([fd for m in doc['maps'] for fd in m['findings']]))
    return whole, per


def read_known(path):
    known = {}
    for line in open(path):
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 3)
        if len(parts) < 4:
            sys.exit('FAIL: %s: "%s": want OBJECT MAP CLASS REASON' %
                     (path, line))
        known[(parts[0], parts[1])] = (parts[2], parts[3])
    return known


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--work', required=True)
    ap.add_argument('--cli', required=True)
    ap.add_argument('--gencheck', required=True)
    ap.add_argument('--st-load', required=True)
    ap.add_argument('--known', required=True)
    ap.add_argument('--gcc', default='gcc')
    ap.add_argument('--timeout', type=int, default=600)
    ap.add_argument('--cache', default=os.environ.get('STOPS_VM_CACHE') or
                    os.path.join(os.environ.get('XDG_CACHE_HOME') or
                                 os.path.expanduser('~/.cache'),
                                 'stops-shadow', 'kernels'))
    a = ap.parse_args()
    failures = []
    os.makedirs(a.work, exist_ok=True)
    kdir = os.path.join(a.cache, 'sid')
    ko = tool(a, 'build-bpf-testmod')
    log('bpf_testmod.ko: %s' % ko)
    objdir = tool(a, 'build-objects')
    a.st_load_sid = tool(a, 'build-loader')
    a.libbpf_host = run(['pkg-config', '--modversion', 'libbpf']).stdout \
        .decode().strip() or '?'
    a.libbpf_sid = open(os.path.join(os.path.dirname(a.st_load_sid),
                                     'libbpf.version')).read().strip()
    rows = read_list(objdir)
    log('%d sources picked, %d compiled (%s)' %
        (len(rows), sum(r['compiled'] for r in rows), objdir))
    for row in rows:
        row['maps'] = []
        if row['compiled']:
            maps, err = struct_ops_maps(a.cli, row['obj'])
            if maps is None:
                failures.append('%s: stops-shadow dump: %s' % (row['name'], err))
                maps = []
            row['maps'] = [m for m in maps
                           if m['section'].startswith(('.struct_ops',
                                                       '?.struct_ops'))]
    hdr = os.path.join(a.work, 'hdr')
    names = headers(a, rows, hdr)
    fits = module_maps(a, rows, names, kdir)
    progs = build_host_programs(a, rows, names, fits, hdr, a.work, failures)
    log('%d headers and checkers; fit of %d types vmlinux lacks: %s' %
        (len(names), len(fits), ' '.join(t for _, _, _, t in fits)))

    release = re.search(r'^RELEASE=(\S+)', open(os.path.join(
        kdir, 'kernel.env')).read(), re.M).group(1)
    p = os.path.join(a.work, 'payload')
    payload(a, p, rows, ko, progs, kdir, release)
    boot = os.path.join(a.work, 'boot')
    r = subprocess.run([os.path.join(HERE, '..', 'vm', 'run-kernel.sh'),
                        '--timeout', str(a.timeout), '--mem', '2048', kdir, p,
                        boot])
    if r.returncode:
        print('FAIL: the sid kernel did not run the payload')
        return 1
    text = open(os.path.join(boot, 'results.txt')).read()
    log('guest done')
    judge(a, rows, names, text, kdir, failures)
    headers_and_fit(text, rows, names, os.path.join(a.work, 'kernel-btf'),
                    a, failures)
    for f in failures:
        print('FAIL: ' + f)
    log('done')
    return 1 if failures else 0


def loads(text, name):
    """{(object, map): (ok|fail, why)} from one loader's section."""
    real, same = {}, {}
    for line in (section(text, name)[0] or '').splitlines():
        m = re.match(r'@@REAL (\S+) (\S+) (ok|fail)\s*(.*)', line)
        if m:
            real[(m.group(1), m.group(2))] = (m.group(3), m.group(4))
        m = re.match(r'@@SAME (\S+) (\S+)$', line)
        if m:
            same[(m.group(1), m.group(2))] = (m.group(1), '-')
    for k, whole in same.items():
        if whole in real:
            real[k] = real[whole]
    return real


def outcome(result, why):
    """ok, or where and with which errno it failed (libbpf's wording of
    the same error changed between versions)."""
    m = re.match(r'(open|load|attach \S+) (\S+):', why)
    return result if result == 'ok' or not m else m.group(0)


def judge(a, rows, names, text, kdir, failures):
    _, rc = section(text, 'insmod')
    if rc != 0:
        failures.append('insmod bpf_testmod.ko failed: %s' %
                        section(text, 'insmod')[0])
    btfdir = os.path.join(a.work, 'kernel-btf')
    shutil.rmtree(btfdir, ignore_errors=True)
    os.makedirs(btfdir)
    shutil.copy(os.path.join(kdir, 'vmlinux.btf'),
                os.path.join(btfdir, 'vmlinux'))
    b64, _ = section(text, 'btf')
    r = run(['base64', '-d'], input=(b64 or '').encode())
    open(os.path.join(btfdir, 'bpf_testmod'), 'wb').write(r.stdout)
    if not r.stdout:
        failures.append('no /sys/kernel/btf/bpf_testmod came back')

    real, real_sid = loads(text, 'load'), loads(text, 'load_sid')
    known = read_known(a.known)
    table = []
    for row in rows:
        n = row['name']
        if not row['compiled']:
            table.append([n, '-', 'no object', 'no object', '-', 'n/a',
                          'compile', row['why']])
            continue
        doc, err = check_object(a, row['obj'], btfdir)
        row['doc'] = doc
        if doc is None:
            whole, per = ('error', err), {}
        else:
            whole, per = verdicts(doc, row['maps'])
        targets = [('-', whole)] + [(m['name'], per.get(m['name'],
                                                        ('error', 'no map')))
                                    for m in row['maps']]
        for mp, (cv, cwhy) in targets:
            rv, rwhy = real.get((n, mp), ('missing', 'st_load said nothing'))
            sv, swhy = real_sid.get((n, mp), ('missing', '-'))
            agree = (cv == 'ok') == (rv == 'ok') and cv != 'error' and \
                rv != 'missing'
            k = known.get((n, mp))
            cls = k[0] if k else '-'
            if agree:
                mark = 'agree'
                if k:
                    failures.append('%s %s: listed in %s but agrees now' %
                                    (n, mp, os.path.basename(a.known)))
            elif k:
                mark = 'limit'
            else:
                mark = 'DISAGREE'
                failures.append('%s %s: check %s (%s), kernel %s %s' %
                                (n, mp, cv, cwhy, rv, rwhy))
            if rv == 'ok':
                kernel = 'ok'
            else:
                kernel = 'refused: ' + rwhy
            sid = 'same' if outcome(sv, swhy) == outcome(rv, rwhy) else \
                ('ok' if sv == 'ok' else 'refused: ' + swhy)
            finding = k[1] if k else (cwhy or '-')
            table.append([n, mp, kernel, sid, cv, mark, cls, finding])
    write_table(a, table, text)


def write_table(a, table, text):
    cols = ['object', 'map', 'kernel (libbpf %s)' % a.libbpf_host,
            'kernel (libbpf %s)' % a.libbpf_sid, 'check', 'agreement',
            'class', 'finding']
    with open(os.path.join(a.work, 'table.tsv'), 'w') as f:
        f.write('\t'.join(cols) + '\n')
        for t in table:
            f.write('\t'.join(t) + '\n')
    counts = {}
    for t in table:
        counts[t[5]] = counts.get(t[5], 0) + 1
    differ = [t for t in table if t[3] != 'same']
    booted = re.search(r'^@@BOOTED (\S+)', text, re.M)
    summary = ('%d objects, %d rows (each object whole, "-", and each '
               'struct_ops map alone): %s; libbpf %s and %s differ on %d '
               'rows' % (len({t[0] for t in table}), len(table),
                         ', '.join('%s %d' % kv
                                   for kv in sorted(counts.items())),
                         a.libbpf_host, a.libbpf_sid, len(differ)))
    with open(os.path.join(a.work, 'table.txt'), 'w') as f:
        f.write('Linux %s with bpf_testmod: stops-shadow check vs load + '
                'attach in the guest\n' % (booted.group(1) if booted
                                            else '?'))
        f.write('kernel: what the kernel did with the loader on libbpf %s '
                '(the libbpf check assumes); the next column with libbpf %s '
                '("same" when equal).\nagreement: agree; limit (listed in '
                'known-limits.txt, its class); DISAGREE.\n\n' %
                (a.libbpf_host, a.libbpf_sid))
        for t in table:
            f.write('%s %s\n    kernel: %s\n    libbpf %s: %s\n    check: '
                    '%s, %s%s: %s\n' % (t[0], t[1], t[2], a.libbpf_sid,
                                        t[3], t[4], t[5],
                                        ' (%s)' % t[6] if t[6] != '-' else '',
                                        t[7]))
        f.write('\n' + summary + '\n')
    print(open(os.path.join(a.work, 'table.txt')).read())


def headers_and_fit(text, rows, names, btfdir, a, failures):
    out, rc = section(text, 'checkers')
    print('checker in the guest: %s' % (out or 'did not run').strip()
          .splitlines()[-1:])
    if rc != 0:
        failures.append('checker (the shadow through X__from_object() vs '
                        'bpf_map__initial_value()) failed in the guest:\n' +
                        (out or '')[-2000:])
    fits = {}
    for line in (section(text, 'fit')[0] or '').splitlines():
        m = re.match(r'@@FIT (\S+) (\S+) (.*)', line)
        if m:
            fits[(m.group(1), m.group(2))] = m.group(3)
    nmod = 0
    for row in rows:
        if row['name'] not in names:
            continue
        for m in (row.get('doc') or {}).get('maps', []):
            got = fits.get((row['name'], m['name']))
            if got is None:
                continue
            want = m.get('kernel_module') or 'vmlinux'
            nmod += 1
            print('fit: %s %s (struct %s): %s; check finds it in %s' %
                  (row['name'], m['name'], m['kernel_type'], got,
                   want if m['kernel_btf'] else 'no BTF'))
            # a type in no BTF: -ENOENT, as check's type-missing
            want_re = r'fit -2 module vmlinux$' if not m['kernel_btf'] else \
                r'fit (0|-95|-22) module %s$' % want
            if not re.match(want_re, got):
                failures.append('%s %s: X__fit_kernel(s, NULL) in the guest '
                                'says %s; check finds struct %s in %s' %
                                (row['name'], m['name'], got,
                                 m['kernel_type'], want))
    print('fit: %d types vmlinux lacks, each fitted with NULL in the guest' %
          nmod)


if __name__ == '__main__':
    sys.exit(main())
