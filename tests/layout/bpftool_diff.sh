#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# Differential test against `bpftool gen skeleton`: for every struct_ops map
# of OBJ, compare the member offsets and sizes of bpftool's shadow type and
# ours with the object's BTF. Ours must always equal BTF (hard failure
# otherwise); every bpftool member is reported as "same" or how it differs,
# and the report must equal the object's lines of EXPECTED, so a change in
# either tool shows up.
#
# usage: bpftool_diff.sh BPFTOOL CC OBJ NAME SHADOW_INCDIR SRCDIR BTFMEMBERS
#                        WORKDIR EXPECTED
# With LAYOUT_UPDATE_EXPECTED=1 the object's lines of EXPECTED are rewritten.
set -u
bpftool=$1 cc=$2 obj=$3 name=$4 inc=$5 src=$6 btfmembers=$7 work=$8 expected=$9
mkdir -p "$work" || exit 1
skel=$work/$name.skel.h
if ! "$bpftool" gen skeleton "$obj" >"$skel" 2>"$work/bpftool.log"; then
	echo "FAIL: bpftool gen skeleton $obj:"
	cat "$work/bpftool.log"
	exit 1
fi

# "T <bpftool type> <map>" and "M <bpftool type> <member>" records
awk '
/^\t\tstruct [A-Za-z0-9_]+ \{$/ { t = $2; next }
t != "" && /^\t\t\} \*[A-Za-z0-9_]+;$/ {
	m = $2; sub(/^\*/, "", m); sub(/;$/, "", m)
	print "T", t, m; t = ""; next
}
t != "" {
	if (match($0, /[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])*;$/)) {
		n = substr($0, RSTART, RLENGTH); sub(/[[;].*/, "", n)
		if (n !~ /^__(padding|unsupported)_/) print "M", t, n
	}
}' "$skel" >"$work/bpftool-members.txt"

# bpftool's types alone: its skeleton needs libbpf >= 1.5 headers to compile
awk '
/^\t\tstruct [A-Za-z0-9_]+ \{$/ { p = 1; sub(/^\t\t/, ""); print; next }
p && /^\t\t\} \*[A-Za-z0-9_]+;$/ { print "};"; p = 0; next }
p { sub(/^\t\t/, ""); print }' "$skel" >"$work/bpftool-types.h"

c=$work/diff_$name.c
{
	echo '#include "btfwalk.h"'
	echo '#include "check.h"'
	echo '#include "bpf/types.h" /* bpftool names the enum types */'
	# bpftool spells anonymous enum types inline: rename their constants
	# so they do not clash with types.h
	awk '/enum \{$/ { e = 1; next } e && /\}/ { e = 0 }
		e && match($0, /[A-Za-z_][A-Za-z0-9_]*/) {
			n = substr($0, RSTART, RLENGTH); print "#define " n " " n "__bpftool"
		}' "$work/bpftool-types.h"
	echo "#include \"bpftool-types.h\""
	echo "#include <$name.shadow.h>"
	echo 'struct row { const char *map, *type, *member, *kind; int bf, in_bpftool, typed;'
	echo '	size_t b_off, b_size, o_off, o_size; };'
	echo 'struct tsize { const char *map, *type; size_t b_size, o_size; };'
	echo 'static const struct row rows[] = {'
} >"$c"
sizes=
nr=0
while read -r tag btype map; do
	[ "$tag" = T ] || continue
	type=${btype#*__"${map}"__}
	ours="struct ${name}__${map}__${type}"
	bt="struct $btype"
	if ! "$btfmembers" "$obj" "$type" >"$work/btf-$map.txt"; then
		echo "FAIL: no BTF struct $type in $obj"
		exit 1
	fi
	while read -r mem kind bf; do
		if grep -qx "M $btype $mem" "$work/bpftool-members.txt"; then
			b="offsetof($bt, $mem), sizeof((($bt *)0)->$mem)"
			inb=1
		else
			b="0, 0"
			inb=0
		fi
		case $bf.$kind in
		1.* | *.ptr | *.other | *.array-ptr | *.array-fnptr | *.array-other | *.empty)
			# bitfields: no offsetof; opaque (or 0 bytes) in ours too
			o="0, 0" ;;
		*)
			o="offsetof($ours, $mem), sizeof((($ours *)0)->$mem)" ;;
		esac
		typed=1
		[ "$o" = "0, 0" ] && [ "$bf" = 0 ] && typed=0
		echo "	{ \"$map\", \"$type\", \"$mem\", \"$kind\", $bf, $inb, $typed, $b, $o },"
	done <"$work/btf-$map.txt" >>"$c"
	# bpftool members that BTF does not have
	grep "^M $btype " "$work/bpftool-members.txt" | while read -r _ _ mem; do
		grep -q "^$mem " "$work/btf-$map.txt" ||
			echo "#error bpftool member $mem of $btype is not in BTF"
	done >>"$c"
	sizes="$sizes	{ \"$map\", \"$type\", sizeof($bt), sizeof($ours) },
"
	nr=$((nr + 1))
done <"$work/bpftool-members.txt"
{
	echo '	{ 0 } };'
	echo 'static const struct tsize sizes[] = {'
	printf '%s' "$sizes"
	echo '	{ 0 } };'
	cat <<'EOC'
int main(int argc, char **argv)
{
	struct btf *btf = btf__parse_elf(argv[1], NULL);
	const char *obj = argv[2];
	const struct row *r;
	const struct tsize *t;

	if (argc != 3 || !btf) {
		fprintf(stderr, "usage: diff OBJ NAME (BTF: %s)\n", strerror(errno));
		return 2;
	}
	for (t = sizes; t->map; t++) {
		int id = btf__find_by_name_kind(btf, t->type, BTF_KIND_STRUCT);
		size_t size = id > 0 ? (size_t)btf__resolve_size(btf, id) : 0;

		CHECK(t->o_size == size, "%s %s: sizeof ours %zu, BTF %zu", obj,
		      t->map, t->o_size, size);
		if (t->b_size == size)
			printf("%s %s sizeof: same (%zu)\n", obj, t->map, size);
		else
			printf("%s %s sizeof: bpftool %zu, BTF %zu\n", obj, t->map,
			       t->b_size, size);
	}
	for (r = rows; r->map; r++) {
		int id = btf__find_by_name_kind(btf, r->type, BTF_KIND_STRUCT);
		struct bmem m;

		if (id <= 0 || bw_find(btf, id, r->member, &m)) {
			CHECK(0, "%s %s %s: not in BTF", obj, r->map, r->member);
			continue;
		}
		if (!r->bf && r->typed)
			CHECK(r->o_off * 8 == m.bit_off && r->o_size == m.size,
			      "%s %s %s: ours offset %zu size %zu, BTF bit offset %u size %u",
			      obj, r->map, r->member, r->o_off, r->o_size,
			      m.bit_off, m.size);
		printf("%s %s %s (%s%s): ", obj, r->map, r->member, r->kind,
		       r->bf ? " bitfield" : "");
		if (!r->in_bpftool)
			printf("bpftool opaque, ours %s\n",
			       r->typed || r->bf ? "typed" : "opaque");
		else if (r->bf)
			printf("bpftool %zu bytes at %zu, BTF %u bits at bit %u\n",
			       r->b_size, r->b_off, m.bit_size, m.bit_off);
		else if (r->b_off * 8 == m.bit_off && r->b_size == m.size)
			printf("same\n");
		else
			printf("bpftool %zu bytes at %zu, BTF %u bytes at %u\n",
			       r->b_size, r->b_off, m.size, m.bit_off / 8);
	}
	btf__free(btf);
	return check_failures ? 1 : 0;
}
EOC
} >>"$c"

if ! "$cc" -std=gnu11 -Wall -Werror -Wno-unused-function -I"$src" -I"$inc" \
	-I"$work" "$c" -o "$work/diff_$name" -lbpf 2>"$work/cc.log"; then
	echo "FAIL: differential program does not compile ($c):"
	cat "$work/cc.log"
	exit 1
fi
if ! "$work/diff_$name" "$obj" "$name" >"$work/raw.txt"; then
	echo "FAIL: our shadow type differs from BTF (above)"
	exit 1
fi
LC_ALL=C sort "$work/raw.txt" >"$work/report.txt"
grep "^$name " "$expected" >"$work/expected.txt"
if [ "${LAYOUT_UPDATE_EXPECTED:-}" = 1 ]; then
	{ grep -v "^$name " "$expected"; cat "$work/report.txt"; } | LC_ALL=C sort >"$work/new"
	cat "$work/new" >"$expected"
	echo "updated $expected for $name"
fi
if ! diff -u "$work/expected.txt" "$work/report.txt"; then
	echo "FAIL: bpftool comparison for $name changed (-expected +now); if intended,"
	echo "rerun with LAYOUT_UPDATE_EXPECTED=1 and update bpftool-comparison.md"
	exit 1
fi
echo "bpftool_diff $name: $nr map(s), $(wc -l <"$work/report.txt") lines as expected"
echo "bpftool agrees with BTF on $(grep -c ': same' "$work/report.txt") of them"
