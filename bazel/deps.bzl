# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Repositories stops-shadow's Bazel rules need, all from local Debian packages.

Call from a WORKSPACE (Bazel 4.2, no bzlmod):

    load("@stops_shadow//bazel:deps.bzl", "stops_shadow_dependencies")
    stops_shadow_dependencies()

Every repository is defined only if the workspace has not defined it yet, so
a workspace that brings its own rules_cc or rules_java keeps them. Nothing is
downloaded. The Debian paths can be overridden with the arguments below.
"""

load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")

# Installed by bazel-rules-cc, bazel-rules-java, bazel-skylib, bazel-platforms.
DEBIAN_RULES_CC = "/usr/share/bazel/rules/cc"
DEBIAN_RULES_JAVA = "/usr/share/bazel/rules/java"
DEBIAN_SKYLIB = "/usr/share/bazel/tools/skylib"
DEBIAN_PLATFORMS = "/usr/share/bazel/tools/platforms"

# rules_cc 0.0.4 asks Bazel 4.2 for two things it lacks: the
# use_cpp_toolchain() helper and config_common.toolchain_type(). Both only
# wrap the plain toolchain type label, so the copy uses that label instead.
_TOOLCHAIN_TYPE = '["@bazel_tools//tools/cpp:toolchain_type"]'
_RULES_CC_PATCHES = {
    "cc/private/rules_impl/cc_flags_supplier.bzl": [
        (', "use_cpp_toolchain")', ")"),
        ("use_cpp_toolchain()", _TOOLCHAIN_TYPE),
    ],
    "cc/private/rules_impl/compiler_flag.bzl": [
        (', "use_cpp_toolchain")', ")"),
        ("use_cpp_toolchain()", _TOOLCHAIN_TYPE),
    ],
    "cc/find_cc_toolchain.bzl": [
        ("[config_common.toolchain_type(CC_TOOLCHAIN_TYPE, mandatory = mandatory)]", "[CC_TOOLCHAIN_TYPE]"),
    ],
}

def _debian_rules_cc_impl(rctx):
    src = rctx.path(rctx.attr.path)
    if not src.exists:
        fail("rules_cc not found at %s (install Debian's bazel-rules-cc)" % src)
    res = rctx.execute(["cp", "-R", "%s/." % src, "."])
    if res.return_code != 0:
        fail("copying %s: %s" % (src, res.stderr))

    # Its own WORKSPACE downloads its dev dependencies; this copy needs none.
    rctx.file("WORKSPACE", 'workspace(name = "rules_cc")\n')
    for file, edits in _RULES_CC_PATCHES.items():
        text = rctx.read(file)
        for old, new in edits:
            if old not in text:
                fail("rules_cc at %s: %s has no '%s'; unknown version?" % (src, file, old))
            text = text.replace(old, new)
        rctx.file(file, text)

_debian_rules_cc = repository_rule(
    implementation = _debian_rules_cc_impl,
    attrs = {"path": attr.string(mandatory = True)},
    local = True,
)

# Bazel resolves these two at analysis time of every *_test; the real ones
# are downloaded. Coverage is not supported offline: both tools just fail.
_COVERAGE_STUB_BUILD = """\
package(default_visibility = ["//visibility:public"])

sh_binary(name = "coverage_report_generator", srcs = ["unsupported.sh"])

sh_binary(name = "lcov_merger", srcs = ["unsupported.sh"])
"""

def _coverage_tools_stub_impl(rctx):
    rctx.file("WORKSPACE", 'workspace(name = "remote_coverage_tools")\n')
    rctx.file("BUILD.bazel", _COVERAGE_STUB_BUILD)
    rctx.file(
        "unsupported.sh",
        "#!/bin/sh\necho 'coverage tools are not available offline' >&2\nexit 1\n",
        executable = True,
    )

_coverage_tools_stub = repository_rule(implementation = _coverage_tools_stub_impl)

# The clang of bpf_skeleton, as a label: a two-line wrapper script that
# execs the system clang by its resolved path. The script's text (and so
# every BPF compile's action key) names that path and clang's version, not
# the caller's PATH, so another checkout, PATH or machine with the same clang
# shares cache entries, and an upgraded clang does not (after `bazel sync
# --configure` or a fresh output base refetches this repository).
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
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file(
        "clang",
        "#!/bin/sh\n# %s\nexec '%s' \"$@\"\n" % (version, real),
        executable = True,
    )
    rctx.file("BUILD.bazel", 'exports_files(["clang"], visibility = ["//visibility:public"])\n')

_system_clang = repository_rule(
    implementation = _system_clang_impl,
    attrs = {"path": attr.string()},
    environ = ["BPF_CLANG", "PATH"],
    configure = True,
)

def stops_shadow_dependencies(
        rules_cc_path = DEBIAN_RULES_CC,
        rules_java_path = DEBIAN_RULES_JAVA,
        skylib_path = DEBIAN_SKYLIB,
        platforms_path = DEBIAN_PLATFORMS,
        clang = ""):
    """Defines rules_cc, rules_java, bazel_skylib, platforms, a coverage stub and clang.

    Args:
      rules_cc_path: an installed rules_cc 0.0.4 tree, patched for Bazel 4.2.
      rules_java_path: an installed rules_java tree.
      skylib_path: an installed bazel-skylib tree.
      platforms_path: an installed platforms tree.
      clang: the clang for @stops_shadow_clang//:clang; default $BPF_CLANG,
        else clang on PATH (resolved to its real path).
    """
    maybe(_debian_rules_cc, name = "rules_cc", path = rules_cc_path)
    maybe(native.local_repository, name = "rules_java", path = rules_java_path)
    maybe(native.local_repository, name = "bazel_skylib", path = skylib_path)
    maybe(native.local_repository, name = "platforms", path = platforms_path)
    maybe(_coverage_tools_stub, name = "remote_coverage_tools")
    maybe(_system_clang, name = "stops_shadow_clang", path = clang)
