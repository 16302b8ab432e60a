# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stops_shadow(<name> SOURCES a.bpf.c... [INCLUDES dir...] [BPF_CFLAGS flag...]
#              [CHECK_KERNEL_BTF btf-file] [EMBED] [LANG c|go|rust...]
#              [GO_PACKAGE pkg])
#
# Compiles each BPF source to <stem>.bpf.o, generates <stem>.shadow.h, and
# makes <name> an INTERFACE target that hands users the header's include
# directory, libbpf, and a define <STEM>_BPF_OBJECT="<path of the object>".
# Target properties STOPS_SHADOW_OBJECTS and STOPS_SHADOW_INCLUDE_DIR hold the
# objects and the header directory. With CHECK_KERNEL_BTF (for example
# /sys/kernel/btf/vmlinux) `stops-shadow check` runs first: an object that is
# incompatible with that kernel fails the build. With EMBED each header also
# holds its object's bytes and <stem>__open_embedded(opts), which opens them
# with bpf_object__open_mem(): the loader needs no file at run time. Users
# then also get the define <STEM>_BPF_EMBEDDED=1.
#
# LANG go (or LANG c go, for projects that build C and Go loaders side by
# side) also writes <stem>.shadow.go for cilium/ebpf, in package GO_PACKAGE
# (default: the object's name); target property STOPS_SHADOW_GO_FILES
# lists them. LANG defaults to c.
#
# Variables a user may set before including this file:
#   STOPS_SHADOW_EXECUTABLE  the generator (default: stops-shadow on PATH)
#   STOPS_SHADOW_BPF_CLANG   clang with the BPF target (default: clang)
#   STOPS_SHADOW_TARGET_ARCH __TARGET_ARCH_ value (default: x86)
include_guard(GLOBAL)
cmake_policy(VERSION 3.20) # DEPFILE with Makefiles; CMP0116 for Ninja

if(NOT STOPS_SHADOW_EXECUTABLE)
	find_program(STOPS_SHADOW_EXECUTABLE stops-shadow REQUIRED)
endif()
if(NOT STOPS_SHADOW_BPF_CLANG)
	find_program(STOPS_SHADOW_BPF_CLANG clang REQUIRED)
endif()
if(NOT STOPS_SHADOW_TARGET_ARCH)
	set(STOPS_SHADOW_TARGET_ARCH x86)
endif()
if(NOT TARGET PkgConfig::LIBBPF)
	find_package(PkgConfig REQUIRED)
	pkg_check_modules(LIBBPF REQUIRED IMPORTED_TARGET GLOBAL libbpf>=1.4)
endif()
# Calls from directories that do not see these variables use these values.
foreach(_stops_v EXECUTABLE BPF_CLANG TARGET_ARCH)
	set_property(GLOBAL PROPERTY _stops_${_stops_v} ${STOPS_SHADOW_${_stops_v}})
endforeach()

# The Rust module rs of obj; out: what the build depends on (the module,
# or with make a stamp, as for the header).
function(_stops_shadow_rust exe obj rs check btf out)
	if(CMAKE_GENERATOR MATCHES "Ninja")
		set(o ${rs})
		set(stamp)
	else()
		set(o ${rs}.stamp)
		set(stamp COMMAND ${CMAKE_COMMAND} -E touch ${o} BYPRODUCTS ${rs})
	endif()
	get_filename_component(base ${rs} NAME)
	add_custom_command(OUTPUT ${o}
		${check}
		COMMAND ${exe} gen --lang rust ${obj} -o ${rs} --depfile ${rs}.d
		${stamp}
		DEPFILE ${rs}.d
		DEPENDS ${obj} ${exe} ${btf}
		COMMENT "shadow ${base}" VERBATIM)
	set(${out} ${o} PARENT_SCOPE)
endfunction()

function(stops_shadow name)
	cmake_parse_arguments(ARG "EMBED" "CHECK_KERNEL_BTF;GO_PACKAGE"
		"SOURCES;INCLUDES;BPF_CFLAGS;LANG" ${ARGN})
	if(NOT ARG_LANG)
		set(ARG_LANG c)
	endif()
	set(go_pkg)
	if(ARG_GO_PACKAGE)
		set(go_pkg --package ${ARG_GO_PACKAGE})
	endif()
	foreach(lang ${ARG_LANG})
		if(NOT lang MATCHES "^(c|go|rust)$")
			message(FATAL_ERROR "stops_shadow(${name}): LANG ${lang}: not c, go or rust")
		endif()
	endforeach()
	set(outdir ${CMAKE_CURRENT_BINARY_DIR}/${name}.shadow)
	file(MAKE_DIRECTORY ${outdir})
	set(incs)
	foreach(inc ${ARG_INCLUDES})
		get_filename_component(inc ${inc} ABSOLUTE)
		list(APPEND incs -I${inc})
	endforeach()
	foreach(v EXECUTABLE BPF_CLANG TARGET_ARCH)
		if(NOT STOPS_SHADOW_${v})
			get_property(STOPS_SHADOW_${v} GLOBAL PROPERTY _stops_${v})
		endif()
	endforeach()
	set(exe ${STOPS_SHADOW_EXECUTABLE})
	set(outs)
	set(objs)
	set(defs)
	set(embed)
	set(gos)
	set(rust_mods)
	if(ARG_EMBED)
		set(embed --embed)
	endif()
	foreach(src ${ARG_SOURCES})
		get_filename_component(src ${src} ABSOLUTE)
		get_filename_component(base ${src} NAME)
		string(REGEX REPLACE "(\\.bpf)?\\.c$" "" stem ${base})
		set(obj ${outdir}/${stem}.bpf.o)
		set(hdr ${outdir}/${stem}.shadow.h)
		add_custom_command(OUTPUT ${obj}
			COMMAND ${STOPS_SHADOW_BPF_CLANG} -target bpf -g -O2
				-D__TARGET_ARCH_${STOPS_SHADOW_TARGET_ARCH}
				${incs} ${ARG_BPF_CFLAGS}
				-MD -MF ${obj}.d -c ${src} -o ${obj}
			DEPFILE ${obj}.d
			MAIN_DEPENDENCY ${src}
			COMMENT "BPF ${base}" VERBATIM)
		set(check)
		if(ARG_CHECK_KERNEL_BTF)
			set(check COMMAND ${exe} check ${obj}
				--kernel-btf ${ARG_CHECK_KERNEL_BTF})
		endif()
		# The generator keeps an unchanged header's mtime. Ninja restats
		# outputs, so the header itself is the output; make does not, so
		# there a stamp records that the header is up to date. Both read
		# the generator's depfile.
		if(CMAKE_GENERATOR MATCHES "Ninja")
			set(out ${hdr})
			set(stamp)
		else()
			set(out ${hdr}.stamp)
			set(stamp COMMAND ${CMAKE_COMMAND} -E touch ${out}
				BYPRODUCTS ${hdr})
		endif()
		if("c" IN_LIST ARG_LANG)
			add_custom_command(OUTPUT ${out}
				${check}
				COMMAND ${exe} gen ${obj} -o ${hdr} --depfile ${hdr}.d ${embed}
				${stamp}
				DEPFILE ${hdr}.d
				DEPENDS ${obj} ${exe} ${ARG_CHECK_KERNEL_BTF}
				COMMENT "shadow ${stem}.shadow.h" VERBATIM)
			list(APPEND outs ${out})
			set(check)
		endif()
		if("go" IN_LIST ARG_LANG)
			# always rewritten when remade: make compares its mtime
			set(go ${outdir}/${stem}.shadow.go)
			add_custom_command(OUTPUT ${go}
				${check}
				COMMAND ${exe} gen --lang go ${go_pkg} ${obj} -o ${go}
				COMMAND ${CMAKE_COMMAND} -E touch ${go}
				DEPENDS ${obj} ${exe} ${ARG_CHECK_KERNEL_BTF}
				COMMENT "shadow ${stem}.shadow.go" VERBATIM)
			list(APPEND outs ${go})
			list(APPEND gos ${go})
		endif()
		if("rust" IN_LIST ARG_LANG)
			_stops_shadow_rust(${exe} ${obj} ${outdir}/${stem}.shadow.rs
				"${check}" "${ARG_CHECK_KERNEL_BTF}" out)
			list(APPEND outs ${out})
			list(APPEND rust_mods ${outdir}/${stem}.shadow.rs)
		endif()
		list(APPEND objs ${obj})
		string(TOUPPER ${stem} up)
		string(MAKE_C_IDENTIFIER ${up} up)
		list(APPEND defs ${up}_BPF_OBJECT="${obj}")
		if(ARG_EMBED)
			list(APPEND defs ${up}_BPF_EMBEDDED=1)
		endif()
	endforeach()
	add_custom_target(_stops_${name}_gen DEPENDS ${outs})
	add_library(${name} INTERFACE)
	add_dependencies(${name} _stops_${name}_gen)
	target_include_directories(${name} INTERFACE ${outdir})
	target_compile_definitions(${name} INTERFACE ${defs})
	target_link_libraries(${name} INTERFACE PkgConfig::LIBBPF)
	set_target_properties(${name} PROPERTIES
		STOPS_SHADOW_OBJECTS "${objs}"
		STOPS_SHADOW_GO_FILES "${gos}"
		STOPS_SHADOW_RUST_MODULES "${rust_mods}"
		STOPS_SHADOW_INCLUDE_DIR "${outdir}")
endfunction()
