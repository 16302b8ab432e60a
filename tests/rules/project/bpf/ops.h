/* The ops table type, shared by the BPF program and its loader. */
#ifndef RULES_DEMO_OPS_H
#define RULES_DEMO_OPS_H

struct demo_ops {
	int (*init)(unsigned long long *ctx);
	unsigned int flags;
	unsigned int knob;
	char label[16];
};

#endif
