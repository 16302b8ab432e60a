// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! The modules under test (src/mods.rs, written by run.sh layout).
pub mod mods;
