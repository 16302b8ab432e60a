// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The header's types: struct bodies, member lists, layout asserts, accessors. */
#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_verify.h"

/* s as it may appear in a message literal: cut, C's limit is 4095 */
const char *lit(struct emit *e, int i, const char *s)
{
	if (strlen(s) <= NAMES_MAX_LITERAL)
		return s;
	snprintf(e->lit[i], sizeof(e->lit[i]), "%.*s...", NAMES_MAX_LITERAL - 3,
		 s);
	return e->lit[i];
}

/*
 * Text from the object in a comment: section names may hold any printable
 * byte; '*', '/' next to each other would end or nest the comment, and
 * '\\' and '?' (trigraphs) are spelled as escapes too. At most 4 bytes
 * a byte, written at p; returns the end.
 */
static char *comment_escape(char *p, const char *s)
{
	for (; *s; s++) {
		if (*s == '*' || *s == '\\' || *s == '?' || *s < 0x20 ||
		    *s > 0x7e) {
			*p++ = '\\';
			*p++ = 'x';
			*p++ = "0123456789abcdef"[(unsigned char)*s >> 4];
			*p++ = "0123456789abcdef"[*s & 15];
		} else {
			*p++ = *s;
		}
	}
	return p;
}

/*
 * Every map's comments repeat a few program sections: their escaped text
 * is kept for the last 8 strings (by address, when short) and copied.
 */
static const struct comment_memo *comment_memo(const struct emit *e,
					       const char *s)
{
	for (const struct comment_memo *m = e->memo; m < e->memo + 8; m++)
		if (m->s == s)
			return m;
	return NULL;
}

/* comment_escape(p, s), through the memo; returns the end */
static char *comment_span(struct emit *e, char *p, const struct comment_memo *m,
			  const char *s)
{
	struct comment_memo *keep;
	char *end;
	size_t len;

	if (m)
		return span_put(p, m->text, m->len);
	end = comment_escape(p, s);
	len = (size_t)(end - p);
	keep = &e->memo[e->memo_next++ % 8];
	keep->s = len <= sizeof(keep->text) ? s : NULL;
	keep->len = len;
	if (keep->s)
		memcpy(keep->text, p, len);
	return end;
}

/* What comment_span() writes for s is at most this long. */
static size_t comment_max(const struct comment_memo *m, const char *s)
{
	return m ? m->len : 4 * strlen(s);
}

static int comment_text(struct emit *e, const char *s)
{
	const struct comment_memo *m = comment_memo(e, s);
	char *p = out_span(e->o, comment_max(m, s));

	if (!p)
		return -ENOMEM;
	out_span_end(e->o, comment_span(e, p, m, s));
	return 0;
}

const char *aggr_kw(const struct stops_aggr *a)
{
	return a->is_union ? "union" : "struct";
}

static void indent(struct emit *e, int depth)
{
	for (int i = 0; i < depth; i++)
		out_char(e->o, '\t');
}

/* %s without a format to parse: a body's lines, member after member */
static void put_s(struct out *o, const char *s)
{
	out_str(o, s ? s : "(null)"); /* as out_printf's %s */
}

static void emit_dims(struct emit *e, const struct stops_member *m)
{
	for (uint32_t i = 0; i < m->nr_dims; i++)
		out_printf(e->o, "[%u]", m->dims[i]);
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth);

/*
 * Slots exist only in a map type's own members, which are emitted into
 * the shared body: the map's program comment goes where this records.
 */
static void emit_func_ptr(struct emit *e, const struct stops_member *m,
			  int depth)
{
	/* An 8-byte slot on every host: libbpf stores the pointer in it. */
	indent(e, depth);
	out_lit(e->o, "union {\n");
	indent(e, depth + 1);
	out_lit(e->o, "struct bpf_program *");
	put_s(e->o, m->c_name);
	out_char(e->o, ';');
	if (e->o == e->body.text && m->slot < e->body.owner->nr_slots)
		e->body.slot_at[m->slot] = out_pos(e->o);
	out_char(e->o, '\n');
	indent(e, depth + 1);
	out_lit(e->o, "uint64_t __slot_");
	put_s(e->o, m->c_name);
	out_lit(e->o, ";\n");
	indent(e, depth);
	out_str(e->o, "};\n");
}

/* __int128 is a GNU extension, and i386 has none: same bytes, same name. */
static void emit_int128(struct emit *e, const struct stops_member *m, int depth)
{
	out_str(e->o, "#ifdef __SIZEOF_INT128__\n");
	indent(e, depth);
	out_printf(e->o, "__extension__ %s %s", m->c_type, m->c_name);
	emit_dims(e, m);
	out_str(e->o, ";\n#else\n");
	indent(e, depth);
	out_printf(e->o, "unsigned char %s", m->c_name);
	emit_dims(e, m);
	out_str(e->o, "[16];\n#endif\n");
}

/* The C spelling of a model scalar type: bool is a keyword in C++. */
static const char *spell(const char *c_type)
{
	return c_type[0] != '_' || strcmp(c_type, "_Bool") ? c_type : "bool";
}

static void emit_member(struct emit *e, const struct stops_member *m, int depth)
{
	const struct stops_aggr *a = m->aggr;

	if (m->kind == STOPS_FUNC_PTR) {
		emit_func_ptr(e, m, depth);
		return;
	}
	if (m->storage) {
		indent(e, depth);
		out_printf(e->o, "/* %s: %u bits at bit %u of %s */\n",
			   m->c_name, m->bit_size, m->storage_bit, m->storage);
		return;
	}
	if ((m->kind == STOPS_INT && m->size == 16) ||
	    (m->kind == STOPS_ARRAY && !a && m->elem_size == 16)) {
		emit_int128(e, m, depth);
		return;
	}
	indent(e, depth);
	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		put_s(e->o, spell(m->c_type));
		out_char(e->o, ' ');
		put_s(e->o, m->c_name);
		break;
	case STOPS_BITS:
		out_printf(e->o,
			   "unsigned char %s[%u]; /* bitfields, see accessors */\n",
			   m->c_name, m->size);
		return;
	case STOPS_PADDING:
		if (m->bit_size)
			out_printf(e->o, "%s : %u;\n", m->c_type, m->bit_size);
		else {
			out_lit(e->o, "char ");
			put_s(e->o, m->c_name);
			out_char(e->o, '[');
			out_u64(e->o, m->size);
			out_lit(e->o, "];\n");
		}
		return;
	case STOPS_OPAQUE:
		out_printf(e->o, "char %s[%u]; /* %s: %s */\n", m->c_name,
			   m->size, m->name ? m->name : "(anon)", m->why);
		return;
	case STOPS_ARRAY:
		if (a)
			out_printf(e->o, "%s %s %s", aggr_kw(a), a->c_name,
				   m->c_name);
		else
			out_printf(e->o, "%s %s", spell(m->c_type), m->c_name);
		emit_dims(e, m);
		break;
	case STOPS_STRUCT:
	case STOPS_UNION:
		if (a->c_name) {
			out_printf(e->o, "%s %s %s", aggr_kw(a), a->c_name,
				   m->c_name);
			break;
		}
		/* ISO C++ has anonymous unions only: structs are GNU C++ */
		out_printf(e->o, "%s%s {\n",
			   a->is_union ? "" : "__extension__ ", aggr_kw(a));
		emit_aggr_body(e, a, depth + 1);
		indent(e, depth);
		out_printf(e->o, "}%s;\n",
			   a->packed ? " __attribute__((packed))" : "");
		return;
	case STOPS_FUNC_PTR:
		return;
	}
	if (m->bit_size)
		out_printf(e->o, " : %u", m->bit_size);
	out_char(e->o, ';');
	/* a name kept as in BTF is the same pointer */
	if (m->name && m->name != m->c_name && strcmp(m->name, m->c_name))
		out_printf(e->o, " /* BTF name: %s */", m->name);
	if (m->kind == STOPS_ENUM && m->enm && m->enm->name)
		out_printf(e->o, " /* enum %s */", m->enm->name);
	out_char(e->o, '\n');
}

static void emit_aggr_body(struct emit *e, const struct stops_aggr *a,
			   int depth)
{
	for (uint32_t i = 0; i < a->nr_members; i++)
		emit_member(e, &a->members[i], depth);
}

/* The aggregate whose body and member lists a shares (maps of one layout). */
static const struct stops_aggr *layout_owner(const struct stops_aggr *a)
{
	return a->same_layout ? a->same_layout : a;
}

static int build_body(struct emit *e, const struct stops_aggr *owner)
{
	struct body *b = &e->body;
	size_t *slot_at;

	slot_at =
		calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*slot_at));
	if (!slot_at)
		return -ENOMEM;
	free(b->slot_at);
	b->slot_at = slot_at;
	b->owner = owner;
	out_rewind(b->text);
	e->o = b->text;
	emit_aggr_body(e, owner, 1);
	e->o = e->file;
	if (out_flush(b->text)) {
		b->owner = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The body of a map's type with this map's programs in the comments. */
static int emit_map_body(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	struct body *b = &e->body;
	size_t done = 0;
	int ret;

	if (b->owner != owner) {
		ret = build_body(e, owner);
		if (ret)
			return ret;
	}
	for (uint32_t i = 0; i < owner->nr_slots; i++) {
		const struct stops_prog *p = &e->map->progs[i];

		if (!p->name)
			continue;
		out_mem(e->o, b->text->mem + done, b->slot_at[i] - done);
		out_lit(e->o, " /* ");
		if (comment_text(e, p->sec))
			return -ENOMEM;
		out_lit(e->o, ": ");
		out_str(e->o, p->name);
		out_lit(e->o, " */");
		done = b->slot_at[i];
	}
	out_mem(e->o, b->text->mem + done, b->text->mem_len - done);
	return 0;
}

/*
 * A map whose type an earlier map already laid out gets no body of its
 * own: its struct name is a macro for the earlier one's, so 5,000 maps of
 * one type cost users' builds one struct. Its programs are listed here.
 */
/* e->slot_names: owner's function-pointer members, found once per layout */
static int slot_names(struct emit *e, const struct stops_aggr *owner)
{
	struct slot_name *n;

	if (e->slots_of == owner)
		return 0;
	n = calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	free(e->slot_names);
	e->slot_names = n;
	e->nr_slot_names = 0;
	e->slots_of = owner;
	for (uint32_t i = 0; i < owner->nr_members; i++) {
		const struct stops_member *m = &owner->members[i];

		if (m->kind != STOPS_FUNC_PTR || m->slot >= owner->nr_slots)
			continue;
		n[e->nr_slot_names].slot = m->slot;
		n[e->nr_slot_names++].name = sstr(m->c_name);
	}
	return 0;
}

static int emit_same_layout(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	int ret = slot_names(e, owner);
	struct sstr name;
	char *w;

	if (ret)
		return ret;
	owner_str(e, owner);
	w = out_span(e->o, 40 + e->owner.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "/* the layout of struct ");
	w = span_put(w, e->owner.s, e->owner.len);
	out_span_end(e->o, span_lit(w, "; programs:"));
	/* a has owner's members and slots (a copy of it) */
	for (uint32_t i = 0; i < e->nr_slot_names; i++) {
		struct slot_name *n = &e->slot_names[i];
		const struct stops_prog *p = &e->map->progs[n->slot];
		const struct comment_memo *m;
		struct line_memo *lm;
		size_t len;
		char *w, *line;

		if (!p->name)
			continue;
		/* maps of a layout share a few programs: lines repeat */
		for (lm = n->lines; lm < n->lines + 8; lm++)
			if (lm->prog == p->name && lm->sec == p->sec)
				break;
		if (lm < n->lines + 8) {
			w = out_span(e->o, lm->len);
			if (!w)
				return -ENOMEM;
			out_span_end(e->o, span_put(w, lm->text, lm->len));
			continue;
		}
		lm = &n->lines[n->next_line++ % 8];
		m = comment_memo(e, p->sec);
		len = strlen(p->name);
		w = out_span(e->o,
			     8 + n->name.len + comment_max(m, p->sec) + len);
		if (!w)
			return -ENOMEM;
		line = w;
		w = span_lit(w, "\n *\t");
		w = span_put(w, n->name.s, n->name.len);
		w = span_lit(w, ": ");
		w = comment_span(e, w, m, p->sec);
		w = span_lit(w, ": ");
		w = span_put(w, p->name, len);
		lm->prog =
			(size_t)(w - line) <= sizeof(lm->text) ? p->name : NULL;
		lm->sec = p->sec;
		lm->len = (uint8_t)(w - line);
		if (lm->prog)
			memcpy(lm->text, line, lm->len);
		out_span_end(e->o, w);
	}
	name = a->c_name == e->map->shadow_name ? e->shadow : sstr(a->c_name);
	w = out_span(e->o, 32 + name.len + e->owner.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "\n */\n#define ");
	w = span_put(w, name.s, name.len);
	w = span_lit(w, " ");
	w = span_put(w, e->owner.s, e->owner.len);
	out_span_end(e->o, span_lit(w, "\n\n"));
	return 0;
}

int emit_aggr(struct emit *e, const struct stops_aggr *a)
{
	int ret = 0;

	if (e->map && a->same_layout)
		return emit_same_layout(e, a);
	out_printf(e->o, "%s %s {\n", aggr_kw(a), a->c_name);
	if (e->map)
		ret = emit_map_body(e, a);
	else
		emit_aggr_body(e, a, 1);
	out_printf(e->o, "}%s;\n\n",
		   a->packed ? " __attribute__((packed))" : "");
	return ret;
}

/*
 * Layout proofs. Each named aggregate's members and their BTF offsets go
 * into one X-macro list, shared by every map with that layout: a map's
 * asserts are then one line, and 5,000 maps of one type do not repeat
 * 5,000 copies of it. Two lists: the shadow's own names (anonymous
 * inline members flattened, opaque ones as __unsupported_<i>), and the
 * original BTF names, dotted into named nests, for ASSERT_MATCHES(T).
 */
enum list_kind { SHADOW_NAMES, BTF_NAMES };

/* "what_" and a 32-bit counter */
#define LIST_PARAM_LEN 16

/* Whether the BTF-name list says anything the shadow-name one does not. */
static bool btf_names_differ(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (m->kind == STOPS_BITS)
			return true; /* only the shadow has it */
		if (m->kind == STOPS_PADDING || m->bit_size)
			continue;
		if (m->name && m->c_name && m->name != m->c_name &&
		    strcmp(m->name, m->c_name))
			return true; /* renamed: int -> int_ */
		if ((m->kind == STOPS_OPAQUE && m->name) ||
		    (m->kind == STOPS_STRUCT && m->name) ||
		    (!m->name && btf_names_differ(m->aggr)))
			return true;
	}
	return false;
}

/* Whether claim_accessors() and emit_bit_accessors() find a bitfield. */
static bool has_bit_accessors(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];

		if (!m->c_name && m->aggr && m->kind != STOPS_ARRAY) {
			if (has_bit_accessors(m->aggr))
				return true;
		} else if (m->storage) {
			return true;
		}
	}
	return false;
}

/* Whether nested_aliases() finds a named nested type. */
static bool has_named_subs(const struct stops_aggr *a)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_aggr *sub = a->members[i].aggr;

		if (sub && (sub->c_name || has_named_subs(sub)))
			return true;
	}
	return false;
}

/*
 * What the walks over a's members find depends on its layout only: found
 * once for maps sharing it, not once per map.
 */
unsigned int layout_facts(struct emit *e, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);

	if (e->facts_of != owner) {
		e->facts_of = owner;
		e->facts = (has_bit_accessors(owner) ? LAYOUT_BITS : 0) |
			   (has_named_subs(owner) ? LAYOUT_NAMED_SUBS : 0) |
			   (btf_names_differ(owner) ? LAYOUT_BTF_DIFFER : 0);
	}
	return e->facts;
}

/*
 * Calls fn(e, prefix, name, offset, arg) for each entry of a's list; a
 * non-zero return stops the walk and is returned. The one walk serves
 * both the emitted list and the parameter-name check, so they agree.
 */
typedef int (*list_fn)(struct emit *e, const char *prefix, const char *name,
		       uint32_t off, uint32_t size, void *arg);

static int walk_list(struct emit *e, const struct stops_aggr *a,
		     enum list_kind kind, const char *prefix, uint32_t base,
		     list_fn fn, void *arg)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_member *m = &a->members[i];
		const char *n = kind == SHADOW_NAMES ? m->c_name : m->name;
		uint32_t off = base + m->bit_offset / 8;
		char *path;

		if (m->kind == STOPS_PADDING || m->bit_size ||
		    (m->kind == STOPS_BITS && kind == BTF_NAMES))
			continue;
		/* int, errno: no definition T can have such a member */
		if (kind == BTF_NAMES && n && names__is_reserved(n))
			continue;
		if (!n) {
			ret = walk_list(e, m->aggr, kind, prefix, off, fn, arg);
			continue;
		}
		ret = fn(e, prefix, n, off, m->size, arg);
		if (ret || kind == SHADOW_NAMES || m->kind != STOPS_STRUCT)
			continue;
		path = str_printf("%s%s.", prefix, n);
		ret = path ? walk_list(e, m->aggr, kind, path, off, fn, arg)
			   : -ENOMEM;
		free(path);
	}
	return ret;
}

/* The list macro's parameters: X, S, what; or X_2, S_2, what_2 ... */
struct list_params {
	char p[3][LIST_PARAM_LEN];
	size_t len[3];
	/* what each entry starts with: " \<newline><tab>X(S, what, " */
	char head[4 + 3 * LIST_PARAM_LEN + 5];
	size_t head_len;
};

/* A macro parameter spelled like a member would capture it. */
static int entry_is_named(struct emit *e, const char *prefix, const char *name,
			  uint32_t off, uint32_t size, void *arg)
{
	const struct list_params *lp = arg;

	(void)e;
	(void)prefix;
	(void)off;
	(void)size;
	for (int i = 0; i < 3; i++)
		if (name[0] == lp->p[i][0] && !strcmp(name, lp->p[i]))
			return 1;
	return 0;
}

static int emit_entry(struct emit *e, const char *prefix, const char *name,
		      uint32_t off, uint32_t size, void *arg)
{
	const struct list_params *lp = arg;
	size_t plen = strlen(prefix), nlen = strlen(name);
	char *w;

	/* #m goes into the asserts' messages */
	if (plen + nlen > NAMES_MAX_LITERAL)
		return stops_errf(
			e->err, -ENAMETOOLONG,
			"member %s%.32s...: name longer than %d characters",
			prefix, name, NAMES_MAX_LITERAL);
	/* a line per member of every layout: no format to parse */
	w = out_span(e->o, lp->head_len + plen + nlen + 8 + 2 * 10);
	if (!w)
		return -ENOMEM;
	w = span_put(w, lp->head, lp->head_len);
	w = span_put(w, prefix, plen);
	w = span_put(w, name, nlen);
	w = span_lit(w, ", ");
	w = span_uint(w, off);
	w = span_lit(w, ", ");
	w = span_uint(w, size);
	out_span_end(e->o, span_lit(w, ");"));
	return 0;
}

static int emit_list(struct emit *e, const struct stops_aggr *a,
		     enum list_kind kind)
{
	static const char *const params[3] = {"X", "S", "what"};
	struct list_params lp;
	char(*p)[LIST_PARAM_LEN] = lp.p;
	int ret = 0;
	char *w;

	/*
	 * X, S, what; or X_2, S_2, what_2 ... if a member has such a name:
	 * one walk looks for all three.
	 */
	for (uint32_t k = 1;; k++) {
		for (int i = 0; i < 3; i++) {
			if (k == 1) {
				lp.len[i] = strlen(params[i]);
				memcpy(p[i], params[i], lp.len[i] + 1);
			} else
				lp.len[i] =
					(size_t)snprintf(p[i], sizeof(p[i]),
							 "%s_%u", params[i], k);
		}
		ret = walk_list(e, a, kind, "", 0, entry_is_named, &lp);
		if (ret < 0)
			return ret;
		if (!ret)
			break;
	}
	/* by hand: snprintf here cost more than it saved per entry */
	w = lp.head;
	memcpy(w, " \\\n\t", 4);
	w += 4;
	for (int i = 0; i < 3; i++) {
		memcpy(w, p[i], lp.len[i]);
		w += lp.len[i];
		memcpy(w, i ? ", " : "(", i ? 2 : 1);
		w += i ? 2 : 1;
	}
	lp.head_len = (size_t)(w - lp.head);
	out_printf(e->o,
		   "/* %s members, their offsets and sizes in the BPF object */\n",
		   kind == SHADOW_NAMES ? "Shadow" : "Original (BTF)");
	out_printf(e->o, "#define %s__%s(%s, %s, %s)", a->c_name,
		   kind == SHADOW_NAMES ? "MEMBERS" : "BTF_MEMBERS", p[0], p[1],
		   p[2]);
	ret = walk_list(e, a, kind, "", 0, emit_entry, &lp);
	out_char(e->o, '\n');
	return ret;
}

int emit_asserts(struct emit *e, const struct stops_aggr *a)
{
	const char *kw = aggr_kw(a);
	struct sstr name, path;
	int ret = 0;
	char *w;

	/*
	 * A map sharing an earlier map's layout has the same body, token for
	 * token (only comments differ): the owner's offset asserts prove it,
	 * its own size assert keeps it tied to the BTF. Users' builds then
	 * expand one member list per layout, not per map.
	 */
	if (!a->same_layout) {
		ret = emit_list(e, a, SHADOW_NAMES);
		out_printf(e->o,
			   "%s__MEMBERS(STOPS_SHADOW__AT, %s %s, \"%s: %s\")\n",
			   a->c_name, kw, a->c_name, e->obj_lit.s,
			   lit(e, 1, a->path));
	}
	if (e->map && a->c_name == e->map->shadow_name)
		name = e->shadow;
	else
		name = sstr(a->c_name);
	/* a map's name is no longer than a literal may be (claim_idents) */
	if (e->map && a->path == e->map->name)
		path = e->name;
	else
		path = sstr(lit(e, 1, a->path));
	w = out_span(e->o, 64 + name.len + e->obj_lit.len + path.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "STOPS_SHADOW__SIZE(");
	w = span_put(w, kw, strlen(kw));
	w = span_lit(w, " ");
	w = span_put(w, name.s, name.len);
	w = span_lit(w, ", \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": ");
	w = span_put(w, path.s, path.len);
	w = span_lit(w, "\", ");
	w = span_u64(e->o, w, a->size);
	out_span_end(e->o, span_lit(w, ");\n\n"));
	return ret;
}

/*
 * get/set for each bitfield of a (and of its anonymous members) kept in
 * STOPS_BITS bytes: X__get_<f>(const struct X *), X__set_<f>(struct X *, v).
 */
void emit_bit_accessors(struct emit *e, const struct stops_aggr *a,
			const char *x, const char *kw)
{
	for (uint32_t i = 0; i < a->nr_members; i++) {
		const struct stops_member *m = &a->members[i];
		const char *t;

		if (!m->c_name && m->aggr && m->kind != STOPS_ARRAY) {
			emit_bit_accessors(e, m->aggr, x, kw);
			continue;
		}
		if (!m->storage)
			continue;
		t = spell(m->c_type);
		out_printf(e->o,
			   "static inline %s %s__get_%s(const %s %s *s)\n"
			   "{\n\treturn (%s)stops_shadow__%s(s->%s, %u, %u);\n}\n\n"
			   "static inline void %s__set_%s(%s %s *s, %s v)\n"
			   "{\n\tstops_shadow__set_bits(s->%s, %u, %u, (unsigned long long)v);\n}\n\n",
			   t, x, m->c_name, kw, x, t,
			   m->is_signed ? "get_sbits" : "get_bits", m->storage,
			   m->storage_bit, m->bit_size, x, m->c_name, kw, x, t,
			   m->storage, m->storage_bit, m->bit_size);
	}
}

int emit_assert_matches(struct emit *e, const struct stops_map *map)
{
	const struct stops_aggr *a = map->type, *owner = layout_owner(a);
	bool differ = layout_facts(e, owner) & LAYOUT_BTF_DIFFER;
	struct out *o = e->o;
	int ret = 0;
	char *w;

	map_strs(e, map);
	owner_str(e, owner);
	out_lit(o, "/* Use where your own definition of struct ");
	out_sstr(o, e->type);
	out_lit(o, " is visible. */\n");
	if (differ && owner == a)
		ret = emit_list(e, a, BTF_NAMES);
	w = out_span(o, 192 + e->shadow.len + e->owner.len +
				2 * (e->obj_lit.len + e->name.len));
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "#define ");
	w = span_put(w, e->shadow.s, e->shadow.len);
	w = span_lit(w, "__ASSERT_MATCHES(T) \\\n\t");
	w = span_put(w, e->owner.s, e->owner.len);
	if (differ)
		w = span_lit(w, "__BTF_MEMBERS(STOPS_SHADOW__MATCH, T, \"");
	else
		w = span_lit(w, "__MEMBERS(STOPS_SHADOW__MATCH, T, \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": map ");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "\") \\\n\tSTOPS_SHADOW__MATCH_SIZE(T, \"");
	w = span_put(w, e->obj_lit.s, e->obj_lit.len);
	w = span_lit(w, ": map ");
	w = span_put(w, e->name.s, e->name.len);
	w = span_lit(w, "\", ");
	w = span_u64(o, w, a->size);
	out_span_end(o, span_lit(w, ")\n\n"));
	return ret;
}

/*
 * Macros, not functions: 1,000 inline definitions for 500 maps cost
 * users' builds a tenth of their compile time. Each argument is used
 * once and the helper's parameter type still checks it.
 */
int emit_accessors(struct emit *e, const struct stops_map *map)
{
	struct sstr sh, nm;
	char *w;

	map_strs(e, map);
	sh = e->shadow;
	nm = e->name;
	w = out_span(e->o, 320 + 8 * sh.len + 2 * nm.len);
	if (!w)
		return -ENOMEM;
	w = span_lit(w, "#define ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "__from_map(map) \\\n\t((struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, " *)" EMIT_VERIFY_FROM_MAP "((map), \"");
	w = span_put(w, nm.s, nm.len);
	w = span_lit(w, "\", sizeof(struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "), ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, EMIT_VERIFY_SUFFIX "()))\n#define ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "__from_object(obj) \\\n\t((struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, " *)" EMIT_VERIFY_FROM_OBJECT "((obj), \"");
	w = span_put(w, nm.s, nm.len);
	w = span_lit(w, "\", sizeof(struct ");
	w = span_put(w, sh.s, sh.len);
	w = span_lit(w, "), ");
	w = span_put(w, sh.s, sh.len);
	out_span_end(e->o, span_lit(w, EMIT_VERIFY_SUFFIX "()))\n"));
	return 0;
}

/* e->aliases: nested_aliases()' names for own, in its walk's order */
static int collect_aliases(struct emit *e, const struct stops_aggr *a,
			   size_t owner_len)
{
	int ret = 0;

	for (uint32_t i = 0; i < a->nr_members && !ret; i++) {
		const struct stops_aggr *sub = a->members[i].aggr;

		if (!sub)
			continue;
		if (sub->c_name) {
			if (e->nr_aliases == e->aliases_cap) {
				uint32_t cap =
					e->aliases_cap ? 2 * e->aliases_cap : 8;
				struct alias *n;

				n = cap > e->aliases_cap
					    ? realloc(e->aliases,
						      cap * sizeof(*n))
					    : NULL;
				if (!n)
					return -ENOMEM;
				e->aliases = n;
				e->aliases_cap = cap;
			}
			e->aliases[e->nr_aliases].tail =
				sstr(sub->c_name + owner_len);
			e->aliases[e->nr_aliases++].type = sstr(sub->c_name);
		}
		ret = collect_aliases(e, sub, owner_len);
	}
	return ret;
}

/*
 * Maps of one type share the first map's nested types (one layout, one
 * set of asserts); the names by the other maps' paths stay usable:
 *	#define obj_map2_type__member obj_map1_type__member
 * Each is claimed (claim set), else written; the names are listed once
 * per layout (own).
 */
int nested_aliases(struct emit *e, const struct stops_aggr *own,
		   const char *map_shadow, bool claim)
{
	int ret = 0;

	if (e->aliases_of != own) {
		e->aliases_of = NULL;
		e->nr_aliases = 0;
		/* nested names start with the owner's: path names */
		ret = collect_aliases(e, own, strlen(own->c_name));
		if (ret)
			return ret;
		e->aliases_of = own;
	}
	for (uint32_t i = 0; i < e->nr_aliases && !ret; i++) {
		const struct alias *al = &e->aliases[i];

		if (claim) {
			ret = claim_pair(&e->names, map_shadow, al->tail.s);
			continue;
		}
		out_lit(e->o, "#define ");
		out_str(e->o, map_shadow);
		out_sstr(e->o, al->tail);
		out_char(e->o, ' ');
		out_sstr(e->o, al->type);
		out_char(e->o, '\n');
	}
	return ret;
}
