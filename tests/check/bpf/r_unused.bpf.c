// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * A program no map uses: libbpf 1.4 refuses it unless its autoload is
 * off (the comparison's loader turns it off, as real loaders must), 1.5+
 * skips it. A warning: exit 0, exit 3 with --strict.
 */
#include "rules_common.h"
CHECK_CA_PROGS
SEC("struct_ops")
void BPF_PROG(ca_spare, struct sock *sk) {}
RULE_MAP(unused_ca) = { RULE_REQUIRED, .name = "stx_unused" };
