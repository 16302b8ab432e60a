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
load(":clang.bzl", "system_clang")

# Installed by bazel-rules-cc, bazel-rules-java, bazel-skylib, bazel-platforms.
DEBIAN_RULES_CC = "/usr/share/bazel/rules/cc"
DEBIAN_RULES_JAVA = "/usr/share/bazel/rules/java"
DEBIAN_SKYLIB = "/usr/share/bazel/tools/skylib"
DEBIAN_PLATFORMS = "/usr/share/bazel/tools/platforms"

# rules_cc 0.0.4 asks Bazel 4.2 for two things it lacks: the
# use_cpp_toolchain() helper and config_common.toolchain_type(). Both only
# wrap the plain toolchain type label, so the copy uses that label instead.
# A Bazel that has both (5.x and later) gets the tree unchanged, whatever
# its version; a rules_cc without these texts (0.0.11 and later) on a Bazel
# that lacks them fails, naming what is missing.
_TOOLCHAIN_TYPE = '["@bazel_tools//tools/cpp:toolchain_type"]'
_NEEDS_USE_CPP_TOOLCHAIN = [
    ("cc/private/rules_impl/cc_flags_supplier.bzl", [
        (', "use_cpp_toolchain")', ")"),
        ("use_cpp_toolchain()", _TOOLCHAIN_TYPE),
    ]),
    ("cc/private/rules_impl/compiler_flag.bzl", [
        (', "use_cpp_toolchain")', ")"),
        ("use_cpp_toolchain()", _TOOLCHAIN_TYPE),
    ]),
]
_NEEDS_TOOLCHAIN_TYPE = [
    ("cc/find_cc_toolchain.bzl", [
        ("[config_common.toolchain_type(CC_TOOLCHAIN_TYPE, mandatory = mandatory)]", "[CC_TOOLCHAIN_TYPE]"),
    ]),
]

# Evaluated where deps.bzl is loaded, by the Bazel that runs it.
_HAS_TOOLCHAIN_TYPE = hasattr(config_common, "toolchain_type")

def _rules_cc_patches(rctx):
    """The edits this Bazel needs; [] when it runs rules_cc as it is."""
    utils = rctx.read(rctx.path(Label("@bazel_tools//tools/cpp:toolchain_utils.bzl")))
    patches = []
    if "def use_cpp_toolchain" not in utils:
        patches += _NEEDS_USE_CPP_TOOLCHAIN
    if not _HAS_TOOLCHAIN_TYPE:
        patches += _NEEDS_TOOLCHAIN_TYPE
    return patches

def _debian_rules_cc_impl(rctx):
    src = rctx.path(rctx.attr.path)
    if not src.exists:
        fail("rules_cc not found at %s (install Debian's bazel-rules-cc)" % src)
    res = rctx.execute(["cp", "-R", "%s/." % src, "."])
    if res.return_code != 0:
        fail("copying %s: %s" % (src, res.stderr))

    # Its own WORKSPACE downloads its dev dependencies; this copy needs none.
    rctx.file("WORKSPACE", 'workspace(name = "rules_cc")\n')
    for file, edits in _rules_cc_patches(rctx):
        text = rctx.read(file) if rctx.path(file).exists else ""
        for old, new in edits:
            if old not in text:
                fail(("rules_cc at %s does not load in this Bazel, which lacks what %s " +
                      "uses, and it is not the 0.0.4 this patches ('%s' not found): " +
                      "install a rules_cc for this Bazel (Debian 12: bazel-rules-cc 0.0.4)") %
                     (src, file, old))
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
    maybe(system_clang, name = "stops_shadow_clang", path = clang)
