// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* No license section at all: load EINVAL. */
#define CHECK_NO_LICENSE
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(nolic_ca) = { RULE_REQUIRED, .name = "stx_lic_none" };
