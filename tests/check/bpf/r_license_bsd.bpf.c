// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A license the kernel does not count as GPL-compatible: load EINVAL. */
#define CHECK_LICENSE "BSD"
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(lic_ca) = { RULE_REQUIRED, .name = "stx_lic_bsd" };
