// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! Program slots: a struct_ops function pointer in the map value, which
//! libbpf's buffer holds as a `struct bpf_program *` in 8 bytes (on 32-bit
//! hosts too: the pointer in the low bytes, the rest zero).

#[cfg(feature = "libbpf")]
use libbpf_rs::{AsRawLibbpf, OpenObject, OpenProgramImpl};

/// One program slot. Its bits are never handed out: it is set from a
/// program of the object, compared with one, or cleared.
#[repr(transparent)]
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Slot(u64);

impl Slot {
    /// Whether a program is in the slot.
    pub const fn is_set(&self) -> bool {
        self.0 != 0
    }

    /// Empties the slot: the kernel gets no callback there. The program
    /// that was in it still loads unless another created map's slot names
    /// it or its autoload is turned off (libbpf >= 1.5 turns it off when
    /// no slot names it).
    pub fn clear(&mut self) {
        self.0 = 0;
    }

    /// Puts a program in the slot: `&prog` (an `OpenProgram` or
    /// `OpenProgramMut`) or its [`ProgramId`]. It must be a struct_ops
    /// program of the same object: libbpf refuses any other at load
    /// (ENOTSUP), comparing the address with its own programs' before it
    /// reads it.
    #[cfg(feature = "libbpf")]
    pub fn set(&mut self, prog: impl Into<ProgramId>) {
        self.0 = prog.into().0;
    }

    /// Whether the program is the one in the slot.
    #[cfg(feature = "libbpf")]
    pub fn holds(&self, prog: impl Into<ProgramId>) -> bool {
        self.0 != 0 && self.0 == prog.into().0
    }

    /// The name of the program in the slot, found among `obj`'s programs
    /// by address (the slot's bits are never read as a pointer).
    #[cfg(feature = "libbpf")]
    pub fn program_name<'o>(&self, obj: &'o OpenObject) -> Option<&'o std::ffi::OsStr> {
        if self.0 == 0 {
            return None;
        }
        obj.progs().find(|p| ProgramId::of(p).0 == self.0).map(|p| p.name())
    }

}

/// A program of an opened object, by identity only: taken from a borrow
/// of the program, it keeps no borrow, so a map's value can be borrowed
/// mutably while it is put in a slot. It is never read as a pointer.
#[cfg(feature = "libbpf")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramId(u64);

#[cfg(feature = "libbpf")]
impl ProgramId {
    /// The identity of `prog`.
    pub fn of<T>(prog: &OpenProgramImpl<'_, T>) -> Self {
        ProgramId(prog.as_libbpf_object().as_ptr() as usize as u64)
    }
}

#[cfg(feature = "libbpf")]
impl<T> From<&OpenProgramImpl<'_, T>> for ProgramId {
    fn from(prog: &OpenProgramImpl<'_, T>) -> Self {
        ProgramId::of(prog)
    }
}

impl core::fmt::Debug for Slot {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.is_set() { "Slot(set)" } else { "Slot(empty)" })
    }
}
