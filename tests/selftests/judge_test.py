#!/usr/bin/python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""selftests.py's judgement on made-up loader output and check documents,
no kernel needed (selftests.judge): a map alone is not blamed for a rule
between two maps, an object's one-map errors count for each of its maps,
"@@SAME" rows take the object's result, libbpf's rewording of an error is
the same outcome, and known-limits.txt's lines are read or refused."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selftests as st  # noqa: E402

failures = 0


def expect(what, got, want):
    global failures
    if got != want:
        failures += 1
        print('FAIL: %s: got %r, want %r' % (what, got, want))


def finding(sev, what, msg='m'):
    return {'severity': sev, 'what': what, 'message': msg}


def doc(compatible, maps):
    return {'compatible': compatible,
            'maps': [{'name': n, 'findings': f} for n, f in maps]}


# prog-reuse between a and b: the object fails, each map alone does not
d = doc(False, [('a', [finding('error', 'prog-reuse')]), ('b', [])])
whole, per = st.verdicts(d, None)
expect('two-map rule: whole', whole[0], 'incompat')
expect('two-map rule: a alone', per['a'][0], 'ok')
expect('two-map rule: b alone', per['b'][0], 'ok')
# a missing kfunc, reported on the first map, counts for the second too
d = doc(False, [('a', [finding('error', 'kfunc-missing')]), ('b', [])])
whole, per = st.verdicts(d, None)
expect('object rule: b alone', per['b'][0], 'incompat')
# a map's own error stays its own
d = doc(False, [('a', []), ('b', [finding('error', 'member-missing')])])
whole, per = st.verdicts(d, None)
expect('own error: a', per['a'][0], 'ok')
expect('own error: b', per['b'][0], 'incompat')
expect('own error: whole', whole[0], 'incompat')
# warnings decide nothing
d = doc(True, [('a', [finding('warning', 'prog-unused')])])
expect('warning', st.verdicts(d, None)[1]['a'][0], 'ok')

text = '''@@BEGIN load
@@SAME o m
@@REAL o - fail load EINVAL: libbpf: x | prog p: R1 !read_ok
@@REAL t - ok
@@END load rc=0
'''
real = st.loads(text, 'load')
expect('@@SAME', real.get(('o', 'm')), real.get(('o', '-')))
expect('fail row', real[('o', '-')][0], 'fail')
expect('ok row', real[('t', '-')], ('ok', ''))
expect('missing section', st.loads(text, 'load_sid'), {})
expect('reworded', st.outcome('fail', 'load EINVAL: libbpf: Invalid argument'),
       st.outcome('fail', 'load EINVAL: libbpf: -EINVAL'))
expect('other errno', st.outcome('fail', 'load EINVAL: x') ==
       st.outcome('fail', 'load EACCES: x'), False)

with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
    f.write('# c\nobj - verifier a reason here\nobj m loader why\n')
known = st.read_known(f.name)
expect('known', known, {('obj', '-'): ('verifier', 'a reason here'),
                        ('obj', 'm'): ('loader', 'why')})
with open(f.name, 'w') as g:
    g.write('obj - verifier\n')
try:
    st.read_known(f.name)
    expect('a line without a reason is refused', 'accepted', 'refused')
except SystemExit:
    pass
os.unlink(f.name)

print('judge: %s' % ('%d failures' % failures if failures else 'ok'))
sys.exit(1 if failures else 0)
