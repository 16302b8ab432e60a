// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel compatibility check: struct_ops map types against kernel BTF. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <bpf/btf.h>

#include "check.h"
#include "internal.h"

#define KERNEL_BTF_DIR "/sys/kernel/btf"
#define TYPE_STR_MAX   256
#define TYPE_STR_DEPTH 16

/*
 * The kernel's BTF. The first source is the base (vmlinux); every further
 * source is a module's split BTF on top of it. A directory source (only
 * the first may be one; the default is /sys/kernel/btf) gives its file
 * "vmlinux" as the base and its other files as modules, which are parsed
 * the first time a type is not found in what is already loaded. Types are
 * searched in that order: base, then modules in the order given (a
 * directory's by file name).
 */
struct kbtf {
	const char *path;
	struct btf *btf;
};

struct kernel {
	/* parsed BTFs in search order, base first */
	struct kbtf *btfs;
	uint32_t nr_btfs;
	uint32_t cap_btfs;
	/* directory whose module files are parsed on the first miss */
	const char *mod_dir;
	bool mods_loaded;
};

/*
 * One check run. Findings are allocated from the arena; running out of
 * memory while recording one is sticky in ret, returned when the map is done.
 */
struct check {
	struct arena *arena;
	const struct btf *obtf;
	struct kernel *k;
	struct stops_err *err;
	int ret;
	/* the map being checked and its kernel type */
	const struct stops_map *map;
	struct check_map *cm;
	const struct btf *kbtf;
	const struct btf_type *kt;
	uint32_t kt_id;
};

/* One member of the object's type and what the object puts in it. */
struct omember {
	const char *name; /* for messages: "(anonymous)" when unnamed */
	const char *btf_name;
	uint32_t idx;
	uint32_t type_id;
	uint32_t bit_off;
	uint32_t bit_size;
	int64_t size;
	const uint8_t *data; /* initial bytes, clamped to the map's value */
	uint32_t data_len;
	const char *prog; /* program placed in a function-pointer slot */
	bool set;	  /* non-zero: libbpf's rule for a member to be used */
};

/* How two types passed in a register compare. */
enum arg_diff {
	ARG_SAME,
	ARG_NOTE,  /* different spelling, same kind and size */
	ARG_ERROR, /* different kind or size */
};

/* Kind classes prototypes are compared by (mods and typedefs skipped). */
enum cls {
	CLS_VOID,
	CLS_INT,
	CLS_FLOAT,
	CLS_ENUM,
	CLS_PTR,
	CLS_STRUCT,
	CLS_UNION,
	CLS_ARRAY,
	CLS_FUNC,
	CLS_BAD,
};

static const char *const cls_names[] = {
	[CLS_VOID] = "void",   [CLS_INT] = "int",     [CLS_FLOAT] = "float",
	[CLS_ENUM] = "enum",   [CLS_PTR] = "ptr",     [CLS_STRUCT] = "struct",
	[CLS_UNION] = "union", [CLS_ARRAY] = "array", [CLS_FUNC] = "function",
	[CLS_BAD] = "invalid",
};

/* --- kernel BTF ------------------------------------------------------ */

/* libbpf reports its own codes (>= 4000, e.g. "format invalid") as errno. */
#define LIBBPF_ERRNO_BASE 4000

static int btf_read_error(int ret, const char **why)
{
	switch (-ret) {
	case EINVAL:
	case EPROTO:
	case ENODATA:
	case ENOEXEC:
		*why = "not a BTF file or an ELF file with .BTF";
		return -EINVAL;
	default:
		if (-ret >= LIBBPF_ERRNO_BASE) {
			*why = "not a BTF file or an ELF file with .BTF";
			return -EINVAL;
		}
		*why = strerror(-ret);
		return ret;
	}
}

static int kernel_add(struct kernel *k, const char *path, struct stops_err *err)
{
	struct btf *base = k->nr_btfs ? k->btfs[0].btf : NULL;
	struct kbtf *btfs;
	const char *why;
	struct btf *btf;
	struct stat st;
	int ret;

	if (k->nr_btfs == k->cap_btfs) {
		uint32_t cap = k->cap_btfs ? k->cap_btfs * 2 : 8;

		btfs = realloc(k->btfs, cap * sizeof(*btfs));
		if (!btfs)
			return stops_errf(err, -ENOMEM, "out of memory");
		k->btfs = btfs;
		k->cap_btfs = cap;
	}
	if (!stat(path, &st) && S_ISREG(st.st_mode) && !st.st_size)
		return stops_errf(err, -EINVAL,
				  "cannot read kernel BTF %s: empty file",
				  path);
	errno = 0;
	btf = base ? btf__parse_split(path, base) : btf__parse(path, NULL);
	if (!btf) {
		ret = btf_read_error(errno ? -errno : -EINVAL, &why);
		return stops_errf(err, ret, "cannot read kernel BTF %s: %s",
				  path, why);
	}
	k->btfs[k->nr_btfs].path = path;
	k->btfs[k->nr_btfs++].btf = btf;
	return 0;
}

static void kernel_free(struct kernel *k)
{
	/* split BTFs first: they point into the base */
	for (uint32_t i = k->nr_btfs; i-- > 0;)
		btf__free(k->btfs[i].btf);
	free(k->btfs);
}

static int mod_filter(const struct dirent *d)
{
	return d->d_name[0] != '.' && strcmp(d->d_name, "vmlinux");
}

static int kernel_load_mods(struct kernel *k, struct arena *a,
			    struct stops_err *err)
{
	struct dirent **ents;
	const char *path;
	int n, ret = 0;

	k->mods_loaded = true;
	n = scandir(k->mod_dir, &ents, mod_filter, alphasort);
	if (n < 0)
		return stops_errf(err, -errno, "cannot list kernel BTF %s: %s",
				  k->mod_dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!ret) {
			path = arena_printf(a, "%s/%s", k->mod_dir,
					    ents[i]->d_name);
			ret = path ? kernel_add(k, path, err)
				   : stops_errf(err, -ENOMEM, "out of memory");
		}
		free(ents[i]);
	}
	free(ents);
	return ret;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static int kernel_open(struct kernel *k, struct arena *a,
		       const struct stops_check_opts *opts,
		       struct check_result *res, struct stops_err *err)
{
	static const char *const dflt[] = {KERNEL_BTF_DIR};
	const char *const *srcs = dflt;
	size_t nr = 1;
	const char *path;
	int ret;

	if (opts && opts->nr_kernel_btf) {
		srcs = opts->kernel_btf;
		nr = opts->nr_kernel_btf;
	}
	res->kernel_btf = arena_calloc(a, nr, sizeof(*res->kernel_btf));
	if (!res->kernel_btf || nr > UINT32_MAX)
		return stops_errf(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < nr; i++) {
		path = srcs[i];
		if (is_dir(path)) {
			if (i)
				return stops_errf(
					err, -EINVAL,
					"kernel BTF %s: only the first kernel BTF may be a directory",
					path);
			k->mod_dir = path;
			path = arena_printf(a, "%s/vmlinux", path);
			if (!path)
				return stops_errf(err, -ENOMEM,
						  "out of memory");
		}
		ret = kernel_add(k, path, err);
		if (ret)
			return ret;
		res->kernel_btf[res->nr_kernel_btf++] = path;
	}
	return 0;
}

/* Find struct name: 0 and *idx of the BTF holding it, 1 when none does. */
static int kernel_find(struct kernel *k, struct arena *a, const char *name,
		       uint32_t *idx, int32_t *id, struct stops_err *err)
{
	int ret;

	for (uint32_t i = 0;; i++) {
		if (i == k->nr_btfs) {
			if (!k->mod_dir || k->mods_loaded)
				return 1;
			ret = kernel_load_mods(k, a, err);
			if (ret)
				return ret;
			if (i == k->nr_btfs)
				return 1;
		}
		*id = btf__find_by_name_kind(k->btfs[i].btf, name,
					     BTF_KIND_STRUCT);
		if (*id > 0) {
			*idx = i;
			return 0;
		}
	}
}

/* --- findings -------------------------------------------------------- */

static void add_finding(struct check *c, enum check_sev sev, const char *member,
			const char *what, const char *expected,
			const char *actual, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

static struct check_finding *new_finding(struct check *c)
{
	struct check_map *cm = c->cm;
	struct check_finding *f;

	if (cm->nr_findings == cm->cap_findings) {
		uint32_t cap = cm->cap_findings ? cm->cap_findings * 2 : 8;

		f = arena_calloc(c->arena, cap, sizeof(*f));
		if (!f)
			return NULL;
		if (cm->nr_findings)
			memcpy(f, cm->findings, cm->nr_findings * sizeof(*f));
		cm->findings = f;
		cm->cap_findings = cap;
	}
	return &cm->findings[cm->nr_findings++];
}

static void add_finding(struct check *c, enum check_sev sev, const char *member,
			const char *what, const char *expected,
			const char *actual, const char *fmt, ...)
{
	struct check_finding *f = new_finding(c);
	va_list ap;
	char buf[512];

	if (!f) {
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
		return;
	}
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f->sev = sev;
	f->member = member;
	f->what = what;
	f->expected = expected;
	f->actual = actual;
	f->msg = arena_strdup(c->arena, buf);
	if (!f->msg)
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
	if (sev == CHECK_ERROR)
		c->cm->nr_errors++;
	else
		c->cm->nr_notes++;
}

/* A small formatted string that lives as long as the check. */
static const char *cstr(struct check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static const char *cstr(struct check *c, const char *fmt, ...)
{
	va_list ap;
	char buf[TYPE_STR_MAX];
	const char *s;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	s = arena_strdup(c->arena, buf);
	if (!s)
		c->ret = stops_errf(c->err, -ENOMEM, "out of memory");
	return s;
}

/* --- types ----------------------------------------------------------- */

/* libbpf's rule: "a___b___c" -> "a___b"; the separator is X___Y, X and Y not
 * '_'. */
static size_t essential_len(const char *name)
{
	size_t n = strlen(name);

	for (long i = (long)n - 5; i >= 0; i--) {
		if (name[i] != '_' && name[i + 1] == '_' &&
		    name[i + 2] == '_' && name[i + 3] == '_' &&
		    name[i + 4] != '_')
			return (size_t)i + 1;
	}
	return n;
}

static const char *type_name(const struct btf *btf, const struct btf_type *t)
{
	const char *s = btf__name_by_offset(btf, t->name_off);

	return s && s[0] ? s : "(anon)";
}

static enum cls type_cls(const struct btf_type *t)
{
	if (!t)
		return CLS_BAD;
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		return CLS_VOID;
	case BTF_KIND_INT:
		return CLS_INT;
	case BTF_KIND_FLOAT:
		return CLS_FLOAT;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return CLS_ENUM;
	case BTF_KIND_PTR:
		return CLS_PTR;
	case BTF_KIND_STRUCT:
		return CLS_STRUCT;
	case BTF_KIND_UNION:
		return CLS_UNION;
	case BTF_KIND_FWD:
		return btf_kflag(t) ? CLS_UNION : CLS_STRUCT;
	case BTF_KIND_ARRAY:
		return CLS_ARRAY;
	case BTF_KIND_FUNC_PROTO:
		return CLS_FUNC;
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		/* skipped by btf_skip_mods before we get here */
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	default:
		return CLS_BAD;
	}
}

/* libbpf compares member kinds exactly: name them as BTF does. */
static const char *kind_name(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		return "void";
	case BTF_KIND_INT:
		return "int";
	case BTF_KIND_PTR:
		return "ptr";
	case BTF_KIND_ARRAY:
		return "array";
	case BTF_KIND_STRUCT:
		return "struct";
	case BTF_KIND_UNION:
		return "union";
	case BTF_KIND_ENUM:
		return "enum";
	case BTF_KIND_FWD:
		return "fwd";
	case BTF_KIND_TYPEDEF:
		return "typedef";
	case BTF_KIND_VOLATILE:
		return "volatile";
	case BTF_KIND_CONST:
		return "const";
	case BTF_KIND_RESTRICT:
		return "restrict";
	case BTF_KIND_FUNC:
		return "func";
	case BTF_KIND_FUNC_PROTO:
		return "func_proto";
	case BTF_KIND_VAR:
		return "var";
	case BTF_KIND_DATASEC:
		return "datasec";
	case BTF_KIND_FLOAT:
		return "float";
	case BTF_KIND_DECL_TAG:
		return "decl_tag";
	case BTF_KIND_TYPE_TAG:
		return "type_tag";
	case BTF_KIND_ENUM64:
		return "enum64";
	default:
		return "unknown";
	}
}

static int64_t type_size(const struct btf *btf, uint32_t id)
{
	return id ? btf__resolve_size(btf, id) : 0;
}

struct sbuf {
	char buf[TYPE_STR_MAX];
	size_t len;
};

static void sb_add(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sb_add(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len >= sizeof(b->buf) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->buf + b->len, sizeof(b->buf) - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
	if (b->len >= sizeof(b->buf))
		b->len = sizeof(b->buf) - 1;
}

static void sb_type(struct sbuf *b, const struct btf *btf, uint32_t id,
		    int depth);

static void sb_proto(struct sbuf *b, const struct btf *btf,
		     const struct btf_type *t, const char *mid, int depth)
{
	const struct btf_param *p = btf_params(t);
	uint16_t n = btf_vlen(t);

	sb_type(b, btf, t->type, depth + 1);
	sb_add(b, " %s(", mid);
	if (!n)
		sb_add(b, "void");
	for (uint16_t i = 0; i < n; i++) {
		if (i)
			sb_add(b, ", ");
		if (!p[i].type && i == n - 1)
			sb_add(b, "...");
		else
			sb_type(b, btf, p[i].type, depth + 1);
	}
	sb_add(b, ")");
}

static void sb_ptr(struct sbuf *b, const struct btf *btf,
		   const struct btf_type *t, int depth)
{
	const struct btf_type *p = btf_skip_mods(btf, t->type, NULL);

	if (p && btf_is_func_proto(p)) {
		sb_proto(b, btf, p, "(*)", depth);
		return;
	}
	sb_type(b, btf, t->type, depth + 1);
	sb_add(b, " *");
}

/* C-like spelling of a type, for messages only. */
static void sb_type(struct sbuf *b, const struct btf *btf, uint32_t id,
		    int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	if (!t || depth > TYPE_STR_DEPTH) {
		sb_add(b, "?");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_UNKN:
		sb_add(b, "void");
		break;
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_FUNC:
		sb_add(b, "%s", type_name(btf, t));
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:
		sb_add(b, "%s %s", cls_names[type_cls(t)], type_name(btf, t));
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		sb_add(b, "enum %s", type_name(btf, t));
		break;
	case BTF_KIND_PTR:
		sb_ptr(b, btf, t, depth);
		break;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
		sb_add(b, "%s ", kind_name(t));
		sb_type(b, btf, t->type, depth + 1);
		break;
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		sb_type(b, btf, t->type, depth + 1);
		break;
	case BTF_KIND_ARRAY:
		sb_type(b, btf, btf_array(t)->type, depth + 1);
		sb_add(b, "[%u]", btf_array(t)->nelems);
		break;
	case BTF_KIND_FUNC_PROTO:
		sb_proto(b, btf, t, "", depth);
		break;
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
	default:
		sb_add(b, "?");
		break;
	}
}

static const char *type_str(struct check *c, const struct btf *btf, uint32_t id)
{
	struct sbuf b = {.len = 0};

	sb_type(&b, btf, id, 0);
	return cstr(c, "%s", b.buf);
}

/* "struct sock * (ptr, 8 bytes)": the spelling as declared, then the class. */
static const char *type_desc(struct check *c, const struct btf *btf,
			     uint32_t id)
{
	uint32_t rid = id;
	const struct btf_type *t = btf_skip_mods(btf, id, &rid);

	return cstr(c, "%s (%s, %" PRId64 " bytes)", type_str(c, btf, id),
		    cls_names[type_cls(t)], type_size(btf, rid));
}

/* Name of a struct/union, through one pointer level; NULL if none. */
static const char *composite_name(const struct btf *btf, uint32_t id,
				  bool deref, size_t *len)
{
	const struct btf_type *t = btf_skip_mods(btf, id, NULL);
	const char *name;

	if (t && deref && btf_is_ptr(t))
		t = btf_skip_mods(btf, t->type, NULL);
	if (!t || (type_cls(t) != CLS_STRUCT && type_cls(t) != CLS_UNION))
		return NULL;
	name = btf__name_by_offset(btf, t->name_off);
	if (!name || !name[0])
		return NULL;
	*len = essential_len(name);
	return name;
}

static bool same_composite(const struct btf *kb, uint32_t kid,
			   const struct btf *ob, uint32_t oid, bool deref)
{
	size_t kl = 0, ol = 0;
	const char *kn = composite_name(kb, kid, deref, &kl);
	const char *on = composite_name(ob, oid, deref, &ol);

	if (!kn || !on)
		return true;
	return kl == ol && !strncmp(kn, on, kl);
}

/* Compare two types as passed to or returned from a struct_ops call. */
static enum arg_diff arg_diff(const struct btf *kb, uint32_t kid,
			      const struct btf *ob, uint32_t oid)
{
	enum cls kc = type_cls(btf_skip_mods(kb, kid, &kid));
	enum cls oc = type_cls(btf_skip_mods(ob, oid, &oid));
	int64_t ks = type_size(kb, kid), os = type_size(ob, oid);

	if (kc != oc) {
		if (ks == os && ((kc == CLS_INT && oc == CLS_ENUM) ||
				 (kc == CLS_ENUM && oc == CLS_INT)))
			return ARG_NOTE;
		return ARG_ERROR;
	}
	if (kc == CLS_BAD || ks != os)
		return ARG_ERROR;
	if (kc == CLS_PTR || kc == CLS_STRUCT || kc == CLS_UNION)
		return same_composite(kb, kid, ob, oid, kc == CLS_PTR)
			       ? ARG_SAME
			       : ARG_NOTE;
	return ARG_SAME;
}

/* --- object data ----------------------------------------------------- */

static bool all_zero(const uint8_t *p, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++) {
		if (p[i])
			return false;
	}
	return true;
}

static uint64_t read_uint(const struct check *c, const uint8_t *p, uint32_t len)
{
	bool be = btf__endianness(c->obtf) == BTF_BIG_ENDIAN;
	uint64_t v = 0;

	if (len > 8)
		len = 8;
	for (uint32_t i = 0; i < len; i++)
		v = v << 8 | p[be ? i : len - 1 - i];
	return v;
}

static uint64_t member_uint(const struct check *c, const struct omember *om)
{
	uint32_t shift = om->bit_off % 8;
	uint64_t v;

	if (!om->bit_size)
		return read_uint(c, om->data, om->data_len);
	/* little-endian bitfield: bit_off counts from the lowest bit */
	v = read_uint(c, om->data, om->data_len) >> shift;
	if (om->bit_size < 64)
		v &= (UINT64_C(1) << om->bit_size) - 1;
	return v;
}

static bool printable_string(const uint8_t *p, uint32_t len)
{
	uint32_t i;

	for (i = 0; i < len && p[i]; i++) {
		if (p[i] < 0x20 || p[i] > 0x7e)
			return false;
	}
	return i < len;
}

/* The object's value of a member, for messages. */
static const char *value_str(struct check *c, const struct omember *om)
{
	const struct btf_type *t = btf_skip_mods(c->obtf, om->type_id, NULL);
	struct sbuf b = {.len = 0};
	uint32_t n = om->data_len < 16 ? om->data_len : 16;

	if (t && (btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t)) &&
	    om->data_len <= 8)
		return cstr(c, "0x%" PRIx64, member_uint(c, om));
	if (t && btf_is_array(t) && printable_string(om->data, om->data_len))
		return cstr(c, "\"%s\"", (const char *)om->data);
	sb_add(&b, "bytes");
	for (uint32_t i = 0; i < n; i++)
		sb_add(&b, " %02x", om->data[i]);
	if (n < om->data_len)
		sb_add(&b, " ...");
	return cstr(c, "%s", b.buf);
}

static const char *model_prog(const struct stops_map *map, const char *name,
			      uint32_t bit_off)
{
	const struct stops_aggr *a = map->type;

	for (uint32_t i = 0; a && i < a->nr_members; i++) {
		const struct stops_member *sm = &a->members[i];

		if (sm->kind == STOPS_PADDING || sm->bit_offset != bit_off)
			continue;
		if (!strcmp(sm->name ? sm->name : "", name))
			return stops_map__prog(map, sm)->name;
	}
	return NULL;
}

static void omember_init(struct check *c, const struct btf_type *ot, uint32_t i,
			 struct omember *om)
{
	const struct btf_member *bm = btf_members(ot) + i;
	uint32_t off, size = c->map->size;

	om->btf_name = btf__name_by_offset(c->obtf, bm->name_off);
	if (!om->btf_name)
		om->btf_name = "";
	om->name = om->btf_name[0] ? om->btf_name : "(anonymous)";
	om->idx = i;
	om->type_id = bm->type;
	om->bit_off = btf_member_bit_offset(ot, i);
	om->bit_size = btf_member_bitfield_size(ot, i);
	om->size = btf__resolve_size(c->obtf, bm->type);
	off = om->bit_off / 8;
	om->data =
		c->map->data ? c->map->data + (off < size ? off : size) : NULL;
	om->data_len = 0;
	if (om->data && off < size && om->size > 0)
		om->data_len = (uint64_t)om->size < size - off
				       ? (uint32_t)om->size
				       : size - off;
	om->prog = model_prog(c->map, om->btf_name, om->bit_off);
	om->set = om->prog || (om->data && !all_zero(om->data, om->data_len));
}

/* --- prototypes ------------------------------------------------------ */

/*
 * A struct_ops program is called with one argument: a pointer to the
 * kernel's arguments as an array of u64. BPF_PROG() hides that, and clang
 * emits such a program's BTF FUNC as "ret name(unsigned long long *ctx)",
 * so its own prototype tells nothing about the arguments it reads.
 */
static bool is_ctx_proto(const struct btf *btf, const struct btf_type *fp)
{
	const struct btf_type *t;

	if (btf_vlen(fp) != 1)
		return false;
	t = btf_skip_mods(btf, btf_params(fp)[0].type, NULL);
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf_skip_mods(btf, t->type, NULL);
	return t && (btf_is_void(t) || (btf_is_int(t) && t->size == 8));
}

/* Which prototype is compared with the kernel's, and how strictly. */
struct proto_side {
	const struct omember *om;
	const struct btf_type *fp; /* the object's FUNC_PROTO */
	const char *who;	   /* "prototype" or "program 'p'" */
	const char *w_args;	   /* finding codes */
	const char *w_arg;
	const char *w_ret;
	enum check_sev sev; /* of a real difference */
	bool prog;	    /* the program's own FUNC, not the slot */
};

static void cmp_args(struct check *c, const struct proto_side *s,
		     const struct btf_type *kp)
{
	const struct btf_param *kpa = btf_params(kp), *opa = btf_params(s->fp);
	uint16_t kn = btf_vlen(kp), on = btf_vlen(s->fp);
	enum arg_diff d;

	for (uint16_t i = 0; i < kn && i < on && !c->ret; i++) {
		d = arg_diff(c->kbtf, kpa[i].type, c->obtf, opa[i].type);
		if (d == ARG_SAME)
			continue;
		add_finding(c, d == ARG_ERROR ? s->sev : CHECK_NOTE,
			    s->om->name, s->w_arg,
			    type_str(c, c->kbtf, kpa[i].type),
			    type_str(c, c->obtf, opa[i].type),
			    "%s argument %u: kernel %s, object %s", s->who,
			    i + 1, type_desc(c, c->kbtf, kpa[i].type),
			    type_desc(c, c->obtf, opa[i].type));
	}
}

static void cmp_ret(struct check *c, const struct proto_side *s,
		    const struct btf_type *kp)
{
	const struct btf_type *kr = btf_skip_mods(c->kbtf, kp->type, NULL);
	const struct btf_type * or = btf_skip_mods(c->obtf, s->fp->type, NULL);
	bool kv = kr && btf_is_void(kr), ov = or &&btf_is_void(or);
	enum check_sev sev = s->sev;
	enum arg_diff d;

	if (kv && ov)
		return;
	if (kv != ov) {
		d = ARG_ERROR;
		/* a value the kernel never reads is harmless */
		if (kv && s->prog)
			sev = CHECK_NOTE;
	} else {
		d = arg_diff(c->kbtf, kp->type, c->obtf, s->fp->type);
		if (d == ARG_SAME)
			return;
	}
	add_finding(c, d == ARG_ERROR ? sev : CHECK_NOTE, s->om->name, s->w_ret,
		    type_str(c, c->kbtf, kp->type),
		    type_str(c, c->obtf, s->fp->type),
		    "%s returns %s, kernel %s", s->who,
		    type_desc(c, c->obtf, s->fp->type),
		    type_desc(c, c->kbtf, kp->type));
}

static void cmp_slot_proto(struct check *c, const struct omember *om,
			   const struct btf_type *kp, const struct btf_type *op,
			   uint32_t kid, uint32_t oid)
{
	struct proto_side s = {
		.om = om,
		.fp = op,
		.who = "prototype",
		.w_args = "proto-args",
		.w_arg = "proto-arg",
		.w_ret = "proto-ret",
		/* an empty slot's declaration is never used */
		.sev = om->prog ? CHECK_ERROR : CHECK_NOTE,
	};

	if (btf_vlen(kp) != btf_vlen(op))
		add_finding(c, s.sev, om->name, s.w_args,
			    type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, oid),
			    "prototype takes %u arguments, kernel %u",
			    btf_vlen(op), btf_vlen(kp));
	cmp_args(c, &s, kp);
	cmp_ret(c, &s, kp);
}

static void prog_explicit_args(struct check *c, const struct proto_side *s,
			       const struct btf_type *kp, uint32_t kid,
			       uint32_t fid)
{
	uint16_t kn = btf_vlen(kp), on = btf_vlen(s->fp);

	if (!on)
		return;
	if (on != kn)
		add_finding(c, on > kn ? CHECK_ERROR : CHECK_NOTE, s->om->name,
			    s->w_args, type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, fid),
			    "%s takes %u arguments, kernel passes %u", s->who,
			    on, kn);
	cmp_args(c, s, kp);
	add_finding(c, CHECK_NOTE, s->om->name, "prog-ctx", NULL,
		    type_str(c, c->obtf, fid),
		    "%s declares its parameters directly; struct_ops programs get one pointer to the kernel's arguments as u64s (use BPF_PROG)",
		    s->who);
}

static void check_prog(struct check *c, const struct omember *om,
		       const struct btf_type *kp, uint32_t kid)
{
	struct proto_side s = {
		.om = om,
		.w_args = "prog-args",
		.w_arg = "prog-arg",
		.w_ret = "prog-ret",
		.sev = CHECK_ERROR,
		.prog = true,
	};
	const struct btf_type *f;
	int32_t id;

	s.who = cstr(c, "program '%s'", om->prog);
	id = btf__find_by_name_kind(c->obtf, om->prog, BTF_KIND_FUNC);
	f = id > 0 ? btf__type_by_id(c->obtf, (uint32_t)id) : NULL;
	s.fp = f ? btf__type_by_id(c->obtf, f->type) : NULL;
	if (!s.fp || !btf_is_func_proto(s.fp)) {
		add_finding(c, CHECK_NOTE, om->name, "prog-btf", NULL, NULL,
			    "%s has no BTF function: its prototype is not checked",
			    s.who);
		return;
	}
	if (!is_ctx_proto(c->obtf, s.fp))
		prog_explicit_args(c, &s, kp, kid, f->type);
	cmp_ret(c, &s, kp);
}

/* --- members --------------------------------------------------------- */

static void check_missing(struct check *c, const struct omember *om)
{
	if (om->prog)
		add_finding(c, CHECK_ERROR, om->name, "member-missing", NULL,
			    cstr(c, "program %s", om->prog),
			    "not in kernel type, object places program '%s' in it",
			    om->prog);
	else if (om->set)
		add_finding(c, CHECK_ERROR, om->name, "member-missing", NULL,
			    value_str(c, om),
			    "not in kernel type, object sets it to %s",
			    value_str(c, om));
	else
		add_finding(c, CHECK_NOTE, om->name, "member-missing", NULL,
			    "0", "not in kernel type, zero in object");
}

static void check_ptr(struct check *c, const struct omember *om,
		      const struct btf_type *mt, const struct btf_type *kmt,
		      uint32_t kid)
{
	uint32_t opid = 0, kpid = 0;
	const struct btf_type *op = btf_skip_mods(c->obtf, mt->type, &opid);
	const struct btf_type *kp = btf_skip_mods(c->kbtf, kmt->type, &kpid);
	bool ofn = op && btf_is_func_proto(op),
	     kfn = kp && btf_is_func_proto(kp);

	if (!kfn && om->prog)
		add_finding(c, CHECK_ERROR, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid),
			    cstr(c, "program %s", om->prog),
			    "kernel member is %s, not a function pointer; object places program '%s' in it",
			    type_str(c, c->kbtf, kid), om->prog);
	else if (!kfn && ofn)
		add_finding(c, CHECK_NOTE, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid), NULL,
			    "kernel member is %s, not a function pointer; the object's slot is empty",
			    type_str(c, c->kbtf, kid));
	else if (kfn && !ofn)
		add_finding(c, CHECK_NOTE, om->name, "not-func-ptr",
			    type_str(c, c->kbtf, kid),
			    type_str(c, c->obtf, om->type_id),
			    "kernel member is a function pointer, object declares %s: no program can be placed in it",
			    type_str(c, c->obtf, om->type_id));
	if (!kfn || !ofn)
		return;
	cmp_slot_proto(c, om, kp, op, kpid, opid);
	if (om->prog)
		check_prog(c, om, kp, kpid);
}

static bool enum_has(const struct btf_type *t, uint64_t v, uint32_t size)
{
	uint64_t mask =
		size < 8 ? (UINT64_C(1) << (size * 8)) - 1 : ~UINT64_C(0);

	for (uint16_t i = 0; i < btf_vlen(t); i++) {
		uint64_t e = btf_is_enum64(t)
				     ? btf_enum64_value(btf_enum64(t) + i)
				     : (uint64_t)(int64_t)btf_enum(t)[i].val;

		if ((e & mask) == (v & mask))
			return true;
	}
	return false;
}

static void check_int_value(struct check *c, const struct omember *om,
			    const struct btf_type *mt,
			    const struct btf_type *kmt)
{
	uint64_t v = member_uint(c, om);
	int64_t sv;
	bool ks = btf_int_encoding(kmt) & BTF_INT_SIGNED;
	bool os = btf_int_encoding(mt) & BTF_INT_SIGNED;

	if ((btf_int_encoding(kmt) & BTF_INT_BOOL) && v > 1)
		add_finding(c, CHECK_NOTE, om->name, "value", "0 or 1",
			    value_str(c, om),
			    "kernel member is a bool, object sets it to %s",
			    value_str(c, om));
	if (ks == os || om->size <= 0 || om->size > 8 ||
	    !((v >> (om->size * 8 - 1)) & 1))
		return;
	if (ks && om->size < 8)
		sv = (int64_t)(v | ~((UINT64_C(1) << (om->size * 8)) - 1));
	else
		sv = (int64_t)v;
	add_finding(c, CHECK_NOTE, om->name, "value",
		    ks ? "signed" : "unsigned", value_str(c, om),
		    "kernel member is %s, object's %s: the kernel reads %s as %s",
		    ks ? "signed" : "unsigned", os ? "signed" : "unsigned",
		    value_str(c, om),
		    ks ? cstr(c, "%" PRId64, sv) : cstr(c, "%" PRIu64, v));
}

static void check_array_value(struct check *c, const struct omember *om,
			      const struct btf_type *mt,
			      const struct btf_type *kmt)
{
	const struct btf_type *oe =
		btf_skip_mods(c->obtf, btf_array(mt)->type, NULL);
	const struct btf_type *ke =
		btf_skip_mods(c->kbtf, btf_array(kmt)->type, NULL);
	bool chars = oe && ke && btf_is_int(oe) && btf_is_int(ke) &&
		     oe->size == 1 && ke->size == 1;

	if (btf_array(mt)->nelems != btf_array(kmt)->nelems)
		add_finding(c, CHECK_NOTE, om->name, "value",
			    cstr(c, "%u elements", btf_array(kmt)->nelems),
			    cstr(c, "%u elements", btf_array(mt)->nelems),
			    "kernel array has %u elements, object's %u (same size)",
			    btf_array(kmt)->nelems, btf_array(mt)->nelems);
	if (chars && om->set && !memchr(om->data, 0, om->data_len))
		add_finding(c, CHECK_NOTE, om->name, "value",
			    "NUL-terminated string", value_str(c, om),
			    "string is not NUL-terminated");
}

/*
 * Values of a member present on both sides with the same kind and size:
 * only what is obviously wrong for the kernel's type.
 */
static void check_value(struct check *c, const struct omember *om, uint32_t mid,
			uint32_t kmid)
{
	const struct btf_type *mt = btf__type_by_id(c->obtf, mid);
	const struct btf_type *kmt = btf__type_by_id(c->kbtf, kmid);

	switch (btf_kind(kmt)) {
	case BTF_KIND_INT:
		check_int_value(c, om, mt, kmt);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (om->size > 0 && om->size <= 8 &&
		    !enum_has(kmt, member_uint(c, om), (uint32_t)om->size))
			add_finding(c, CHECK_NOTE, om->name, "value",
				    cstr(c, "a value of enum %s",
					 type_name(c->kbtf, kmt)),
				    value_str(c, om),
				    "%s is not a value of kernel enum %s",
				    value_str(c, om), type_name(c->kbtf, kmt));
		break;
	case BTF_KIND_ARRAY:
		check_array_value(c, om, mt, kmt);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (!same_composite(c->kbtf, kmid, c->obtf, mid, false))
			add_finding(c, CHECK_NOTE, om->name, "type-name",
				    type_str(c, c->kbtf, kmid),
				    type_str(c, c->obtf, mid),
				    "kernel member is %s, object's %s (copied as %" PRId64
				    " bytes)",
				    type_str(c, c->kbtf, kmid),
				    type_str(c, c->obtf, mid), om->size);
		break;
	case BTF_KIND_UNKN:
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		break;
	default:
		c->ret = stops_errf(c->err, -EINVAL,
				    "kernel BTF: member %s has unknown kind %u",
				    om->name, btf_kind(kmt));
		break;
	}
}

static const struct btf_member *kernel_member(const struct check *c,
					      const char *name, uint32_t *idx)
{
	const struct btf_member *km = btf_members(c->kt);
	const char *kname;

	for (uint16_t i = 0; i < btf_vlen(c->kt); i++) {
		kname = btf__name_by_offset(c->kbtf, km[i].name_off);
		if (kname && !strcmp(kname, name)) {
			*idx = i;
			return &km[i];
		}
	}
	return NULL;
}

/* libbpf's bpf_map__init_kern_struct_ops() rules, in its order. */
static void check_member(struct check *c, const struct btf_type *ot, uint32_t i)
{
	const struct btf_type *mt, *kmt;
	const struct btf_member *km;
	struct omember om;
	uint32_t kidx, mid, kmid;
	int64_t ksize;

	omember_init(c, ot, i, &om);
	km = kernel_member(c, om.btf_name, &kidx);
	if (!km) {
		check_missing(c, &om);
		return;
	}
	if (om.bit_size || btf_member_bitfield_size(c->kt, kidx)) {
		add_finding(c, CHECK_ERROR, om.name, "bitfield",
			    cstr(c, "%u bits",
				 btf_member_bitfield_size(c->kt, kidx)),
			    cstr(c, "%u bits", om.bit_size),
			    "bitfield members are not supported by libbpf");
		return;
	}
	mt = btf_skip_mods(c->obtf, om.type_id, &mid);
	kmt = btf_skip_mods(c->kbtf, km->type, &kmid);
	if (!mt || !kmt) {
		add_finding(c, CHECK_ERROR, om.name, "kind", NULL, NULL,
			    "type chain is invalid");
		return;
	}
	if (btf_kind(mt) != btf_kind(kmt)) {
		add_finding(c, CHECK_ERROR, om.name, "kind", kind_name(kmt),
			    kind_name(mt),
			    "kind mismatch: kernel %s (%s), object %s (%s)",
			    kind_name(kmt), type_str(c, c->kbtf, km->type),
			    kind_name(mt), type_str(c, c->obtf, om.type_id));
		return;
	}
	if (btf_is_ptr(mt)) {
		check_ptr(c, &om, mt, kmt, kmid);
		return;
	}
	ksize = btf__resolve_size(c->kbtf, kmid);
	if (ksize != om.size) {
		add_finding(c, CHECK_ERROR, om.name, "size",
			    cstr(c, "%" PRId64, ksize),
			    cstr(c, "%" PRId64, om.size),
			    "size mismatch: kernel %s (%" PRId64
			    " bytes), object %s (%" PRId64 " bytes)",
			    type_str(c, c->kbtf, km->type), ksize,
			    type_str(c, c->obtf, om.type_id), om.size);
		return;
	}
	check_value(c, &om, mid, kmid);
}

/* --- maps ------------------------------------------------------------ */

/* libbpf also needs the kernel's value wrapper "struct bpf_struct_ops_<name>". */
static bool has_value_type(const struct btf *kbtf, const char *name,
			   uint32_t kt_id)
{
	char wrapper[256];
	const struct btf_type *t;
	const struct btf_member *m;
	uint32_t id;
	int32_t wid;

	snprintf(wrapper, sizeof(wrapper), "bpf_struct_ops_%s", name);
	wid = btf__find_by_name_kind(kbtf, wrapper, BTF_KIND_STRUCT);
	t = wid > 0 ? btf__type_by_id(kbtf, (uint32_t)wid) : NULL;
	if (!t)
		return false;
	m = btf_members(t);
	for (uint16_t i = 0; i < btf_vlen(t); i++) {
		const char *n = btf__name_by_offset(kbtf, m[i].name_off);

		if (n && !strcmp(n, "data"))
			return btf_skip_mods(kbtf, m[i].type, &id) &&
			       id == kt_id;
	}
	return false;
}

static int find_kernel_type(struct check *c)
{
	const char *name = c->cm->kernel_type;
	int32_t id = 0;
	uint32_t i = 0;
	int ret;

	ret = kernel_find(c->k, c->arena, name, &i, &id, c->err);
	if (ret < 0)
		return ret;
	if (ret) {
		add_finding(c, CHECK_ERROR, NULL, "type-missing",
			    cstr(c, "struct %s", name), NULL,
			    "kernel has no struct %s", name);
		return 1;
	}
	c->kbtf = c->k->btfs[i].btf;
	c->kt_id = (uint32_t)id;
	c->kt = btf__type_by_id(c->kbtf, c->kt_id);
	c->cm->kernel_btf = c->k->btfs[i].path;
	if (!has_value_type(c->kbtf, name, c->kt_id)) {
		add_finding(c, CHECK_ERROR, NULL, "not-struct-ops",
			    cstr(c, "struct bpf_struct_ops_%s", name), NULL,
			    "kernel struct %s is not a struct_ops type (no struct bpf_struct_ops_%s)",
			    name, name);
		return 1;
	}
	return 0;
}

static int check_map(struct check *c, const struct stops_map *map,
		     struct check_map *cm)
{
	const struct btf_type *ot;
	int ret;

	c->map = map;
	c->cm = cm;
	c->ret = 0;
	cm->map = map;
	cm->kernel_type = arena_printf(c->arena, "%.*s",
				       (int)essential_len(map->type_name),
				       map->type_name);
	if (!cm->kernel_type)
		return stops_errf(c->err, -ENOMEM, "out of memory");
	ret = find_kernel_type(c);
	if (ret)
		return ret < 0 ? ret : c->ret;
	ot = btf__type_by_id(c->obtf, map->type_id);
	if (!ot || !btf_is_composite(ot))
		return stops_errf(c->err, -EINVAL,
				  "map %s: type %u is not a struct", map->name,
				  map->type_id);
	if (ot->size != c->kt->size)
		add_finding(c, CHECK_NOTE, NULL, "type-size",
			    cstr(c, "%u", c->kt->size), cstr(c, "%u", ot->size),
			    "object type is %u bytes, kernel's %u (libbpf copies members by name)",
			    ot->size, c->kt->size);
	for (uint16_t i = 0; i < btf_vlen(ot) && !c->ret; i++)
		check_member(c, ot, i);
	return c->ret;
}

static int check_maps(struct check *c, const struct stops_model *m,
		      struct check_result *res)
{
	int ret;

	res->obj_name = m->obj_name;
	res->maps = arena_calloc(c->arena, m->nr_maps ? m->nr_maps : 1,
				 sizeof(*res->maps));
	if (!res->maps)
		return stops_errf(c->err, -ENOMEM, "out of memory");
	for (uint32_t i = 0; i < m->nr_maps; i++) {
		ret = check_map(c, &m->maps[i], &res->maps[i]);
		if (ret)
			return ret;
		res->nr_maps++;
		res->nr_errors += res->maps[i].nr_errors;
		res->nr_notes += res->maps[i].nr_notes;
	}
	return 0;
}

int stops_check(const struct stops_model *m,
		const struct stops_check_opts *opts, FILE *out,
		struct stops_err *err)
{
	struct check_result res = {.obj_name = NULL};
	struct kernel k = {.btfs = NULL};
	struct arena a = {0};
	struct check c = {.arena = &a, .k = &k, .err = err};
	int ret;

	if (!m || !m->btf || !out)
		return stops_errf(err, -EINVAL, "check: no model or output");
	c.obtf = m->btf;
	ret = kernel_open(&k, &a, opts, &res, err);
	if (ret)
		goto out;
	ret = check_maps(&c, m, &res);
	if (ret)
		goto out;
	if (opts && opts->json)
		ret = check_report_json(&res, out);
	else
		ret = check_report_text(&res, out);
	if (ret) {
		stops_errf(err, ret, "cannot write report: %s", strerror(-ret));
		goto out;
	}
	ret = res.nr_errors ? 1 : 0;
out:
	kernel_free(&k);
	arena_free(&a);
	return ret;
}
