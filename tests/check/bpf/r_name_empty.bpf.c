// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* No name at all: attach EINVAL. */
#include "rules_common.h"
CHECK_CA_PROGS
RULE_MAP(noname_ca) = { RULE_REQUIRED };
