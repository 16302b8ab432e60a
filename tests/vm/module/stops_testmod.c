// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * stops_testmod: a module-defined struct_ops type for the QEMU matrix
 * (tests/vm), modelled on the kernel's bpf_testmod. It registers struct
 * stops_testmod_ops; while a map of it is attached, a number written to
 * /proc/stops_testmod is passed to the map's ping program, and reading
 * the file gives "ping(<n>)=<result> flags=<flags> name=<name>": what the
 * module called and the data members the loader set.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

#include "stops_testmod.h"

static DEFINE_MUTEX(st_lock);
static struct stops_testmod_ops *st_cur;
static char st_last[96] = "none\n";

static int st_ping_stub(int n)
{
	return 0;
}

static void st_idle_stub(void)
{
}

/* cfi_stubs: the kernel needs one of each member's prototype */
static struct stops_testmod_ops st_stubs = {
	.ping = st_ping_stub,
	.idle = st_idle_stub,
};

static int st_init(struct btf *btf)
{
	return 0;
}

static bool st_is_valid_access(int off, int size, enum bpf_access_type type,
			       const struct bpf_prog *prog,
			       struct bpf_insn_access_aux *info)
{
	return bpf_tracing_btf_ctx_access(off, size, type, prog, info);
}

static const struct bpf_verifier_ops st_verifier_ops = {
	.get_func_proto = bpf_base_func_proto,
	.is_valid_access = st_is_valid_access,
};

/* data members are copied here; the kernel refuses any it is not told of */
static int st_init_member(const struct btf_type *t,
			  const struct btf_member *member, void *kdata,
			  const void *udata)
{
	const struct stops_testmod_ops *u = udata;
	struct stops_testmod_ops *k = kdata;

	switch (__btf_member_bit_offset(t, member) / 8) {
	case offsetof(struct stops_testmod_ops, flags):
		k->flags = u->flags;
		return 1;
	case offsetof(struct stops_testmod_ops, name):
		memcpy(k->name, u->name, sizeof(k->name));
		k->name[sizeof(k->name) - 1] = 0;
		return 1;
	}
	return 0;
}

static int st_reg(void *kdata, struct bpf_link *link)
{
	mutex_lock(&st_lock);
	if (st_cur) {
		mutex_unlock(&st_lock);
		return -EBUSY;
	}
	st_cur = kdata;
	mutex_unlock(&st_lock);
	pr_info("stops_testmod: ops \"%s\" registered\n",
		((struct stops_testmod_ops *)kdata)->name);
	return 0;
}

static void st_unreg(void *kdata, struct bpf_link *link)
{
	mutex_lock(&st_lock);
	if (st_cur == kdata)
		st_cur = NULL;
	mutex_unlock(&st_lock);
	pr_info("stops_testmod: ops unregistered\n");
}

static struct bpf_struct_ops st_bpf_ops = {
	.verifier_ops = &st_verifier_ops,
	.init = st_init,
	.init_member = st_init_member,
	.reg = st_reg,
	.unreg = st_unreg,
	.cfi_stubs = &st_stubs,
	.name = "stops_testmod_ops",
	.owner = THIS_MODULE,
};

static ssize_t st_write(struct file *file, const char __user *buf,
			size_t len, loff_t *pos)
{
	int n, ret;

	ret = kstrtoint_from_user(buf, len, 10, &n);
	if (ret)
		return ret;
	mutex_lock(&st_lock);
	if (!st_cur || !st_cur->ping) {
		mutex_unlock(&st_lock);
		return -ENOENT;
	}
	ret = st_cur->ping(n);
	snprintf(st_last, sizeof(st_last), "ping(%d)=%d flags=%u name=%s\n",
		 n, ret, st_cur->flags, st_cur->name);
	mutex_unlock(&st_lock);
	return len;
}

static ssize_t st_read(struct file *file, char __user *buf, size_t len,
		       loff_t *pos)
{
	char copy[sizeof(st_last)];

	mutex_lock(&st_lock);
	memcpy(copy, st_last, sizeof(copy));
	mutex_unlock(&st_lock);
	return simple_read_from_buffer(buf, len, pos, copy, strlen(copy));
}

static const struct proc_ops st_proc_ops = {
	.proc_read = st_read,
	.proc_write = st_write,
};

static int __init st_mod_init(void)
{
	int ret = register_bpf_struct_ops(&st_bpf_ops, stops_testmod_ops);

	if (ret)
		return ret;
	if (!proc_create("stops_testmod", 0600, NULL, &st_proc_ops))
		return -ENOMEM;
	return 0;
}

static void __exit st_mod_exit(void)
{
	remove_proc_entry("stops_testmod", NULL);
}

module_init(st_mod_init);
module_exit(st_mod_exit);
MODULE_LICENSE("Dual BSD/GPL"); /* GPL-compatible: the BPF symbols are GPL-only */
MODULE_DESCRIPTION("stops-shadow test: a module-defined struct_ops type");
