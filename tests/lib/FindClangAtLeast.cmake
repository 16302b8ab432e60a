# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stops_find_clang_at_least(VAR MAJOR): VAR (cached) is a clang of that
# major version or newer: plain `clang` where it is new enough (trixie's
# 19, sid's 21), else the newest clang-N beside it (bookworm: clang 14 and
# clang-16). Tests must not depend on which Debian named it how.
function(stops_find_clang_at_least var min)
	if(${var})
		return()
	endif()
	# foreach(RANGE) only counts up: newest first by reversing.
	set(names "")
	foreach(n RANGE ${min} 40)
		list(APPEND names clang-${n})
	endforeach()
	list(REVERSE names)
	list(PREPEND names clang)
	foreach(name ${names})
		unset(_stops_clang_try)
		find_program(_stops_clang_try ${name} NO_CACHE)
		if(NOT _stops_clang_try)
			continue()
		endif()
		execute_process(COMMAND ${_stops_clang_try} --version
			OUTPUT_VARIABLE out ERROR_QUIET)
		if(out MATCHES "clang version ([0-9]+)" AND
				NOT CMAKE_MATCH_1 LESS min)
			set(${var} ${_stops_clang_try} CACHE FILEPATH
				"clang >= ${min} (major ${CMAKE_MATCH_1})")
			return()
		endif()
	endforeach()
endfunction()
