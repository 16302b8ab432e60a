#!/bin/bash
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# debroot-check.sh SRC WORK: tests/lib/debroot keeps a root's mounts to the
# root's own mount namespace (distro.debroot).
#   - `unshare -m` and a tmpfs mount work inside (hostile.files.disk_full
#     needs them; a chroot whose / is no mount point refuses them);
#   - two runs on one root at once: the one that ends first leaves the
#     other's /proc and /dev in place;
#   - the host sees nothing mounted under the root, during or after a run,
#     nor after a run killed by SIGKILL;
#   - a run's exit status is its command's.
# Exit 0 pass, 1 fail, 77 where debroot cannot make a root.
set -uo pipefail
src=$1 work=$2
debroot=$src/tests/lib/debroot
dir=$work/root
fail() { echo "FAIL: distro.debroot: $*"; exit 1; }
host_mounts() { grep -c " $(cd "$dir" && pwd -P)[/ ]" /proc/mounts; }

mkdir -p "$work"
"$debroot" make bookworm "$dir"
rc=$?
[ $rc = 0 ] || { [ $rc = 77 ] && exit 77; fail "debroot make failed"; }

out=$("$debroot" run "$dir" sh -c 'mkdir -p /mnt/t && unshare -m sh -c \
	"mount -t tmpfs -o size=64k none /mnt/t && echo x >/mnt/t/f && cat /mnt/t/f"' 2>&1)
[ "$out" = x ] || fail "unshare -m and a tmpfs mount inside the root: $out"
[ -e "$dir/mnt/t/f" ] && fail "the tmpfs mounted inside reached the host's view"

# The long run reads its /proc and /dev after the short one has ended.
"$debroot" run "$dir" sh -c 'sleep 3; test -r /proc/self/status && test -c /dev/null' &
long=$!
sleep 1
"$debroot" run "$dir" true || fail "a second run on the same root"
n=$(host_mounts)
[ "$n" = 0 ] || fail "$n mounts under the root seen from the host during a run"
wait $long || fail "the first run lost /proc or /dev when the second ended"

"$debroot" run "$dir" sh -c 'exit 3'
[ $? = 3 ] || fail "a run's exit status is not its command's"

"$debroot" run "$dir" sleep 60 &
kill -9 $!
wait $! 2>/dev/null
n=$(host_mounts)
[ "$n" = 0 ] || fail "$n mounts left under the root after SIGKILL"

rm -rf "$dir" || fail "removing the root"
echo "distro.debroot: ok"
