/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * multi.shadow.h: two maps of one type, one of another in .struct_ops.link,
 * a ___flavor type; empty.shadow.h: an object without struct_ops maps.
 * X__from_map(), deprecated, refuses every map: ENOTSUP for its own (no
 * public libbpf API leads from a map to the BTF to check), EINVAL for
 * any other. Its deprecation warning is runtime.deprecated's to check.
 */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "empty.shadow.h"
#include "multi.shadow.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#define ONE struct multi__one__multi_a_ops
#define TWO struct multi__two__multi_a_ops
#define LNK struct multi__link_b__multi_b_ops
#define FLV struct multi__flav__multi_a_ops___v2

multi_one_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
multi_two_multi_a_ops__ASSERT_MATCHES(struct multi_a_ops);
multi_link_b_multi_b_ops__ASSERT_MATCHES(struct multi_b_ops);
multi_flav_multi_a_ops___v2__ASSERT_MATCHES(struct multi_a_ops___v2);

static struct bpf_program *prog(struct bpf_object *obj, const char *name)
{
	struct bpf_program *p = bpf_object__find_program_by_name(obj, name);

	CHECK(p != NULL, "no program %s", name);
	return p;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : MULTI_BPF_OBJECT;
	const char *empty_path = argc > 2 ? argv[2] : EMPTY_BPF_OBJECT;
	struct bpf_map *m_one, *m_two, *m_link, *m_flav;
	struct bpf_object *obj, *empty;
	ONE *one;
	TWO *two;
	LNK *lnk;
	FLV *flv;

	CHECK_SIZE(ONE, struct multi_a_ops);
	CHECK_SAME(ONE, struct multi_a_ops, init);
	CHECK_SAME(ONE, struct multi_a_ops, flags);
	CHECK_SAME(ONE, struct multi_a_ops, name);
	CHECK_SIZE(TWO, struct multi_a_ops);
	CHECK_SAME(TWO, struct multi_a_ops, init);
	CHECK_SAME(TWO, struct multi_a_ops, flags);
	CHECK_SAME(TWO, struct multi_a_ops, name);
	CHECK_SIZE(LNK, struct multi_b_ops);
	CHECK_SAME(LNK, struct multi_b_ops, id);
	CHECK_SAME(LNK, struct multi_b_ops, run);
	CHECK_SAME(LNK, struct multi_b_ops, stop);
	CHECK_SAME(LNK, struct multi_b_ops, port);
	CHECK_SIZE(FLV, struct multi_a_ops___v2);
	CHECK_SAME(FLV, struct multi_a_ops___v2, init);
	CHECK_SAME(FLV, struct multi_a_ops___v2, flags);
	CHECK_SAME(FLV, struct multi_a_ops___v2, extra);
	CHECK_SAME(FLV, struct multi_a_ops___v2, name);

	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	one = multi_one_multi_a_ops__from_object(obj);
	two = multi_two_multi_a_ops__from_object(obj);
	lnk = multi_link_b_multi_b_ops__from_object(obj);
	flv = multi_flav_multi_a_ops___v2__from_object(obj);
	CHECK(one && two && lnk && flv, "from_object: %p %p %p %p",
	      (void *)one, (void *)two, (void *)lnk, (void *)flv);
	CHECK(one != (void *)two, "one and two share a buffer");
	if (one) {
		CHECK_PTR(one->init, prog(obj, "init_one"));
		CHECK_INT(one->flags, 1);
		CHECK_STR(one->name, "one");
	}
	if (two) {
		CHECK_PTR(two->init, prog(obj, "init_two"));
		CHECK_INT(two->flags, 2);
		CHECK_STR(two->name, "two");
	}
	if (lnk) {
		CHECK_INT(lnk->id, 0x1000000001ULL);
		CHECK_PTR(lnk->run, prog(obj, "run_b"));
		CHECK_PTR(lnk->stop, prog(obj, "stop_b"));
		CHECK_INT(lnk->port, 8080);
	}
	if (flv) {
		CHECK_PTR(flv->init, prog(obj, "init_one"));
		CHECK_INT(flv->flags, 3);
		CHECK_INT(flv->extra, 0xe7);
		CHECK_STR(flv->name, "flavored");
	}

	m_one = bpf_object__find_map_by_name(obj, "one");
	m_two = bpf_object__find_map_by_name(obj, "two");
	m_link = bpf_object__find_map_by_name(obj, "link_b");
	m_flav = bpf_object__find_map_by_name(obj, "flav");
	CHECK(m_one && m_two && m_link && m_flav, "maps missing");
	CHECK_NULL_ERRNO(multi_one_multi_a_ops__from_map(m_one), ENOTSUP);
	CHECK_NULL_ERRNO(multi_two_multi_a_ops__from_map(m_two), ENOTSUP);
	CHECK_NULL_ERRNO(multi_link_b_multi_b_ops__from_map(m_link), ENOTSUP);
	CHECK_NULL_ERRNO(multi_flav_multi_a_ops___v2__from_map(m_flav), ENOTSUP);
	/* same type and size, but another map */
	CHECK_NULL_ERRNO(multi_one_multi_a_ops__from_map(m_two), EINVAL);
	CHECK_NULL_ERRNO(multi_two_multi_a_ops__from_map(m_one), EINVAL);
	/* same size (32), other type */
	CHECK_NULL_ERRNO(multi_link_b_multi_b_ops__from_map(m_flav), EINVAL);
	CHECK_NULL_ERRNO(multi_flav_multi_a_ops___v2__from_map(m_link), EINVAL);
	/* other size */
	CHECK_NULL_ERRNO(multi_one_multi_a_ops__from_map(m_link), EINVAL);
	CHECK_NULL_ERRNO(multi_flav_multi_a_ops___v2__from_map(m_one), EINVAL);

	/* an object without these maps (and without struct_ops maps at all) */
	empty = bpf_object__open_file(empty_path, NULL);
	CHECK(empty != NULL, "open %s: %s", empty_path, strerror(errno));
	if (empty) {
		struct bpf_map *bss = bpf_object__next_map(empty, NULL);

		CHECK_NULL_ERRNO(multi_one_multi_a_ops__from_object(empty),
				 ENOENT);
		CHECK_NULL_ERRNO(multi_link_b_multi_b_ops__from_object(empty),
				 ENOENT);
		CHECK(bss != NULL, "empty.bpf.o has no .bss map");
		/* a map that is not struct_ops (empty.bss, 4 bytes) */
		if (bss)
			CHECK_NULL_ERRNO(multi_one_multi_a_ops__from_map(bss),
					 EINVAL);
		bpf_object__close(empty);
	}
	bpf_object__close(obj);
	return check_report("layout.runtime.multi");
}
