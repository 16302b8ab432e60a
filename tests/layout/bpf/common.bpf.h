/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Includes for the layout-test BPF objects: libbpf's headers, no vmlinux.h. */
#ifndef LAYOUT_COMMON_BPF_H
#define LAYOUT_COMMON_BPF_H

#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "types.h"

char LICENSE[] SEC("license") = "GPL";

#endif
