#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# vm-kernel.sh: one kernel's column of the kernel matrix, and the examples
# run in that kernel. One boot (or, for "host", the running kernel) runs:
#   - load_attach on every object: the real load + attach of each as compiled
#   - tcp_cc end to end on tcp_cc.bpf.o (.struct_ops.link) and on
#     tcp_cc_nolink.bpf.o (the same source in .struct_ops)
#   - the sched_ext loader on sched_ext.bpf.o, and (--sched-ext-go,
#     --sched-ext-rs: build-loaders) its static Go (cilium/ebpf) and Rust
#     (libbpf-rs, fit_kernel) twins
#   - the dummy_ops loader on dummy_ops.bpf.o (a slot program test-run
#     through its struct_ops trampoline)
#   - sid only (--testmod): stops_testmod.ko (build-testmod) inserted, and a
#     map of its module-defined type configured through the shadow, fitted
#     with NULL, loaded, attached and called by the module; check against
#     that kernel's vmlinux and the module's BTF as the guest had it
# then `stops-shadow check` of every object against that kernel's BTF.
#
#   vm-kernel.sh --cli STOPS_SHADOW --load-attach EXE --tcp-cc EXE
#                --sched-ext EXE --dummy-ops EXE --out DIR [--cache DIR]
#                [--testmod EXE --testmod-obj OBJ]
#                [--sched-ext-go EXE --sched-ext-rs EXE] KERNEL OBJ...
#
# KERNEL: host, or a series fetch-kernels cached (6.1, 6.12, sid). The
# objects must include tcp_cc, tcp_cc_nolink, sched_ext and dummy_ops. Writes
# DIR/KERNEL/column.txt ("OBJECT CHECK REAL DETAIL" per object; CHECK
# ok|incompat|error, REAL ok|fail), which vm-matrix.sh reads. Fails when the kernel does not boot
# or an example does not do what it must on that kernel; a disagreement of
# check and reality is vm-matrix.sh's to judge. Exit 77 (skip) for host
# without root.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

cli='' la='' tcp='' sxe='' dum='' out='' tml='' tmo='' sxg='' sxr=''
cache=${STOPS_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stops-shadow/kernels}
while [ $# -gt 0 ]; do
	case $1 in
	--cli) cli=$2; shift 2 ;;
	--load-attach) la=$2; shift 2 ;;
	--tcp-cc) tcp=$2; shift 2 ;;
	--sched-ext) sxe=$2; shift 2 ;;
	--dummy-ops) dum=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--testmod) tml=$2; shift 2 ;;
	--testmod-obj) tmo=$2; shift 2 ;;
	--sched-ext-go) sxg=$2; shift 2 ;;
	--sched-ext-rs) sxr=$2; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	-*) echo "vm-kernel.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ -n "$cli" ] && [ -n "$la" ] && [ -n "$tcp" ] && [ -n "$sxe" ] && [ -n "$dum" ] && [ -n "$out" ] && [ $# -ge 2 ] ||
	{ echo "usage: vm-kernel.sh --cli STOPS_SHADOW --load-attach EXE --tcp-cc EXE --sched-ext EXE --dummy-ops EXE --out DIR [--testmod EXE --testmod-obj OBJ] [--sched-ext-go EXE --sched-ext-rs EXE] KERNEL OBJ..." >&2; exit 2; }
kernel=$1
shift
objs=("$@")
export PATH=$PATH:/usr/sbin:/sbin

dir=$out/$kernel
rm -rf "$dir"
mkdir -p "$dir"
skip() {
	echo "skip: $*"
	echo "#skipped $*" >"$dir/column.txt"
	exit 77
}

if [ "$kernel" = host ]; then
	btf=/sys/kernel/btf/vmlinux
	[ -r $btf ] || skip "no $btf"
	[ "$(id -u)" = 0 ] || skip "loading BPF on the host needs root"
	release=$(uname -r)
else
	kdir=$cache/$kernel
	[ -f "$kdir/kernel.env" ] || { echo "FAIL: no kernel $kernel in $cache (vm.fetch)"; exit 1; }
	btf=$kdir/vmlinux.btf
	release=$(sed -n 's/^RELEASE=//p' "$kdir/kernel.env")
fi
# What the kernel offers, read from its BTF: struct_ops links (6.4) and
# sched_ext. The examples' expected outcome follows from these.
types=$(bpftool btf dump file "$btf") || { echo "FAIL: bpftool cannot read $btf"; exit 1; }
has() { grep -c "$1" <<<"$types" >/dev/null; }
links=n sx=n
has "'BPF_F_LINK' val=" && links=y
has "STRUCT 'sched_ext_ops' size=" && sx=y
unset types
echo "kernel $kernel: $release, BTF $btf, struct_ops links: $links, sched_ext: $sx"

# The payload: loaders, objects, and the script the guest runs.
p=$dir/payload
mkdir -p "$p/objs"
for b in "load_attach $la" "tcp_cc $tcp" "sched_ext $sxe" "dummy_ops $dum"; do
	[ -x "${b#* }" ] || { echo "FAIL: no ${b#* }"; exit 1; }
	cp "${b#* }" "$p/${b%% *}"
done
names=()
for o in "${objs[@]}"; do
	[ -f "$o" ] || { echo "FAIL: no object $o"; exit 1; }
	cp "$o" "$p/objs/"
	n=$(basename "$o")
	names+=("${n%.bpf.o}")
done
# The Go and Rust loaders of sched_ext: static, the guest needs nothing else
twins=n
if [ -n "$sxg" ] || [ -n "$sxr" ]; then
	for b in "sched_ext_go $sxg" "sched_ext_rs $sxr"; do
		[ -x "${b#* }" ] || { echo "FAIL: no ${b#* } (vm.sched_ext.loaders)"; exit 1; }
		cp "${b#* }" "$p/${b%% *}"
	done
	twins=y
fi
# The module test: sid's column only (the one kernel build-testmod builds for)
testmod=n
if [ "$kernel" = sid ] && [ -n "$tml" ]; then
	if ko=$("$here/build-testmod" --cache "$cache" sid 2>"$dir/testmod-build.log"); then
		testmod=y
		mkdir -p "$p/tm"
		cp "$ko" "$tmo" "$p/tm/" && cp "$tml" "$p/tm/testmod_loader"
	else
		cat "$dir/testmod-build.log"
		echo "FAIL: $kernel: build-testmod failed"
		exit 1
	fi
fi
cc=ss_vm_$$
cat >"$p/run.sh" <<EOF
section() {
	name=\$1
	shift
	echo "@@BEGIN \$name"
	"\$@"
	echo "@@END \$name rc=\$?"
}
section matrix ./load_attach objs/*.bpf.o
section tcp_cc ./tcp_cc --name ${cc}_l --bytes 1048576 objs/tcp_cc.bpf.o
section tcp_cc_nolink ./tcp_cc --name ${cc}_n --bytes 1048576 objs/tcp_cc_nolink.bpf.o
section sched_ext ./sched_ext objs/sched_ext.bpf.o
section dummy_ops ./dummy_ops objs/dummy_ops.bpf.o
$([ $twins = y ] && echo "section sched_ext_go ./sched_ext_go --name go_named_fifo objs/sched_ext.bpf.o
section sched_ext_rs ./sched_ext_rs --suffix vm --timeout-ms 5000 objs/sched_ext.bpf.o")
echo "@@BEGIN dmesg"
dmesg | grep 'sched_ext:'
echo "@@END dmesg rc=0"
EOF
if [ $testmod = y ]; then
	cat >>"$p/run.sh" <<'EOF'
section testmod_before tm/testmod_loader tm/testmod.bpf.o
section testmod_insmod insmod tm/stops_testmod.ko
section testmod tm/testmod_loader tm/testmod.bpf.o
echo "@@BEGIN testmod_btf"
base64 /sys/kernel/btf/stops_testmod
echo "@@END testmod_btf rc=$?"
echo "@@BEGIN testmod_dmesg"
dmesg | grep 'stops_testmod:'
echo "@@END testmod_dmesg rc=0"
EOF
fi

if [ "$kernel" = host ]; then
	# The objects register fixed names (a tcp_cc "ok_ca"...): two build
	# trees attaching them at once would see EEXIST, not the object's fate.
	(cd "$p" && flock "${TMPDIR:-/tmp}/stops-shadow-vm-host.lock" sh ./run.sh) \
		>"$dir/results.txt" 2>&1
else
	"$here/run-kernel.sh" "$kdir" "$p" "$dir/boot" || exit 1
	cp "$dir/boot/results.txt" "$dir/results.txt"
fi

# section NAME: that section's output; rc NAME: its exit status.
section() { awk -v n="$1" '$0 == "@@BEGIN " n { on = 1; next } on && index($0, "@@END " n " rc=") == 1 { exit } on' "$dir/results.txt"; }
rc() { sed -n "s/^@@END $1 rc=//p" "$dir/results.txt"; }

status=0
bad() { echo "FAIL: $kernel: $*"; status=1; }
# expect NAME RC REGEX...: section NAME exited RC and matches each REGEX.
expect() {
	local name=$1 want=$2 got re
	shift 2
	got=$(rc "$name")
	echo "--- $name (exit ${got:-none}, expected $want)"
	section "$name"
	[ "$got" = "$want" ] || bad "$name exited ${got:-(did not finish)}, expected $want"
	for re in "$@"; do
		section "$name" | grep -qE -- "$re" || bad "$name: output lacks /$re/"
	done
}

tcp_ok=("registered \"${cc}_X\": listed in tcp_available_congestion_control and tcp_allowed"
	"init=init_alt release=NULL"
	"on \"${cc}_X\": sent and received 1048576 bytes"
	"counters  init_alt=1 cc_init=0 release=0 cong_avoid=[1-9]"
	"detached  \"${cc}_X\" no longer listed"
	"^tcp_cc: ok$")
if [ $links = y ]; then
	expect tcp_cc 0 "${tcp_ok[@]//X/l}"
else
	# Before 6.4 the kernel has no struct_ops links: libbpf's BPF_F_LINK
	# map is refused at creation.
	expect tcp_cc 1 "error: loading .*Invalid argument"
fi
expect tcp_cc_nolink 0 "${tcp_ok[@]//X/n}"
if [ $sx = y ]; then
	expect sched_ext 0 "name \"user_named_fifo\"" \
		"fit       [0-9]+ member\\(s\\) dropped for this kernel's sched_ext_ops" \
		"state: enabled" "root/ops: user_named_fifo" \
		"child     sched_setscheduler\(SCHED_EXT\) ok, sched_getscheduler = 7 \(SCHED_EXT\)" \
		"counters  init=1 enqueue=0 enqueue_alt=[1-9][0-9]* dispatch=[1-9][0-9]* exit=1" \
		"after detach: state disabled, root/ops gone" "^sched_ext: ok$"
	# The kernel's own word that the name set from user space reached it.
	for re in 'BPF scheduler "user_named_fifo" enabled \(partial\)' \
		'BPF scheduler "user_named_fifo" disabled \(unregistered from user space\)'; do
		section dmesg | grep -qE "$re" || bad "kernel log lacks /$re/"
	done
else
	expect sched_ext 1 "struct sched_ext_ops is not found in kernel BTF"
fi
if [ $twins = y ] && [ $sx = y ]; then
	# The same run through cilium/ebpf and through libbpf-rs, the Rust
	# loader configured scx-style (a suffix to its base name, timeout_ms).
	sx_ok=("fit       0 member\(s\) dropped for this kernel's sched_ext_ops"
		"state: enabled, root/ops: @NAME@$"
		"child     sched_setscheduler\(SCHED_EXT\) ok, sched_getscheduler = 7 \(SCHED_EXT\)"
		"counters  init=1 enqueue=0 enqueue_alt=[1-9][0-9]* dispatch=[1-9][0-9]* exit=1"
		"after detach: state disabled, root/ops gone")
	expect sched_ext_go 0 "to load   name \"go_named_fifo\" flags 0x8 timeout_ms 3000" \
		"init=fifo_init enqueue=fifo_enqueue_alt dispatch=fifo_dispatch exit=fifo_exit" \
		"${sx_ok[@]//@NAME@/go_named_fifo}" "^sched_ext: ok$"
	expect sched_ext_rs 0 "to load   name \"rust_fifo_vm\" flags 0x8 timeout_ms 5000" \
		"init=fifo_init enqueue=fifo_enqueue_alt dispatch=fifo_dispatch exit=fifo_exit" \
		"${sx_ok[@]//@NAME@/rust_fifo_vm}" "^sched_ext_rs: ok$"
	for n in go_named_fifo rust_fifo_vm; do
		for re in "BPF scheduler \"$n\" enabled \(partial\)" \
			"BPF scheduler \"$n\" disabled \(unregistered from user space\)"; do
			section dmesg | grep -qE "$re" || bad "kernel log lacks /$re/"
		done
	done
elif [ $twins = y ]; then
	# No sched_ext: each loader's fit finds no such type in the kernel's
	# BTF, before anything is loaded.
	expect sched_ext_go 1 "error: struct sched_ext_ops is not found in kernel BTF: no sched_ext in this kernel \(stops-shadow: sched_ext: map fifo: struct sched_ext_ops: kernel type sched_ext_ops .*no such file or directory\)" \
		"^sched_ext: FAILED$"
	expect sched_ext_rs 1 "error: fit_kernel: stops-shadow: the kernel has no struct_ops type struct sched_ext_ops: no sched_ext in this kernel" \
		"^sched_ext_rs: FAILED$"
fi

if [ $links = y ]; then
	expect dummy_ops 0 "test_2=NULL" "dummy_test_2 not loaded" \
		"map value refused with EOPNOTSUPP" \
		"dummy_test_1: returned 42, state.val 1 -> 101" "counters  test_1=1 test_2=0" \
		"^dummy_ops: ok$"
else
	# libbpf up to 1.4 prints strerror's text, 1.5 on the errno's name
	expect dummy_ops 1 "map 'dummy': failed to create: (Invalid argument|-EINVAL)"
fi

if [ $testmod = y ]; then
	# before insmod: no such type anywhere, as libbpf would find
	expect testmod_before 1 "struct stops_testmod_ops not in the kernel's BTF"
	expect testmod_insmod 0
	expect testmod 0 "found     struct stops_testmod_ops in module stops_testmod" \
		"stops-shadow: struct stops_testmod_ops: in module stops_testmod's BTF" \
		"compiled  ping=ping_a name \"compiled\"" \
		"fit       ok with NULL" \
		"module    ping\(7\)=2007 flags=5 name=from_shadow" \
		"detached  ping: No such file or directory" "^testmod: ok$"
	for re in 'stops_testmod: ops "from_shadow" registered' 'stops_testmod: ops unregistered'; do
		section testmod_dmesg | grep -qE "$re" || bad "kernel log lacks /$re/"
	done
	# check against that kernel's /sys/kernel/btf as the guest had it
	# (vmlinux: the same bytes as the fetched BTF, run-kernel.sh checks)
	kb=$dir/testmod-btf
	mkdir -p "$kb"
	cp "$btf" "$kb/vmlinux"
	section testmod_btf | base64 -d >"$kb/stops_testmod" 2>/dev/null
	tmobj=$p/tm/$(basename "$tmo")
	echo "--- check testmod.bpf.o against $kb (vmlinux + stops_testmod)"
	"$cli" check "$tmobj" --kernel-btf "$kb" >"$dir/check.testmod.txt" 2>&1
	c=$?
	cat "$dir/check.testmod.txt"
	[ $c = 0 ] || bad "check testmod.bpf.o with the module's BTF exited $c, the kernel loaded it"
	grep -q "kernel struct stops_testmod_ops in $kb/stops_testmod, module stops_testmod): compatible" \
		"$dir/check.testmod.txt" || bad "check does not name module stops_testmod"
	"$cli" check "$tmobj" --kernel-btf "$btf" >"$dir/check.testmod-vmlinux.txt" 2>&1
	c=$?
	[ $c = 3 ] || bad "check testmod.bpf.o with vmlinux alone exited $c, want 3 (the kernel refused it before insmod)"
fi

# The column: check's verdict against this kernel's BTF, and reality.
echo "--- check against $btf vs load + attach in $release"
{
	echo "#kernel $kernel $release"
	for n in "${names[@]}"; do
		"$cli" check "$p/objs/$n.bpf.o" --kernel-btf "$btf" >"$dir/check.$n.txt" 2>&1
		case $? in
		0) c=ok ;;
		3) c=incompat ;;
		*) c=error ;;
		esac
		line=$(section matrix | grep "^@@REAL $n " | head -n 1)
		if [ -z "$line" ]; then
			r=fail why="load_attach printed nothing"
		else
			r=$(echo "$line" | cut -d' ' -f3)
			why=${line#"@@REAL $n $r"}
			why=${why# }
		fi
		echo "$n $c $r ${why:--}"
	done
} >"$dir/column.txt"
[ "$(rc matrix)" = 0 ] || bad "load_attach exited $(rc matrix)"
grep -v '^#' "$dir/column.txt" | while read -r n c r why; do
	printf '  %-14s check %-8s real %-4s %s\n' "$n" "$c" "$r" "$why"
done
exit $status
