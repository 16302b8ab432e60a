/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * struct_ops types of the layout tests, shared by the BPF objects and the
 * user-space tests: on an LP64 host these definitions have the layout the
 * BPF target gives them, so the tests can compare the generated shadow
 * types against them. No vmlinux.h: the kernel knows none of these types.
 */
#ifndef LAYOUT_TYPES_H
#define LAYOUT_TYPES_H

/* ---- kinds.bpf.c: one member of every kind the generator supports ---- */

typedef unsigned int kinds_u32;
typedef const volatile int kinds_cv_int;
typedef kinds_u32 kinds_u32_again; /* typedef of a typedef */

enum kinds_color { KINDS_RED = 0, KINDS_GREEN = 1, KINDS_BLUE = 7 };
enum kinds_sign { KINDS_NEG = -5, KINDS_POS = 3 };
enum __attribute__((packed)) kinds_small { KINDS_S0 = 0, KINDS_S200 = 200 };
enum __attribute__((packed)) kinds_small_neg { KINDS_SN = -2, KINDS_SP = 100 };
enum __attribute__((packed)) kinds_half { KINDS_H0 = 0, KINDS_H = 0x1234 };
enum kinds_big { KINDS_BIG0 = 0, KINDS_BIG = 0x123456789ULL };
enum kinds_bigneg { KINDS_BIGNEG = -0x123456789LL, KINDS_BIGPOS = 1 };
enum kinds_top { KINDS_TOP = 0xfedcba9876543210ULL };

struct kinds_inner {
	int x;
	char tag[4];
};

struct kinds_nested {
	unsigned short a;
	struct kinds_inner in; /* two levels deep */
	long long b;
	union {
		unsigned int nested_anon_w;
		unsigned char nested_anon_b[4];
	};
};

union kinds_u {
	unsigned int w;
	unsigned char b[4];
	unsigned short h;
};

struct kinds_elem {
	short s;
	char c;
};

struct kinds_ops {
	/* plain scalars */
	char c;
	signed char sc;
	unsigned char uc;
	_Bool b;
	short s;
	unsigned short us;
	int i;
	unsigned int ui;
	long l; /* 8 bytes on BPF, 4 on i386 */
	unsigned long ul;
	long long ll;
	unsigned long long ull;
	/* through typedef / const / volatile */
	kinds_u32 td;
	const int ci;
	volatile unsigned short vus;
	kinds_cv_int cvi;
	kinds_u32_again td2;
	float f;
	double d;
	/* enums of every size */
	enum kinds_color color;
	enum kinds_sign sign;
	enum kinds_small small;
	enum kinds_small_neg small_neg;
	enum kinds_half half;
	enum kinds_big big;
	enum kinds_bigneg bigneg;
	enum kinds_top top;
	/* arrays */
	char name[16];
	int ints[3];
	unsigned char grid[2][3];
	int cube[2][2][2];
	enum kinds_color colors[3];
	struct kinds_elem elems[2];
	long longs[2];
	/* function pointers: set, left NULL, another prototype */
	int (*fn_a)(void *arg);
	int (*fn_unset)(void *arg);
	void (*fn_b)(void *arg, int x);
	/* nested named struct and union */
	struct kinds_nested nested;
	union kinds_u u;
	/* anonymous members */
	struct {
		int anon_x;
		short anon_y;
	};
	union {
		unsigned int anon_w;
		float anon_f;
	};
	/* opaque: data pointers, arrays of pointers */
	void *ptr;
	const char *ptrs[2];
	int (*fns[2])(void);
	char last;
};

/* ---- bits.bpf.c: bitfields ---- */

struct bits_ops {
	unsigned int a : 3;
	unsigned int b : 5; /* fills byte 0 */
	unsigned int c : 7;
	unsigned int d : 10; /* crosses bytes 1..3 */
	signed int e : 4;    /* signed */
	_Bool flag : 1;
	unsigned int : 0; /* zero-width separator */
	unsigned char f : 2;
	signed char g : 3;
	unsigned short h : 9; /* crosses a byte boundary */
	int : 0;
	unsigned int pre;
	unsigned long long x40 : 40; /* own 8-byte unit: at bit 64, not 32 */
	unsigned long long lo : 20;
	unsigned long long span : 30; /* bits 20..49 of a 64-bit unit */
	signed long long sbig : 14;
	char ch;
	unsigned long long after_char : 33;
	enum kinds_color col : 3; /* enum bitfield */
	int plain;
	unsigned char last : 1;
};

/* i386 packs long long bitfields into 4-byte-aligned units: all differ */
struct bits2_ops {
	int q;
	unsigned int qb : 8;
	unsigned long long qc : 40; /* bit 64 on BPF, 40 on plain i386 */
	unsigned long long w1 : 60;
	unsigned long long w2 : 10; /* next 8-byte unit on BPF */
	unsigned short s1 : 12;
	unsigned short s2 : 6; /* next 2-byte unit */
	signed char one : 1; /* signed 1-bit: 0 or -1 */
	unsigned int full : 32;
	unsigned long long full64 : 64;
	union {
		unsigned int ua : 3;
		unsigned char ub;
	} bu; /* bitfield in a union */
	char c;
	unsigned long long big : 56;
};

/* ---- packed.bpf.c: gaps, tail padding, packed and aligned ---- */

struct packed_inner {
	char a;
	int b;
} __attribute__((packed));

struct packed_ops {
	char c;
	int i; /* gap of 3 */
	char c2;
	long long ll; /* gap of 7 on BPF, 3 on i386 */
	struct packed_inner pi; /* size 5, alignment 1 */
	short s;
	double d;
	char end; /* tail padding 7 */
};

struct __attribute__((packed)) packed_top {
	char c;
	long long x; /* offset 1 */
	int y;
	short z;
};

struct aligned_ops {
	int a;
	int b __attribute__((aligned(16)));
	char c;
	long long ll;
	char d;
} __attribute__((aligned(32)));

/* ---- multi.bpf.c: several maps, .struct_ops.link, ___flavor ---- */

struct multi_a_ops {
	int (*init)(void *arg);
	unsigned int flags;
	char name[8];
};

struct multi_b_ops {
	unsigned long long id;
	void (*run)(void *arg);
	int (*stop)(void *arg);
	unsigned short port;
};

/* a ___flavor of the same kernel type, different layout */
struct multi_a_ops___v2 {
	int (*init)(void *arg);
	unsigned int flags;
	unsigned int extra;
	char name[16];
};

/* ---- enum64.bpf.c (built with clang >= 15: ENUM64, signed enums) ---- */

enum e64_big { E64_BIG0 = 0, E64_BIG = 0x123456789ULL };
enum e64_neg { E64_NEG = -0x123456789LL, E64_NEGPOS = 5 };
enum e64_top { E64_TOP = 0xfedcba9876543210ULL };
enum e64_sign { E64_M1 = -1, E64_ONE = 1 };
enum __attribute__((packed)) e64_sneg { E64_SNEG = -2, E64_SPOS = 100 };
enum __attribute__((packed)) e64_hneg { E64_HNEG = -300, E64_HPOS = 300 };
enum e64_min { E64_MIN = -0x7fffffffffffffffLL - 1, E64_MAX = 0x7fffffffffffffffLL };
enum e64_imin { E64_IMIN = -0x7fffffff - 1, E64_IMAX = 0x7fffffff };

struct enum64_ops {
	enum e64_big big;
	enum e64_neg neg;
	enum e64_top top;
	enum e64_sign sign;
	enum e64_sneg sneg;
	enum e64_hneg hneg;
	enum e64_big bigs[2];
	enum e64_sign sbits : 4; /* signed enum bitfield */
	enum e64_neg nbits : 40;
	enum e64_min emin; /* INT64_MIN: a constant C cannot spell directly */
	enum e64_imin imin;
};

/* ---- edge.bpf.c: less common shapes ---- */

typedef int (*edge_fn_t)(void *arg);

struct edge_bits {
	unsigned int lo : 4;
	unsigned int hi : 12;
	signed int neg : 5;
};

struct edge_tail {
	long long a; /* 8-aligned on BPF, 4 on i386: elements need tail padding */
	int b;
};

typedef struct {
	short x;
	short y;
} edge_point; /* anonymous struct through a typedef */

struct edge_ops {
	edge_fn_t tfn; /* function pointer through a typedef: still a slot */
	struct edge_bits bits; /* nested bitfields */
	union {
		struct edge_bits ub;
		unsigned int raw;
	} u; /* named member of an anonymous union type */
	struct {
		char tag;
		int val;
	} anon_arr[2]; /* array of an anonymous struct type */
	edge_point pt;
	edge_point pts[2][2]; /* 2-D array of structs */
	struct edge_tail tails[2];
	struct {
		int (*inner_fn)(void); /* function pointer in a nested aggregate */
		int after;
	} holder;
	enum { EDGE_A = 3, EDGE_B = 9 } anon_enum; /* anonymous enum type */
	struct edge_tail *sp; /* pointer to a struct */
	const struct edge_tail ct; /* const aggregate */
	int (*const cfn)(void *arg); /* const function pointer */
	unsigned char end;
};

/* maps declared through a typedef, static, with a zero-length array */
struct edge_small {
	int (*f)(void *arg);
	char one[1];
	int n;
	int zero[0]; /* no bytes: nothing to shadow */
};
typedef struct edge_small edge_small_t;

/* ---- collide.bpf.c: member paths that could map to one shadow name ---- */

struct collide_in {
	int v;
};

struct collide_mid {
	struct collide_in in;
};

struct collide_ops {
	struct collide_mid m;	    /* path m.in -> ..._m__in */
	struct collide_in m__in;    /* path m__in -> ..._m__in too */
};

/* ---- params.bpf.c: members spelled like the layout lists' parameters ---- */

struct params_ops {
	int (*X)(void *arg);
	int S;
	int what;
	int X_2;
	void *S_2; /* opaque: the BTF-name list differs from the shadow's */
	char name[8];
};

/* ---- int128.bpf.c: a 16-byte integer (no such type on i386) ---- */

#ifdef __SIZEOF_INT128__
struct int128_ops {
	unsigned long long before;
	unsigned __int128 u128;
	__int128 s128;
	int after;
};
#endif

/* ---- straddle.bpf.c: bitfields no C bitfield places (accessors) ---- */

/* issue 11's example: b crosses bits 127..128, so a, b, c are bytes */
struct straddle_ops {
	int (*init)(void *arg);
	unsigned long long a : 63, b : 2, c : 62;
} __attribute__((packed));

struct straddle2_ops {
	char c;
	signed long long s : 60; /* bits 8..67: crosses the 8-byte unit */
	unsigned int small : 3;	 /* shares byte 8 with s: bytes too */
	_Bool flag : 1;
	unsigned char after;	 /* ordinary member between runs */
	unsigned int ok : 5;	 /* a run of its own: a real bitfield */
	struct {
		short pre;
		unsigned long long w : 64; /* bit 8 of the anonymous struct */
	} __attribute__((packed));
	struct straddle_ops nested; /* accessors of the nested type */
} __attribute__((packed));

#endif /* LAYOUT_TYPES_H */
