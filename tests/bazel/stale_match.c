// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* stale_match: the header the BPF object was built with passes the check. */
#define STOPS_SHADOW_NO_LIBBPF
#include "bzl_demo.shadow.h"
#include "demo_ops.h"

bzl_demo_tbl_demo_ops__ASSERT_MATCHES(struct demo_ops);
