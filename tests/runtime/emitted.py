#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""emitted.py CC RUNTIME_DIR CLI OBJ WORK: a header generated from OBJ
carries each gen/runtime/ source's lines between its emit markers,
verbatim but for the generator's constants it mirrors (mirror.h's
"mirrors:" lines), which must read as the values the generator's own
headers give them: a C program built here from mirror.h prints those.
This checks scripts/mk-runtime's output by another route (Python here,
awk there) and that nothing of the run-time code is lost or reordered."""
import os
import re
import subprocess
import sys

# emit_c.c's prologue, then emit_verify.c's and emit_fit.c's blocks
ORDER = [["skel", "layout_assert", "bits", "initial_value"],
         ["print", "layout_check"], ["fit"]]


def fail(msg):
    print("runtime.emitted: " + msg, file=sys.stderr)
    sys.exit(1)


def mirrored_values(cc, rt, work):
    names = []
    with open(os.path.join(rt, "mirror.h")) as f:
        for line in f:
            if line.startswith(" * mirrors:"):
                names += line.split(":", 1)[1].split()
    if not names:
        fail("mirror.h: no mirrors: line")
    src = os.path.join(work, "values.c")
    with open(src, "w") as f:
        f.write('#include <stdio.h>\n#include "mirror.h"\nint main(void)\n{\n')
        for n in names:
            f.write('\tprintf("%%s %%lld\\n", "%s", (long long)(%s));\n' % (n, n))
        f.write("\treturn 0;\n}\n")
    exe = os.path.join(work, "values")
    subprocess.run([cc, "-std=c11", "-I" + rt, src, "-o", exe], check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True)
    return dict(line.split() for line in out.stdout.splitlines())


def emitted_text(path, values):
    with open(path) as f:
        text = f.read()
    m = re.search(r"^/\* stops-shadow: emit begin \*/\n(.*?)"
                  r"^/\* stops-shadow: emit end \*/\n", text, re.S | re.M)
    if not m:
        fail(path + ": no emit markers")
    body = m.group(1)
    if not body.strip():
        fail(path + ": nothing between the emit markers")
    return re.sub(r"[A-Za-z_][A-Za-z0-9_]*",
                  lambda t: values.get(t.group(0), t.group(0)), body)


def main():
    if len(sys.argv) != 6:
        fail("usage: emitted.py CC RUNTIME_DIR CLI OBJ WORK")
    cc, rt, cli, obj, work = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    values = mirrored_values(cc, rt, work)
    header = os.path.join(work, "emitted.shadow.h")
    subprocess.run([cli, "gen", obj, "-o", header], check=True)
    with open(header) as f:
        h = f.read()
    pos = 0
    for block in ORDER:
        want = "".join(emitted_text(os.path.join(rt, n + ".h"), values)
                       for n in block)
        at = h.find(want, pos)
        if at < 0:
            fail("%s: gen/runtime/%s.h not found verbatim after byte %d"
                 % (header, " + ".join(block), pos))
        pos = at + len(want)
    # every runtime source is one of the blocks above
    listed = {n for block in ORDER for n in block} | {"mirror"}
    for f in sorted(os.listdir(rt)):
        if f.endswith(".h") and f[:-2] not in listed:
            fail("gen/runtime/%s: emitted by no block this test knows" % f)
    print("runtime.emitted: %d run-time sources found in %s, in order, "
          "constants %s" % (len(listed) - 1, header,
                            ", ".join("%s=%s" % kv for kv in sorted(values.items()))))


main()
