/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* bzl_dep: a header reached through a cc_library's includes (-isystem). */
#ifndef BZL_DEP_H
#define BZL_DEP_H

#define BZL_DEP_FLAGS 0x5a

#endif
