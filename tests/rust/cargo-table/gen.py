#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""gen.py: the cargo table's Rust (compare/src/gen.rs) from each object's
layout plan (stops-shadow dump --plan), our module and libbpf-cargo's
skeleton.

    gen.py HOSTDIR WORKDIR LIST OUT

LIST: one line per object, "ID OBJNAME": HOSTDIR/objs/ID/plan.json,
HOSTDIR/mods/ID.rs, HOSTDIR/skels/ID.skel.rs (absent when libbpf-cargo
refused the object: then ID.err says why). The Rust includes them by their
paths inside the root (WORKDIR for HOSTDIR).

For each map and each BTF member (nested ones too) the Rust prints where
each type has it and what each reads (compare/src/main.rs, row()); the
member's libbpf-cargo field is found by name (its escape of Rust keywords),
an anonymous member by its place among the anonymous ones, as libbpf-cargo
names them by their type (__anon_*). A member libbpf-cargo has no field for
gets the reason code this script knows (a bitfield: libbpf-cargo skips it).
"""
import json
import os
import re
import sys

# libbpf-cargo 0.27's escape_reserved_keyword() (src/gen/btf.rs)
RESERVED = {"Self", "abstract", "as", "async", "await", "become", "box",
            "crate", "dyn", "enum", "final", "fn", "gen", "impl", "in", "let",
            "loop", "macro", "match", "mod", "move", "mut", "override", "priv",
            "pub", "ref", "self", "super", "trait", "try", "type", "typeof",
            "unsafe", "unsized", "use", "virtual", "where", "yield"}
NO_RAW = {"Self", "crate", "self", "super"}


def cargo_escape(name):
    if name not in RESERVED:
        return name
    if name in NO_RAW:
        return re.sub("[ae]", "", name, count=1)
    return "r#" + name


def parse_skel(text):
    """libbpf-cargo's skeleton: its types (name -> (kind, [(field, type)])),
    enum newtypes, StructOps fields (var -> type), the builder's name and
    the open maps' field names."""
    comps, enums, ops, maps = {}, set(), {}, set()
    builder = None
    cur = None
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r"pub struct (\w+)SkelBuilder \{$", s)
        if m:
            builder = m.group(1) + "SkelBuilder"
            cur = None
            continue
        m = re.match(r"pub (struct|union) (\w+) \{$", s)
        if m:
            if m.group(2) == "StructOps":
                cur = ops
            else:
                cur = comps.setdefault(m.group(2), (m.group(1), []))[1]
            continue
        m = re.match(r"pub struct (Open\w+Maps)<'obj> \{$", s)
        if m:
            cur = maps
            continue
        m = re.match(r"pub struct (\w+)\(pub [iu]\d+\);$", s)
        if m:
            enums.add(m.group(1))
            continue
        if s == "}":
            cur = None
            continue
        if cur is None:
            continue
        m = re.match(r"pub ((?:r#)?\w+): (.*),$", s)
        if not m:
            continue
        if cur is ops:
            t = re.match(r"\*mut types::(\w+)$", m.group(2))
            if t:
                ops[m.group(1)] = t.group(1)
        elif cur is maps:
            if "OpenMapMut" in m.group(2):
                maps.add(m.group(1))
        else:
            cur.append((m.group(1), m.group(2)))
    return comps, enums, ops, builder, maps


class Gen:
    def __init__(self, oid, obj, plan, skel):
        self.oid, self.obj, self.plan = oid, obj, plan
        self.comps, self.enums, self.ops, self.builder, self.maps = skel
        self.types = plan["types"]
        self.out = []

    def emit(self, s):
        self.out.append(s)

    def their_field(self, comp, f, anon_i):
        """libbpf-cargo's field (name, type) for plan field f, or None."""
        if comp is None:
            return None
        fields = [x for x in self.comps.get(comp, ("", []))[1]
                  if not re.match(r"__pad_\d+$", x[0])]
        if f["btf_name"] is None:
            anon = [x for x in fields if x[0].startswith("__anon")]
            return anon[anon_i] if anon_i < len(anon) else None
        want = cargo_escape(f["btf_name"])
        for x in fields:
            if x[0] == want:
                return x
        return None

    def members(self, tidx, opath, tpath, label, comp, base_off):
        """The rows of plan type tidx, ours at (*o).opath, theirs at
        (*t).tpath (None: libbpf-cargo has no such field)."""
        t = self.types[tidx]
        anon_i = 0
        for f in t["fields"]:
            r = f["range"]
            if r in ("padding", "bits"):
                continue
            name = f["btf_name"]
            lab = label + ("." if label else "") + (name if name else "(anon)")
            theirs = None
            if r != "bitfield" and tpath is not None:
                theirs = self.their_field(comp, f, anon_i)
            if name is None:
                anon_i += 1
            on = f["names"]["rust"]
            op = opath + ("." if opath else "") + on
            tp = None
            if theirs is not None:
                tp = tpath + ("." if tpath else "") + theirs[0]
            off = base_off + f["offset"]
            code = "-"
            if theirs is None:
                if r == "bitfield":
                    code = "bitfield-skipped"
                elif tpath is None:
                    code = "parent-missing"
                else:
                    code = "member-missing"
            self.row(f, r, lab, op, tp, off, code, opath)
            if r == "nested":
                sub = None
                if theirs is not None and theirs[1] in self.comps:
                    sub = theirs[1]
                self.members(f["type"], op, tp if sub else None, lab, sub, off)

    def row(self, f, r, lab, op, tp, off, code, oparent):
        size = f["size"]
        # a char is a byte: its signedness is the platform's (ours u8,
        # libbpf-cargo i8 for BTF's signed char), the byte is what matters
        if r in ("scalar", "array") and f.get("scalar") == "char":
            btf = f"btf_bytes(buf, {off}, {size})"
            val = "bytes_at"
        elif r in ("scalar", "array") and "scalar" in f and f.get("type") is None:
            n = 1
            for d in f.get("dims", []):
                n *= d
            es = f.get("elem_size", size)
            signed = "true" if f.get("signed") and f["scalar"] not in ("bool", "float") else "false"
            btf = f"btf_ints(buf, {off}, {es}, {n}, {signed})"
            val = "num_at"
        elif r == "slot":
            btf = f"btf_ints(buf, {off}, 8, 1, false)"
            val = "num_at"
        elif r == "bitfield":
            signed = "true" if f.get("signed") and f["scalar"] != "bool" else "false"
            at = (off - f["offset"]) * 8 + f["bit_offset"]
            btf = f"vec![btf_bits(buf, {at}, {f['bit_size']}, {signed})]"
            val = None
        else:
            btf = f"btf_bytes(buf, {off}, {size})"
            val = "bytes_at"
        kind = r if r != "opaque" else "opaque(" + f.get("why", "") + ")"
        e = self.emit
        e("    row(Row {")
        e(f"        obj: OBJ, map: map, path: {json.dumps(lab)}, kind: {json.dumps(kind)},")
        e(f"        off: {off}, size: {size}, btf: {btf},")
        if val is None:
            acc = f["names"]["rust"]
            # a copy of the parent: it may be packed (no reference into it)
            par = f"{{ (*o).{oparent} }}" if oparent else "(*o)"
            e(f"        ours: Some(Side {{ off: {off}, size: {size}, "
              f"val: unsafe {{ {par}.{acc}() }}.num() }}),")
        else:
            e(f"        ours: unsafe {{ let p = addr_of!((*o).{op}); "
              f"Side::at(base, p, {val}(p)) }},")
        if tp is None:
            e("        theirs: None,")
        else:
            e(f"        theirs: unsafe {{ let p = addr_of!((*t).{tp}); "
              f"Side::at(base, p, {val or 'bytes_at'}(p)) }},")
        e(f"        code: {json.dumps(code)},")
        e("    });")

    def map_fn(self, i, m):
        t = self.types[m["type"]]
        ours = t["names"]["rust"]
        var = m["name"]
        comp = self.ops.get(var)
        e = self.emit
        e(f"// map {var}: ours {ours}, libbpf-cargo's {comp}")
        e("#[allow(unused_unsafe, unused_variables, clippy::all)]")
        e(f"fn map{i}(s: &skel::Open{self.builder[:-len('SkelBuilder')]}Skel<'_>) {{")
        e(f"    let map = {json.dumps(var)};")
        if comp is None or var not in self.maps:
            e(f"    refused(OBJ, \"map {var}: no StructOps field in libbpf-cargo's skeleton\");")
            e("}")
            return
        e(f"    let buf = s.maps.{var}.initial_value().expect(\"initial value\");")
        e("    let base = buf.as_ptr();")
        e(f"    let check = match check::<ours::{ours}>(s.open_object()) {{")
        e(f"        Ok(c) => match c.value(&s.maps.{var}) {{")
        e("            Ok(v) => if std::ptr::eq(v as *const _ as *const u8, base) { \"ok\".to_string() } else { \"other buffer\".to_string() },")
        e("            Err(e) => format!(\"value(): {e}\"),")
        e("        },")
        e("        Err(e) => format!(\"check(): {e}\"),")
        e("    };")
        e(f"    let theirs: *const skel::types::{comp} = s.struct_ops.{var}();")
        e(f"    let o = base as *const ours::{ours};")
        e("    let t = theirs;")
        e(f"    map_line(OBJ, map, {json.dumps(m['btf_type'])}, {m['size']}, buf.len(), "
          f"size_of::<ours::{ours}>(), size_of::<skel::types::{comp}>(), "
          f"std::ptr::eq(theirs as *const u8, base), &check);")
        self.members(m["type"], "", "", "", comp, 0)
        e("}")

    def module(self, host, work):
        oid = self.oid
        e = self.emit
        e(f"/// {self.obj}")
        e("#[allow(dead_code, non_camel_case_types, non_snake_case, non_upper_case_globals,")
        e("    unused_imports, unused_unsafe, clippy::all)]")
        e(f"pub mod {oid} {{")
        e("use crate::*;")
        e("use std::mem::size_of;")
        e("use std::ptr::addr_of;")
        e("use libbpf_rs::skel::{OpenSkel, SkelBuilder};")
        e("use stops_shadow::check;")
        e(f"const OBJ: &str = {json.dumps(self.obj)};")
        e(f"pub mod ours {{ include!(\"{work}/mods/{oid}.rs\"); }}")
        e(f"pub mod skel {{ include!(\"{work}/skels/{oid}.skel.rs\"); }}")
        for en in sorted(self.enums):
            e(f"impl Num for skel::types::{en} {{ fn num(&self) -> Vec<i128> {{ self.0.num() }} }}")
        for i, m in enumerate(self.plan["maps"]):
            self.map_fn(i, m)
        e("pub fn run() {")
        e("    let mut storage = std::mem::MaybeUninit::uninit();")
        e(f"    let s = match skel::{self.builder}::default().open(&mut storage) {{")
        e("        Ok(s) => s,")
        e("        Err(e) => { refused(OBJ, &format!(\"libbpf-rs cannot open it: {e}\")); return; }")
        e("    };")
        for i, _ in enumerate(self.plan["maps"]):
            e(f"    map{i}(&s);")
        e("}")
        e("}")
        return "\n".join(self.out)


def main():
    host, work, lst, out = sys.argv[1:5]
    mods, calls = [], []
    for line in open(lst):
        oid, obj = line.split(maxsplit=1)
        obj = obj.strip()
        plan = json.load(open(f"{host}/objs/{oid}/plan.json"))
        err = f"{host}/skels/{oid}.err"
        if os.path.exists(err):
            msg = open(err).read().strip().replace('"', "'")
            calls.append(f"    refused({json.dumps(obj)}, {json.dumps('libbpf-cargo: ' + msg)});")
        sk = f"{host}/skels/{oid}.skel.rs"
        if not os.path.exists(sk):
            continue
        skel = parse_skel(open(sk).read())
        if skel[3] is None:
            calls.append(f"    refused({json.dumps(obj)}, \"no SkelBuilder in libbpf-cargo's skeleton\");")
            continue
        mods.append(Gen(oid, obj, plan, skel).module(host, work))
        calls.append(f"    objs::{oid}::run();")
    with open(out, "w") as f:
        f.write("// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)\n")
        f.write("// Generated by tests/rust/cargo-table/gen.py. Do not edit.\n")
        f.write("use super::*;\n\nmod objs {\n")
        f.write("\n".join(mods))
        f.write("\n}\n\npub fn all() {\n" + "\n".join(calls) + "\n}\n")


if __name__ == "__main__":
    main()
