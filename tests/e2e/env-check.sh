# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# env-check.sh: sourced by the e2e scripts; exits 77 with the reason when
# this machine cannot load struct_ops maps.
#   stops_e2e_require TYPE...   kernel struct_ops types the test needs
skip() {
	echo "SKIP: $*"
	exit 77
}

stops_e2e_require() {
	local cap bit
	[ "$(id -u)" = 0 ] || skip "not root"
	cap=$(awk '/^CapEff:/ { print $2 }' /proc/self/status)
	# CAP_NET_ADMIN 12, CAP_SYS_ADMIN 21, CAP_BPF 39
	for bit in 12 21 39; do
		(((0x$cap >> bit) & 1)) || skip "capability $bit missing (CapEff $cap)"
	done
	[ -r /sys/kernel/btf/vmlinux ] || skip "no /sys/kernel/btf/vmlinux"
	for t in "$@"; do
		grep -qa "bpf_struct_ops_$t" /sys/kernel/btf/vmlinux ||
			skip "kernel has no struct_ops type $t"
	done
}

# Whether congestion control $1 is registered.
stops_e2e_cc_listed() {
	tr ' ' '\n' </proc/sys/net/ipv4/tcp_available_congestion_control |
		grep -qx -- "$1"
}
