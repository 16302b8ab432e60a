#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Random struct_ops layouts for the differential layout test.

One seed gives one reproducible set of types (bitfields of every width,
straddling included; packed and aligned types and members; packed
aggregates nested in ordinary ones; unions; arrays; enums), each the type
of one map initialised with random values.

  gen.py bpf SEED COUNT OUT.bpf.c ORIG.h
      the BPF source (maps initialised) and the original types alone
  gen.py check SEED COUNT OBJNAME SHADOW.h OUT.c [--orig]
      a host program (C and C++) that reads every initialised member
      through the shadow (fields, or the accessors where the header has
      them) and compares it with the value the BPF source set, then
      writes the same values into a zeroed shadow and compares its bytes
      with the object's section bytes (map offsets in OFFSETS.h). With
      --orig it also expands X__ASSERT_MATCHES(struct <type>) (LP64 only).
"""
import random
import re
import sys

# (spelling, size, signed)
INTS = [
    ("char", 1, True), ("signed char", 1, True), ("unsigned char", 1, False),
    ("short", 2, True), ("unsigned short", 2, False),
    ("int", 4, True), ("unsigned int", 4, False),
    ("long", 8, True), ("unsigned long", 8, False),
    ("long long", 8, True), ("unsigned long long", 8, False),
]
BF_INTS = [t for t in INTS if t[0] != "char"]  # plain char's sign varies


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.tags = []  # (tag, text) of nested named types, deps first
        self.enums = []  # (name, size, values)

    def name(self, p):
        self.n += 1
        return "%s%d" % (p, self.n)

    def enum(self):
        r = self.r
        if self.enums and r.random() < 0.5:
            return r.choice(self.enums)
        size = r.choice([1, 2, 4, 4])
        name = self.name("e")
        top = {1: 255, 2: 65535, 4: 0x7fffffff}[size]
        vals = {r.randint(0, top) for _ in range(r.randint(1, 4))}
        if size == 2:  # a packed enum is as small as its values allow
            vals.add(r.randint(256, top))
        vals = sorted(vals)
        vals = [(self.name("E"), v) for v in vals]
        self.enums.append((name, size, vals))
        return self.enums[-1]

    def scalar(self):
        r = self.r
        k = r.random()
        if k < 0.08:
            return {"t": "bool", "c": "_Bool", "size": 1}
        if k < 0.14:
            return {"t": "float", "c": r.choice(["float", "double"])}
        if k < 0.24:
            e = self.enum()
            return {"t": "enum", "c": "enum " + e[0], "enum": e,
                    "size": e[1]}
        c, size, sgn = r.choice(INTS)
        return {"t": "int", "c": c, "size": size, "signed": sgn}

    def bitfield(self):
        r = self.r
        k = r.random()
        if k < 0.08:
            return {"t": "bool", "c": "_Bool", "size": 1, "width": 1}
        if k < 0.18:
            e = self.enum()
            need = max(v for _, v in e[2]).bit_length() or 1
            w = r.randint(need, e[1] * 8)
            return {"t": "enum", "c": "enum " + e[0], "enum": e,
                    "size": e[1], "width": w}
        c, size, sgn = r.choice(BF_INTS)
        # wide fields more often: they straddle
        w = r.randint(1, size * 8) if r.random() < 0.7 else size * 8 - r.randint(0, 3)
        return {"t": "int", "c": c, "size": size, "signed": sgn, "width": w}

    def aggr(self, depth, top, is_union=False):
        """A struct or union: dict with members; nested types recorded."""
        r = self.r
        a = {"union": is_union, "members": [],
             "packed": r.random() < 0.5,
             "aligned": r.choice([0] * 8 + [4, 8, 16]),
             "fn": top}
        n = r.randint(1, 9 if top else 5)
        for _ in range(n):
            a["members"].append(self.member(depth, top and not is_union,
                                            is_union))
        return a

    def member(self, depth, allow_fn, in_union):
        r = self.r
        k = r.random()
        m = {"name": self.name("f"), "align": 0}
        if allow_fn and k < 0.08:
            m["t"] = "fn"
            return m
        if k < 0.5:
            m.update(self.bitfield())
            if not in_union and r.random() < 0.06:
                m["zero_before"] = True
            if not in_union and r.random() < 0.06:
                m["unnamed_before"] = r.randint(1, 7)
            return m
        if depth < 2 and k < 0.64:
            sub = self.aggr(depth + 1, False, r.random() < 0.3)
            if r.random() < 0.3:
                m.update({"t": "anon", "aggr": sub})
                m["name"] = None
                return m
            tag = self.name("n")
            sub["tag"] = tag
            self.tags.append(sub)
            m.update({"t": "nested", "aggr": sub})
            if r.random() < 0.25:
                m["dims"] = [r.randint(1, 3)]
            return m
        if k < 0.70:
            m.update(self.scalar())
            m["dims"] = [r.randint(1, 4) for _ in range(r.randint(1, 2))]
            return m
        m.update(self.scalar())
        if r.random() < 0.1:
            m["align"] = r.choice([2, 4, 8, 16])
        return m


def attrs(a):
    s = ""
    if a["packed"]:
        s += " __attribute__((packed))"
    if a["aligned"]:
        s += " __attribute__((aligned(%d)))" % a["aligned"]
    return s


def decl_members(a, ind):
    out = []
    for m in a["members"]:
        t = m["t"]
        if m.get("zero_before"):
            out.append(ind + "int : 0;")
        if m.get("unnamed_before"):
            out.append(ind + "unsigned int : %d;" % m["unnamed_before"])
        dims = "".join("[%d]" % d for d in m.get("dims", []))
        al = " __attribute__((aligned(%d)))" % m["align"] if m["align"] else ""
        if t == "fn":
            out.append(ind + "int (*%s)(void *ctx);" % m["name"])
        elif t == "anon":
            sub = m["aggr"]
            out.append(ind + ("union {" if sub["union"] else
                              "__extension__ struct {"))
            out += decl_members(sub, ind + "\t")
            out.append(ind + "}%s;" % attrs(sub))
        elif t == "nested":
            kw = "union" if m["aggr"]["union"] else "struct"
            out.append(ind + "%s %s %s%s%s;" % (kw, m["aggr"]["tag"],
                                               m["name"], dims, al))
        elif "width" in m:
            out.append(ind + "%s %s : %d;" % (m["c"], m["name"], m["width"]))
        else:
            out.append(ind + "%s %s%s%s;" % (m["c"], m["name"], dims, al))
    return out


def type_text(kw, tag, a):
    return "%s %s {\n%s\n}%s;\n" % (kw, tag, "\n".join(decl_members(a, "\t")),
                                    attrs(a))


def rand_value(r, m):
    """(C literal, python value) for one scalar or bitfield."""
    t = m["t"]
    if t == "bool":
        v = r.randint(0, 1)
        return str(v), v
    if t == "float":
        v = r.randint(-4000, 4000) / 8.0
        return repr(v), v
    if t == "enum":
        name, v = r.choice(m["enum"][2])
        if "width" in m and v >= (1 << m["width"]):
            v = 0
            name = "0"
        return name, v
    bits = m.get("width", m["size"] * 8)
    if m["c"] == "char":
        v = r.randint(0, 127)
    elif m["signed"]:
        v = r.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    else:
        v = r.randint(0, (1 << bits) - 1)
    if m["signed"]:
        lit = "(%dLL)" % v if v >= -(1 << 63) + 1 else "(-%dLL - 1)" % ((1 << 63) - 1)
    else:
        lit = "%dULL" % v
    return lit, v


def values(r, a, path, acc):
    """Initialiser text for aggregate a; acc collects (path, member, value)."""
    return "{ " + ", ".join(value_parts(r, a, path, acc)) + " }"


def value_parts(r, a, path, acc):
    """Designators of a; anonymous members' own are spliced in."""
    parts = []
    mems = a["members"]
    if a["union"]:
        mems = [r.choice(mems)]
    for m in mems:
        t = m["t"]
        if t == "fn":
            continue
        name = m["name"]
        if t == "anon":
            parts += value_parts(r, m["aggr"], path, acc)
            continue
        if r.random() < 0.1 and not a["union"]:
            continue  # left zero
        p = path + [name]
        if t == "nested":
            if "dims" in m:
                els = []
                for i in range(m["dims"][0]):
                    els.append(values(r, m["aggr"], p + [i], acc))
                parts.append(".%s = { %s }" % (name, ", ".join(els)))
            else:
                parts.append(".%s = %s" % (name, values(r, m["aggr"], p, acc)))
            continue
        if "dims" in m:
            parts.append(".%s = %s" % (name, array_init(r, m, m["dims"], p, acc)))
            continue
        lit, v = rand_value(r, m)
        acc.append((p, m, v, a))
        parts.append(".%s = %s" % (name, lit))
    return parts


def array_init(r, m, dims, p, acc):
    els = []
    for i in range(dims[0]):
        if len(dims) > 1:
            els.append(array_init(r, m, dims[1:], p + [i], acc))
        else:
            lit, v = rand_value(r, m)
            acc.append((p + [i], m, v, None))
            els.append(lit)
    return "{ " + ", ".join(els) + " }"


def model(seed, count):
    g = Gen(seed)
    tops = []
    for _ in range(count):
        tag = g.name("t")
        tops.append((tag, g.aggr(0, True)))
    r = random.Random(seed * 7919 + 1)
    inits = []
    for tag, a in tops:
        acc = []
        text = values(r, a, [], acc)
        inits.append((tag, a, text, acc))
    return g, inits


def orig_types(g, inits):
    out = []
    for name, size, vals in g.enums:
        out.append("enum %s%s { %s };" % (
            "__attribute__((packed)) " if size < 4 else "", name,
            ", ".join("%s = %dU" % (n, v) for n, v in vals)))
    for sub in g.tags:
        out.append(type_text("union" if sub["union"] else "struct",
                             sub["tag"], sub))
    for tag, a, _, _ in inits:
        out.append(type_text("struct", tag, a))
    return "\n".join(out) + "\n"


def maps(inits):
    """(map name, type index): every 4th type has a second map (mNb),
    which shares the first one's layout and nested types."""
    out = []
    for i in range(len(inits)):
        out.append(("m%d" % i, i))
        if i % 4 == 1:
            out.append(("m%db" % i, i))
    return out


def cmd_bpf(seed, count, out_c, out_h):
    g, inits = model(seed, count)
    with open(out_h, "w") as f:
        f.write("/* generated by gen.py, seed %d: do not edit */\n" % seed)
        f.write("#ifdef __cplusplus\n#define _Bool bool\n#endif\n")
        f.write("#if defined(__cplusplus) && defined(__clang__)\n"
                "#pragma clang diagnostic ignored \"-Wnested-anon-types\"\n"
                "#endif\n")
        f.write(orig_types(g, inits))
    with open(out_c, "w") as f:
        f.write("/* generated by gen.py, seed %d: do not edit */\n" % seed)
        f.write('#include "%s"\n\n' % out_h.split("/")[-1])
        for name, i in maps(inits):
            tag, a, text, _ = inits[i]
            f.write('__attribute__((section(".struct_ops"), used))\n')
            f.write("struct %s %s = %s;\n\n" % (tag, name, text))
        f.write('char _license[] __attribute__((section("license"), used)) = "GPL";\n')


def c_value(m, v):
    if m["t"] == "float":
        return "(double)(%s) == %r" % ("%s", v)
    if m["t"] in ("bool",) or not m.get("signed", False) or m["t"] == "enum":
        return "(unsigned long long)(%s) == %dULL" % ("%s", v)
    if v == -(1 << 63):
        return "(long long)(%s) == (-9223372036854775807LL - 1)"
    return "(long long)(%s) == (%dLL)" % ("%s", v)


def cmd_check(seed, count, obj, shadow_h, out_c, orig):
    g, inits = model(seed, count)
    hdr = open(shadow_h).read()
    getters = set(re.findall(r"static inline \S.*? (\w+)__get_(\w+)\(", hdr))
    out = []
    w = out.append
    w("/* generated by gen.py, seed %d: do not edit */" % seed)
    w("#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>")
    w('#include "%s"' % shadow_h.split("/")[-1])
    if orig:
        # legal types gcc warns about (packed with an aligned member)
        w("#if defined(__GNUC__) && !defined(__clang__)")
        w('#pragma GCC diagnostic ignored "-Wpacked-not-aligned"')
        w("#endif")
        w('#include "orig.h"')
    w('#include "offsets.h"')
    w("static int fails;")
    w("#define CHECK(c, what) do { if (!(c)) { fails++; "
      "fprintf(stderr, \"FAIL: %s\\n\", what); } } while (0)")
    w("static unsigned char sec[OFFSETS_SEC_SIZE];")
    for mname, i in maps(inits):
        tag, a, _, acc = inits[i]
        x = "%s_%s_%s" % (obj, mname, tag)
        nest = "%s_m%d_%s" % (obj, i, tag)  # nested types: the first map's
        if orig:
            w("%s__ASSERT_MATCHES(struct %s);" % (x, tag))
        w("static void check_%s(void)\n{" % mname)
        w("\tstruct %s *s = (struct %s *)malloc(sizeof(*s));" % (x, x))
        w("\tstruct %s *z = (struct %s *)calloc(1, sizeof(*z));" % (x, x))
        w("\tif (!s || !z) exit(2);")
        w("\tmemcpy(s, sec + OFFSET_%s, sizeof(*s));" % mname)
        for path, m, v, parent in acc:
            get, setter = access(x, nest, path, m, parent, getters)
            what = "%s.%s" % (mname, ".".join(str(p) for p in path))
            w('\tCHECK(%s, "%s read");' % (c_value(m, v) % get("s"), what))
            w("\t%s;" % setter("z", value_lit(m, v)))
        w("\tif (memcmp(z, s, sizeof(*s))) { fails++; "
          "fprintf(stderr, \"FAIL: %s: bytes written differ\\n\"); }" % mname)
        w("\tfree(s);\n\tfree(z);\n}")
    w("int main(int argc, char **argv)\n{")
    w("\tFILE *f = argc > 1 ? fopen(argv[1], \"rb\") : NULL;")
    w("\tif (!f || fread(sec, 1, sizeof(sec), f) != sizeof(sec)) { "
      "fprintf(stderr, \"cannot read section bytes\\n\"); return 2; }")
    w("\tfclose(f);")
    for mname, _ in maps(inits):
        w("\tcheck_%s();" % mname)
    w('\tif (fails) fprintf(stderr, "%d failures\\n", fails);')
    w("\treturn fails ? 1 : 0;\n}")
    open(out_c, "w").write("\n".join(out) + "\n")


def value_lit(m, v):
    if m["t"] == "float":
        return repr(v)
    if m["t"] == "bool":
        return str(v)
    if m.get("signed") and m["t"] != "enum":
        if v == -(1 << 63):
            return "(-9223372036854775807LL - 1)"
        return "(%dLL)" % v
    return "%dULL" % v


def access(x, nest, path, m, parent, getters):
    """get(base) and set(base, value) C expressions for member path."""
    # walk: nested named members change the accessor type
    typ = x
    expr = "%s"
    for k, p in enumerate(path[:-1]):
        if isinstance(p, int):
            expr += "[%d]" % p
        else:
            expr += "->" if k == 0 else "."
            expr += p
            typ = (nest if typ == x else typ) + "__" + p
    last = path[-1]
    if isinstance(last, int):
        full = expr + "[%d]" % last
        return (lambda b: full.replace("%s", b, 1),
                lambda b, v: "%s = %s" % (full.replace("%s", b, 1), v))
    sep = "->" if len(path) == 1 else "."
    if "width" in m and (typ, last) in getters:
        base = expr if len(path) == 1 else "&(" + expr + ")"
        return (lambda b: "%s__get_%s(%s)" % (typ, last, base.replace("%s", b, 1)),
                lambda b, v: "%s__set_%s(%s, %s)" % (typ, last,
                                                     base.replace("%s", b, 1), v))
    full = expr + sep + last
    return (lambda b: full.replace("%s", b, 1),
            lambda b, v: "%s = %s" % (full.replace("%s", b, 1), v))


def main():
    a = sys.argv[1:]
    if a[0] == "bpf":
        cmd_bpf(int(a[1]), int(a[2]), a[3], a[4])
    elif a[0] == "check":
        cmd_check(int(a[1]), int(a[2]), a[3], a[4], a[5], "--orig" in a)
    else:
        sys.exit("usage: see the top of gen.py")


if __name__ == "__main__":
    main()
