#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# vm-matrix.sh: the kernel matrix (object x kernel) from the columns
# vm-kernel.sh wrote: `check`'s verdict against each kernel's BTF next to
# the real load + attach in that kernel.
#
#   vm-matrix.sh --known FILE OUT_DIR KERNEL...
#
# Prints the matrix and writes it to OUT_DIR/matrix.txt, and one row per
# object and kernel to OUT_DIR/matrix.tsv (object kernel release check real
# known-reason detail). Fails when check
# and reality disagree on a pair that FILE (known-disagreements.txt) does
# not list, or when a column is missing; reports the listed ones, and the
# listed pairs that agree now (to prune from FILE). A skipped kernel shows
# as a column of "skip".
set -uo pipefail

known=
while [ $# -gt 0 ]; do
	case $1 in
	--known) known=$2; shift 2 ;;
	-*) echo "vm-matrix.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ -n "$known" ] && [ $# -ge 2 ] || { echo "usage: vm-matrix.sh --known FILE OUT_DIR KERNEL..." >&2; exit 2; }
out=$1
shift
kernels=("$@")

status=0
declare -A cell why rel
objects=()
ran=0
for k in "${kernels[@]}"; do
	col=$out/$k/column.txt
	if [ ! -f "$col" ]; then
		echo "FAIL: no column for kernel $k ($col): did vm.kernel.$k run?"
		status=1
		rel[$k]=missing
		continue
	fi
	if grep -q '^#skipped' "$col"; then
		echo "note: kernel $k skipped: $(sed -n 's/^#skipped //p' "$col")"
		rel[$k]="skipped: $(sed -n 's/^#skipped //p' "$col")"
		continue
	fi
	ran=$((ran + 1))
	rel[$k]=$(sed -n 's/^#kernel [^ ]* //p' "$col")
	while read -r n c r w; do
		[[ $n == \#* ]] && continue
		[[ " ${objects[*]} " == *" $n "* ]] || objects+=("$n")
		cell[$n,$k]="$c/$r"
		why[$n,$k]=$w
	done <"$col"
done
if [ $ran = 0 ] && [ $status = 0 ]; then
	echo "skip: no kernel ran"
	exit 77
fi

# known OBJECT KERNEL: the reason FILE gives, empty if the pair is not listed.
known_reason() {
	local o k why
	while read -r o k why; do
		[[ -z $o || $o == \#* ]] && continue
		# shellcheck disable=SC2053 # the file's columns are globs
		if [[ $1 == $o && $2 == $k ]]; then
			echo "$why"
			return
		fi
	done <"$known"
}

{
	echo "Kernel matrix: check verdict / real load+attach (ok, incompat, error / ok, fail)"
	echo "'!' marks a disagreement, '!k' one that $(basename "$known") lists."
	echo
	printf '%-14s' object
	for k in "${kernels[@]}"; do printf ' %-18s' "$k"; done
	echo
	for n in "${objects[@]}"; do
		printf '%-14s' "$n"
		for k in "${kernels[@]}"; do
			v=${cell[$n,$k]:-skip}
			case $v in
			ok/ok | incompat/fail | skip) ;;
			*) if [ -n "$(known_reason "$n" "$k")" ]; then v+=" !k"; else v+=" !"; fi ;;
			esac
			printf ' %-18s' "$v"
		done
		echo
	done
	echo
	for k in "${kernels[@]}"; do echo "kernel $k: ${rel[$k]}"; done
} >"$out/matrix.txt"
cat "$out/matrix.txt"
echo

agree=0 listed=0 unlisted=0 stale=0
printf 'object\tkernel\trelease\tcheck\treal\tknown\tdetail\n' >"$out/matrix.tsv"
for n in "${objects[@]}"; do
	for k in "${kernels[@]}"; do
		v=${cell[$n,$k]:-}
		[ -n "$v" ] || continue
		reason=$(known_reason "$n" "$k")
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$k" "${rel[$k]}" "${v%/*}" \
			"${v#*/}" "${reason:--}" "${why[$n,$k]}" >>"$out/matrix.tsv"
		case $v in
		ok/ok | incompat/fail)
			agree=$((agree + 1))
			if [ -n "$reason" ]; then
				stale=$((stale + 1))
				echo "agrees now (prune from $(basename "$known")): $n on $k: $reason"
			fi
			;;
		*)
			if [ -n "$reason" ]; then
				listed=$((listed + 1))
				echo "known disagreement: $n on $k: check ${v%/*}, real ${v#*/}: $reason"
			else
				unlisted=$((unlisted + 1))
				status=1
				echo "FAIL: $n on $k: check says ${v%/*}, the kernel says ${v#*/} (${why[$n,$k]})"
			fi
			;;
		esac
	done
done
echo "agree $agree, known disagreements $listed, unlisted disagreements $unlisted, listed but agreeing $stale"
echo "matrix written to $out/matrix.txt (one row per pair: $out/matrix.tsv)"
exit $status
