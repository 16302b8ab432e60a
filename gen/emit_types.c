// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The header's types: struct bodies, their members and slot comments. */
#include <stdlib.h>
#include <string.h>

#include "emit_types.h"

/* the longest escaped text comment_text() remembers */
#define COMMENT_MEMO_LEN 128
#define LINE_MEMO_LEN	 110

/*
 * A map type's body, emitted once per layout into memory: maps of one
 * layout differ only in the programs named in slot comments, so each
 * map's struct is the body copied with those comments filled in.
 */
struct body {
	const struct stops_aggr *owner; /* NULL: none built */
	struct out *text;
	size_t *slot_at; /* where each slot's comment goes, owner->nr_slots */
};

/* What this file keeps from map to map. */
struct emit_types {
	struct emit *e; /* the context it writes in */
	struct body body;
	/* comment_text() of a few strings: program sections, over and over */
	struct comment_memo {
		const char *s; /* NULL: empty */
		size_t len;
		char text[COMMENT_MEMO_LEN];
	} memo[8];
	unsigned int memo_next; /* the entry a new string replaces */
	/* the function-pointer members of slots_of, in member order */
	const struct stops_aggr *slots_of;
	struct slot_name {
		uint32_t slot;
		struct sstr name;
		/* the lines of the last 8 programs under this slot */
		struct line_memo {
			const char *prog, *sec; /* NULL: empty */
			uint8_t len;
			char text[LINE_MEMO_LEN];
		} lines[8];
		uint8_t next_line; /* the entry a new line replaces */
	} * slot_names;
	uint32_t nr_slot_names;
};

struct emit_types *emit_types__new(struct emit *e)
{
	struct emit_types *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->e = e;
	/* malloc, not calloc: untouched buffer pages cost no page faults */
	t->body.text = malloc(sizeof(*t->body.text));
	if (!t->body.text) {
		free(t);
		return NULL;
	}
	out_init(t->body.text, NULL);
	return t;
}

void emit_types__free(struct emit_types *t)
{
	if (!t)
		return;
	out_free(t->body.text);
	free(t->body.text);
	free(t->body.slot_at);
	free(t->slot_names);
	free(t);
}

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
static const struct comment_memo *comment_memo(const struct emit_types *t,
					       const char *s)
{
	for (const struct comment_memo *m = t->memo; m < t->memo + 8; m++)
		if (m->s == s)
			return m;
	return NULL;
}

/* comment_escape(p, s), through the memo; returns the end */
static char *comment_span(struct emit_types *t, char *p,
			  const struct comment_memo *m, const char *s)
{
	struct comment_memo *keep;
	char *end;
	size_t len;

	if (m)
		return span_put(p, m->text, m->len);
	end = comment_escape(p, s);
	len = (size_t)(end - p);
	keep = &t->memo[t->memo_next++ % 8];
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

static int comment_text(struct emit_types *t, const char *s)
{
	const struct comment_memo *m = comment_memo(t, s);
	struct out *o = t->e->o;
	char *p = out_span(o, comment_max(m, s));

	if (!p)
		return -ENOMEM;
	out_span_end(o, comment_span(t, p, m, s));
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

static void emit_aggr_body(struct emit_types *t, const struct stops_aggr *a,
			   int depth);

/*
 * Slots exist only in a map type's own members, which are emitted into
 * the shared body: the map's program comment goes where this records.
 */
static void emit_func_ptr(struct emit_types *t, const struct stops_member *m,
			  int depth)
{
	struct emit *e = t->e;
	struct body *b = &t->body;

	/* An 8-byte slot on every host: libbpf stores the pointer in it. */
	indent(e, depth);
	out_lit(e->o, "union {\n");
	indent(e, depth + 1);
	out_lit(e->o, "struct bpf_program *");
	put_s(e->o, m->c_name);
	out_char(e->o, ';');
	if (e->o == b->text && m->slot < b->owner->nr_slots)
		b->slot_at[m->slot] = out_pos(e->o);
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
const char *spell(const char *c_type)
{
	return c_type[0] != '_' || strcmp(c_type, "_Bool") ? c_type : "bool";
}

static void emit_member(struct emit_types *t, const struct stops_member *m,
			int depth)
{
	struct emit *e = t->e;
	const struct stops_aggr *a = m->aggr;

	if (m->kind == STOPS_FUNC_PTR) {
		emit_func_ptr(t, m, depth);
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
		emit_aggr_body(t, a, depth + 1);
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

static void emit_aggr_body(struct emit_types *t, const struct stops_aggr *a,
			   int depth)
{
	for (uint32_t i = 0; i < a->nr_members; i++)
		emit_member(t, &a->members[i], depth);
}

/* The aggregate whose body and member lists a shares (maps of one layout). */
const struct stops_aggr *layout_owner(const struct stops_aggr *a)
{
	return a->same_layout ? a->same_layout : a;
}

static int build_body(struct emit_types *t, const struct stops_aggr *owner)
{
	struct emit *e = t->e;
	struct body *b = &t->body;
	size_t *slot_at;
	int ret;

	slot_at =
		calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*slot_at));
	if (!slot_at)
		return -ENOMEM;
	free(b->slot_at);
	b->slot_at = slot_at;
	b->owner = owner;
	out_rewind(b->text);
	e->o = b->text;
	emit_aggr_body(t, owner, 1);
	e->o = e->file;
	ret = out_flush(b->text);
	if (ret)
		b->owner = NULL;
	return ret; /* -ENOMEM, or -EOVERFLOW: a span overran its bound */
}

/* The body of a map's type with this map's programs in the comments. */
static int emit_map_body(struct emit_types *t, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	struct emit *e = t->e;
	struct body *b = &t->body;
	size_t done = 0;
	int ret;

	if (b->owner != owner) {
		ret = build_body(t, owner);
		if (ret)
			return ret;
	}
	for (uint32_t i = 0; i < owner->nr_slots; i++) {
		const struct stops_prog *p = &e->map->progs[i];

		if (!p->name)
			continue;
		out_mem(e->o, b->text->mem + done, b->slot_at[i] - done);
		out_lit(e->o, " /* ");
		if (comment_text(t, p->sec))
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
/* t->slot_names: owner's function-pointer members, found once per layout */
static int slot_names(struct emit_types *t, const struct stops_aggr *owner)
{
	struct slot_name *n;

	if (t->slots_of == owner)
		return 0;
	n = calloc(owner->nr_slots ? owner->nr_slots : 1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	free(t->slot_names);
	t->slot_names = n;
	t->nr_slot_names = 0;
	t->slots_of = owner;
	for (uint32_t i = 0; i < owner->nr_members; i++) {
		const struct stops_member *m = &owner->members[i];

		if (m->kind != STOPS_FUNC_PTR || m->slot >= owner->nr_slots)
			continue;
		n[t->nr_slot_names].slot = m->slot;
		n[t->nr_slot_names++].name = sstr(m->c_name);
	}
	return 0;
}

static int emit_same_layout(struct emit_types *t, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	struct emit *e = t->e;
	int ret = slot_names(t, owner);
	const struct stops_prog *progs;
	struct slot_name *names;
	struct sstr name;
	uint32_t nr;
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
	/* a has owner's members and slots (a copy of it); what the loop
	 * reads of t and e, read once: the spans' stores may alias them */
	names = t->slot_names;
	progs = e->map->progs;
	nr = t->nr_slot_names;
	for (uint32_t i = 0; i < nr; i++) {
		struct slot_name *n = &names[i];
		const struct stops_prog *p = &progs[n->slot];
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
		m = comment_memo(t, p->sec);
		len = strlen(p->name);
		w = out_span(e->o,
			     8 + n->name.len + comment_max(m, p->sec) + len);
		if (!w)
			return -ENOMEM;
		line = w;
		w = span_lit(w, "\n *\t");
		w = span_put(w, n->name.s, n->name.len);
		w = span_lit(w, ": ");
		w = comment_span(t, w, m, p->sec);
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

int emit_aggr(struct emit_types *t, const struct stops_aggr *a)
{
	struct emit *e = t->e;
	int ret = 0;

	if (e->map && a->same_layout)
		return emit_same_layout(t, a);
	out_printf(e->o, "%s %s {\n", aggr_kw(a), a->c_name);
	if (e->map)
		ret = emit_map_body(t, a);
	else
		emit_aggr_body(t, a, 1);
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
