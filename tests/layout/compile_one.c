/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Includes one generated header (SHADOW_H, e.g. <kinds.shadow.h>) twice:
 * the compile tests build this with gcc/clang, -pedantic -Werror, LP64 and
 * i386, so the header's own _Static_asserts prove the layout there.
 */
#include SHADOW_H
#include SHADOW_H

typedef int layout_compile_one_not_empty;
