// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* ELF reader: the sections of a BPF object that struct_ops maps live in. */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_elf.h"

#ifndef EM_BPF
#define EM_BPF 247
#endif

const char *const st_ops_sec_names[NR_ST_OPS_SECS] = {
	[ST_OPS_SEC] = ".struct_ops",
	[ST_OPS_LINK_SEC] = ".struct_ops.link",
	[ST_OPS_OPT_SEC] = "?.struct_ops",
	[ST_OPS_OPT_LINK_SEC] = "?.struct_ops.link",
};

/* libbpf's SEC_DEF("struct_ops+") and SEC_DEF("struct_ops.s+"). */
bool bpf_elf__is_st_ops_prog_sec(const char *sec, bool *autoload,
				 bool *sleepable)
{
	bool opt = sec[0] == '?';
	const char *p = sec + opt;

	if (strncmp(p, "struct_ops", 10))
		return false;
	p += 10;
	*sleepable = !strncmp(p, ".s", 2) && (p[2] == '\0' || p[2] == '/');
	if (*sleepable)
		p += 2;
	*autoload = !opt;
	return *p == '\0' || *p == '/';
}

/* What the parse needs while libelf is open; nothing here outlives it. */
struct elf_state {
	Elf *elf;
	size_t shstrndx;
	size_t nr_secs;
	Elf_Scn *symtab;
	uint32_t strtab_idx;
	Elf_Scn *rel[NR_ST_OPS_SECS];
	const char *rel_name[NR_ST_OPS_SECS];
	const char *prog_sec_ok; /* last program section found valid */
	/* FUNC symbols sorted by place, built on first need */
	struct func_sym *funcs;
	size_t nr_funcs;
	bool funcs_indexed;
	uint32_t progs_cap;   /* of bpf_elf's progs */
	uint32_t targets_cap; /* of bpf_elf's targets */
};

static int elf_err(struct stops_err *err, const char *what)
{
	return stops_errf(err, -EINVAL, "%s: %s", what, elf_errmsg(-1));
}

static int check_ident(const uint8_t *img, size_t size, struct stops_err *err)
{
	if (size < EI_NIDENT || memcmp(img, ELFMAG, SELFMAG))
		return stops_errf(err, -EINVAL, "not an ELF file");
	if (img[EI_CLASS] != ELFCLASS64)
		return stops_errf(
			err, -EINVAL,
			"not a BPF object: 32-bit ELF (BPF objects are ELFCLASS64)");
	if (img[EI_DATA] != ELFDATA2LSB)
		return stops_errf(
			err, -EINVAL,
			"big-endian ELF: only little-endian BPF objects are supported");
	if (size < sizeof(Elf64_Ehdr))
		return stops_errf(err, -EINVAL,
				  "truncated ELF header (%zu bytes)", size);
	return 0;
}

static int check_ehdr(struct elf_state *s, size_t size, struct stops_err *err)
{
	GElf_Ehdr eh;

	if (elf_kind(s->elf) != ELF_K_ELF)
		return stops_errf(err, -EINVAL, "not an ELF file");
	if (!gelf_getehdr(s->elf, &eh))
		return elf_err(err, "bad ELF header");
	if (eh.e_machine != EM_BPF)
		return stops_errf(
			err, -EINVAL,
			"not a BPF object: e_machine is %u, not EM_BPF (247)",
			eh.e_machine);
	if (eh.e_type != ET_REL)
		return stops_errf(err, -EINVAL,
				  "not a BPF object file: e_type %u is not ET_REL",
				  eh.e_type);
	if (eh.e_shoff > size)
		return stops_errf(
			err, -EINVAL,
			"section header table at 0x%llx is past the end of the file",
			(unsigned long long)eh.e_shoff);
	if (elf_getshdrnum(s->elf, &s->nr_secs))
		return elf_err(err, "bad section header count");
	if (elf_getshdrstrndx(s->elf, &s->shstrndx))
		return elf_err(err, "bad section name table index");
	if (s->shstrndx >= s->nr_secs)
		return stops_errf(err, -EINVAL,
				  "section name table index %zu out of range",
				  s->shstrndx);
	return 0;
}

/* Section data, checked to lie inside the image. */
static int sec_data(const struct bpf_elf *e, const GElf_Shdr *sh,
		    const char *name, const uint8_t **data, uint32_t *len,
		    struct stops_err *err)
{
	size_t size = e->image_size;

	if (sh->sh_type == SHT_NOBITS)
		return stops_errf(err, -EINVAL,
				  "section %s has no data (NOBITS)", name);
	if (sh->sh_offset > size || sh->sh_size > size - sh->sh_offset)
		return stops_errf(
			err, -EINVAL,
			"section %s (offset 0x%llx, size 0x%llx) extends past the end of the file",
			name, (unsigned long long)sh->sh_offset,
			(unsigned long long)sh->sh_size);
	if (sh->sh_size > UINT32_MAX)
		return stops_errf(err, -EFBIG, "section %s is too large", name);
	/* Raw bytes of the image: no libelf buffer to outlive. */
	*data = e->image + sh->sh_offset;
	*len = (uint32_t)sh->sh_size;
	return 0;
}

const char *const elf_debug_sec_names[NR_ELF_DEBUG_SECS] = {
	[ELF_DEBUG_INFO] = ".debug_info",
	[ELF_DEBUG_ABBREV] = ".debug_abbrev",
	[ELF_DEBUG_STR] = ".debug_str",
	[ELF_DEBUG_STR_OFFSETS] = ".debug_str_offsets",
	[ELF_DEBUG_LINE_STR] = ".debug_line_str",
};

/*
 * DWARF is optional (a stripped object has none): a debug section that
 * cannot be read as is (sec_data()'s refusals, unreported, or compressed
 * or empty), or a second one of a name, leaves the first or none, and the
 * parse goes on.
 */
static void debug_section(struct bpf_elf *e, const GElf_Shdr *sh,
			  const char *name)
{
	for (int i = 0; i < NR_ELF_DEBUG_SECS; i++) {
		if (strcmp(name, elf_debug_sec_names[i]))
			continue;
		if (e->debug[i].data || (sh->sh_flags & SHF_COMPRESSED) ||
		    !sh->sh_size)
			return;
		/* on a refusal it sets neither */
		sec_data(e, sh, name, &e->debug[i].data, &e->debug[i].size,
			 NULL);
		return;
	}
}

static int st_ops_sec_index(const char *name)
{
	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (!strcmp(name, st_ops_sec_names[i]))
			return i;
	return -1;
}

static int scan_section(struct bpf_elf *e, struct elf_state *s, Elf_Scn *scn,
			struct stops_err *err)
{
	GElf_Shdr sh;
	const char *name;
	int i;

	if (!gelf_getshdr(scn, &sh))
		return elf_err(err, "bad section header");
	name = elf_strptr(s->elf, s->shstrndx, sh.sh_name);
	if (!name)
		return stops_errf(err, -EINVAL,
				  "section %zu: bad name offset %u",
				  elf_ndxscn(scn), sh.sh_name);
	if (sh.sh_type == SHT_SYMTAB) {
		if (s->symtab)
			return stops_errf(err, -EINVAL,
					  "more than one symbol table");
		s->symtab = scn;
		s->strtab_idx = sh.sh_link;
		return 0;
	}
	if (!strcmp(name, ".BTF"))
		return sec_data(e, &sh, name, &e->btf_data, &e->btf_size, err);
	if (!strncmp(name, ".debug_", 7)) {
		debug_section(e, &sh, name);
		return 0;
	}
	i = st_ops_sec_index(name);
	if (i >= 0) {
		e->st_ops[i].name = st_ops_sec_names[i];
		e->st_ops[i].idx = (uint32_t)elf_ndxscn(scn);
		return sec_data(e, &sh, name, &e->st_ops[i].data,
				&e->st_ops[i].size, err);
	}
	if (strncmp(name, ".rel", 4))
		return 0;
	i = st_ops_sec_index(name + 4);
	if (i < 0 && !strncmp(name, ".rela", 5) &&
	    st_ops_sec_index(name + 5) >= 0)
		return stops_errf(err, -EINVAL,
				  "section %s: RELA relocations are not used by BPF",
				  name);
	if (i < 0)
		return 0;
	if (sh.sh_type != SHT_REL)
		return stops_errf(err, -EINVAL, "section %s is not SHT_REL",
				  name);
	s->rel[i] = scn;
	s->rel_name[i] = name;
	return 0;
}

/*
 * The kept symbols by name, on hash.c's index with its refs in the arena
 * (sized once: it never grows). Was qsort() by name and bsearch(), 14%
 * of a 500-map run. The hash is keyed (a file cannot aim at buckets),
 * and a (name, section) pair is kept once, so a name repeated by a
 * hostile object does not make a long chain either.
 */
static int index_syms(struct bpf_elf *e, struct arena *a)
{
	struct hash_index *x = &e->sym_index;
	uint32_t cap = 16, kept = 0;
	struct hash_ref *refs;

	if (e->nr_syms > UINT32_MAX / 4)
		return -EFBIG;
	while (cap < 2 * e->nr_syms)
		cap *= 2;
	refs = arena_calloc(a, cap, sizeof(*refs));
	if (!refs)
		return -ENOMEM;
	hash_index__place(x, refs, cap);
	for (uint32_t i = 0; i < e->nr_syms; i++) {
		const struct elf_sym_info *sym = &e->syms[i];
		uint32_t hash =
			hash_index__str(x, sym->name, strlen(sym->name));
		uint32_t k = hash_first(x, hash);

		for (; x->refs[k].idx; k = hash_next(x, k)) {
			const struct elf_sym_info *o =
				&e->syms[x->refs[k].idx - 1];

			if (x->refs[k].hash == hash && o->shndx == sym->shndx &&
			    !strcmp(o->name, sym->name))
				break;
		}
		if (x->refs[k].idx)
			continue; /* a repeat: the first one is kept */
		/* compacted in place: kept <= i */
		e->syms[kept++] = *sym;
		hash_index__insert(x, k, hash, kept);
	}
	e->nr_syms = kept;
	return 0;
}

static bool is_st_ops_shndx(const struct bpf_elf *e, uint32_t shndx)
{
	for (int i = 0; i < NR_ST_OPS_SECS; i++)
		if (e->st_ops[i].data && e->st_ops[i].idx == shndx)
			return true;
	return false;
}

/*
 * A string libelf found in the image outlives elf_end(); one it built
 * (e.g. from a compressed section) is copied. 5,000 maps have ~80,000.
 */
static const char *keep_str(struct arena *a, const struct bpf_elf *e,
			    const char *str)
{
	const char *end = (const char *)e->image + e->image_size;

	if (str >= (const char *)e->image && str < end &&
	    memchr(str, 0, (size_t)(end - str)))
		return str;
	return arena_strdup(a, str);
}

static const char *sec_name_of(struct elf_state *s, size_t shndx)
{
	Elf_Scn *scn = elf_getscn(s->elf, shndx);
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh))
		return NULL;
	return elf_strptr(s->elf, s->shstrndx, sh.sh_name);
}

/*
 * A FUNC symbol in an executable struct_ops program section is a program
 * libbpf creates, whether a map uses it or not: keep it for the model.
 */
static int add_prog(struct bpf_elf *e, struct elf_state *s, struct arena *a,
		    const GElf_Sym *sym, const char *name)
{
	struct elf_prog p;
	const char *sec;

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE)
		return 0;
	/* no SHF_EXECINSTR test: relocations are not held to one either */
	sec = sec_name_of(s, sym->st_shndx);
	if (!sec ||
	    !bpf_elf__is_st_ops_prog_sec(sec, &p.autoload, &p.sleepable))
		return 0;
	/* names reach dump and comments only through these checks */
	if (!is_c_ident(name) || !is_comment_safe(sec))
		return 0;
	p.name = keep_str(a, e, name);
	p.sec = keep_str(a, e, sec);
	if (!p.name || !p.sec)
		return -ENOMEM;
	/* programs are a few among thousands of symbols: the array
	 * doubles rather than takes a slot per symbol */
	if (e->nr_progs == s->progs_cap) {
		struct elf_prog *progs;

		s->progs_cap = s->progs_cap ? 2 * s->progs_cap : 8;
		progs = arena_alloc(a, s->progs_cap * sizeof(*progs));
		if (!progs)
			return -ENOMEM;
		if (e->nr_progs)
			memcpy(progs, e->progs, e->nr_progs * sizeof(*progs));
		e->progs = progs;
	}
	e->progs[e->nr_progs++] = p;
	return 0;
}

/*
 * Keep the data symbols of the struct_ops sections, indexed for lookup,
 * and the struct_ops programs.
 */
static int load_syms(struct bpf_elf *e, struct elf_state *s, struct arena *a,
		     struct stops_err *err)
{
	Elf_Data *d;
	GElf_Shdr sh;
	size_t n;
	int ret;

	if (!s->symtab)
		return 0;
	if (!gelf_getshdr(s->symtab, &sh))
		return elf_err(err, "bad symbol table header");
	if (s->strtab_idx >= s->nr_secs)
		return stops_errf(err, -EINVAL,
				  "symbol table string section %u out of range",
				  s->strtab_idx);
	d = elf_getdata(s->symtab, NULL);
	if (!d)
		return elf_err(err, ".symtab");
	n = d->d_size / sizeof(Elf64_Sym);
	/* each entry written before it is counted: no memset */
	e->syms = arena_alloc(a, (n ? n : 1) * sizeof(*e->syms));
	if (!e->syms)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsym(d, (int)i, &sym))
			return elf_err(err, ".symtab");
		/* A corrupt symbol table is bad input even where unused. */
		name = elf_strptr(s->elf, s->strtab_idx, sym.st_name);
		if (!name)
			return stops_errf(err, -EINVAL,
					  "symbol %zu: bad name offset %u", i,
					  sym.st_name);
		if (GELF_ST_TYPE(sym.st_info) == STT_FUNC) {
			ret = add_prog(e, s, a, &sym, name);
			if (ret)
				return ret;
			continue;
		}
		if (!is_st_ops_shndx(e, sym.st_shndx) ||
		    GELF_ST_TYPE(sym.st_info) == STT_SECTION)
			continue;
		name = keep_str(a, e, name);
		if (!name)
			return -ENOMEM;
		e->syms[e->nr_syms++] = (struct elf_sym_info){
			.name = name,
			.value = (uint32_t)sym.st_value,
			.shndx = sym.st_shndx,
			.value_too_big = sym.st_value > UINT32_MAX,
		};
	}
	return index_syms(e, a);
}

int64_t bpf_elf__sym_offset(const struct bpf_elf *e, uint32_t shndx,
			    const char *name)
{
	const struct hash_index *x = &e->sym_index;
	uint32_t hash;

	if (!x->cap)
		return -ENOENT;
	hash = hash_index__str(x, name, strlen(name));
	for (uint32_t k = hash_first(x, hash); x->refs[k].idx;
	     k = hash_next(x, k)) {
		const struct elf_sym_info *sym = &e->syms[x->refs[k].idx - 1];

		if (x->refs[k].hash == hash && sym->shndx == shndx &&
		    !strcmp(sym->name, name))
			return sym->value_too_big ? -ENOENT
						  : (int64_t)sym->value;
	}
	return -ENOENT;
}

/* A FUNC symbol by place, for relocations against a section symbol. */
struct func_sym {
	uint64_t value;
	uint32_t shndx;
	uint32_t name;
	size_t idx; /* symbol table order: the first one wins a tie */
};

static int cmp_func_sym(const void *a, const void *b)
{
	const struct func_sym *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/*
 * Built on the first relocation against a section symbol: a scan of the
 * symbol table per relocation was quadratic.
 */
static int index_funcs(struct elf_state *s, Elf_Data *syms)
{
	size_t n = syms->d_size / sizeof(Elf64_Sym);

	s->funcs = malloc((n ? n : 1) * sizeof(*s->funcs));
	if (!s->funcs)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;

		if (!gelf_getsym(syms, (int)i, &sym))
			continue;
		if (GELF_ST_TYPE(sym.st_info) != STT_FUNC)
			continue;
		s->funcs[s->nr_funcs++] = (struct func_sym){
			.value = sym.st_value,
			.shndx = sym.st_shndx,
			.name = sym.st_name,
			.idx = i,
		};
	}
	qsort(s->funcs, s->nr_funcs, sizeof(*s->funcs), cmp_func_sym);
	s->funcs_indexed = true;
	return 0;
}

/* A section symbol points at a program by offset: find its FUNC symbol. */
static const char *func_at(struct elf_state *s, size_t shndx, uint64_t value)
{
	size_t lo = 0, hi = s->nr_funcs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct func_sym *f = &s->funcs[mid];

		if (f->shndx < shndx || (f->shndx == shndx && f->value < value))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == s->nr_funcs || s->funcs[lo].shndx != shndx ||
	    s->funcs[lo].value != value)
		return NULL;
	return elf_strptr(s->elf, s->strtab_idx, s->funcs[lo].name);
}

/* A new target for symbol symi: the array doubles (targets are few). */
static int add_target(struct bpf_elf *e, struct elf_state *s, struct arena *a,
		      size_t symi, const char *prog, const char *sec)
{
	struct elf_target *t = e->targets;

	if (e->nr_targets == s->targets_cap) {
		s->targets_cap = s->targets_cap ? 2 * s->targets_cap : 8;
		t = arena_alloc(a, s->targets_cap * sizeof(*t));
		if (!t)
			return -ENOMEM;
		if (e->nr_targets)
			memcpy(t, e->targets, e->nr_targets * sizeof(*t));
		e->targets = t;
	}
	t[e->nr_targets++] = (struct elf_target){prog, sec};
	e->sym_target[symi] = e->nr_targets;
	return 0;
}

static int resolve_reloc(struct bpf_elf *e, struct elf_state *s,
			 struct arena *a, Elf_Data *syms,
			 const struct elf_sec *sec, const Elf64_Rel *rel,
			 struct stops_err *err)
{
	size_t symi = ELF64_R_SYM(rel->r_info);
	size_t nr_syms = syms->d_size / sizeof(Elf64_Sym);
	const char *name, *psec, *prog;
	bool autoload, sleepable;
	GElf_Sym sym;

	if (rel->r_offset > sec->size || sec->size - rel->r_offset < 8)
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx is past the end of the section",
			sec->name, (unsigned long long)rel->r_offset);
	/* Thousands of relocations name a handful of programs: resolve each
	 * symbol once (its checks give the same answer every time). */
	if (symi < nr_syms && !e->sym_target) {
		e->sym_target =
			arena_calloc(a, nr_syms, sizeof(*e->sym_target));
		if (!e->sym_target)
			return -ENOMEM;
	}
	if (symi < nr_syms && e->sym_target[symi])
		return 0;
	if (symi >= nr_syms || !gelf_getsym(syms, (int)symi, &sym))
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx: symbol index %zu out of range",
			sec->name, (unsigned long long)rel->r_offset, symi);
	name = elf_strptr(s->elf, s->strtab_idx, sym.st_name);
	if (!name)
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx: symbol %zu has a bad name",
			sec->name, (unsigned long long)rel->r_offset, symi);
	if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx: symbol '%s' is not defined in the object",
			sec->name, (unsigned long long)rel->r_offset, name);
	psec = sec_name_of(s, sym.st_shndx);
	if (GELF_ST_TYPE(sym.st_info) == STT_SECTION && !s->funcs_indexed &&
	    index_funcs(s, syms))
		return -ENOMEM;
	if (GELF_ST_TYPE(sym.st_info) == STT_SECTION)
		name = func_at(s, sym.st_shndx, sym.st_value);
	else if (GELF_ST_TYPE(sym.st_info) != STT_FUNC)
		name = NULL;
	/* thousands of relocations name a handful of sections */
	if (!name || !psec ||
	    (psec != s->prog_sec_ok &&
	     (!bpf_elf__is_st_ops_prog_sec(psec, &autoload, &sleepable) ||
	      !is_comment_safe(psec))))
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx: symbol is not a struct_ops program (section %s)",
			sec->name, (unsigned long long)rel->r_offset,
			psec && is_comment_safe(psec) ? psec : "<unprintable>");
	s->prog_sec_ok = psec;
	if (!is_c_ident(name))
		return stops_errf(
			err, -EINVAL,
			"relocation at %s+0x%llx: program name is not a C identifier",
			sec->name, (unsigned long long)rel->r_offset);
	prog = keep_str(a, e, name);
	psec = keep_str(a, e, psec);
	if (!prog || !psec)
		return -ENOMEM;
	return add_target(e, s, a, symi, prog, psec);
}

/*
 * libelf's Elf64_Rel array is in host order and aligned: the image's own
 * bytes when nothing had to change (kept, no copy of 16 bytes each), else
 * a buffer elf_end() frees (copied).
 */
static const Elf64_Rel *keep_rels(struct arena *a, const struct bpf_elf *e,
				  Elf_Data *d, size_t n)
{
	const uint8_t *p = d->d_buf;
	Elf64_Rel *copy;

	if (p >= e->image && p <= e->image + e->image_size &&
	    d->d_size <= (size_t)(e->image + e->image_size - p))
		return d->d_buf;
	copy = arena_alloc(a, n * sizeof(*copy));
	if (copy)
		memcpy(copy, p, n * sizeof(*copy));
	return copy;
}

static int load_relocs(struct bpf_elf *e, struct elf_state *s, struct arena *a,
		       int i, struct stops_err *err)
{
	struct elf_sec *sec = &e->st_ops[i];
	const Elf64_Rel *rels;
	Elf_Data *d, *syms;
	GElf_Rel rel;
	size_t n;
	int ret;

	if (!s->rel[i])
		return 0;
	if (!sec->name)
		return stops_errf(err, -EINVAL, "%s without a %s section",
				  s->rel_name[i], st_ops_sec_names[i]);
	if (!s->symtab)
		return stops_errf(err, -EINVAL, "%s without a symbol table",
				  s->rel_name[i]);
	d = elf_getdata(s->rel[i], NULL);
	syms = elf_getdata(s->symtab, NULL);
	if (!d || !syms)
		return elf_err(err, s->rel_name[i]);
	n = d->d_size / sizeof(Elf64_Rel);
	/* gelf_getrel() fails for every index or none (n bounds them) */
	if (n && !gelf_getrel(d, 0, &rel))
		return elf_err(err, s->rel_name[i]);
	rels = n ? keep_rels(a, e, d, n) : NULL;
	if (n && !rels)
		return -ENOMEM;
	for (size_t r = 0; r < n; r++) {
		ret = resolve_reloc(e, s, a, syms, sec, &rels[r], err);
		if (ret)
			return ret;
	}
	sec->rels = rels;
	sec->nr_relocs = (uint32_t)n;
	return 0;
}

static int parse(struct bpf_elf *e, struct elf_state *s, struct arena *a,
		 struct stops_err *err)
{
	Elf_Scn *scn = NULL;
	int ret;

	ret = check_ehdr(s, e->image_size, err);
	if (ret)
		return ret;
	while ((scn = elf_nextscn(s->elf, scn))) {
		ret = scan_section(e, s, scn, err);
		if (ret)
			return ret;
	}
	if (elf_errno())
		return elf_err(err, "bad section headers");
	ret = load_syms(e, s, a, err);
	for (int i = 0; !ret && i < NR_ST_OPS_SECS; i++)
		ret = load_relocs(e, s, a, i, err);
	return ret;
}

int bpf_elf__parse(struct bpf_elf *e, struct arena *a, const uint8_t *image,
		   size_t size, struct stops_err *err)
{
	struct elf_state s = {0};
	int ret;

	memset(e, 0, sizeof(*e));
	e->image = image;
	e->image_size = size;
	ret = check_ident(image, size, err);
	if (ret)
		return ret;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return elf_err(err, "libelf");
	s.elf = elf_memory((char *)image, size);
	if (!s.elf)
		return elf_err(err, "not an ELF file");
	/* What the model keeps is copied or points into image: end libelf. */
	ret = parse(e, &s, a, err);
	free(s.funcs);
	elf_end(s.elf);
	return ret;
}
