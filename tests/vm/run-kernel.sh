#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# run-kernel.sh: boots a kernel under QEMU with a busybox initramfs, runs a
# payload in it, and brings the results back.
#
#   run-kernel.sh [--timeout SEC] [--mem MB] KERNEL_DIR PAYLOAD_DIR OUT_DIR
#
# KERNEL_DIR holds vmlinuz and kernel.env (fetch-kernels). PAYLOAD_DIR is
# copied to /t in the guest; its run.sh runs there as root with the results
# port as stdout and stderr. Every ELF executable in it gets its shared
# libraries (ldd) at the same absolute paths; files under PAYLOAD_DIR/root/
# go to / instead (for absolute paths a program has compiled in).
#
# Two serial ports keep the kernel's messages (OUT_DIR/console.log, ttyS0)
# apart from the results (OUT_DIR/results.txt, ttyS1). The guest writes
# "@@BOOTED <uname -r>", "@@BTF_SHA256 <sha256 of /sys/kernel/btf/vmlinux>",
# then run.sh's output, then "@@DONE rc=<run.sh's exit>".
# Exit 0 when the guest got to @@DONE, the running kernel is the expected
# release and its BTF is the one fetch-kernels saved (so host-side `check`
# runs against the kernel that really ran); 1 otherwise, with the console's
# tail. run.sh's own exit status is only reported: the caller judges results.
# KVM when /dev/kvm works, else TCG ($STOPS_VM_ACCEL=tcg|kvm forces one).
set -uo pipefail

me=run-kernel.sh
timeout=300 mem=1024
while [ $# -gt 0 ]; do
	case $1 in
	--timeout) timeout=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	-*) echo "$me: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# = 3 ] || { echo "usage: $me [--timeout SEC] [--mem MB] KERNEL_DIR PAYLOAD_DIR OUT_DIR" >&2; exit 2; }
kdir=$1 payload=$2 out=$3
die() { echo "$me: $*" >&2; exit 1; }
[ -f "$kdir/vmlinuz" ] && [ -f "$kdir/kernel.env" ] || die "$kdir: no vmlinuz or kernel.env (run fetch-kernels)"
[ -f "$payload/run.sh" ] || die "$payload: no run.sh"
busybox=$(command -v busybox) || die "needs busybox (busybox-static)"
qemu=$(command -v qemu-system-x86_64) || die "needs qemu-system-x86_64 (qemu-system-x86)"
release=$(sed -n 's/^RELEASE=//p' "$kdir/kernel.env")
btf_sha=$(sed -n 's/^BTF_SHA256=//p' "$kdir/kernel.env")

rm -rf "$out"
mkdir -p "$out/root"
root=$out/root

# The initramfs tree: static busybox and its applets, the payload, and the
# shared libraries of every executable in it.
mkdir -p "$root"/{bin,sbin,proc,sys,dev,tmp,t,etc}
cp "$busybox" "$root/bin/busybox"
ldd "$busybox" >/dev/null 2>&1 &&
	die "$busybox is dynamically linked (install busybox-static)"
for a in $("$busybox" --list); do
	[ -e "$root/bin/$a" ] || ln -s busybox "$root/bin/$a"
done
cp -a "$payload/." "$root/t/"
if [ -d "$root/t/root" ]; then
	cp -a "$root/t/root/." "$root/"
	rm -rf "$root/t/root"
fi
libs=$(find "$root" -type f -perm -u+x ! -path "$root/bin/busybox" -print0 |
	xargs -0 -r sh -c 'for f; do head -c 4 "$f" | grep -q ELF && ldd "$f" 2>/dev/null; done' sh |
	awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u)
for l in $libs; do
	mkdir -p "$root$(dirname "$l")"
	cp -L "$l" "$root$l"
done
cat >"$root/init" <<'EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mkdir -p /sys/fs/bpf && mount -t bpf bpf /sys/fs/bpf 2>/dev/null
ip link set lo up
stty -F /dev/ttyS1 raw -echo
exec >/dev/ttyS1 2>&1
echo "@@BOOTED $(uname -r)"
echo "@@BTF_SHA256 $(sha256sum /sys/kernel/btf/vmlinux | cut -d' ' -f1)"
cd /t && sh ./run.sh
echo "@@DONE rc=$?"
poweroff -f
EOF
chmod +x "$root/init"
(cd "$root" && find . | "$busybox" cpio -o -H newc -R 0:0 2>/dev/null | gzip -1) >"$out/initrd.gz" ||
	die "cannot build the initramfs"
rm -rf "$root"

# KVM only when it really starts a vCPU: /dev/kvm can exist and still fail
# (nested virtualisation refusing MSRs), which QEMU reports at once.
accel=${STOPS_VM_ACCEL:-}
if [ -z "$accel" ]; then
	accel=tcg
	if [ -w /dev/kvm ]; then
		# In sh -c: QEMU aborts, and bash would report that on stderr.
		r=$(sh -c 'timeout 2 "$0" -accel kvm -cpu max -m 64 -display none \
			-nodefaults -S </dev/null >/dev/null 2>&1; echo $?' "$qemu" 2>/dev/null)
		[ "$r" = 124 ] && accel=kvm
	fi
fi
cpu=max
boot() {
	local start=$SECONDS rc limit=$timeout
	# Under KVM a boot takes seconds; a KVM that hangs must leave time for TCG.
	[ "$1" = kvm ] && [ "$limit" -gt 120 ] && limit=120
	: >"$out/console.log"
	: >"$out/results.raw"
	timeout "$limit" "$qemu" -accel "$1" -cpu $cpu -m "$mem" -smp 1 \
		-kernel "$kdir/vmlinuz" -initrd "$out/initrd.gz" \
		-append "console=ttyS0 panic=-1 loglevel=4" \
		-display none -no-reboot -nodefaults \
		-serial "file:$out/console.log" -serial "file:$out/results.raw" \
		</dev/null >"$out/qemu.log" 2>&1
	rc=$?
	tr -d '\r' <"$out/results.raw" >"$out/results.txt"
	echo "$me: $release: $1, $((SECONDS - start)) s, qemu exit $rc"
	return $rc
}
boot $accel
qrc=$?
if [ $accel = kvm ] && ! grep -q '^@@BOOTED' "$out/results.txt"; then
	echo "$me: KVM did not boot ($(tail -n 1 "$out/qemu.log")); TCG instead"
	boot tcg
	qrc=$?
fi

fail() {
	echo "FAIL: $release: $*"
	echo "--- qemu:"
	tail -n 5 "$out/qemu.log"
	# A panic's first line is often above a tail of stack trace.
	echo "--- console, alarms ($out/console.log):"
	tr -d '\r' <"$out/console.log" | grep -E 'Kernel panic|BUG:|Oops|WARNING:|Call Trace' | head -n 5
	echo "--- console tail:"
	tail -n 30 "$out/console.log" | tr -d '\r'
	echo "--- results tail ($out/results.txt):"
	tail -n 15 "$out/results.txt"
	exit 1
}
[ $qrc = 124 ] && fail "timed out after $timeout s"
booted=$(sed -n 's/^@@BOOTED //p' "$out/results.txt")
[ -n "$booted" ] || fail "did not boot (qemu exit $qrc)"
[ "$booted" = "$release" ] || fail "booted $booted, expected $release"
sha=$(sed -n 's/^@@BTF_SHA256 //p' "$out/results.txt")
[ "$sha" = "$btf_sha" ] ||
	fail "the running kernel's BTF ($sha) is not the saved $kdir/vmlinux.btf ($btf_sha)"
grep -q '^@@DONE' "$out/results.txt" || fail "the payload did not finish"
exit 0
