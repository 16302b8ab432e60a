# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""Module extensions of stops_shadow (bzlmod).

clang: defines @stops_shadow_clang, bpf_skeleton's default clang (see
clang.bzl). MODULE.bazel of stops_shadow uses it; the root module may pick
the clang:

    clang = use_extension("@stops_shadow//bazel:extensions.bzl", "clang")
    clang.path(path = "/usr/bin/clang-19")

Only the root module's tag counts: the clang is the building machine's
choice, not a library's. Without one, $BPF_CLANG, else clang on PATH.
"""

load(":clang.bzl", "system_clang")

def _clang_impl(mctx):
    path = ""
    for mod in mctx.modules:
        for tag in mod.tags.path:
            if mod.is_root:
                path = tag.path
    system_clang(name = "stops_shadow_clang", path = path)

clang = module_extension(
    implementation = _clang_impl,
    tag_classes = {"path": tag_class(attrs = {"path": attr.string(mandatory = True)})},
)
