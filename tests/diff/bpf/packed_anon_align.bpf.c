/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * An anonymous struct that Rust needs #[repr(align(N))] for (its bytes are
 * all bitfield runs and byte arrays), inside a packed type: gen --lang
 * rust emits both as they are and rustc refuses the module (E0588: a
 * packed type cannot transitively contain a #[repr(align)] type). Found by
 * diff.layouts on tests/layout/random's seeds 3 and 1003 (issue 40).
 */
struct outer_ops {
	char c;
	struct {
		signed char a[6];
		short b : 14;
		long d : 27;
	};
} __attribute__((packed));

__attribute__((section(".struct_ops"), used))
struct outer_ops packed_anon_align = { .c = 1, .b = 2, .d = 3 };
