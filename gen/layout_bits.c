// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Bitfield runs no C bitfield places alike everywhere, as bytes (layout.c's
 * top). */
#include <stdlib.h>
#include <string.h>

#include "layout_int.h"

/*
 * Bytes of the smallest naturally aligned unit holding the bits (top);
 * 0 when no unit of 8 bytes or less holds them.
 */
uint32_t bitfield_unit(uint32_t bit, uint32_t width)
{
	for (uint32_t size = 1; size <= 8; size *= 2)
		if (bit / (8 * size) == (bit + width - 1) / (8 * size))
			return size;
	return 0;
}

static uint32_t round_up8(uint32_t bit)
{
	return (bit + 7) / 8 * 8;
}

/*
 * Members [i, j) are one run of bitfields (and sub-byte padding) sharing
 * bytes, at least one of which no C bitfield can place: replace them by
 * one STOPS_BITS member followed by the run's named fields, which now
 * point into it. *next is where the scan goes on.
 */
static int make_storage(struct layout *l, uint32_t i, uint32_t j,
			uint32_t *next)
{
	uint32_t start = l->mem[i].bit_offset / 8 * 8, end = 0, n = 0;
	uint32_t old_nr = l->nr_mem, tail = old_nr - j;
	struct stops_member *m, *run;
	const char *name;
	int ret;

	for (uint32_t k = i; k < j; k++) {
		m = &l->mem[k];
		if (m->bit_offset + m->bit_size > end)
			end = m->bit_offset + m->bit_size;
		n += m->kind != STOPS_PADDING;
	}
	end = round_up8(end);
	ret = gen_name(l, "__bits", &l->names->bits, &name);
	if (ret)
		return ret;
	run = malloc((j - i) * sizeof(*run));
	if (!run)
		return -ENOMEM;
	memcpy(run, &l->mem[i], (j - i) * sizeof(*run));
	/* at most one member more than before: the storage */
	ret = new_member(l, &m);
	if (ret)
		goto out;
	memmove(&l->mem[i + 1 + n], &l->mem[j], tail * sizeof(*l->mem));
	l->nr_mem = i + 1 + n + tail;
	m = &l->mem[i];
	memset(m, 0, sizeof(*m));
	m->kind = STOPS_BITS;
	m->c_name = name;
	m->c_type = "unsigned char";
	m->bit_offset = start;
	m->size = (end - start) / 8;
	for (uint32_t k = 0; k < j - i; k++) {
		if (run[k].kind == STOPS_PADDING)
			continue;
		*++m = run[k];
		m->storage = name;
		m->storage_bit = m->bit_offset - start;
		if (strcmp(m->c_type, "_Bool"))
			m->c_type = bits_value_c_type(m->size, m->is_signed);
	}
	*next = i + 1 + n;
out:
	free(run);
	return ret;
}

/* Find the runs of bitfields that must become bytes (see the top). */
int bit_runs(struct layout *l)
{
	uint32_t i = 0, j, end;
	bool need;
	int ret;

	while (i < l->nr_mem) {
		if (!l->mem[i].bit_size) {
			i++;
			continue;
		}
		end = l->mem[i].bit_offset + l->mem[i].bit_size;
		need = !bitfield_unit(l->mem[i].bit_offset, l->mem[i].bit_size);
		for (j = i + 1; j < l->nr_mem && l->mem[j].bit_size &&
				l->mem[j].bit_offset < round_up8(end);
		     j++) {
			const struct stops_member *m = &l->mem[j];

			if (m->bit_offset + m->bit_size > end)
				end = m->bit_offset + m->bit_size;
			need |= !bitfield_unit(m->bit_offset, m->bit_size);
		}
		if (!need) {
			i = j;
			continue;
		}
		ret = make_storage(l, i, j, &i);
		if (ret)
			return ret;
	}
	return 0;
}
