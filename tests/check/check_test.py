#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Tests of `stops-shadow check`, one ctest per invocation.

  check_test.py setup                 kernel BTF files the other tests use
  check_test.py case CASE TARGET      exit code, report lines, JSON findings
  check_test.py agree OBJ...          check's exit equals a real load + attach
                                      on this kernel, for every object
  check_test.py strict CASE CODE      exit CODE with --strict
  check_test.py matrix                --kernel: one verdict per map and kernel
  check_test.py saved OBJ...          --kernel with saved BTFs of Debian's 6.1,
                                      6.12 and 7.2 ($STOPS_KERNELS_DIR or
                                      ~/.cache/stops-shadow/kernels/<k>/vmlinux.btf)
  check_test.py bad NAME              bad --kernel-btf: exit 1, one stderr line
  check_test.py stable CASE           same input, same bytes

TARGET: host (default /sys/kernel/btf), copy (a saved copy of this kernel's
vmlinux BTF), elf (that copy wrapped as the .BTF section of an ELF file,
like a vmlinux image), minimal (a raw BTF made by mkbtf: another "kernel" whose
tcp_congestion_ops lacks set_state and owner), moddir (a directory laid out
like /sys/kernel/btf with a module BTF defining struct stops_test_ops),
modsplit (the same files given as --kernel-btf BASE --kernel-btf MODULE),
nolink (the minimal kernel without struct_ops links, like kernels before 6.4).
Exit 77 (skip) when the kernel BTF a test needs is not there.
"""
import argparse
import json
import os
import shutil
import subprocess
import struct
import sys

SKIP = 77
HOST_BTF = "/sys/kernel/btf/vmlinux"
TSIZE = "note::type-size"

# case -> target -> (exit code, JSON findings "severity:member:what" in
# order, lines the text report must contain).
HOST = {
    "ok": (0, [TSIZE], ["ok: map ok_ca (struct tcp_congestion_ops___ok -> "
                        "kernel struct tcp_congestion_ops): compatible"]),
    "extra_set": (3, [TSIZE, "error:extra:member-missing"],
                  ["extra_set: map bad_ca (struct tcp_congestion_ops___bad -> "
                   "kernel struct tcp_congestion_ops): incompatible",
                   "  error: member 'extra': not in kernel type, "
                   "object sets it to 0x2a"]),
    "extra_zero": (0, [TSIZE, "note:pad:member-missing"],
                   ["  note:  member 'pad': not in kernel type, zero in object"]),
    "slot_proto": (3, [TSIZE, "warning:cong_avoid:proto-arg",
                       "error:cong_avoid:prog-deref"],
                   ["  warning: member 'cong_avoid': prototype argument 2: "
                    "kernel u32 (int, 4 bytes), object struct acked_info * "
                    "(ptr, 8 bytes)",
                    "  error: member 'cong_avoid': program 'ca_cong_avoid' "
                    "uses argument 2 as a pointer (instruction 1); the kernel "
                    "passes u32"]),
    "prog_sig": (3, [TSIZE, "warning:ssthresh:prog-args", "note:ssthresh:prog-ctx",
                     "error:ssthresh:prog-regs"],
                 ["  warning: member 'ssthresh': program 'ca_ssthresh' takes "
                  "2 arguments, kernel passes 1",
                  "  error: member 'ssthresh': program 'ca_ssthresh' reads r2 "
                  "before setting it (instruction 0)"]),
    "member_size": (3, [TSIZE, "error:flags:size"],
                    ["  error: member 'flags': size mismatch: kernel u32 "
                     "(4 bytes), object __u64 (8 bytes)"]),
    "member_kind": (3, [TSIZE, "error:owner:kind"],
                    ["  error: member 'owner': kind mismatch: kernel ptr "
                     "(struct module *), object int (__u64)"]),
    "no_type": (3, ["error::type-missing"],
                ["  error: kernel has no struct tcp_nope_ops"]),
    "protos": (3, [TSIZE, "warning:ssthresh:proto-ret", "warning:ssthresh:prog-ret",
                   "error:ssthresh:prog-ret-unset",
                   "note:cong_avoid:prog-ret", "note:init:proto-args"],
               ["  warning: member 'ssthresh': prototype returns void "
                "(void, 0 bytes), kernel u32 (int, 4 bytes)",
                "  warning: member 'ssthresh': program 'p_ssthresh' returns void "
                "(void, 0 bytes), kernel u32 (int, 4 bytes)",
                "  error: member 'ssthresh': program 'p_ssthresh' can exit "
                "without setting r0 (instruction 0); the kernel uses its u32 "
                "return value",
                "  note:  member 'cong_avoid': program 'p_cong_avoid' returns "
                "u32 (int, 4 bytes), kernel void (void, 0 bytes)",
                "  note:  member 'init': prototype takes 2 arguments, kernel 1"]),
    "not_fptr": (3, [TSIZE, "error:owner:not-func-ptr"],
                 ["  error: member 'owner': kernel member is struct module *, "
                  "not a function pointer; object places program 'ca_owner' "
                  "in it"]),
    "mod_ops": (3, ["error::type-missing"],
                ["  error: kernel has no struct stops_test_ops"]),
}

MINIMAL = {
    "ok": (3, ["error:set_state:member-missing"],
           ["  error: member 'set_state': not in kernel type, object places "
            "program 'ca_set_state' in it"]),
    "extra_set": (3, [TSIZE, "error:extra:member-missing"], []),
    "extra_zero": (0, [TSIZE, "note:pad:member-missing"], []),
    "slot_proto": (3, [TSIZE, "warning:cong_avoid:proto-arg",
                       "error:cong_avoid:prog-deref"], []),
    "prog_sig": (3, [TSIZE, "warning:ssthresh:prog-args", "note:ssthresh:prog-ctx",
                     "error:ssthresh:prog-regs"], []),
    "member_size": (3, [TSIZE, "error:flags:size"], []),
    # the minimal kernel has no owner at all: zero, so only a note
    "member_kind": (0, [TSIZE, "note:owner:member-missing"],
                    ["  note:  member 'owner': not in kernel type, zero in object"]),
    "no_type": (3, ["error::type-missing"], []),
    "protos": (3, ["warning:ssthresh:proto-ret", "warning:ssthresh:prog-ret",
                   "error:ssthresh:prog-ret-unset",
                   "note:cong_avoid:prog-ret", "note:init:proto-args"], []),
    "not_fptr": (3, [TSIZE, "error:owner:member-missing"], []),
    "mod_ops": (3, ["error::type-missing"], []),
    "values": (0, [TSIZE, "note:mode:value", "note:on:value", "note:knob:value",
                   "note:tag:value", "note:mode:data-member",
                   "note:on:data-member", "note:knob:data-member",
                   "note:tag:data-member"],
               ["  note:  member 'mode': 0x5 is not a value of kernel enum "
                "stops_mode",
                "  note:  member 'on': kernel member is a bool, object sets "
                "it to 0x2",
                "  note:  member 'knob': kernel member is signed, object's "
                "unsigned: the kernel reads 0xffffffff as -1",
                "  note:  member 'tag': string is not NUL-terminated"]),
    "bitfield": (3, [TSIZE, "error:bits:bitfield", "note:bits:data-member"],
                 ["  error: member 'bits': bitfield members are not supported "
                  "by libbpf"]),
}

# The rule objects (r_*.bpf.c): one kernel rule each, on this kernel.
RULES = {
    # its DWARF declares floor too: prog_sig's pair (warning + error)
    "r_args_copy": (3, [TSIZE, "warning:ssthresh:prog-args",
                        "error:ssthresh:prog-reads"],
                    ["  error: member 'ssthresh': program 'ca_ssthresh' reads "
                     "argument 2, kernel passes 1"]),
    "r_args_extra": (3, [TSIZE, "error:ssthresh:prog-reads"], []),
    "r_args_fit": (0, [TSIZE, "warning:cong_avoid:proto-arg"],
                   ["r_args_fit: compatible: 0 errors, 1 warning, 1 note"]),
    "r_ctx_narrow": (0, [TSIZE], []),
    "r_ctx_offset": (3, [TSIZE, "error:cong_avoid:prog-ctx-off"],
                     ["  error: member 'cong_avoid': program 'ca_cong_avoid' "
                      "reads its context at offset 12"]),
    "r_data_key": (3, [TSIZE, "error:key:data-member"],
                   ["  error: member 'key': the kernel takes no value for this "
                    "member, object sets it to 0x5"]),
    "r_dummy": (3, [TSIZE, "error::not-registrable"],
                ["  error: struct bpf_dummy_ops loads but can never be "
                 "attached (attach: EOPNOTSUPP;"]),
    "r_flags_bad": (3, [TSIZE, "error:flags:flags"],
                    ["  error: member 'flags': 0x100 has bits outside the "
                     "kernel's mask"]),
    "r_flags_ok": (0, [TSIZE], []),
    "r_kfunc_missing": (3, [TSIZE, "error::kfunc-missing"],
                        ["  error: the kernel has no kfunc stx_no_such_kfunc, "
                         "which the object calls (load: EINVAL;"]),
    "r_kfunc_weak": (0, [TSIZE], []),
    "r_ca_update": (3, [TSIZE, TSIZE, "note::name-unique", TSIZE,
                        "error::name-unique"],
                    ["  error: maps ca_update_1 and ca_update_2 register the "
                     "same congestion control name: attaching the second fails"]),
    "r_name_twice": (3, [TSIZE, "note::name-unique", TSIZE, "error::name-unique"],
                     ["  error: maps twice_a and twice_b register the same "
                      "congestion control name: attaching the second fails "
                      "(attach: EEXIST;"]),
    "r_license_bsd": (3, [TSIZE, "error::license"],
                      ["  error: license \"BSD\": struct_ops programs must have "
                       "a GPL-compatible license (load: EINVAL;"]),
    "r_license_dual": (0, [TSIZE], []),
    "r_license_none": (3, [TSIZE, "error::license"],
                       ["  error: license missing:"]),
    "r_name_bad": (3, [TSIZE, "error:name:name"],
                   ["  error: member 'name': the kernel refuses this name: it "
                    "has a character other than"]),
    "r_name_empty": (3, [TSIZE, "error:name:name"],
                     ["  error: member 'name': the kernel refuses this name: "
                      "it is empty"]),
    "r_optional": (0, [TSIZE, "note::prog-unused"],
                   ["  note:  program 'ca_optional' (?struct_ops) is in no map "
                    "and not autoloaded"]),
    "r_plain": (0, [TSIZE], []),
    "r_refused_get_info": (3, [TSIZE, "error:get_info:refused"],
                           ["  error: member 'get_info': the kernel refuses a "
                            "program in this member (load: ENOTSUPP (-524);"]),
    "r_req_control": (0, [TSIZE], []),
    "r_req_undo": (3, [TSIZE, "error::required"],
                   ["  error: kernel requires a program in undo_cwnd "
                    "(attach: EINVAL;"]),
    "r_reuse_maps": (0, [TSIZE, TSIZE], []),
    "r_reuse_slots": (3, [TSIZE, "error:undo_cwnd:prog-reuse"],
                      ["  error: member 'undo_cwnd': program 'ca_ssthresh' is "
                       "already in reuse_ca.ssthresh"]),
    # a BPF_PROG program declaring arguments the kernel does not pass and
    # never reading them (it loads): the explicit twin's warning, from the
    # DWARF of ____ca_ssthresh; stripped of DWARF, nothing to say
    "r_args_unread": (0, [TSIZE, "warning:ssthresh:prog-args"],
                      ["  warning: member 'ssthresh': program 'ca_ssthresh' "
                       "takes 3 arguments, kernel passes 1 (its BPF_PROG "
                       "declaration, from DWARF)",
                       "r_args_unread: compatible: 0 errors, 1 warning, "
                       "1 note"]),
    "r_args_unread_dw4": (0, [TSIZE, "warning:ssthresh:prog-args"],
                          ["  warning: member 'ssthresh': program "
                           "'ca_ssthresh' takes 3 arguments, kernel passes 1 "
                           "(its BPF_PROG declaration, from DWARF)"]),
    "r_args_unread_strip": (0, [TSIZE],
                            ["r_args_unread_strip: compatible: 0 errors, "
                             "0 warnings, 1 note"]),
    "r_args_unread_explicit": (0, [TSIZE, "warning:ssthresh:prog-args",
                                   "note:ssthresh:prog-ctx",
                                   "note:cong_avoid:prog-ctx"],
                               ["  warning: member 'ssthresh': program "
                                "'ca_ssthresh' takes 3 arguments, kernel "
                                "passes 1",
                                "r_args_unread_explicit: compatible: 0 errors, "
                                "1 warning, 3 notes"]),
    "r_args_dwarf_ok": (0, [TSIZE],
                        ["r_args_dwarf_ok: compatible: 0 errors, 0 warnings, "
                         "1 note"]),
    "r_unused": (0, [TSIZE, "warning::prog-unused"],
                 ["  warning: program 'ca_spare' is in no map: libbpf 1.4 "
                  "refuses"]),
}

# Kernels before 6.4: no struct_ops links.
NOLINK = {
    "ok": (3, ["error:set_state:member-missing", "error::link"],
           ["  error: the kernel has no struct_ops links (6.4+"]),
    "r_plain": (0, [TSIZE, "note:cong_control:member-missing",
                    "note:get_info:member-missing", "note:key:member-missing"],
                []),
}

MODULE = {
    "mod_ops": (0, ["note:knob:data-member"], ["mod_ops: map mod_ops (struct stops_test_ops___v1 -> "
                        "kernel struct stops_test_ops in "]),
    "ok": HOST["ok"],
}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def skip(msg):
    print("skip: " + msg)
    sys.exit(SKIP)


def run(cmd):
    print("$ " + " ".join(cmd))
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    sys.stdout.write(p.stdout)
    sys.stdout.write(p.stderr)
    return p


def btf_paths(args, target):
    d = args.btf
    paths = {
        "host": [],
        "copy": [os.path.join(d, "vmlinux.btf")],
        "elf": [os.path.join(d, "vmlinux.elf")],
        "minimal": [os.path.join(d, "minimal.btf")],
        "nolink": [os.path.join(d, "minimal-nolink.btf")],
        "moddir": [os.path.join(d, "kdir")],
        "modsplit": [os.path.join(d, "kdir", "vmlinux"),
                     os.path.join(d, "kdir", "stops_test")],
    }[target]
    if target == "host" and not os.path.exists(HOST_BTF):
        skip(HOST_BTF + " does not exist: kernel without BTF")
    for p in paths:
        if not os.path.exists(p):
            skip(p + " was not made by check.setup")
    return paths


def check_cmd(args, case, paths, json_out=False):
    cmd = [args.cli, "check", os.path.join(args.objs, case + ".bpf.o")]
    for p in paths:
        cmd += ["--kernel-btf", p]
    return cmd + (["--json"] if json_out else [])


def parse_json(text):
    """Parse with python3 -m json.tool, as a user's pipeline would."""
    p = subprocess.run([sys.executable, "-m", "json.tool"], input=text,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode:
        fail("JSON does not parse: " + p.stderr.strip())
    return json.loads(p.stdout)


def json_findings(doc):
    out = []
    for m in doc["maps"]:
        for f in m["findings"]:
            out.append("%s:%s:%s" % (f["severity"], f["member"] or "", f["what"]))
    return out


def check_json(doc, case, paths, code, want):
    keys = ["object", "kernel_btf", "strict", "compatible", "errors",
            "warnings", "notes", "maps"]
    if list(doc.keys()) != keys:
        fail("top-level keys %s, want %s" % (list(doc.keys()), keys))
    if doc["object"] != case:
        fail("object %r, want %r" % (doc["object"], case))
    if doc["compatible"] != (code == 0):
        fail("compatible=%s but exit %d" % (doc["compatible"], code))
    kbtf = [os.path.join(p, "vmlinux") if os.path.isdir(p) else p
            for p in paths] or [HOST_BTF]
    if doc["kernel_btf"] != kbtf:
        fail("kernel_btf %s, want %s" % (doc["kernel_btf"], kbtf))
    for m in doc["maps"]:
        for f in m["findings"]:
            if sorted(f.keys()) != sorted(["severity", "member", "what",
                                           "expected", "actual", "message"]):
                fail("finding keys %s" % sorted(f.keys()))
    got = json_findings(doc)
    if got != want:
        fail("JSON findings %s, want %s" % (got, want))


def do_case(args):
    table = {"host": HOST, "copy": HOST, "elf": HOST, "minimal": MINIMAL,
             "moddir": MODULE, "modsplit": MODULE, "rules": RULES,
             "nolink": NOLINK}[args.target]
    code, findings, lines = table[args.case]
    # the rule objects against a saved copy of this kernel's BTF: no
    # running-kernel state (registered names) that other tests change
    paths = btf_paths(args, "copy" if args.target == "rules" else args.target)
    p = run(check_cmd(args, args.case, paths))
    if p.returncode != code:
        fail("exit %d, want %d" % (p.returncode, code))
    if p.stderr:
        fail("unexpected stderr")
    for line in lines:
        if not any(l.startswith(line) for l in p.stdout.splitlines()):
            fail("report lacks the line: " + line)
    for f in findings:
        sev, member, _ = f.split(":")
        if member and ("member '%s'" % member) not in p.stdout:
            fail("report does not name member " + member)
    pj = run(check_cmd(args, args.case, paths, json_out=True))
    if pj.returncode != code:
        fail("--json exit %d, want %d" % (pj.returncode, code))
    check_json(parse_json(pj.stdout), args.case, paths, code, findings)
    if args.case == "r_ca_update":
        # the finding under the maps it names, not the object's first map
        by_map = {m["name"]: [(f["severity"], f["what"]) for f in m["findings"]]
                  for m in parse_json(pj.stdout)["maps"]}
        if ("error", "name-unique") not in by_map["ca_update_2"] or \
                ("note", "name-unique") not in by_map["ca_update_1"] or \
                any(w == "name-unique" for _, w in by_map["ca_no_link"]):
            fail("name-unique findings by map: %s" % by_map)
    if args.case in ("r_args_unread", "r_args_unread_dw4"):
        # the JSON finding as the text's, its sides named
        f = [f for f in parse_json(pj.stdout)["maps"][0]["findings"]
             if f["what"] == "prog-args"][0]
        want = {"severity": "warning", "member": "ssthresh",
                "expected": "u32 (struct sock *)",
                "actual": "____ca_ssthresh(ctx, 3 arguments)",
                "message": "program 'ca_ssthresh' takes 3 arguments, kernel "
                           "passes 1 (its BPF_PROG declaration, from DWARF)"}
        if any(f[k] != v for k, v in want.items()):
            fail("JSON prog-args finding %s, want %s" % (f, want))
    if args.target.startswith("mod") and args.case == "mod_ops":
        m = parse_json(pj.stdout)["maps"][0]
        if not m["kernel_btf"].endswith("/stops_test"):
            fail("type not found in the module BTF: %s" % m["kernel_btf"])
        if m.get("kernel_module") != "stops_test":
            fail("JSON kernel_module is %r, want 'stops_test'" %
                 m.get("kernel_module"))
        if ", module stops_test): " not in p.stdout:
            fail("the text report does not name module stops_test")
    print("ok")


def agree_one(args, obj):
    """(agrees, line): check's exit against load + attach of obj."""
    lp = run([args.loader, obj])
    if lp.returncode == SKIP:
        sys.exit(SKIP)
    if lp.returncode not in (0, 1):
        fail("loader failed to run on %s (exit %d)" % (obj, lp.returncode))
    cp = run([args.cli, "check", obj])
    if cp.returncode not in (0, 3):
        fail("check failed to run on %s (exit %d)" % (obj, cp.returncode))
    loaded = lp.returncode == 0
    compatible = cp.returncode == 0
    verdict = "compatible" if compatible else "incompatible"
    real = "loads and attaches" if loaded else "refused: " + \
        [l for l in lp.stdout.splitlines() if "refused" in l][0]
    return loaded == compatible, "%s: check %s, kernel %s" % (
        os.path.basename(obj), verdict, real)


def do_agree(args):
    """Every object: check's exit 3 exactly when load or attach fails."""
    if not os.path.exists(HOST_BTF):
        skip(HOST_BTF + " does not exist")
    objs = [o if os.path.isabs(o) else os.path.join(args.objs, o + ".bpf.o")
            for o in args.objects]
    results = [agree_one(args, o) for o in objs]
    for ok, line in results:
        print(("agree:    " if ok else "DISAGREE: ") + line)
    n = sum(ok for ok, _ in results)
    print("%d/%d objects: check's verdict equals the real load + attach "
          "(kernel %s)" % (n, len(results), os.uname().release))
    if n != len(results):
        fail("check and the kernel disagree")
    print("ok")


def do_strict(args):
    paths = btf_paths(args, "host")
    cmd = check_cmd(args, args.case, paths)
    plain = run(cmd).returncode
    p = run(cmd + ["--strict"])
    if p.returncode != int(args.code):
        fail("--strict: exit %d, want %s" % (p.returncode, args.code))
    if plain != 0:
        fail("without --strict: exit %d, want 0 (warnings only)" % plain)
    if "(strict, kernel BTF" not in p.stdout:
        fail("the summary does not say strict")
    print("ok")


def do_matrix(args):
    d = args.btf
    minimal, old = os.path.join(d, "minimal.btf"), os.path.join(d, "minimal-nolink.btf")
    for p in (minimal, old):
        if not os.path.exists(p):
            skip(p + " was not made by check.setup")
    obj = os.path.join(args.objs, "ok.bpf.o")
    cmd = [args.cli, "check", obj, "--kernel", minimal, "--kernel", "old=" + old]
    p = run(cmd)
    if p.returncode != 3:
        fail("exit %d, want 3" % p.returncode)
    for line in ["ok: map ok_ca (struct tcp_congestion_ops___ok -> kernel "
                 "struct tcp_congestion_ops)",
                 "  %s: incompatible (1 error, 0 warnings)" % minimal,
                 "  old: incompatible (2 errors, 0 warnings)",
                 "    error: the kernel has no struct_ops links (6.4+",
                 "  member 'set_state': missing on %s, old" % minimal,
                 "ok: compatible with 0 of 2 kernels: %s no, old no" % minimal]:
        if line not in p.stdout.splitlines() and not any(
                l.startswith(line) for l in p.stdout.splitlines()):
            fail("matrix lacks the line: " + line)
    doc = parse_json(run(cmd + ["--json"]).stdout)
    if list(doc.keys()) != ["object", "compatible", "kernels", "maps"]:
        fail("matrix JSON keys %s" % list(doc.keys()))
    if [k["label"] for k in doc["kernels"]] != [minimal, "old"] or \
            doc["compatible"] or doc["kernels"][1]["errors"] != 2:
        fail("matrix JSON kernels %s" % doc["kernels"])
    verdicts = [(k["label"], k["compatible"], [f["what"] for f in k["findings"]])
                for k in doc["maps"][0]["kernels"]]
    if verdicts != [(minimal, False, ["member-missing"]),
                    ("old", False, ["member-missing", "link"])]:
        fail("matrix JSON verdicts %s" % verdicts)
    p = run([args.cli, "check", obj, "--kernel", minimal, "--kernel-btf", old])
    if p.returncode != 2:
        fail("--kernel with --kernel-btf: exit %d, want 2" % p.returncode)
    p = run([args.cli, "check", os.path.join(args.objs, "extra_zero.bpf.o"),
             "--kernel", minimal])
    if p.returncode != 0:
        fail("extra_zero on the minimal kernel: exit %d, want 0" % p.returncode)
    print("ok")


# Verdicts on Debian's kernels, measured under QEMU (notes/kernels-in-qemu.md):
# .struct_ops.link maps fail before 6.4, plain .struct_ops maps load.
SAVED = {"6.1": {"tcp_cc": False, "ok": False, "r_plain": True},
         "6.12": {"tcp_cc": True, "ok": True, "r_plain": True},
         "7.2": {"tcp_cc": True, "ok": True, "r_plain": True}}


def do_saved(args):
    base = os.environ.get("STOPS_KERNELS_DIR") or os.path.expanduser(
        "~/.cache/stops-shadow/kernels")
    kernels = [(k, os.path.join(base, k, "vmlinux.btf")) for k in sorted(SAVED)]
    for _, p in kernels:
        if not os.path.exists(p):
            skip(p + " missing: no saved kernel BTFs (tests/vm fetches them)")
    for obj in args.objects:
        path = obj if os.path.isabs(obj) else os.path.join(args.objs, obj + ".bpf.o")
        name = os.path.basename(path).replace(".bpf.o", "")
        cmd = [args.cli, "check", path, "--json"]
        for k, p in kernels:
            cmd += ["--kernel", "%s=%s" % (k, p)]
        doc = parse_json(run(cmd).stdout)
        got = {k["label"]: k["compatible"] for k in doc["kernels"]}
        want = {k: SAVED[k][name] for k, _ in kernels}
        if got != want:
            fail("%s: verdicts %s, want %s" % (name, got, want))
    print("ok")


def do_bad(args):
    d = args.btf
    junk = os.path.join(d, "not-btf.txt")
    empty = os.path.join(d, "empty.btf")
    cases = {
        "nonexistent": ([os.path.join(d, "no-such-dir", "vmlinux")],
                        "cannot read kernel BTF %s: No such file or directory"
                        % os.path.join(d, "no-such-dir", "vmlinux")),
        "not_btf": ([junk], "cannot read kernel BTF %s: not a BTF file" % junk),
        "empty": ([empty], "cannot read kernel BTF %s: empty file" % empty),
        "split_alone": ([os.path.join(d, "kdir", "stops_test")],
                        "cannot read kernel BTF %s: " %
                        os.path.join(d, "kdir", "stops_test")),
        "second_dir": ([os.path.join(d, "minimal.btf"), os.path.join(d, "kdir")],
                       "only the first kernel BTF may be a directory"),
        "bad_module": ([os.path.join(d, "minimal.btf"), junk],
                       "cannot read kernel BTF %s: " % junk),
        # libbpf parses it, the kernel would not, and its types would be
        # read at odd addresses
        "misaligned": ([os.path.join(d, "misaligned.btf")],
                       "cannot read kernel BTF %s: header length is not a "
                       "multiple of 4" % os.path.join(d, "misaligned.btf")),
    }
    paths, msg = cases[args.name]
    for p in paths:
        if p.startswith(d) and "no-such-dir" not in p and not os.path.exists(p):
            skip(p + " was not made by check.setup")
    p = run(check_cmd(args, "ok", paths))
    if p.returncode != 1:
        fail("exit %d, want 1" % p.returncode)
    if p.stdout:
        fail("a report was written despite the error")
    lines = p.stderr.splitlines()
    if len(lines) != 1 or not lines[0].startswith("stops-shadow: "):
        fail("want exactly one 'stops-shadow: ...' stderr line")
    if msg not in lines[0]:
        fail("stderr lacks: " + msg)
    print("ok")


def do_stable(args):
    paths = btf_paths(args, "minimal")
    outs = [run(check_cmd(args, args.case, paths, j)).stdout
            for j in (False, True, False, True)]
    if outs[0] != outs[2] or outs[1] != outs[3]:
        fail("two runs differ")
    print("ok")


def do_setup(args):
    d = args.btf
    os.makedirs(os.path.join(d, "kdir"), exist_ok=True)
    with open(os.path.join(d, "not-btf.txt"), "w") as f:
        f.write("this is not BTF\n")
    open(os.path.join(d, "empty.btf"), "w").close()
    if run([args.mkbtf, "minimal", os.path.join(d, "minimal.btf")]).returncode:
        fail("mkbtf minimal")
    if run([args.mkbtf, "minimal-nolink",
            os.path.join(d, "minimal-nolink.btf")]).returncode:
        fail("mkbtf minimal-nolink")
    with open(os.path.join(d, "minimal.btf"), "rb") as f:
        raw = f.read()
    hdr_len = struct.unpack_from("<I", raw, 4)[0]
    with open(os.path.join(d, "misaligned.btf"), "wb") as f:
        f.write(raw[:4] + struct.pack("<I", hdr_len + 1) + raw[8:hdr_len] +
                b"\0" + raw[hdr_len:])
    if not os.path.exists(HOST_BTF):
        skip(HOST_BTF + " does not exist: only the minimal target is made")
    shutil.copyfile(HOST_BTF, os.path.join(d, "vmlinux.btf"))
    shutil.copyfile(HOST_BTF, os.path.join(d, "kdir", "vmlinux"))
    if run([args.mkbtf, "module", os.path.join(d, "kdir", "vmlinux"),
            os.path.join(d, "kdir", "stops_test")]).returncode:
        fail("mkbtf module")
    objcopy = shutil.which("objcopy") or shutil.which("llvm-objcopy")
    if objcopy and run([objcopy, "-I", "binary", "-O", "elf64-x86-64",
                        "--rename-section", ".data=.BTF",
                        os.path.join(d, "vmlinux.btf"),
                        os.path.join(d, "vmlinux.elf")]).returncode:
        fail("objcopy vmlinux.elf")
    print("ok")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli")
    ap.add_argument("--objs")
    ap.add_argument("--btf", required=True)
    ap.add_argument("--mkbtf")
    ap.add_argument("--loader")
    sub = ap.add_subparsers(dest="cmd")
    sub.add_parser("setup")
    c = sub.add_parser("case")
    c.add_argument("case")
    c.add_argument("target")
    c = sub.add_parser("agree")
    c.add_argument("objects", nargs="+")
    sub.add_parser("matrix")
    c = sub.add_parser("saved")
    c.add_argument("objects", nargs="+")
    c = sub.add_parser("strict")
    c.add_argument("case")
    c.add_argument("code")
    c = sub.add_parser("bad")
    c.add_argument("name")
    c = sub.add_parser("stable")
    c.add_argument("case")
    args = ap.parse_args()
    {"setup": do_setup, "case": do_case, "agree": do_agree, "bad": do_bad,
     "stable": do_stable, "strict": do_strict, "matrix": do_matrix,
     "saved": do_saved}[args.cmd](args)


if __name__ == "__main__":
    main()
