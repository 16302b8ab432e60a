/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Included by the BPF side only: touching it must not recompile the loader. */
#define HELLO_KNOB 42
