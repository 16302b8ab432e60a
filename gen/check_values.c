// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Values: each member's initial value against the kernel member's type. */
#include <inttypes.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_util.h"
#include "check_int.h"

/* Name of a struct/union, through one pointer level; NULL if none. */
static const char *composite_name(const struct btf *btf, uint32_t id,
				  bool deref, size_t *len)
{
	const struct btf_type *t = btf_skip_mods(btf, id, NULL);
	const char *name;

	if (t && deref && btf_is_ptr(t))
		t = btf_skip_mods(btf, t->type, NULL);
	if (!t ||
	    (btf_cls_of(t) != BTF_CLS_STRUCT && btf_cls_of(t) != BTF_CLS_UNION))
		return NULL;
	name = btf__name_by_offset(btf, t->name_off);
	if (!name || !name[0])
		return NULL;
	*len = btf_essential_name_len(name);
	return name;
}

bool same_composite(const struct btf *kb, uint32_t kid, const struct btf *ob,
		    uint32_t oid, bool deref)
{
	size_t kl = 0, ol = 0;
	const char *kn = composite_name(kb, kid, deref, &kl);
	const char *on = composite_name(ob, oid, deref, &ol);

	if (!kn || !on)
		return true;
	return kl == ol && !strncmp(kn, on, kl);
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
	uint64_t v = member_uint(om);
	int64_t sv;
	bool ks = btf_int_encoding(kmt) & BTF_INT_SIGNED;
	bool os = btf_int_encoding(mt) & BTF_INT_SIGNED;

	if ((btf_int_encoding(kmt) & BTF_INT_BOOL) && v > 1)
		add_finding(c, STOPS_CHECK_NOTE, om->name, "value", "0 or 1",
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
	add_finding(c, STOPS_CHECK_NOTE, om->name, "value",
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
		add_finding(c, STOPS_CHECK_NOTE, om->name, "value",
			    cstr(c, "%u elements", btf_array(kmt)->nelems),
			    cstr(c, "%u elements", btf_array(mt)->nelems),
			    "kernel array has %u elements, object's %u (same size)",
			    btf_array(kmt)->nelems, btf_array(mt)->nelems);
	if (chars && om->set && !memchr(om->data, 0, om->data_len))
		add_finding(c, STOPS_CHECK_NOTE, om->name, "value",
			    "NUL-terminated string", value_str(c, om),
			    "string is not NUL-terminated");
}

/*
 * Values of a member present on both sides with the same kind and size:
 * only what is obviously wrong for the kernel's type.
 */
void check_value(struct check *c, const struct omember *om, uint32_t mid,
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
		    !enum_has(kmt, member_uint(om), (uint32_t)om->size))
			add_finding(c, STOPS_CHECK_NOTE, om->name, "value",
				    cstr(c, "a value of enum %s",
					 btf_name_or_anon(c->kbtf, kmt)),
				    value_str(c, om),
				    "%s is not a value of kernel enum %s",
				    value_str(c, om),
				    btf_name_or_anon(c->kbtf, kmt));
		break;
	case BTF_KIND_ARRAY:
		check_array_value(c, om, mt, kmt);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (!same_composite(c->kbtf, kmid, c->obtf, mid, false))
			add_finding(c, STOPS_CHECK_NOTE, om->name, "type-name",
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
