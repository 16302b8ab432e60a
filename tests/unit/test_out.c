// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Unit tests of the emitters' output buffer (gen/out.c), in memory mode,
 * and of names__reserved_prefix() (gen/names.c), which lets emit_c.c skip
 * reserved-name lookups.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_claim.h"
#include "expect.h"
#include "names.h"
#include "out.h"
#include "util.h"
#include "writer.h"

#include "tpl_writer.h"

static bool text_is(struct out *o, const char *want)
{
	size_t n = strlen(want);

	if (out_flush(o))
		return false;
	return o->mem_len == n && !memcmp(o->mem, want, n);
}

/* Not a literal NULL: the compiler would (rightly) reject that. */
static const char *volatile null_str;

int main(void)
{
	static struct out o;
	char *big;

	out_init(&o, NULL);
	out_str(&o, "a");
	out_u64(&o, 0);
	out_char(&o, '|');
	out_u64(&o, UINT64_MAX);
	EXPECT(text_is(&o, "a0|18446744073709551615"));
	out_rewind(&o);
	EXPECT(out_pos(&o) == 0);

	/* more than one buffer: every byte arrives, in order */
	big = malloc(200000 + 1);
	if (!big)
		return 1;
	for (size_t i = 0; i < 200000; i++)
		big[i] = (char)('a' + i % 26);
	big[200000] = 0;
	out_char(&o, '<');
	out_str(&o, big);
	out_mem(&o, big, 70000);
	out_char(&o, '>');
	EXPECT(out_pos(&o) == 270002);
	EXPECT(!out_flush(&o) && o.mem_len == 270002);
	EXPECT(o.mem[0] == '<' && o.mem[270001] == '>');
	EXPECT(!memcmp(o.mem + 1, big, 200000));
	EXPECT(!memcmp(o.mem + 200001, big, 70000));
	free(big);
	out_free(&o);

	/* spans: in the buffer, flushed first when short of room, or on the
	 * heap when longer than the whole buffer */
	char *w;

	out_init(&o, NULL);
	w = out_span(&o, 96);
	EXPECT(w);
	w = span_lit(w, "x=");
	w = span_u64(&o, w, 0);
	w = span_lit(w, ",");
	w = span_u64(&o, w, UINT64_MAX);
	w = span_lit(w, ",");
	w = span_u64(&o, w, UINT64_MAX);
	w = span_lit(w, ",");
	w = span_u64(&o, w, 7);
	out_span_end(&o, w);
	EXPECT(text_is(&o, "x=0,18446744073709551615,18446744073709551615,7"));
	out_rewind(&o);
	big = malloc(sizeof(o.buf) + 10);
	if (!big)
		return 1;
	memset(big, 'z', sizeof(o.buf) + 10);
	out_mem(&o, big, sizeof(o.buf) - 3);
	w = out_span(&o, 8);
	EXPECT(w == o.buf && !o.len);
	out_span_end(&o, span_lit(w, "12345678"));
	w = out_span(&o, sizeof(o.buf) + 10);
	EXPECT(w && w != o.buf);
	out_span_end(&o, span_put(w, big, sizeof(o.buf) + 10));
	EXPECT(!out_flush(&o));
	EXPECT(o.mem_len == 2 * sizeof(o.buf) + 15);
	EXPECT(!memcmp(o.mem + sizeof(o.buf) - 3, "12345678", 8));
	EXPECT(o.mem[2 * sizeof(o.buf) + 14] == 'z');
	free(big);
	out_free(&o);

	/* a span that overruns its bound fails the output, and is dropped,
	 * in the buffer and on the heap alike; no abort */
	out_init(&o, NULL);
	out_mem(&o, "kept", 4);
	w = out_span(&o, 4);
	EXPECT(w == o.buf + 4);
	out_span_end(&o, span_lit(w, "12345678"));
	EXPECT(o.err == -EOVERFLOW && o.len == 4);
	EXPECT(out_flush(&o) == -EOVERFLOW);
	out_free(&o);
	out_init(&o, NULL);
	w = out_span(&o, sizeof(o.buf) + 1);
	EXPECT(w && w != o.buf);
	out_span_end(&o, w + sizeof(o.buf) + 2);
	EXPECT(o.err == -EOVERFLOW && !o.len && !o.span_heap);
	out_free(&o);

	/* templates (writer.tpl, made C by scripts/mk-templates): each
	 * kind's exact length, so that any miscount fails the output */
	out_init(&o, NULL);
	tpl_t_kinds(&o, "id", 0, 2, "a\"b\\c\x01\x7f\xc3\xa9", "ok\n\xff");
	EXPECT(!o.err);
	EXPECT(text_is(
		&o,
		"id=0;  \"a\\\"b\\\\c\\x01\\x7f\\u{fffd}\\u{fffd}\" // ok??\n"));
	out_rewind(&o);
	static const uint64_t nums[] = {9,    10,    99,	  100,
					9999, 10000, 4294967295u, UINT64_MAX};
	static const char *const texts[] = {"$x-y-9",
					    "$x-y-10",
					    "$x-y-99",
					    "$x-y-100",
					    "$x-y-9999",
					    "$x-y-10000",
					    "$x-y-4294967295",
					    "$x-y-18446744073709551615"};

	for (size_t i = 0; i < sizeof(nums) / sizeof(*nums); i++) {
		tpl_t_join(&o, "x", "-y", nums[i]);
		EXPECT(text_is(&o, texts[i]));
		out_rewind(&o);
	}
	/* u two digits a step: odd and even counts, zeros inside */
	tpl_t_join(&o, "", "", 0);
	tpl_t_join(&o, "", "", 1000);
	tpl_t_join(&o, "", "", 10203);
	tpl_t_join(&o, "", "", 900000001);
	EXPECT(text_is(&o, "$-0$-1000$-10203$-900000001"));
	out_rewind(&o);
	/* m: the length given, not measured; measured again for another
	 * string only (wr_str_memo) */
	{
		struct wr_str memo = {0};
		const char *ab = "abc" + 1;
		struct wr_str v = wr_str_memo(&memo, ab);

		EXPECT(v.s == ab && v.len == 2);
		tpl_t_m2(&o, v, v.len);
		tpl_t_m2(&o, (struct wr_str){"xyz", 1}, 0);
		memo.len = 1; /* a memo is trusted for its own string */
		tpl_t_m2(&o, wr_str_memo(&memo, ab), 1);
		tpl_t_m2(&o, wr_str_memo(&memo, ""), 0);
		EXPECT(text_is(&o, "bc(bc, 2)x(x, 0)b(b, 1)(, 0)"));
		out_rewind(&o);
	}
	tpl_t_kinds(&o, "", 1, 0, "", "");
	tpl_t_fixed(&o);
	EXPECT(text_is(&o, "=1;\"\" // \nfixed\ttext \"quoted\" \\\\ ?\?=\n"));
	out_rewind(&o);
	/* json: null, escapes, well-formed UTF-8 kept, other bytes \u00XX */
	tpl_t_json(&o, null_str);
	tpl_t_json(&o, "a\"\\\n\t\x01\x7f\xc3\xa9\xff\xc3");
	EXPECT(text_is(&o, "[null][\"a\\\"\\\\\\n\\t\\u0001\\u007f\xc3\xa9"
			   "\\u00ff\\u00c3\"]"));
	out_rewind(&o);
	/* invalid UTF-8 byte by byte: a sequence cut short, too long a
	 * code point, a surrogate */
	tpl_t_json(&o, "\x01\"\xe0\x80\xf4\x90\xed\xa0z");
	EXPECT(text_is(&o, "[\"\\u0001\\\"\\u00e0\\u0080\\u00f4\\u0090"
			   "\\u00ed\\u00a0z\"]"));
	out_rewind(&o);
	/* esc (text reports): "(null)", controls, DEL, C1 controls and
	 * invalid UTF-8 as \xHH, well-formed UTF-8 and quotes kept */
	tpl_t_esc(&o, null_str);
	tpl_t_esc(&o, "a\\b\n\t\x01\x7f\xc2\x80\xc2\xa0\xc3\xa9\xed\xa0\x80"
		      "\xf4\x90\x80\x80\xe2\x82\xac\xff\"");
	EXPECT(text_is(&o, "<(null)><a\\\\b\\n\\t\\x01\\x7f\\xc2\\x80"
			   "\xc2\xa0\xc3\xa9\\xed\\xa0\\x80\\xf4\\x90\\x80"
			   "\\x80\xe2\x82\xac\\xff\">"));
	out_rewind(&o);
	/* longer than the buffer: the template's one span is on the heap */
	big = malloc(sizeof(o.buf) + 2);
	if (!big)
		return 1;
	memset(big, 'b', sizeof(o.buf) + 1);
	big[sizeof(o.buf) + 1] = 0;
	tpl_t_join(&o, big, "", 7);
	EXPECT(!out_flush(&o) && o.mem_len == sizeof(o.buf) + 4);
	EXPECT(o.mem[0] == '$' && !memcmp(o.mem + sizeof(o.buf) + 2, "-7", 2));
	free(big);
	out_free(&o);

	/* first, last, inside, empty prefix, none */
	EXPECT(names__reserved_prefix("AIO_PRIO", 8));
	EXPECT(names__reserved_prefix("INT32_MA", 8));
	EXPECT(names__reserved_prefix("errno", 5));
	EXPECT(names__reserved_prefix("", 0));
	EXPECT(names__is_reserved("errno"));
	EXPECT(!names__reserved_prefix("maps5000", 8));
	EXPECT(!names__reserved_prefix("errnoX", 6));
	EXPECT(!names__reserved_prefix("\x7f", 1));
	EXPECT(!names__reserved_prefix("AAAA", 4));
	EXPECT(names__reserved_prefix("xor_eq", 6));
	EXPECT(!names__reserved_prefix("xor_eqz", 7));

	/* pair_set: names kept by stem answer as a set of whole names */
	static const char *const sfx[] = {"__MEMBERS", "__BTF_MEMBERS", "_x"};
	static const char *const nest[] = {"_MEMBERS", "__MEMBERS"};
	struct pair_set ps = {0}, pn = {0};
	static char *names[1000];

	pair_set_suffixes(&ps, sfx, 3);
	EXPECT(!pair_set_add(&ps, "a__BTF_MEMBERS", 14, "a__BTF_MEMBERS", ""));
	EXPECT(pair_set_add(&ps, "a__BTF_MEMBERS", 14, "a", "__BTF_MEMBERS") ==
	       -EEXIST);
	EXPECT(pair_set_add(&ps, "a__BTF_MEMBERS", 14, "a__BTF", "_MEMBERS") ==
	       -EEXIST);
	EXPECT(!pair_set_add(&ps, "a", 1, "a", ""));
	EXPECT(!pair_set_add(&ps, "a__MEMBERS", 10, "a", "__MEMBERS"));
	EXPECT(pair_set_add(&ps, "a__MEMBERS", 10, "a__MEMBERS", "") ==
	       -EEXIST);
	EXPECT(!pair_set_add(&ps, "a__BTF__MEMBERS", 15, "a__BTF",
			     "__MEMBERS"));
	EXPECT(!pair_set_add(&ps, "a__BTF", 6, "a__BTF", ""));
	EXPECT(!pair_set_add(&ps, "_x", 2, "", "_x"));
	EXPECT(pair_set_add(&ps, "_x", 2, "_x", "") == -EEXIST);
	EXPECT(!pair_set_add(&ps, "", 0, "", ""));
	for (unsigned int i = 0; i < 1000; i++) {
		char *n = names[i] = malloc(32);

		if (!n)
			return 1;
		snprintf(n, 32, "n%u__MEMBERS", i);
		EXPECT(!pair_set_add(&ps, n, strlen(n), n, ""));
		EXPECT(pair_set_add(&ps, n, strlen(n), n, "") == -EEXIST);
		n[strlen(n) - 9] = 0; /* the stem alone, "n<i>" */
		EXPECT(!pair_set_add(&ps, n, strlen(n), n, ""));
	}
	/* stems: "a", "a__BTF", "" and the 1,000 */
	EXPECT(ps.index.len == 1000 + 3);
	/* split: a suffix by its pointer, or any tail */
	EXPECT(pair_set_add_split(&ps, "n7", 2, sfx[0]) == -EEXIST);
	EXPECT(!pair_set_add_split(&ps, "n7", 2, sfx[2]));
	EXPECT(pair_set_add(&ps, "n7_x", 4, "n7_x", "") == -EEXIST);
	EXPECT(!pair_set_add_split(&ps, "b", 1, "__BTF_MEMBERS"));
	EXPECT(pair_set_add_split(&ps, "b", 1, sfx[1]) == -EEXIST);
	EXPECT(!pair_set_add_split(&ps, "b__BTF", 6, sfx[0]));
	EXPECT(pair_set_add(&ps, "b__BTF__MEMBERS", 15, "b",
			    "__BTF__MEMBERS") == -EEXIST);
	EXPECT(ps.index.len == 1000 + 5);
	/* a mask of tails: all or none, and "" only for a stem of its own */
	uint32_t mask, two;
	const char *const tails[] = {"", sfx[0], sfx[2]};
	static char copy[] = "__MEMBERS"; /* not the suffix's pointer */
	const char *const other[] = {copy};

	EXPECT(!pair_set_tails_mask(&ps, tails, 3, &mask));
	EXPECT(pair_set_tails_mask(&ps, other, 1, &two) == -EAGAIN);
	EXPECT(!pair_set_add_mask(&ps, "m", 1, mask));
	EXPECT(pair_set_add(&ps, "m", 1, "m", "") == -EEXIST);
	EXPECT(pair_set_add(&ps, "m__MEMBERS", 10, "m__MEMBERS", "") ==
	       -EEXIST);
	EXPECT(pair_set_add_split(&ps, "m", 1, sfx[2]) == -EEXIST);
	EXPECT(!pair_set_add_split(&ps, "m", 1, sfx[1]));
	/* one taken: nothing added */
	EXPECT(!pair_set_add(&ps, "k_x", 3, "k_x", ""));
	EXPECT(pair_set_add_mask(&ps, "k", 1, mask) == -EEXIST);
	EXPECT(!pair_set_add(&ps, "k", 1, "k", ""));
	EXPECT(!pair_set_add(&ps, "k__MEMBERS", 10, "k__MEMBERS", ""));
	/* "q_x" alone has stem "q": not the mask's to take */
	EXPECT(pair_set_add_mask(&ps, "q_x", 3, mask) == -EAGAIN);
	EXPECT(!pair_set_add_mask(&ps, "q_x", 3, mask & ~1u));
	EXPECT(!pair_set_add(&ps, "q_x", 3, "q_x", ""));
	pair_set_free(&ps);
	/* "__MEMBERS" ends with "_MEMBERS": split joins the name instead */
	pair_set_suffixes(&pn, nest, 2);
	EXPECT(pn.suffixes_nest);
	EXPECT(!pair_set_add_split(&pn, "c_", 2, nest[0]));
	EXPECT(pair_set_add_split(&pn, "c", 1, nest[1]) == -EEXIST);
	EXPECT(!pair_set_add_split(&pn, "c", 1, nest[0]));
	EXPECT(pn.index.len == 1);
	pair_set_free(&pn);
	for (unsigned int i = 0; i < 1000; i++)
		free(names[i]);
	if (!failures)
		printf("unit.out: ok\n");
	return failures != 0;
}
