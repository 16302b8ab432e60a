/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The struct_ops type of stops_testmod.ko, shared by the module and the BPF
 * object that fills it (the object's BTF gets it from here; libbpf finds
 * the kernel's in the module's BTF at load).
 */
#ifndef STOPS_TESTMOD_H
#define STOPS_TESTMOD_H

struct stops_testmod_ops {
	int (*ping)(int n);
	void (*idle)(void);
	unsigned int flags;
	char name[16];
};

#endif
