# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stops-shadow.mk: GNU Make rules for BPF objects and their shadow headers.
#
#   foo.bpf.c --$(BPF_CLANG)--> foo.bpf.o --$(STOPS_SHADOW)--> foo.shadow.h
#
# Include it, then make your loader depend on the header:
#   include /usr/share/stops-shadow/stops-shadow.mk
#   loader.o: foo.shadow.h
#
# Variables you may set before the include (defaults shown):
STOPS_SHADOW ?= stops-shadow
BPF_CLANG ?= clang
BPF_CFLAGS ?=
BPF_TARGET_ARCH ?= x86
BPF_DEPS ?= *.bpf.d
# STOPS_SHADOW_CHECK_KERNEL_BTF =   e.g. /sys/kernel/btf/vmlinux: when set,
#   `stops-shadow check` must pass before a header is generated.
# STOPS_SHADOW_LANG = c   the outputs, any of: c (foo.shadow.h), go
#   (foo.shadow.go for cilium/ebpf, in package $(STOPS_SHADOW_GO_PACKAGE),
#   default the object's name), rust (foo.shadow.rs, a Rust module for the
#   stops-shadow crate); e.g. "c rust".
# STOPS_SHADOW_EMBED =   1: each header also holds its object's bytes and
#   <stem>__open_embedded(opts) (bpf_object__open_mem()): the loader needs
#   no file at run time.
#
# Everything below is private.

# The generator keeps an unchanged header's mtime, so the header cannot be
# compared with its object. Instead it is made with the object, whose
# dependency file foo.bpf.d is an included makefile: make remakes it first,
# then restarts and sees each header's true mtime. A failed step removes all
# three files, so the next make tries again.
_stops_exe := $(wildcard $(STOPS_SHADOW))
STOPS_SHADOW_LANG ?= c
_stops_gen = $(STOPS_SHADOW) gen $(if $(STOPS_SHADOW_EMBED),--embed)
_stops_gen_go = $(STOPS_SHADOW) gen --lang go \
	$(if $(STOPS_SHADOW_GO_PACKAGE),--package $(STOPS_SHADOW_GO_PACKAGE))
_stops_gen_rs = $(STOPS_SHADOW) gen --lang rust
_stops_undo = || { s=$$?; rm -f $*.bpf.o $*.bpf.d $*.shadow.h $*.shadow.go $*.shadow.rs; exit $$s; }
_stops_check = $(STOPS_SHADOW) check $*.bpf.o \
	--kernel-btf $(STOPS_SHADOW_CHECK_KERNEL_BTF) $(_stops_undo)

%.bpf.o %.bpf.d: %.bpf.c $(_stops_exe) $(STOPS_SHADOW_CHECK_KERNEL_BTF)
	$(BPF_CLANG) -target bpf -g -O2 -D__TARGET_ARCH_$(BPF_TARGET_ARCH) \
		$(BPF_CFLAGS) -MD -MP -MF $*.bpf.d -MT '$*.bpf.o $*.bpf.d' \
		-c $< -o $*.bpf.o
	$(if $(STOPS_SHADOW_CHECK_KERNEL_BTF),$(_stops_check))
	$(if $(filter c,$(STOPS_SHADOW_LANG)),$(_stops_gen) $*.bpf.o -o $*.shadow.h $(_stops_undo))
	$(if $(filter go,$(STOPS_SHADOW_LANG)),$(_stops_gen_go) $*.bpf.o -o $*.shadow.go $(_stops_undo))
	$(if $(filter rust,$(STOPS_SHADOW_LANG)),$(_stops_gen_rs) $*.bpf.o -o $*.shadow.rs $(_stops_undo))

%.shadow.h: | %.bpf.o
	@test -f $@ || $(_stops_gen) $*.bpf.o -o $@

%.shadow.go: | %.bpf.o
	@test -f $@ || $(_stops_gen_go) $*.bpf.o -o $@

%.shadow.rs: | %.bpf.o
	@test -f $@ || $(_stops_gen_rs) $*.bpf.o -o $@

.PRECIOUS: %.bpf.o
ifneq ($(MAKECMDGOALS),clean)
_stops_goal := $(.DEFAULT_GOAL)
include $(wildcard $(BPF_DEPS))
.DEFAULT_GOAL := $(_stops_goal)
endif
