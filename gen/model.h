/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* What the model offers later stages beyond the public header. */
#ifndef STOPS_MODEL_H
#define STOPS_MODEL_H

struct bpf_elf;
struct stops_model;

/* The parsed ELF of the object a model belongs to (object.c). */
const struct bpf_elf *model__elf(const struct stops_model *m);

#endif /* STOPS_MODEL_H */
