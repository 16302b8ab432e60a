// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* "Dual BSD/GPL" is GPL-compatible: loads and attaches. */
#define CHECK_LICENSE "Dual BSD/GPL"
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(dual_ca) = { RULE_REQUIRED, .name = "stx_lic_dual" };
