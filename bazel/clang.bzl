# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""system_clang: the system clang as a label, for bpf_skeleton's `clang`.

Used by deps.bzl (WORKSPACE) and extensions.bzl (bzlmod). The repository
holds a two-line wrapper script that execs the clang by its resolved path.
The script's text (and so every BPF compile's action key) names that path
and clang's version, not the caller's PATH, so another checkout, PATH or
machine with the same clang shares cache entries, and an upgraded clang does
not (after `bazel sync --configure`, `bazel fetch --force` or a fresh output
base refetches the repository).
"""

def _system_clang_impl(rctx):
    clang = rctx.attr.path or rctx.os.environ.get("BPF_CLANG", "")
    if not clang:
        clang = rctx.which("clang")
        if not clang:
            fail("clang not found on PATH: install clang, or set BPF_CLANG")
    res = rctx.execute(["readlink", "-f", str(clang)])
    real = res.stdout.strip()
    if res.return_code != 0 or not real:
        fail("clang %s: cannot resolve its path" % clang)
    res = rctx.execute([real, "--version"])
    if res.return_code != 0:
        fail("%s --version failed: %s" % (real, res.stderr))
    version = res.stdout.strip().split("\n")[0]
    rctx.file("WORKSPACE", 'workspace(name = "stops_shadow_clang")\n')
    rctx.file(
        "clang",
        "#!/bin/sh\n# %s\nexec '%s' \"$@\"\n" % (version, real),
        executable = True,
    )
    rctx.file("BUILD.bazel", 'exports_files(["clang"], visibility = ["//visibility:public"])\n')

system_clang = repository_rule(
    implementation = _system_clang_impl,
    attrs = {"path": attr.string(doc = "clang's path; default $BPF_CLANG, else clang on PATH")},
    environ = ["BPF_CLANG", "PATH"],
    configure = True,
)
