# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# How the stops-shadow CLI links libbpf and what libbpf needs, decided by
# linking probes at configure time (private to this project, not installed).
#
# The libraries are libbpf's `pkg-config --static` ones (sid's libelf adds
# libzstd, others may add more). Each is probed on its own: its archive
# linked into a program that calls what gen/ calls, the others shared. An
# archive that does not link (trixie's libelf.a references elfutils'
# internal eu_search_tree_fini) falls back to the shared library, and
# configure says why, with the linker's own words. A static-pie CLI is
# probed last, with every library and libc static.
#
#   _stops_cli_link_probe()  sets in the caller's scope (cached until the
#   compiler, pkg-config's list or an archive changes):
#     _stops_cli_deps         link items, in pkg-config's order: archive paths
#                             for the libraries linked statically, -lNAME
#                             for the rest (libc's own libm, libpthread, ...)
#     _stops_cli_static_libs  names linked from their archive (bpf, elf, ...)
#     _stops_cli_shared_libs  names that fell back (shared), with the cause
#                             in _stops_cli_cause_<name>
#     _stops_cli_static_pie   ON when the whole CLI links -static-pie

# Part of libc on glibc: always -lNAME, static exactly when libc is.
set(_stops_libc_parts c m dl rt pthread resolv util)

# The one-line cause of a failed link, from the compiler's output.
function(_stops_link_cause output out)
	set(cause "")
	if(output MATCHES "undefined reference to [`']([^'`]+)'")
		set(cause "undefined reference to ${CMAKE_MATCH_1}")
	elseif(output MATCHES "undefined symbol: ([^\n]+)")
		set(cause "undefined symbol ${CMAKE_MATCH_1}")
	elseif(output MATCHES "cannot find (-l[^ \n:]+)")
		set(cause "cannot find ${CMAKE_MATCH_1}")
	elseif(output MATCHES "(relocation [^\n]+)")
		set(cause "${CMAKE_MATCH_1}")
	else()
		string(REGEX MATCH "[^\n]*(error|Error)[^\n]*" cause "${output}")
		string(STRIP "${cause}" cause)
	endif()
	if(cause STREQUAL "")
		set(cause "the link failed")
	endif()
	set(${out} "${cause}" PARENT_SCOPE)
endfunction()

# _stops_probe_link(NAME ITEMS LINK_OPTIONS COMPILE_FLAGS ok cause):
# links the probe program with link ITEMS.
function(_stops_probe_link name items link_options compile_flags ok cause)
	set(dir ${CMAKE_BINARY_DIR}/CMakeFiles/stops_cli_link/${name})
	file(MAKE_DIRECTORY ${dir})
	# Every function gen/ and the CLI take from the three libraries'
	# headers, by address: the archives' members a real link pulls in.
	file(WRITE ${dir}/probe.c [[
#include <gelf.h>
#include <libelf.h>
#include <zlib.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

typedef void (*fn)(void);
static volatile fn used[] = {
	(fn)elf_begin, (fn)elf_end, (fn)elf_errmsg, (fn)elf_errno,
	(fn)elf_getdata, (fn)elf_getscn, (fn)elf_getshdrnum,
	(fn)elf_getshdrstrndx, (fn)elf_kind, (fn)elf_memory, (fn)elf_ndxscn,
	(fn)elf_nextscn, (fn)elf_strptr, (fn)gelf_getehdr, (fn)gelf_getrel,
	(fn)gelf_getshdr, (fn)gelf_getsym,
	(fn)btf__find_by_name_kind, (fn)btf__free, (fn)btf__name_by_offset,
	(fn)btf__new, (fn)btf__new_split, (fn)btf__resolve_size,
	(fn)btf__type_by_id, (fn)btf__type_cnt, (fn)btf__parse_elf,
	(fn)libbpf_set_print, (fn)zlibVersion,
};

int main(void)
{
	unsigned i, n = 0;

	for (i = 0; i < sizeof(used) / sizeof(used[0]); i++)
		n += used[i] != 0;
	return elf_version(EV_CURRENT) == EV_NONE || n == 0;
}
]])
	set(incs ${LIBBPF_STATIC_INCLUDE_DIRS} ${LIBELF_INCLUDE_DIRS})
	try_compile(res ${dir}/build SOURCES ${dir}/probe.c
		CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${incs}"
			"-DCMAKE_C_FLAGS=${compile_flags}"
		LINK_OPTIONS ${link_options}
		LINK_LIBRARIES ${items}
		OUTPUT_VARIABLE out)
	set(${ok} ${res} PARENT_SCOPE)
	if(NOT res)
		_stops_link_cause("${out}" c)
		set(${cause} "${c}" PARENT_SCOPE)
	endif()
endfunction()

function(_stops_cli_link_probe_run)
	# pkg-config's list keeps a library before those it needs; a name
	# listed twice is kept at its last place.
	set(libs ${LIBBPF_STATIC_LIBRARIES})
	list(REVERSE libs)
	list(REMOVE_DUPLICATES libs)
	list(REVERSE libs)
	if(NOT libs)
		set(libs bpf elf z)
	endif()

	# Archives that exist.
	set(archive_libs "")
	foreach(lib ${libs})
		if(lib IN_LIST _stops_libc_parts)
			continue()
		endif()
		find_library(STOPS_LIB${lib}_A lib${lib}.a
			HINTS ${LIBBPF_STATIC_LIBRARY_DIRS} ${LIBELF_LIBRARY_DIRS})
		if(STOPS_LIB${lib}_A)
			list(APPEND archive_libs ${lib})
		else()
			set(_stops_cli_cause_${lib} "no lib${lib}.a" PARENT_SCOPE)
			set(cause_${lib} "no lib${lib}.a")
		endif()
	endforeach()

	# items(STATIC_NAMES out): the link line with those names as archives.
	macro(_items static out)
		set(${out} "")
		foreach(l ${libs})
			if(l IN_LIST ${static})
				list(APPEND ${out} ${STOPS_LIB${l}_A})
			else()
				list(APPEND ${out} -l${l})
			endif()
		endforeach()
	endmacro()

	set(static "")
	foreach(lib ${archive_libs})
		set(one ${lib})
		_items(one items)
		_stops_probe_link(${lib} "${items}" "" "" ok cause)
		if(ok)
			list(APPEND static ${lib})
		else()
			set(cause_${lib} "lib${lib}.a does not link: ${cause}")
		endif()
	endforeach()
	if(static)
		_items(static items)
		_stops_probe_link(together "${items}" "" "" ok cause)
		if(NOT ok)
			foreach(lib ${static})
				set(cause_${lib} "the archives of ${static} do not link together: ${cause}")
			endforeach()
			set(static "")
		endif()
	endif()

	set(shared "")
	foreach(lib ${libs})
		if(NOT lib IN_LIST static AND NOT lib IN_LIST _stops_libc_parts)
			list(APPEND shared ${lib})
			set(_stops_cli_cause_${lib} "${cause_${lib}}" PARENT_SCOPE)
			message(STATUS "stops-shadow CLI: lib${lib} linked dynamically: ${cause_${lib}}")
		endif()
	endforeach()
	if(static)
		string(REPLACE ";" ", lib" s "${static}")
		message(STATUS "stops-shadow CLI: lib${s} linked statically")
	endif()

	set(pie OFF)
	if(STOPS_SHADOW_STATIC_CLI AND NOT STOPS_SHADOW_SANITIZE)
		if(shared)
			string(REPLACE ";" ", lib" s "${shared}")
			message(STATUS "stops-shadow CLI: not static-pie, libc stays dynamic: lib${s} linked dynamically")
		else()
			_items(static items)
			_stops_probe_link(static-pie "${items}" -static-pie -fPIE ok cause)
			if(ok)
				set(pie ON)
				message(STATUS "stops-shadow CLI: static-pie")
			else()
				message(STATUS "stops-shadow CLI: not static-pie, libc stays dynamic: ${cause}")
			endif()
		endif()
	endif()

	_items(static items)
	set(_stops_cli_deps "${items}" PARENT_SCOPE)
	set(_stops_cli_static_libs "${static}" PARENT_SCOPE)
	set(_stops_cli_shared_libs "${shared}" PARENT_SCOPE)
	set(_stops_cli_static_pie ${pie} PARENT_SCOPE)
endfunction()

# The probes run again only when what they depend on changed: each is a
# compile and a link, a few seconds of every reconfigure otherwise.
function(_stops_cli_link_probe)
	set(key "${CMAKE_C_COMPILER};${CMAKE_C_FLAGS};${LIBBPF_STATIC_LIBRARIES};${LIBBPF_STATIC_LIBRARY_DIRS};${STOPS_SHADOW_STATIC_CLI};${STOPS_SHADOW_SANITIZE}")
	foreach(lib ${LIBBPF_STATIC_LIBRARIES})
		if(STOPS_LIB${lib}_A AND EXISTS "${STOPS_LIB${lib}_A}")
			file(TIMESTAMP "${STOPS_LIB${lib}_A}" t "%s")
			string(APPEND key ";${STOPS_LIB${lib}_A}@${t}")
		endif()
	endforeach()
	if(NOT "${key}" STREQUAL "${_STOPS_CLI_LINK_KEY}")
		_stops_cli_link_probe_run()
		set(_STOPS_CLI_LINK_KEY "${key}" CACHE INTERNAL "")
		foreach(v deps static_libs shared_libs static_pie)
			set(_STOPS_CLI_LINK_${v} "${_stops_cli_${v}}" CACHE INTERNAL "")
		endforeach()
		foreach(lib ${_stops_cli_shared_libs})
			set(_STOPS_CLI_LINK_cause_${lib} "${_stops_cli_cause_${lib}}" CACHE INTERNAL "")
		endforeach()
	else()
		foreach(lib ${_STOPS_CLI_LINK_shared_libs})
			message(STATUS "stops-shadow CLI: lib${lib} linked dynamically: ${_STOPS_CLI_LINK_cause_${lib}} (cached)")
		endforeach()
		if(_STOPS_CLI_LINK_static_pie)
			message(STATUS "stops-shadow CLI: static-pie (cached)")
		endif()
	endif()
	foreach(v deps static_libs shared_libs static_pie)
		set(_stops_cli_${v} "${_STOPS_CLI_LINK_${v}}" PARENT_SCOPE)
	endforeach()
	foreach(lib ${_STOPS_CLI_LINK_shared_libs})
		set(_stops_cli_cause_${lib} "${_STOPS_CLI_LINK_cause_${lib}}" PARENT_SCOPE)
	endforeach()
endfunction()
