# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
# `cmake --install` layout (prefix-relative, GNUInstallDirs):
#   bin/stops-shadow                     the generator CLI
#   lib/libstops_gen.{a,so}              the library (static, its internal
#                                        symbols local, + shared)
#   include/stops_shadow.h               its public header
#   lib/cmake/StopsShadow/               find_package(StopsShadow) package
#   lib/pkgconfig/stops-shadow.pc        pkg-config file
#   share/stops-shadow/stops-shadow.mk   GNU Make include
#   share/stops-shadow/                  a Bazel repository: WORKSPACE and
#     MODULE.bazel (Bazel 7: local_path_override to it), bazel/ (the rules,
#     a copy of bazel/, the offline registry with it), gen/ (//gen:stops-shadow is the
#     installed bin/stops-shadow, through the relative symlink
#     gen/prebuilt/stops-shadow)
#   share/man/man1/stops-shadow.1        manual page
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(_stops_cmakedir ${CMAKE_INSTALL_LIBDIR}/cmake/StopsShadow)
set(_stops_datadir ${CMAKE_INSTALL_DATADIR}/stops-shadow)

install(TARGETS stops-shadow DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS stops_gen_static stops_gen_shared EXPORT StopsShadowTargets
	ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
	LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/gen/stops_shadow.h
	DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# CMake package: imported StopsShadow::stops_gen(_shared), stops_shadow().
install(EXPORT StopsShadowTargets NAMESPACE StopsShadow::
	DESTINATION ${_stops_cmakedir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/StopsShadowConfig.cmake.in
	${PROJECT_BINARY_DIR}/StopsShadowConfig.cmake
	INSTALL_DESTINATION ${_stops_cmakedir} PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/StopsShadowConfigVersion.cmake
	COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/StopsShadowConfig.cmake
	${PROJECT_BINARY_DIR}/StopsShadowConfigVersion.cmake
	${CMAKE_CURRENT_LIST_DIR}/StopsShadow.cmake
	DESTINATION ${_stops_cmakedir})

# pkg-config: written at install time, so `--prefix` is what it names.
install(CODE "
	set(_stops_libdir \"${CMAKE_INSTALL_LIBDIR}\")
	set(_stops_includedir \"${CMAKE_INSTALL_INCLUDEDIR}\")
	set(_stops_version \"${PROJECT_VERSION}\")
	configure_file(\"${CMAKE_CURRENT_LIST_DIR}/stops-shadow.pc.in\"
		\"${PROJECT_BINARY_DIR}/stops-shadow.pc\" @ONLY)
")
install(FILES ${PROJECT_BINARY_DIR}/stops-shadow.pc
	DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES ${PROJECT_SOURCE_DIR}/rules/stops-shadow.mk
	DESTINATION ${_stops_datadir})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/bazel/
	DESTINATION ${_stops_datadir}/bazel PATTERN installed EXCLUDE)
# share/stops-shadow is @stops_shadow for `local_repository`: the same labels
# as the source tree, but //gen:stops-shadow is the generator of this prefix
# (a relative link, so DESTDIR and moved prefixes keep it), not a build.
# Their sources are named so that the source tree's Bazel does not see them.
set(_stops_bzl ${PROJECT_SOURCE_DIR}/bazel/installed)
install(FILES ${_stops_bzl}/root.WORKSPACE DESTINATION ${_stops_datadir}
	RENAME WORKSPACE)
# The module as it is: its labels are relative, and bazel/ and gen/ are here.
install(FILES ${PROJECT_SOURCE_DIR}/MODULE.bazel DESTINATION ${_stops_datadir})
install(FILES ${_stops_bzl}/root.BUILD.bazel DESTINATION ${_stops_datadir}
	RENAME BUILD.bazel)
install(FILES ${_stops_bzl}/gen.BUILD.bazel DESTINATION ${_stops_datadir}/gen
	RENAME BUILD.bazel)
file(RELATIVE_PATH _stops_gen_link /prefix/${_stops_datadir}/gen/prebuilt
	/prefix/${CMAKE_INSTALL_BINDIR}/stops-shadow)
install(CODE "
	set(_d \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${_stops_datadir}/gen/prebuilt\")
	file(MAKE_DIRECTORY \"\${_d}\")
	file(REMOVE \"\${_d}/stops-shadow\")
	file(CREATE_LINK \"${_stops_gen_link}\" \"\${_d}/stops-shadow\" SYMBOLIC)
	message(STATUS \"Installing: \${_d}/stops-shadow -> ${_stops_gen_link}\")
")
install(FILES ${PROJECT_SOURCE_DIR}/doc/stops-shadow.1
	DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
