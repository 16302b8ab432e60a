// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The instruction scan of gen/prog_args.c on hand-written programs: which
 * context arguments a program reads, through copies of r1 in registers and
 * on the stack, and what the verifier would refuse (registers read unset,
 * r0 unset at exit, writes into the context, misaligned reads, scalars used
 * as pointers); where it cannot follow the context, it says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

#include "../unit/expect.h"
#include "check_int.h"
#include "prog_args.h"

#define I(CODE, DST, SRC, OFF, IMM)                                            \
	((struct bpf_insn){.code = (CODE),                                     \
			   .dst_reg = (DST),                                   \
			   .src_reg = (SRC),                                   \
			   .off = (OFF),                                       \
			   .imm = (IMM)})
#define MOV64_REG(D, S)	   I(BPF_ALU64 | BPF_MOV | BPF_X, D, S, 0, 0)
#define MOV64_IMM(D, V)	   I(BPF_ALU64 | BPF_MOV | BPF_K, D, 0, 0, V)
#define ADD64_IMM(D, V)	   I(BPF_ALU64 | BPF_ADD | BPF_K, D, 0, 0, V)
#define LDX(SZ, D, S, OFF) I(BPF_LDX | BPF_MEM | (SZ), D, S, OFF, 0)
#define STX(SZ, D, S, OFF) I(BPF_STX | BPF_MEM | (SZ), D, S, OFF, 0)
#define ST(SZ, D, OFF, V)  I(BPF_ST | BPF_MEM | (SZ), D, 0, OFF, V)
#define JEQ_IMM(D, V, OFF) I(BPF_JMP | BPF_JEQ | BPF_K, D, 0, OFF, V)
#define JA(OFF)		   I(BPF_JMP | BPF_JA, 0, 0, OFF, 0)
#define CALL(IMM)	   I(BPF_JMP | BPF_CALL, 0, 0, 0, IMM)
#define CALL_SUB(IMM)	   I(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, IMM)
#define EXIT()		   I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

static struct prog_reads scan(const struct bpf_insn *insns, size_t n)
{
	struct prog_reads r;

	prog_reads__scan(&r, (const uint8_t *)insns, (uint32_t)n);
	return r;
}

#define SCAN(...)                                                              \
	scan((const struct bpf_insn[]){__VA_ARGS__},                           \
	     sizeof((const struct bpf_insn[]){__VA_ARGS__}) /                  \
		     sizeof(struct bpf_insn))

static const char *const kind_names[] = {
	[KR_REQUIRED] = "required",
	[KR_REFUSED] = "refused",
	[KR_NOT_REGISTRABLE] = "not-registrable",
	[KR_DATA] = "data-member",
	[KR_FLAGS] = "flags",
	[KR_NAME] = "name",
	[KR_SLEEPABLE] = "sleepable",
	[KR_SINGLE] = "single",
};

/*
 * doc/check.md lists every row of the kernel rule table: a table line
 * "| type | finding |" that names the row's kernels and mirrored code.
 */
static int doc_rules(const char *path)
{
	static char doc[1 << 18];
	FILE *f = fopen(path, "r");
	const struct kernel_rule *rows;
	uint32_t n = 0;
	size_t len;

	if (!f) {
		perror(path);
		return 1;
	}
	len = fread(doc, 1, sizeof(doc) - 1, f);
	fclose(f);
	doc[len] = 0;
	rows = kernel_rules__all(&n);
	EXPECT(n > 0);
	for (uint32_t i = 0; i < n; i++) {
		char head[128], fn[128];
		const char *line = doc, *found = NULL;

		snprintf(head, sizeof(head), "| %s | %s |", rows[i].type,
			 kind_names[rows[i].kind]);
		/* the code's first function name, e.g. bpf_tcp_ca_init_member */
		snprintf(fn, sizeof(fn), "%.*s",
			 (int)strcspn(rows[i].code, "(:"), rows[i].code);
		while ((line = strstr(line, head)) && !found) {
			size_t l = strcspn(line, "\n");
			char buf[1024];

			snprintf(buf, sizeof(buf), "%.*s", (int)l, line);
			if (strstr(buf, rows[i].kernels) && strstr(buf, fn))
				found = line;
			line += l;
		}
		if (!found)
			printf("doc lacks the row: %s ... %s ... %s\n", head,
			       rows[i].kernels, fn);
		EXPECT(found);
	}
	if (failures)
		printf("%d failures\n", failures);
	else
		printf("ok: %u rows documented\n", n);
	return !!failures;
}

int main(int argc, char **argv)
{
	struct prog_reads r;

	if (argc == 3 && !strcmp(argv[1], "--doc"))
		return doc_rules(argv[2]);

	/* BPF_PROG: r1 kept in r6 across a helper call and on the stack */
	r = SCAN(MOV64_REG(6, 1), STX(BPF_DW, 10, 6, -8), CALL(7),
		 LDX(BPF_DW, 2, 10, -8), LDX(BPF_DW, 0, 2, 16),
		 LDX(BPF_DW, 3, 6, 8), EXIT());
	EXPECT(r.analysed && r.complete);
	EXPECT(r.read_slots == (1u << 2 | 1u << 1) && r.max_slot == 2);
	EXPECT(r.read_sizes[2] == 8 && !r.uninit_regs && !r.r0_unset_exit);
	EXPECT(r.bad_off < 0 && r.write_pc < 0 && !r.deref_slots);

	/* r1 + 8 then *(r + 8): argument 2 */
	r = SCAN(MOV64_REG(2, 1), ADD64_IMM(2, 8), LDX(BPF_W, 0, 2, 8), EXIT());
	EXPECT(r.read_slots == 1u << 2 && r.read_sizes[2] == 4);

	/* explicit parameters: reads r2, which the kernel never sets */
	r = SCAN(MOV64_REG(0, 2), EXIT());
	EXPECT(r.uninit_regs == 1u << 2 && r.uninit_pc == 0);
	EXPECT(!r.r0_unset_exit); /* r0 was written, with garbage */

	/* a void program: r0 never set on any path */
	r = SCAN(EXIT());
	EXPECT(r.r0_unset_exit && r.exit_pc == 0 && !r.uninit_regs);
	/* set on one path only: the scan concludes nothing */
	r = SCAN(LDX(BPF_DW, 2, 1, 0), JEQ_IMM(2, 0, 1), MOV64_IMM(0, 1),
		 EXIT());
	EXPECT(!r.r0_unset_exit && !r.uninit_regs);
	/* set on both paths */
	r = SCAN(LDX(BPF_DW, 2, 1, 0), JEQ_IMM(2, 0, 2), MOV64_IMM(0, 1), JA(1),
		 MOV64_IMM(0, 2), EXIT());
	EXPECT(!r.r0_unset_exit);

	/* a write into the context; a read inside an argument */
	r = SCAN(ST(BPF_DW, 1, 0, 0), MOV64_IMM(0, 0), EXIT());
	EXPECT(r.write_pc == 0);
	r = SCAN(LDX(BPF_W, 0, 1, 12), EXIT());
	EXPECT(r.bad_off == 12 && r.bad_pc == 0 && r.max_slot == 1);

	/* argument 2 used as a pointer, argument 1 only as a number */
	r = SCAN(LDX(BPF_DW, 2, 1, 8), LDX(BPF_W, 0, 2, 4),
		 LDX(BPF_DW, 3, 1, 0), ADD64_IMM(3, 1), EXIT());
	EXPECT(r.deref_slots == 1u << 1 && r.deref_pc[1] == 1);

	/* paths disagree on r2: a read through it is not a context read */
	r = SCAN(LDX(BPF_DW, 3, 1, 0), JEQ_IMM(3, 0, 2), MOV64_REG(2, 1), JA(1),
		 MOV64_IMM(2, 0), LDX(BPF_DW, 0, 2, 40), EXIT());
	EXPECT(r.read_slots == 1u << 0 && r.max_slot == 0);

	/* a loop ends; a 16-byte ld_imm64 is one step */
	r = SCAN(MOV64_IMM(2, 0), ADD64_IMM(2, 1), JEQ_IMM(2, 9, -2),
		 I(BPF_LD | BPF_IMM | BPF_DW, 3, 0, 0, 1), I(0, 0, 0, 0, 0),
		 LDX(BPF_DW, 0, 1, 0), EXIT());
	EXPECT(r.analysed && r.complete && r.read_slots == 1);

	/* the context given to a subprogram: incomplete; to a helper: not */
	r = SCAN(CALL_SUB(2), MOV64_IMM(0, 0), EXIT());
	EXPECT(!r.complete && r.why_incomplete);
	r = SCAN(CALL(14), EXIT());
	EXPECT(r.complete);
	/* a jump out of the program */
	r = SCAN(JA(5), EXIT());
	EXPECT(!r.complete);
	/* nothing to scan */
	r = scan(NULL, 0);
	EXPECT(!r.analysed && !r.complete);

	if (failures)
		printf("%d failures\n", failures);
	else
		printf("ok\n");
	return !!failures;
}
