// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The struct_ops programs of an object and what each reads of its context.
 *
 * A struct_ops program gets one argument, r1 = a pointer to the kernel's
 * arguments as an array of u64. BPF_PROG() hides this and makes clang emit
 * the program's BTF FUNC as "ret name(unsigned long long *ctx)", so BTF
 * cannot say which arguments a program uses; its instructions can:
 * BPF_PROG loads *(u64 *)(r1 + 8 * i), often through a copy of r1 kept in
 * a callee-saved register or on the stack. A forward data-flow scan over
 * the program follows r1 and its copies (registers and 8-byte stack
 * slots), and records what the verifier will judge: context reads (which
 * argument, at which offset, how wide), writes, values loaded from the
 * context used as pointers, registers read before any write (a program
 * declared with explicit parameters reads r2..r5, which the kernel never
 * sets) and exits where r0 was never set.
 *
 * The scan is deliberately conservative: where paths disagree, a value
 * becomes "unknown" and nothing is concluded from it; where the context
 * escapes (passed to a call, stored to memory, offset by a variable), the
 * result is marked incomplete so the check does not treat the reads found
 * as all there are.
 */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

#include "prog_args.h"

/* Bigger programs are not scanned: states cost ~600 bytes per insn. */
#define PROG_SCAN_MAX_INSNS 16384
/* Visits per instruction before the scan gives up (real programs: < 4). */
#define PROG_SCAN_VISITS 64
#define STACK_SLOTS	    64 /* 512 bytes of stack, 8-byte slots */
#define NR_REGS		    11
#ifndef BPF_JCOND
#define BPF_JCOND 0xe0
#endif

enum vkind {
	V_UNINIT, /* never written on any path */
	V_MAYBE,  /* written on some paths only: nothing is concluded */
	V_SCALAR, /* anything else, initialised */
	V_CTX,	  /* the context pointer + off */
	V_ARG,	  /* a u64 loaded from context argument off */
	V_FP,	  /* the frame pointer + off */
};

struct aval {
	uint8_t kind;
	int32_t off;
};

struct astate {
	struct aval reg[NR_REGS];
	struct aval stack[STACK_SLOTS];
};

struct scan {
	const struct bpf_insn *insn;
	uint32_t n;
	struct astate *st; /* per instruction, at its entry */
	uint8_t *seen;
	uint32_t *work;
	uint8_t *queued;
	uint32_t nr_work;
	struct prog_reads *r;
	/*
	 * Findings come from the fixpoint's states only: the data flow runs
	 * first with record off, then one pass over every reached
	 * instruction records what it does.
	 */
	bool record;
};

static const struct aval scalar = {V_SCALAR, 0};

static void incomplete(struct scan *s, const char *why)
{
	if (s->record && s->r->complete) {
		s->r->complete = false;
		s->r->why_incomplete = why;
	}
}

static bool merge_val(struct aval *dst, const struct aval *src)
{
	struct aval m;

	if (dst->kind == src->kind && dst->off == src->off)
		return false;
	if (dst->kind <= V_MAYBE || src->kind <= V_MAYBE)
		m = (struct aval){V_MAYBE, 0};
	else
		m = scalar;
	if (m.kind == dst->kind && m.off == dst->off)
		return false;
	*dst = m;
	return true;
}

static bool merge_state(struct astate *dst, const struct astate *src)
{
	bool changed = false;

	for (int i = 0; i < NR_REGS; i++)
		changed |= merge_val(&dst->reg[i], &src->reg[i]);
	for (int i = 0; i < STACK_SLOTS; i++)
		changed |= merge_val(&dst->stack[i], &src->stack[i]);
	return changed;
}

static void flow(struct scan *s, const struct astate *st, int64_t to)
{
	if (to < 0 || to >= s->n) {
		incomplete(s, "a jump leaves the program");
		return;
	}
	if (s->record)
		return;
	if (!s->seen[to]) {
		s->seen[to] = 1;
		s->st[to] = *st;
	} else if (!merge_state(&s->st[to], st)) {
		return;
	}
	if (!s->queued[to]) {
		s->queued[to] = 1;
		s->work[s->nr_work++] = (uint32_t)to;
	}
}

/* A register's value, noting a read of one never written. */
static struct aval use(struct scan *s, const struct astate *st, int reg,
		       uint32_t pc)
{
	struct aval v;

	if (reg >= NR_REGS)
		return scalar;
	v = st->reg[reg];
	if (v.kind == V_UNINIT) {
		if (s->record && !s->r->uninit_regs)
			s->r->uninit_pc = (int32_t)pc;
		if (s->record)
			s->r->uninit_regs |= 1u << reg;
		return scalar;
	}
	return v.kind == V_MAYBE ? scalar : v;
}

static void set_reg(struct astate *st, int reg, struct aval v)
{
	if (reg < NR_REGS - 1) /* r10 is read-only */
		st->reg[reg] = v;
}

static uint32_t insn_size(uint8_t code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B:
		return 1;
	case BPF_H:
		return 2;
	case BPF_W:
		return 4;
	default:
		return 8;
	}
}

static struct aval *stack_slot(struct astate *st, int64_t off)
{
	if (off >= 0 || off < -8 * STACK_SLOTS || off % 8)
		return NULL;
	return &st->stack[-off / 8 - 1];
}

static void ctx_read(struct scan *s, int64_t off, uint32_t size, uint32_t pc)
{
	struct prog_reads *r = s->r;
	int64_t slot = off / 8;

	if (!s->record)
		return;
	if (off < 0 || off % 8) {
		if (r->bad_off < 0) {
			r->bad_off =
				(int32_t)(off < INT32_MIN ? INT32_MIN : off);
			r->bad_pc = (int32_t)pc;
		}
		if (off < 0)
			return;
	}
	if (slot > r->max_slot)
		r->max_slot = slot > INT32_MAX ? INT32_MAX : (int32_t)slot;
	if (slot < PROG_MAX_ARGS) {
		r->read_slots |= 1u << slot;
		r->read_sizes[slot] |= (uint8_t)size;
	}
}

static void deref(struct scan *s, struct aval base, uint32_t pc)
{
	if (!s->record || base.kind != V_ARG || base.off < 0 ||
	    base.off >= PROG_MAX_ARGS)
		return;
	if (!(s->r->deref_slots & 1u << base.off))
		s->r->deref_pc[base.off] = (int32_t)pc;
	s->r->deref_slots |= 1u << base.off;
}

static void do_alu(struct scan *s, struct astate *st, const struct bpf_insn *in,
		   uint32_t pc)
{
	uint8_t op = BPF_OP(in->code);
	bool x = BPF_SRC(in->code) == BPF_X,
	     alu64 = BPF_CLASS(in->code) == BPF_ALU64;
	struct aval d = scalar, v = scalar;

	if (x && op != BPF_NEG && op != BPF_END)
		v = use(s, st, in->src_reg, pc);
	if (op != BPF_MOV)
		d = use(s, st, in->dst_reg, pc);
	if (v.kind == V_CTX && !(op == BPF_MOV && alu64))
		incomplete(s, "arithmetic on the context pointer");
	if (op == BPF_MOV && alu64 && x && !in->off) {
		set_reg(st, in->dst_reg, v);
		return;
	}
	if (alu64 && !x && (op == BPF_ADD || op == BPF_SUB) &&
	    (d.kind == V_CTX || d.kind == V_FP)) {
		d.off += op == BPF_ADD ? in->imm : -in->imm;
		set_reg(st, in->dst_reg, d);
		return;
	}
	if (d.kind == V_CTX)
		incomplete(s, "arithmetic on the context pointer");
	set_reg(st, in->dst_reg, scalar);
}

static void do_ldx(struct scan *s, struct astate *st, const struct bpf_insn *in,
		   uint32_t pc)
{
	struct aval b = use(s, st, in->src_reg, pc), v = scalar, *slot;
	uint32_t size = insn_size(in->code);
	int64_t off = (int64_t)b.off + in->off;

	switch (b.kind) {
	case V_CTX:
		ctx_read(s, off, size, pc);
		if (off >= 0 && !(off % 8) && off / 8 < PROG_MAX_ARGS)
			v = (struct aval){V_ARG, (int32_t)(off / 8)};
		break;
	case V_FP:
		slot = stack_slot(st, off);
		if (slot && size == 8 && BPF_MODE(in->code) == BPF_MEM)
			v = *slot;
		if (v.kind == V_UNINIT || v.kind == V_MAYBE)
			v = scalar;
		break;
	default:
		deref(s, b, pc);
		break;
	}
	set_reg(st, in->dst_reg, v);
}

static void do_store(struct scan *s, struct astate *st,
		     const struct bpf_insn *in, uint32_t pc)
{
	struct aval b = use(s, st, in->dst_reg, pc), v = scalar, *slot;
	bool stx = BPF_CLASS(in->code) == BPF_STX;
	bool atomic = BPF_MODE(in->code) == BPF_ATOMIC;
	int64_t off = (int64_t)b.off + in->off;

	if (stx)
		v = use(s, st, in->src_reg, pc);
	switch (b.kind) {
	case V_FP:
		slot = stack_slot(st, off);
		if (slot)
			*slot = insn_size(in->code) == 8 && !atomic ? v
								    : scalar;
		else /* slot i holds [-8(i+1), -8i): clear what overlaps */
			for (int i = 0; i < STACK_SLOTS; i++)
				if (off < -8 * i &&
				    off + insn_size(in->code) > -8 * (i + 1))
					st->stack[i] = scalar;
		break;
	case V_CTX:
		if (s->record && s->r->write_pc < 0)
			s->r->write_pc = (int32_t)pc;
		break;
	default:
		deref(s, b, pc);
		if (v.kind == V_CTX)
			incomplete(s,
				   "the context pointer is stored to memory");
		break;
	}
	if (atomic && (in->imm & BPF_FETCH))
		set_reg(st, in->imm == BPF_CMPXCHG ? BPF_REG_0 : in->src_reg,
			scalar);
}

/*
 * Helpers and kfuncs do not read a struct_ops context's arguments; a
 * subprogram given the context may, and is not followed.
 */
static void do_call(struct scan *s, struct astate *st,
		    const struct bpf_insn *in)
{
	for (int r = BPF_REG_1; r <= BPF_REG_5; r++) {
		if (st->reg[r].kind == V_CTX && in->src_reg == BPF_PSEUDO_CALL)
			incomplete(s, "the context is passed to a subprogram");
		st->reg[r] = (struct aval){V_UNINIT, 0};
	}
	st->reg[BPF_REG_0] = scalar;
}

/* Follow one instruction: its effect on st and where control goes. */
static void step(struct scan *s, uint32_t pc)
{
	const struct bpf_insn *in = &s->insn[pc];
	struct astate st = s->st[pc];
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);
	int64_t next = (int64_t)pc + 1, jump;

	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64:
		do_alu(s, &st, in, pc);
		break;
	case BPF_LDX:
		do_ldx(s, &st, in, pc);
		break;
	case BPF_ST:
	case BPF_STX:
		do_store(s, &st, in, pc);
		break;
	case BPF_LD:
		if (in->code == (BPF_LD | BPF_IMM | BPF_DW)) {
			set_reg(&st, in->dst_reg, scalar);
			next++;
		} else {
			incomplete(s, "legacy packet access");
			set_reg(&st, BPF_REG_0, scalar);
		}
		break;
	case BPF_JMP:
	case BPF_JMP32:
		if (op == BPF_EXIT && cls == BPF_JMP) {
			if (s->record && st.reg[BPF_REG_0].kind == V_UNINIT &&
			    !s->r->r0_unset_exit) {
				s->r->r0_unset_exit = true;
				s->r->exit_pc = (int32_t)pc;
			}
			return;
		}
		if (op == BPF_CALL && cls == BPF_JMP) {
			do_call(s, &st, in);
			break;
		}
		if (op == BPF_JCOND) { /* may_goto: no register read */
			flow(s, &st, next + in->off);
			break;
		}
		if (op == BPF_JA) {
			jump = cls == BPF_JMP32 ? in->imm : in->off;
			flow(s, &st, next + jump);
			return;
		}
		use(s, &st, in->dst_reg, pc);
		if (BPF_SRC(in->code) == BPF_X)
			use(s, &st, in->src_reg, pc);
		flow(s, &st, next + in->off);
		break;
	default:
		incomplete(s, "an instruction the scan does not know");
		return;
	}
	flow(s, &st, next);
}

void prog_reads__scan(struct prog_reads *r, const uint8_t *insns,
		      uint32_t nr_insns)
{
	struct scan s = {.n = nr_insns, .r = r};
	struct astate *init;

	memset(r, 0, sizeof(*r));
	r->complete = true;
	r->max_slot = -1;
	r->bad_off = -1;
	r->bad_pc = -1;
	r->write_pc = -1;
	r->uninit_pc = -1;
	r->exit_pc = -1;
	r->nr_insns = nr_insns;
	if (!nr_insns || nr_insns > PROG_SCAN_MAX_INSNS) {
		r->complete = false;
		r->why_incomplete = nr_insns
					    ? "the program is too large to scan"
					    : "the program has no instructions";
		return;
	}
	s.st = calloc(nr_insns, sizeof(*s.st));
	s.seen = calloc(nr_insns, 2);
	s.work = calloc(nr_insns, sizeof(*s.work));
	/* the instructions may sit at any offset of the image */
	s.insn = malloc((size_t)nr_insns * sizeof(*s.insn));
	if (!s.st || !s.seen || !s.work || !s.insn) {
		r->complete = false;
		r->why_incomplete = "out of memory";
		goto out;
	}
	memcpy((void *)s.insn, insns, (size_t)nr_insns * sizeof(*s.insn));
	s.queued = s.seen + nr_insns;
	init = &s.st[0];
	for (int i = 0; i < STACK_SLOTS; i++)
		init->stack[i] = scalar;
	init->reg[BPF_REG_1] = (struct aval){V_CTX, 0};
	init->reg[BPF_REG_10] = (struct aval){V_FP, 0};
	s.seen[0] = s.queued[0] = 1;
	s.work[s.nr_work++] = 0;
	/*
	 * Each state only climbs a short lattice, so the fixpoint comes in a
	 * few visits per instruction; a budget keeps a hostile program from
	 * making it many.
	 */
	for (uint64_t steps = 0; s.nr_work; steps++) {
		uint32_t pc = s.work[--s.nr_work];

		if (steps > (uint64_t)nr_insns * PROG_SCAN_VISITS) {
			r->complete = false;
			r->why_incomplete =
				"the program's flow is too complex to scan";
			goto out;
		}
		s.queued[pc] = 0;
		step(&s, pc);
	}
	s.record = true;
	for (uint32_t pc = 0; pc < nr_insns; pc++)
		if (s.seen[pc])
			step(&s, pc);
	r->analysed = true;
out:
	free(s.st);
	free(s.seen);
	free(s.work);
	free((void *)s.insn);
}

/* --- the object's programs ------------------------------------------- */

static bool is_prog_sec(const char *name)
{
	if (name[0] == '?')
		name++;
	return !strncmp(name, "struct_ops", 10) &&
	       (!name[10] || name[10] == '/' || name[10] == '.');
}

struct prog_elf {
	Elf *elf;
	size_t shstrndx;
	Elf_Scn *symtab;
	size_t strndx;
};

static int scan_secs(struct ops_progs *p, struct prog_elf *pe, struct arena *a,
		     const struct bpf_elf *e, struct stops_err *err)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const char *name;

	while ((scn = elf_nextscn(pe->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return stops_errf(err, -EINVAL, "bad section header");
		if (sh.sh_type == SHT_SYMTAB && !pe->symtab) {
			pe->symtab = scn;
			pe->strndx = sh.sh_link;
			continue;
		}
		name = elf_strptr(pe->elf, pe->shstrndx, sh.sh_name);
		if (!name || strcmp(name, "license") ||
		    sh.sh_type == SHT_NOBITS)
			continue;
		if (sh.sh_offset > e->image_size ||
		    sh.sh_size > e->image_size - sh.sh_offset || !sh.sh_size)
			return stops_errf(err, -EINVAL,
					  "section license is out of bounds");
		p->license =
			arena_printf(a, "%.*s",
				     (int)(sh.sh_size < 128 ? sh.sh_size : 128),
				     (const char *)e->image + sh.sh_offset);
		if (!p->license)
			return -ENOMEM;
	}
	return 0;
}

static int add_prog(struct ops_progs *p, struct prog_elf *pe, struct arena *a,
		    const struct bpf_elf *e, const GElf_Sym *sym, uint32_t *cap,
		    struct stops_err *err)
{
	Elf_Scn *scn = elf_getscn(pe->elf, sym->st_shndx);
	struct ops_prog *pi;
	const char *name, *sec;
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
	    !(sh.sh_flags & SHF_EXECINSTR))
		return 0;
	sec = elf_strptr(pe->elf, pe->shstrndx, sh.sh_name);
	if (!sec || !is_prog_sec(sec))
		return 0;
	name = elf_strptr(pe->elf, pe->strndx, sym->st_name);
	if (!name)
		return 0;
	if (sh.sh_offset > e->image_size ||
	    sh.sh_size > e->image_size - sh.sh_offset ||
	    sym->st_value > sh.sh_size ||
	    sym->st_size > sh.sh_size - sym->st_value)
		return stops_errf(err, -EINVAL,
				  "program %s lies outside its section",
				  is_c_ident(name) ? name : "<unprintable>");
	if (p->nr == *cap) {
		uint32_t ncap = *cap ? *cap * 2 : 16;
		struct ops_prog *np = arena_calloc(a, ncap, sizeof(*np));

		if (!np)
			return -ENOMEM;
		if (p->nr)
			memcpy(np, p->progs, p->nr * sizeof(*np));
		p->progs = np;
		*cap = ncap;
	}
	pi = &p->progs[p->nr++];
	pi->name = arena_strdup(a, name);
	pi->sec = arena_strdup(a, sec);
	if (!pi->name || !pi->sec)
		return -ENOMEM;
	pi->autoload = sec[0] != '?';
	pi->sleepable = !strncmp(sec + (sec[0] == '?'), "struct_ops.s", 12);
	pi->insns = e->image + sh.sh_offset + sym->st_value;
	pi->nr_insns = (uint32_t)(sym->st_size / sizeof(struct bpf_insn));
	prog_reads__scan(&pi->reads, pi->insns, pi->nr_insns);
	return 0;
}

static int add_weak(struct ops_progs *p, struct prog_elf *pe, struct arena *a,
		    const GElf_Sym *sym, uint32_t *cap)
{
	const char *name = elf_strptr(pe->elf, pe->strndx, sym->st_name);

	if (!name)
		return 0;
	if (p->nr_weak == *cap) {
		uint32_t ncap = *cap ? *cap * 2 : 16;
		const char **nw = arena_calloc(a, ncap, sizeof(*nw));

		if (!nw)
			return -ENOMEM;
		if (p->nr_weak)
			memcpy(nw, p->weak, p->nr_weak * sizeof(*nw));
		p->weak = nw;
		*cap = ncap;
	}
	p->weak[p->nr_weak] = arena_strdup(a, name);
	return p->weak[p->nr_weak++] ? 0 : -ENOMEM;
}

static int scan_syms(struct ops_progs *p, struct prog_elf *pe, struct arena *a,
		     const struct bpf_elf *e, struct stops_err *err)
{
	Elf_Data *d;
	uint32_t cap = 0, wcap = 0;
	size_t n;
	int ret;

	if (!pe->symtab)
		return 0;
	d = elf_getdata(pe->symtab, NULL);
	if (!d)
		return stops_errf(err, -EINVAL, "bad symbol table");
	n = d->d_size / sizeof(Elf64_Sym);
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;

		if (!gelf_getsym(d, (int)i, &sym))
			return stops_errf(err, -EINVAL, "bad symbol table");
		if (sym.st_shndx == SHN_UNDEF &&
		    GELF_ST_BIND(sym.st_info) == STB_WEAK) {
			ret = add_weak(p, pe, a, &sym, &wcap);
			if (ret)
				return ret;
			continue;
		}
		if (GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
			continue;
		ret = add_prog(p, pe, a, e, &sym, &cap, err);
		if (ret)
			return ret;
	}
	return 0;
}

int ops_progs__scan(struct ops_progs *p, struct arena *a,
		    const struct bpf_elf *e, struct stops_err *err)
{
	struct prog_elf pe = {0};
	int ret;

	memset(p, 0, sizeof(*p));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return stops_errf(err, -EINVAL, "libelf: %s", elf_errmsg(-1));
	pe.elf = elf_memory((char *)e->image, e->image_size);
	if (!pe.elf)
		return stops_errf(err, -EINVAL, "not an ELF file");
	if (elf_getshdrstrndx(pe.elf, &pe.shstrndx)) {
		ret = stops_errf(err, -EINVAL, "bad section name table index");
		goto out;
	}
	ret = scan_secs(p, &pe, a, e, err);
	if (!ret)
		ret = scan_syms(p, &pe, a, e, err);
out:
	elf_end(pe.elf);
	if (ret == -ENOMEM)
		stops_errf(err, ret, "out of memory");
	return ret;
}

const struct ops_prog *ops_progs__find(const struct ops_progs *p,
				       const char *name)
{
	for (uint32_t i = 0; i < p->nr; i++)
		if (!strcmp(p->progs[i].name, name))
			return &p->progs[i];
	return NULL;
}

bool ops_progs__is_weak(const struct ops_progs *p, const char *name)
{
	for (uint32_t i = 0; i < p->nr_weak; i++)
		if (!strcmp(p->weak[i], name))
			return true;
	return false;
}
