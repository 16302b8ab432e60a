/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* One gen/runtime/ source as a translation unit of its own (runtime.compile.*). */
#include RUNTIME_H

/* ISO C wants a declaration in every translation unit (skel.h has none). */
int stops_runtime_standalone;
