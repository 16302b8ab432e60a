/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * straddle.shadow.h: bitfields no C bitfield can place are bytes with
 * accessors. Their values through libbpf's bpf_map__initial_value() equal
 * what the BPF source set; writes land on the BTF bits and nowhere else.
 * Built as C and as C++ (straddle_test.cc).
 */
#include <bpf/libbpf.h>
#include <stdint.h>

#include "bpf/types.h"
#include "check.h"
#include "straddle.shadow.h"

typedef struct straddle_straddle_straddle_ops S1;
typedef struct straddle_straddle2_straddle2_ops S2;
typedef struct straddle_straddle2_straddle2_ops__nested SN;

/* the original types have the BPF layout on LP64 */
#if UINTPTR_MAX > 0xffffffffu
straddle_straddle_straddle_ops__ASSERT_MATCHES(struct straddle_ops);
straddle_straddle2_straddle2_ops__ASSERT_MATCHES(struct straddle2_ops);
#endif

/* Writing v to one field of a zeroed copy changes only bits [bit, +width). */
static void check_only(const char *what, const unsigned char *p, size_t size,
		       unsigned int bit, unsigned int width)
{
	for (unsigned int i = 0; i < size * 8; i++) {
		int set = p[i / 8] >> (i % 8) & 1;
		int inside = i >= bit && i < bit + width;

		CHECK(set == inside, "%s: bit %u is %d", what, i, set);
	}
}

static void check_s1(struct bpf_object *obj)
{
	S1 *s = straddle_straddle_straddle_ops__from_object(obj), z;

	CHECK(s != NULL, "straddle from_object: errno %d", errno);
	if (!s)
		return;
	CHECK_INT(straddle_straddle_straddle_ops__get_a(s),
		  0x1234567890abcdefULL);
	CHECK_INT(straddle_straddle_straddle_ops__get_b(s), 2);
	CHECK_INT(straddle_straddle_straddle_ops__get_c(s),
		  0x2000000000000005ULL);

	/* the bytes the BPF object has, rebuilt through the setters */
	memset(&z, 0, sizeof(z));
	z.__slot_init = s->__slot_init;
	straddle_straddle_straddle_ops__set_a(&z, 0x1234567890abcdefULL);
	straddle_straddle_straddle_ops__set_b(&z, 2);
	straddle_straddle_straddle_ops__set_c(&z, 0x2000000000000005ULL);
	CHECK(memcmp(&z, s, sizeof(z)) == 0, "straddle: bytes differ");

	/* all ones in one field: exactly its BTF bits (packed: 64+63 ...) */
	memset(&z, 0, sizeof(z));
	straddle_straddle_straddle_ops__set_b(&z, ~0ULL);
	check_only("b", (const unsigned char *)&z, sizeof(z), 64 + 63, 2);
	CHECK_INT(straddle_straddle_straddle_ops__get_b(&z), 3);
	memset(&z, 0, sizeof(z));
	straddle_straddle_straddle_ops__set_c(&z, ~0ULL);
	check_only("c", (const unsigned char *)&z, sizeof(z), 64 + 65, 62);
	memset(&z, 0xff, sizeof(z));
	straddle_straddle_straddle_ops__set_a(&z, 0);
	CHECK_INT(straddle_straddle_straddle_ops__get_b(&z), 3);
	CHECK_INT(straddle_straddle_straddle_ops__get_c(&z),
		  0x3fffffffffffffffULL);
}

static void check_s2(struct bpf_object *obj)
{
	S2 *s = straddle_straddle2_straddle2_ops__from_object(obj), z;

	CHECK(s != NULL, "straddle2 from_object: errno %d", errno);
	if (!s)
		return;
	CHECK_INT(s->c, 'c');
	CHECK_INT(straddle_straddle2_straddle2_ops__get_s(s),
		  -0x123456789abcdLL);
	CHECK_INT(straddle_straddle2_straddle2_ops__get_small(s), 5);
	CHECK_INT(straddle_straddle2_straddle2_ops__get_flag(s), 1);
	CHECK_INT(s->after, 0xa5);
	CHECK_INT(s->ok, 17); /* a real bitfield: its run has no straddler */
	CHECK_INT(s->pre, -2);
	CHECK_INT(straddle_straddle2_straddle2_ops__get_w(s),
		  0xfedcba9876543210ULL);
	CHECK_INT(straddle_straddle2_straddle2_ops__nested__get_a(&s->nested),
		  0x7fffffffffffffffULL);
	CHECK_INT(straddle_straddle2_straddle2_ops__nested__get_b(&s->nested),
		  1);
	CHECK_INT(straddle_straddle2_straddle2_ops__nested__get_c(&s->nested),
		  0x3ffffffffffffffeULL);

	memset(&z, 0, sizeof(z));
	z.c = 'c';
	straddle_straddle2_straddle2_ops__set_s(&z, -0x123456789abcdLL);
	straddle_straddle2_straddle2_ops__set_small(&z, 5);
	straddle_straddle2_straddle2_ops__set_flag(&z, 2 > 1);
	z.after = 0xa5;
	z.ok = 17;
	z.pre = -2;
	straddle_straddle2_straddle2_ops__set_w(&z, 0xfedcba9876543210ULL);
	straddle_straddle2_straddle2_ops__nested__set_a(&z.nested,
							0x7fffffffffffffffULL);
	straddle_straddle2_straddle2_ops__nested__set_b(&z.nested, 1);
	straddle_straddle2_straddle2_ops__nested__set_c(&z.nested,
							0x3ffffffffffffffeULL);
	CHECK(memcmp(&z, s, sizeof(z)) == 0, "straddle2: bytes differ");

	/* signed: the top bit of the field sign-extends, the minimum fits */
	memset(&z, 0, sizeof(z));
	straddle_straddle2_straddle2_ops__set_s(&z, -(1LL << 59));
	CHECK_INT(straddle_straddle2_straddle2_ops__get_s(&z), -(1LL << 59));
	check_only("s", (const unsigned char *)&z, sizeof(z), 8 + 59, 1);
	straddle_straddle2_straddle2_ops__set_s(&z, -1);
	check_only("s = -1", (const unsigned char *)&z, sizeof(z), 8, 60);
	memset(&z, 0, sizeof(z));
	straddle_straddle2_straddle2_ops__set_small(&z, 8); /* wraps to 0 */
	CHECK_INT(straddle_straddle2_straddle2_ops__get_small(&z), 0);
	straddle_straddle2_straddle2_ops__set_flag(&z, 1);
	check_only("flag", (const unsigned char *)&z, sizeof(z), 8 + 63, 1);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : STRADDLE_BPF_OBJECT;
	struct bpf_object *obj;

	CHECK_SIZE(S1, struct straddle_ops);
	CHECK_SIZE(S2, struct straddle2_ops);
	CHECK_SIZE(SN, struct straddle_ops);
	libbpf_set_print(NULL);
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	check_s1(obj);
	check_s2(obj);
	bpf_object__close(obj);
	return check_report("layout.runtime.straddle");
}
