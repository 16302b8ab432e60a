"""bpf_skeleton: a BPF object and its struct_ops shadow header, as a C library.

    load("@stops_shadow//bazel:defs.bzl", "bpf_skeleton")

    bpf_skeleton(
        name = "tcp_cc_skel",
        src = "tcp_cc.bpf.c",                 # compiled to tcp_cc.bpf.o
        hdrs = ["@stops_shadow//bazel:vmlinux.h"],
        check_kernel_btf = "/sys/kernel/btf/vmlinux",  # optional
        embed = True,                         # optional: object in the header
    )

    cc_binary(name = "tcp_cc", srcs = ["tcp_cc.c"], deps = [":tcp_cc_skel"])

The BPF source is compiled with `clang -target bpf -g -O2 -D__TARGET_ARCH_x86`
(plus `copts`; the directory of every file in `hdrs` is on -I) to
`_bpf_skeleton/<name>/<stem>.bpf.o`, and `stops-shadow` writes
`<stem>.shadow.h` beside it. A C target depending on the rule can
`#include "<stem>.shadow.h"`, is linked with -lbpf, and gets two defines
naming the object (STEM: the stem upper-cased, non-identifier characters
as `_`):

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
is not tracked by Bazel: the check reruns only when the object changes.
"""

load("@rules_cc//cc:find_cc_toolchain.bzl", "find_cc_toolchain")

BpfSkeletonInfo = provider(
    doc = "The outputs of one bpf_skeleton.",
    fields = {
        "object": "File: the compiled BPF object, <stem>.bpf.o",
        "header": "File: the generated <stem>.shadow.h",
    },
)

_CLANG_BPF_FLAGS = ["-target", "bpf", "-g", "-O2", "-D__TARGET_ARCH_x86"]

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
    hdrs = ctx.files.hdrs
    includes = {"-I" + h.dirname: None for h in hdrs}.keys()
    ctx.actions.run(
        executable = ctx.attr._clang,
        arguments = _CLANG_BPF_FLAGS + includes + ctx.attr.copts +
                    ["-c", ctx.file.src.path, "-o", obj.path],
        inputs = [ctx.file.src] + hdrs,
        outputs = [obj],
        use_default_shell_env = True,
        mnemonic = "BpfCompile",
        progress_message = "Compiling BPF object %s" % obj.short_path,
    )
    return obj

def _check_kernel(ctx, obj):
    if ctx.file.check_kernel_btf:
        btf, inputs = ctx.file.check_kernel_btf.path, [ctx.file.check_kernel_btf]
    elif ctx.attr.check_kernel_btf_path:
        btf, inputs = ctx.attr.check_kernel_btf_path, []
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
        mnemonic = "StopsShadowGen",
        progress_message = "Generating %s" % hdr.short_path,
    )

    cc_toolchain = find_cc_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    macro = _ident(stem).upper() + "_BPF_OBJECT"
    compilation_context, _ = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        public_hdrs = [hdr],
        quote_includes = [hdr.dirname],
        defines = [
            '%s="%s"' % (macro, obj.short_path),
            '%s_RLOCATION="%s"' % (macro, _rlocation(ctx, obj)),
        ] + ([_ident(stem).upper() + "_BPF_EMBEDDED=1"] if ctx.attr.embed else []),
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
        "copts": attr.string_list(),
        "check_kernel_btf": attr.label(allow_single_file = True),
        "check_kernel_btf_path": attr.string(),
        "embed": attr.bool(),
        "_generator": attr.label(
            default = Label("//gen:stops-shadow"),
            executable = True,
            cfg = "exec",
        ),
        "_clang": attr.string(default = "clang"),
        "_libbpf_linkopts": attr.string_list(default = ["-lbpf"]),
        "_cc_toolchain": attr.label(default = Label("@rules_cc//cc:current_cc_toolchain")),
    },
    fragments = ["cpp"],
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
)

def bpf_skeleton(name, src, hdrs = [], copts = [], check_kernel_btf = None, embed = False, **kwargs):
    """Compiles `src` for BPF and generates its shadow header; see the file comment.

    Args:
      name: target name; a C target depending on it includes "<stem>.shadow.h".
      src: the BPF C source, e.g. "foo.bpf.c" (stem "foo").
      hdrs: headers the BPF source includes (e.g. vmlinux.h); their directories go on -I.
      copts: extra clang flags for the BPF compile.
      check_kernel_btf: a label of a BTF file, or an absolute path such as
        "/sys/kernel/btf/vmlinux": fail the build unless `stops-shadow check` passes.
      embed: also put the object's bytes and <stem>__open_embedded() into the header.
      **kwargs: common attributes (visibility, tags, testonly, ...).
    """
    is_path = type(check_kernel_btf) == "string" and check_kernel_btf.startswith("/")
    _bpf_skeleton(
        name = name,
        src = src,
        hdrs = hdrs,
        copts = copts,
        check_kernel_btf = None if is_path else check_kernel_btf,
        check_kernel_btf_path = check_kernel_btf if is_path else None,
        embed = embed,
        **kwargs
    )
