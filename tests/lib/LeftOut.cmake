# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# stops_test_left_out(NAME REASON [LABELS label...]): a test that a missing
# tool keeps from being registered shows anyway: NAME prints REASON and
# exits 77, a skip on a user's machine and a failure in CI
# (tests/lib/ctest-run), where a test left out of ctest would say nothing.
# REASON is one argument (no semicolon); it reaches sh as $1, not as code.
function(stops_test_left_out name reason)
	cmake_parse_arguments(PARSE_ARGV 2 _lo "" "" "LABELS")
	add_test(NAME ${name}
		COMMAND sh -c "echo \"SKIP: $1\" && exit 77" sh "${reason}")
	set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
	if(_lo_LABELS)
		set_tests_properties(${name} PROPERTIES LABELS "${_lo_LABELS}")
	endif()
endfunction()
