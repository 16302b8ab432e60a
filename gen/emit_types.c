// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The header's types: struct bodies, their members and slot comments. */
#include <stdlib.h>
#include <string.h>

#include "emit_types.h"
#include "tpl_types.h"

/* the longest escaped section prog_text() remembers */
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
	/* prog_text() of the last few programs: the same, over and over */
	struct prog_text {
		const char *name, *sec;	     /* NULL: empty */
		struct wr_str name_s, sec_s; /* sec_s: comment_escape()d */
		char sec_text[COMMENT_MEMO_LEN];
	} memo[8];
	unsigned int memo_next; /* the entry a new program replaces */
	char *escaped;		/* a section too long for the memo, escaped */
	size_t escaped_cap;
	/* the function-pointer members of slots_of, in member order */
	const struct stops_aggr *slots_of;
	struct slot_name {
		uint32_t slot;
		struct wr_str name;
		/* the lines of the last 8 programs under this slot */
		struct line_memo {
			const char *prog, *sec; /* NULL: empty */
			uint8_t len;
			char text[LINE_MEMO_LEN];
		} lines[8];
		uint8_t next_line; /* the entry a new line replaces */
	} * slot_names;
	uint32_t nr_slot_names;
	struct out *line; /* a line to remember, written in memory */
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
	free(t->escaped);
	if (t->line)
		out_free(t->line);
	free(t->line);
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

/* The escaped text of a section too long for the memo. */
static int escape_long(struct emit_types *t, const char *s, size_t max,
		       struct wr_str *text)
{
	if (max > t->escaped_cap) {
		char *p = realloc(t->escaped, max);

		if (!p)
			return -ENOMEM;
		t->escaped = p;
		t->escaped_cap = max;
	}
	*text = (struct wr_str){t->escaped,
				(size_t)(comment_escape(t->escaped, s) -
					 t->escaped)};
	return 0;
}

/* A program prog_text() does not keep: remembered in the oldest entry. */
static int prog_text_new(struct emit_types *t, const struct stops_prog *p,
			 const struct prog_text **text)
{
	struct prog_text *m = &t->memo[t->memo_next++ % 8];
	size_t max = 4 * strlen(p->sec);

	m->name = p->name;
	m->name_s = wr_str(p->name);
	*text = m;
	if (max <= sizeof(m->sec_text)) {
		m->sec = p->sec;
		m->sec_s.s = m->sec_text;
		m->sec_s.len = (size_t)(comment_escape(m->sec_text, p->sec) -
					m->sec_text);
		return 0;
	}
	m->name = m->sec = NULL; /* not kept */
	return escape_long(t, p->sec, max, &m->sec_s);
}

/*
 * A program's name and its section as comment text, valid until the next
 * call: every map's comments repeat a few programs, so the last 8 are
 * kept (by address; a section longer than the memo is escaped each time).
 */
static inline int prog_text(struct emit_types *t, const struct stops_prog *p,
			    const struct prog_text **text)
{
	for (const struct prog_text *m = t->memo; m < t->memo + 8; m++)
		if (m->name == p->name && m->sec == p->sec) {
			*text = m;
			return 0;
		}
	return prog_text_new(t, p, text);
}

const char *aggr_kw(const struct stops_aggr *a)
{
	return a->is_union ? "union" : "struct";
}

struct wr_str aggr_kw_str(const struct stops_aggr *a)
{
	return a->is_union ? LIT_STR("union") : LIT_STR("struct");
}

/* A name the model may leave NULL, printed as printf's %s did. */
static const char *nn(const char *s)
{
	return s ? s : "(null)"; /* as printf's %s */
}

static void emit_dims(struct emit *e, const struct stops_member *m)
{
	for (uint32_t i = 0; i < m->nr_dims; i++)
		tpl_ty_dim(e->o, m->dims[i]);
}

static void emit_aggr_body(struct emit_types *t, const struct stops_aggr *a,
			   uint32_t depth);

/*
 * Slots exist only in a map type's own members, which are emitted into
 * the shared body: the map's program comment goes where this records.
 */
static void emit_func_ptr(struct emit_types *t, const struct stops_member *m,
			  uint32_t depth)
{
	struct emit *e = t->e;
	struct body *b = &t->body;

	tpl_ty_slot_open(e->o, depth, nn(m->c_name));
	if (e->o == b->text && m->slot < b->owner->nr_slots)
		b->slot_at[m->slot] = out_pos(e->o);
	tpl_ty_slot_close(e->o, depth, nn(m->c_name));
}

/* __int128 is a GNU extension, and i386 has none: same bytes, same name. */
static void emit_int128(struct emit *e, const struct stops_member *m,
			uint32_t depth)
{
	tpl_ty_int128_open(e->o, depth, nn(m->c_type), nn(m->c_name));
	emit_dims(e, m);
	tpl_ty_int128_mid(e->o, depth, nn(m->c_name));
	emit_dims(e, m);
	tpl_ty_int128_close(e->o);
}

/* The C spelling of a model scalar type: bool is a keyword in C++. */
const char *spell(const char *c_type)
{
	return c_type[0] != '_' || strcmp(c_type, "_Bool") ? c_type : "bool";
}

/* a name kept as in BTF is the same pointer */
static bool renamed(const struct stops_member *m)
{
	return m->name && m->name != m->c_name && strcmp(m->name, m->c_name);
}

static bool enum_noted(const struct stops_member *m)
{
	return m->kind == STOPS_ENUM && m->enm && m->enm->name;
}

/* After a member's type, name and dimensions. */
static void emit_member_tail(struct emit *e, const struct stops_member *m)
{
	if (m->bit_size)
		tpl_ty_member_bits(e->o, m->bit_size);
	tpl_ty_member_semicolon(e->o);
	if (renamed(m))
		tpl_ty_member_btf_name(e->o, m->name);
	if (enum_noted(m))
		tpl_ty_member_enum(e->o, m->enm->name);
	tpl_ty_member_end(e->o);
}

static void emit_member(struct emit_types *t, const struct stops_member *m,
			uint32_t depth)
{
	struct emit *e = t->e;
	const struct stops_aggr *a = m->aggr;
	struct out *o = e->o;

	if (m->kind == STOPS_FUNC_PTR) {
		emit_func_ptr(t, m, depth);
		return;
	}
	if (m->storage) {
		tpl_ty_storage_note(o, depth, nn(m->c_name), m->bit_size,
				    m->storage_bit, m->storage);
		return;
	}
	if ((m->kind == STOPS_INT && m->size == 16) ||
	    (m->kind == STOPS_ARRAY && !a && m->elem_size == 16)) {
		emit_int128(e, m, depth);
		return;
	}
	switch (m->kind) {
	case STOPS_INT:
	case STOPS_FLOAT:
	case STOPS_ENUM:
		if (!m->bit_size && !renamed(m) && !enum_noted(m)) {
			tpl_ty_member(o, depth, nn(spell(m->c_type)),
				      nn(m->c_name));
			return;
		}
		tpl_ty_member_head(o, depth, nn(spell(m->c_type)),
				   nn(m->c_name));
		break;
	case STOPS_BITS:
		tpl_ty_bits(o, depth, nn(m->c_name), m->size);
		return;
	case STOPS_PADDING:
		if (m->bit_size)
			tpl_ty_pad_bits(o, depth, nn(m->c_type), m->bit_size);
		else
			tpl_ty_pad(o, depth, nn(m->c_name), m->size);
		return;
	case STOPS_OPAQUE:
		tpl_ty_opaque(o, depth, nn(m->c_name), m->size,
			      m->name ? m->name : "(anon)", nn(m->why));
		return;
	case STOPS_ARRAY:
		if (a) {
			tpl_ty_member_aggr_head(o, depth, aggr_kw(a),
						nn(a->c_name), nn(m->c_name));
		} else if (m->nr_dims == 1 && !m->bit_size && !renamed(m)) {
			tpl_ty_member_array(o, depth, nn(spell(m->c_type)),
					    nn(m->c_name), m->dims[0]);
			return;
		} else {
			tpl_ty_member_head(o, depth, nn(spell(m->c_type)),
					   nn(m->c_name));
		}
		emit_dims(e, m);
		break;
	case STOPS_STRUCT:
	case STOPS_UNION:
		if (a->c_name) {
			tpl_ty_member_aggr_head(o, depth, aggr_kw(a), a->c_name,
						nn(m->c_name));
			break;
		}
		/* ISO C++ has anonymous unions only: structs are GNU C++ */
		tpl_ty_anon_open(o, depth, a->is_union ? "" : "__extension__ ",
				 aggr_kw(a));
		emit_aggr_body(t, a, depth + 1);
		tpl_ty_anon_close(o, depth,
				  a->packed ? " __attribute__((packed))" : "");
		return;
	case STOPS_FUNC_PTR:
		return;
	}
	emit_member_tail(e, m);
}

static void emit_aggr_body(struct emit_types *t, const struct stops_aggr *a,
			   uint32_t depth)
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
		const struct prog_text *pt;

		if (!p->name)
			continue;
		tpl_ty_copy(e->o, (struct wr_str){b->text->mem + done,
						  b->slot_at[i] - done});
		ret = prog_text(t, p, &pt);
		if (ret)
			return ret;
		tpl_ty_slot_comment(e->o, pt->sec_s, pt->name_s);
		done = b->slot_at[i];
	}
	tpl_ty_copy(e->o, (struct wr_str){b->text->mem + done,
					  b->text->mem_len - done});
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
		n[t->nr_slot_names++].name = wr_str(m->c_name);
	}
	return 0;
}

/*
 * A slot's line of a program not among the slot's last 8: written in
 * memory by its template, kept when short, then copied.
 */
static int same_layout_line(struct emit_types *t, struct slot_name *n,
			    const struct stops_prog *p)
{
	struct line_memo *lm = &n->lines[n->next_line++ % 8];
	const struct prog_text *pt;
	struct wr_str line;
	int ret = prog_text(t, p, &pt);

	if (ret)
		return ret;
	if (!t->line) {
		/* malloc, not calloc: untouched pages cost no page faults */
		t->line = malloc(sizeof(*t->line));
		if (!t->line)
			return -ENOMEM;
		out_init(t->line, NULL);
	}
	out_rewind(t->line);
	tpl_ty_same_prog(t->line, n->name, pt->sec_s, pt->name_s);
	ret = out_flush(t->line);
	if (ret)
		return ret;
	line = (struct wr_str){t->line->mem, t->line->mem_len};
	lm->prog = line.len <= sizeof(lm->text) ? p->name : NULL;
	lm->sec = p->sec;
	lm->len = (uint8_t)line.len;
	if (lm->prog)
		memcpy(lm->text, line.s, line.len);
	tpl_ty_copy(t->e->o, line);
	return 0;
}

static int emit_same_layout(struct emit_types *t, const struct stops_aggr *a)
{
	const struct stops_aggr *owner = layout_owner(a);
	struct emit *e = t->e;
	int ret = slot_names(t, owner);
	const struct stops_prog *progs;
	struct slot_name *names;
	struct out *o = e->o;
	uint32_t nr;

	if (ret)
		return ret;
	owner_str(e, owner);
	tpl_ty_same_open(o, e->owner);
	/* a has owner's members and slots (a copy of it); what the loop
	 * reads of t and e, read once: the templates' stores may alias them */
	names = t->slot_names;
	progs = e->map->progs;
	nr = t->nr_slot_names;
	for (uint32_t i = 0; i < nr; i++) {
		struct slot_name *n = &names[i];
		const struct stops_prog *p = &progs[n->slot];
		const struct line_memo *lm;

		if (!p->name)
			continue;
		/* maps of a layout share a few programs: lines repeat */
		for (lm = n->lines; lm < n->lines + 8; lm++)
			if (lm->prog == p->name && lm->sec == p->sec)
				break;
		if (lm < n->lines + 8) {
			tpl_ty_copy(o, (struct wr_str){lm->text, lm->len});
			continue;
		}
		ret = same_layout_line(t, n, p);
		if (ret)
			return ret;
	}
	tpl_ty_same_close(o,
			  a->c_name == e->map->shadow_name ? e->shadow
							   : wr_str(a->c_name),
			  e->owner);
	return 0;
}

int emit_aggr(struct emit_types *t, const struct stops_aggr *a)
{
	struct emit *e = t->e;
	int ret = 0;

	if (e->map && a->same_layout)
		return emit_same_layout(t, a);
	tpl_ty_open(e->o, aggr_kw(a), nn(a->c_name));
	if (e->map)
		ret = emit_map_body(t, a);
	else
		emit_aggr_body(t, a, 1);
	tpl_ty_close(e->o, a->packed ? " __attribute__((packed))" : "");
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
