# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""bpf_skeleton: a BPF object and its struct_ops shadow header, as a C library.

    load("@stops_shadow//bazel:defs.bzl", "bpf_skeleton")

    bpf_skeleton(
        name = "tcp_cc_skel",
        src = "tcp_cc.bpf.c",                 # compiled to tcp_cc.bpf.o
        hdrs = ["tcp_cc.h"],                  # private BPF-side headers
        deps = ["@stops_shadow//bazel:vmlinux"],  # cc_library targets
        check_kernel_btf = "/sys/kernel/btf/vmlinux",  # optional
        embed = True,                         # optional: object in the header
    )

    cc_binary(name = "tcp_cc", srcs = ["tcp_cc.c"], deps = [":tcp_cc_skel"])

The BPF source is compiled with `clang -target bpf -g -O2
-D__TARGET_ARCH_<arch>` to `_bpf_skeleton/<name>/<stem>.bpf.o`, and
`stops-shadow` writes `<stem>.shadow.h` beside it. <arch> follows the target
platform's `@platforms//cpu` (x86, arm64, arm, s390, powerpc, riscv), so
`--platforms=` an aarch64 platform gives `-D__TARGET_ARCH_arm64`.

BPF-side headers come two ways:
  hdrs   files the BPF source includes; the directory of each is on -I. Unlike
         rules_cc's `hdrs` they are not published: C targets depending on the
         skeleton do not see them.
  deps   cc_library targets: their headers, include paths (-I, -iquote,
         -isystem) and defines (their CcInfo) feed the BPF compile, as with a
         cc_library's deps. They are not linked and not passed on either.
Then `copts`, last.

A C target depending on the rule can `#include "<stem>.shadow.h"`, is linked
with -lbpf, and gets two defines naming the object (STEM: the stem
upper-cased, non-identifier characters as `_`):

    <STEM>_BPF_OBJECT             the object's path relative to the workspace's
                                  runfiles directory, which is the working
                                  directory of `bazel run` and `bazel test`,
                                  "pkg/_bpf_skeleton/tcp_cc_skel/tcp_cc.bpf.o";
    <STEM>_BPF_OBJECT_RLOCATION   the same prefixed with the workspace name, for a
                                  runfiles library (or "$0.runfiles/" + it).

The object itself is in the rule's runfiles, so every binary or test that
depends on the rule has it there. With `embed = True` the header also holds
the object's bytes and `<stem>__open_embedded(opts)`, which opens them with
`bpf_object__open_mem()`, and users get `<STEM>_BPF_EMBEDDED=1`: the binary
needs no file at run time (`stops-shadow gen --embed`).

`check_kernel_btf` takes the label of a BTF file or an absolute path such as
"/sys/kernel/btf/vmlinux". The rule then runs `stops-shadow check` on the
object against it, and the header is only produced when the check passes, so
an ops table the kernel would reject fails the build with the report. A path
is not tracked by Bazel: the check reruns only when the object changes, and
it is never taken from or sent to a remote or disk cache (it is about this
machine's kernel, now); a label is tracked and cached like any input.

Caching: every action here has a fixed environment (PATH=/usr/bin:/bin for
the check's shell, nothing for the others), relative paths only, and
`-fdebug-compilation-dir=.`, so the object, header and report are
byte-identical from any checkout path and action keys do not depend on the
caller's PATH. clang is the `clang` label attribute, by default
`@stops_shadow_clang//:clang` (clang.bzl: a wrapper of the system clang
whose text names its path and version, made by the `clang` module extension
under bzlmod, by deps.bzl under WORKSPACE). System headers (/usr/include, clang's
resource directory) are not declared, as with the autodetected C++ toolchain.
"""

BpfSkeletonInfo = provider(
    doc = "The outputs of one bpf_skeleton.",
    fields = {
        "object": "File: the compiled BPF object, <stem>.bpf.o",
        "header": "File: the generated <stem>.shadow.h",
    },
)

# -fdebug-compilation-dir=.: DWARF's comp_dir would otherwise be the
# (sandboxed) execroot, an absolute path that differs per checkout.
_CLANG_BPF_FLAGS = ["-target", "bpf", "-g", "-O2", "-fdebug-compilation-dir=."]

# __TARGET_ARCH_* names libbpf's bpf_tracing.h knows, by @platforms//cpu.
# str(Label()): resolved where this file is, not in the package calling the
# macro, which may not see @platforms under that name (bzlmod). A string:
# Bazel 4.2 takes no Label as a select() key.
_TARGET_ARCH = {
    str(Label("@platforms//cpu:x86_64")): "x86",
    str(Label("@platforms//cpu:aarch64")): "arm64",
    str(Label("@platforms//cpu:arm64")): "arm64",
    str(Label("@platforms//cpu:arm")): "arm",
    str(Label("@platforms//cpu:armv7")): "arm",
    str(Label("@platforms//cpu:s390x")): "s390",
    str(Label("@platforms//cpu:ppc")): "powerpc",
}

def bpf_target_arch():
    """The __TARGET_ARCH_ suffix of the target platform, as a select().

    Unknown CPUs get x86, the host of every BPF build so far; pass
    `target_arch` to bpf_skeleton to override.
    """
    arch = dict(_TARGET_ARCH)
    arch["//conditions:default"] = "x86"
    return select(arch)

def _stem(src):
    for suffix in [".bpf.c", ".c"]:
        if src.basename.endswith(suffix):
            return src.basename[:-len(suffix)]
    return src.basename

def _ident(s):
    return "".join([c if c.isalnum() else "_" for c in s.elems()])

def _rlocation(ctx, f):
    # short_path is "pkg/f" in the main repository, "../repo/pkg/f" elsewhere.
    if f.short_path.startswith("../"):
        return f.short_path[len("../"):]
    return ctx.workspace_name + "/" + f.short_path

def _output(ctx, basename):
    # One directory per target, so two targets may build the same source.
    return ctx.actions.declare_file("_bpf_skeleton/%s/%s" % (ctx.label.name, basename))

def _compile_bpf(ctx, stem):
    obj = _output(ctx, stem + ".bpf.o")
    contexts = [d[CcInfo].compilation_context for d in ctx.attr.deps]
    args = ctx.actions.args()
    args.add_all(_CLANG_BPF_FLAGS)
    args.add("-D__TARGET_ARCH_" + ctx.attr.target_arch)
    for c in contexts:
        args.add_all(c.defines, format_each = "-D%s")
    args.add_all([h.dirname for h in ctx.files.hdrs], format_each = "-I%s", uniquify = True)
    for c in contexts:
        args.add_all(c.includes, format_each = "-I%s")
        args.add_all(c.quote_includes, before_each = "-iquote")
        args.add_all(c.system_includes, before_each = "-isystem")
    args.add_all(ctx.attr.copts)
    args.add_all(["-c", ctx.file.src, "-o", obj])
    ctx.actions.run(
        executable = ctx.executable.clang,
        arguments = [args],
        inputs = depset([ctx.file.src] + ctx.files.hdrs, transitive = [c.headers for c in contexts]),
        outputs = [obj],
        env = {},  # not the caller's: it would be in the action key
        mnemonic = "BpfCompile",
        progress_message = "Compiling BPF object %s" % obj.short_path,
    )
    return obj

def _check_kernel(ctx, obj):
    requirements = {}
    if ctx.file.check_kernel_btf:
        btf, inputs = ctx.file.check_kernel_btf.path, [ctx.file.check_kernel_btf]
    elif ctx.attr.check_kernel_btf_path:
        btf, inputs = ctx.attr.check_kernel_btf_path, []

        # Untracked, so never cached: a hit from another machine or an earlier
        # boot (a disk cache; Bazel 7 takes those despite no-remote-cache) would
        # skip this kernel's check.
        requirements = {"no-cache": "1"}
    else:
        return []
    report = _output(ctx, obj.basename + ".check.txt")
    ctx.actions.run_shell(
        # The report is the output on success and the error message on failure.
        command = '"$1" check "$2" --kernel-btf "$3" >"$4" 2>&1 || ' +
                  '{ rc=$?; cat "$4" >&2; exit $rc; }',
        arguments = [ctx.executable._generator.path, obj.path, btf, report.path],
        inputs = [obj] + inputs,
        tools = [ctx.executable._generator],
        outputs = [report],
        env = {"PATH": "/usr/bin:/bin"},
        execution_requirements = requirements,
        mnemonic = "StopsShadowCheck",
        progress_message = "Checking %s against kernel BTF %s" % (obj.short_path, btf),
    )
    return [report]

def _bpf_skeleton_impl(ctx):
    stem = _stem(ctx.file.src)
    obj = _compile_bpf(ctx, stem)
    checked = _check_kernel(ctx, obj)

    hdr = _output(ctx, stem + ".shadow.h")
    ctx.actions.run(
        executable = ctx.executable._generator,
        arguments = [obj.path, "-o", hdr.path] + (["--embed"] if ctx.attr.embed else []),
        inputs = [obj] + checked,  # the check report orders the check first
        outputs = [hdr],
        env = {},
        mnemonic = "StopsShadowGen",
        progress_message = "Generating %s" % hdr.short_path,
    )

    # Made directly, not with cc_common.compile: no C++ toolchain is needed,
    # so a target platform without one (say aarch64 here) still analyzes.
    macro = _ident(stem).upper() + "_BPF_OBJECT"
    compilation_context = cc_common.create_compilation_context(
        headers = depset([hdr]),
        quote_includes = depset([hdr.dirname]),
        defines = depset([
            '%s="%s"' % (macro, obj.short_path),
            '%s_RLOCATION="%s"' % (macro, _rlocation(ctx, obj)),
        ] + ([_ident(stem).upper() + "_BPF_EMBEDDED=1"] if ctx.attr.embed else [])),
    )
    linking_context = cc_common.create_linking_context(
        linker_inputs = depset([cc_common.create_linker_input(
            owner = ctx.label,
            user_link_flags = depset(ctx.attr._libbpf_linkopts),
        )]),
    )
    return [
        DefaultInfo(
            files = depset([hdr, obj] + checked),
            runfiles = ctx.runfiles(files = [obj]),
        ),
        CcInfo(compilation_context = compilation_context, linking_context = linking_context),
        BpfSkeletonInfo(object = obj, header = hdr),
    ]

_bpf_skeleton = rule(
    implementation = _bpf_skeleton_impl,
    attrs = {
        "src": attr.label(allow_single_file = [".c"], mandatory = True),
        "hdrs": attr.label_list(allow_files = True),
        "deps": attr.label_list(providers = [CcInfo]),
        "copts": attr.string_list(),
        "target_arch": attr.string(mandatory = True),
        "check_kernel_btf": attr.label(allow_single_file = True),
        "check_kernel_btf_path": attr.string(),
        "embed": attr.bool(),
        "clang": attr.label(
            default = Label("@stops_shadow_clang//:clang"),
            allow_single_file = True,
            executable = True,
            cfg = "exec",
        ),
        "_generator": attr.label(
            default = Label("//gen:stops-shadow"),
            executable = True,
            cfg = "exec",
        ),
        "_libbpf_linkopts": attr.string_list(default = ["-lbpf"]),
    },
)

def bpf_skeleton(
        name,
        src,
        hdrs = [],
        deps = [],
        copts = [],
        check_kernel_btf = None,
        target_arch = None,
        clang = None,
        embed = False,
        **kwargs):
    """Compiles `src` for BPF and generates its shadow header; see the file comment.

    Args:
      name: target name; a C target depending on it includes "<stem>.shadow.h".
      src: the BPF C source, e.g. "foo.bpf.c" (stem "foo").
      hdrs: headers the BPF source includes; their directories go on -I.
        Private to the BPF compile, unlike rules_cc's hdrs.
      deps: cc_library targets whose headers, include paths and defines the
        BPF compile uses (not linked, not passed on to dependents).
      copts: extra clang flags for the BPF compile, after all others.
      check_kernel_btf: a label of a BTF file, or an absolute path such as
        "/sys/kernel/btf/vmlinux": fail the build unless `stops-shadow check` passes.
      target_arch: the __TARGET_ARCH_ suffix; default: from the target
        platform's @platforms//cpu (bpf_target_arch()).
      clang: the clang to compile with (an executable file label); default
        @stops_shadow_clang//:clang, the system clang (clang.bzl).
      embed: also put the object's bytes and <stem>__open_embedded() into the header.
      **kwargs: common attributes (visibility, tags, testonly, ...).
    """
    is_path = type(check_kernel_btf) == "string" and check_kernel_btf.startswith("/")
    extra = {"clang": clang} if clang else {}
    _bpf_skeleton(
        name = name,
        src = src,
        hdrs = hdrs,
        deps = deps,
        copts = copts,
        target_arch = target_arch if target_arch else bpf_target_arch(),
        check_kernel_btf = None if is_path else check_kernel_btf,
        check_kernel_btf_path = check_kernel_btf if is_path else None,
        embed = embed,
        **dict(kwargs, **extra)
    )
