/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * autoload.bpf.o: every struct_ops section form libbpf accepts. libbpf
 * opens it; each shadow reads its map's buffer right; the model's
 * autoload/autocreate equal libbpf's after open, its programs are
 * libbpf's struct_ops programs, and "loaded" follows libbpf's rule.
 */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "autoload.shadow.h"
#include "bpf/types.h"
#include "check.h"
#include "stops_shadow.h"

autoload_m_plain_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
autoload_m_link_multi_b_ops__ASSERT_MATCHES(struct multi_b_ops);
autoload_m_opt_first_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
autoload_m_opt_second_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
autoload_m_opt_link_multi_b_ops__ASSERT_MATCHES(struct multi_b_ops);

static struct bpf_program *prog(struct bpf_object *obj, const char *name)
{
	struct bpf_program *p = bpf_object__find_program_by_name(obj, name);

	CHECK(p != NULL, "no program %s", name);
	return p;
}

/* What this object must show, whatever libbpf says. */
static const struct {
	const char *name;
	bool autocreate, link;
} want_maps[] = {
	{"m_plain", true, false},
	{"m_link", true, true},
	{"m_opt_first", false, false},
	/* libbpf 1.4-1.7 clear autocreate for a '?' section's first map only */
	{"m_opt_second", true, false},
	{"m_opt_link", false, true},
};

static const struct {
	const char *name;
	bool autoload, sleepable, loaded;
	uint32_t uses;
} want_progs[] = {
	{"p_plain", true, false, true, 1},
	/* '?' but named by a created map: libbpf loads it */
	{"p_opt", false, false, true, 1},
	{"p_sleep", true, true, true, 2},
	{"p_opt_sleep", false, true, false, 1},
	{"p_bare", true, false, true, 1},
	/* named only by a map that is not created */
	{"p_bare_sleep", true, true, false, 1},
	{"p_unused", true, false, true, 0},
	{"p_unused_opt", false, false, false, 0},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void check_model(const char *path, struct bpf_object *obj)
{
	STOPS_OPTS(stops_open_opts, oo, .name = "autoload");
	struct stops_object *so = NULL;
	const struct stops_model *m;
	struct stops_err err = {0};
	struct bpf_program *bp;
	uint32_t n_lib = 0;

	if (stops_object__open_file(path, &oo, &so, &err)) {
		CHECK(0, "stops_object__open_file: %s", err.msg);
		return;
	}
	m = stops_object__model(so);
	CHECK_INT(m->nr_maps, N(want_maps));
	for (uint32_t i = 0; i < m->nr_maps && i < N(want_maps); i++) {
		const struct stops_map_state *st = &m->map_state[i];
		struct bpf_map *bm =
			bpf_object__find_map_by_name(obj, m->maps[i].name);

		CHECK_STR(m->maps[i].name, want_maps[i].name);
		CHECK_INT(st->autocreate, want_maps[i].autocreate);
		CHECK_INT(st->link, want_maps[i].link);
		CHECK(bm != NULL, "libbpf has no map %s", m->maps[i].name);
		if (!bm)
			continue;
		CHECK(st->autocreate == bpf_map__autocreate(bm),
		      "map %s: model autocreate %d, libbpf %d",
		      m->maps[i].name, st->autocreate, bpf_map__autocreate(bm));
		CHECK(st->link == !!(bpf_map__map_flags(bm) & BPF_F_LINK),
		      "map %s: model link %d, libbpf map_flags 0x%x",
		      m->maps[i].name, st->link, bpf_map__map_flags(bm));
	}
	CHECK_INT(m->nr_progs, N(want_progs));
	for (uint32_t i = 0; i < m->nr_progs && i < N(want_progs); i++) {
		const struct stops_program *p = &m->progs[i];

		CHECK_STR(p->name, want_progs[i].name);
		CHECK_INT(p->autoload, want_progs[i].autoload);
		CHECK_INT(p->sleepable, want_progs[i].sleepable);
		CHECK_INT(p->loaded, want_progs[i].loaded);
		CHECK_INT(p->nr_uses, want_progs[i].uses);
		bp = bpf_object__find_program_by_name(obj, p->name);
		CHECK(bp != NULL, "libbpf has no program %s", p->name);
		if (!bp)
			continue;
		CHECK(p->autoload == bpf_program__autoload(bp),
		      "program %s: model autoload %d, libbpf %d", p->name,
		      p->autoload, bpf_program__autoload(bp));
		/* libbpf drops the '?' from the section name it keeps */
		CHECK_STR(bpf_program__section_name(bp),
			  p->sec + (p->sec[0] == '?'));
	}
	bpf_object__for_each_program(bp, obj)
		n_lib += bpf_program__type(bp) == BPF_PROG_TYPE_STRUCT_OPS;
	CHECK_INT(n_lib, m->nr_progs);
	stops_object__free(so);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : AUTOLOAD_BPF_OBJECT;
	struct bpf_object *obj;

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	{
		struct autoload__m_plain__multi_a_ops *s =
			autoload_m_plain_multi_a_ops__from_object(obj);

		CHECK(s != NULL, "m_plain: %s", strerror(errno));
		if (s) {
			CHECK_PTR(s->init, prog(obj, "p_opt"));
			CHECK_INT(s->flags, 11);
			CHECK_STR(s->name, "plain");
		}
	}
	{
		struct autoload__m_link__multi_b_ops *s =
			autoload_m_link_multi_b_ops__from_object(obj);

		CHECK(s != NULL, "m_link: %s", strerror(errno));
		if (s) {
			CHECK_INT(s->id, 12);
			CHECK_PTR(s->run, prog(obj, "p_sleep"));
			CHECK_PTR(s->stop, prog(obj, "p_plain"));
			CHECK_INT(s->port, 1200);
		}
	}
	{
		struct autoload__m_opt_first__multi_a_ops *s =
			autoload_m_opt_first_multi_a_ops__from_object(obj);

		CHECK(s != NULL, "m_opt_first: %s", strerror(errno));
		if (s) {
			CHECK_PTR(s->init, prog(obj, "p_opt_sleep"));
			CHECK_INT(s->flags, 13);
			CHECK_STR(s->name, "first");
		}
	}
	{
		struct autoload__m_opt_second__multi_a_ops *s =
			autoload_m_opt_second_multi_a_ops__from_object(obj);

		CHECK(s != NULL, "m_opt_second: %s", strerror(errno));
		if (s) {
			CHECK_PTR(s->init, prog(obj, "p_bare"));
			CHECK_INT(s->flags, 14);
			CHECK_STR(s->name, "second");
		}
	}
	{
		struct autoload__m_opt_link__multi_b_ops *s =
			autoload_m_opt_link_multi_b_ops__from_object(obj);

		CHECK(s != NULL, "m_opt_link: %s", strerror(errno));
		if (s) {
			CHECK_INT(s->id, 15);
			CHECK_PTR(s->run, prog(obj, "p_sleep"));
			CHECK_PTR(s->stop, prog(obj, "p_bare_sleep"));
			CHECK_INT(s->port, 1500);
		}
	}
	check_model(path, obj);
	bpf_object__close(obj);
	return check_report("layout.runtime.autoload");
}
