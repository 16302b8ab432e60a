// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! Run-time support of the Rust shadow types that `stops-shadow gen --lang
//! rust` writes: one `#[repr(C)]` type per struct_ops map whose layout is
//! the map value's, byte for byte, proven at compile time by the generated
//! module's `offset_of!` assertions.
//!
//! What this crate adds at run time (feature `libbpf`, on by default):
//!
//! * [`check`]: the opened object's BTF compared with the layout the module
//!   was generated for (type name and size, every member's name, bit offset,
//!   bitfield size, size and kind class). An object rebuilt after its
//!   loader is refused with a [`LayoutError`] naming the first differing
//!   member, never written at stale offsets.
//! * [`Checked::value_mut`]: the typed `&mut` into a map's
//!   `initial_value_mut()` buffer, for maps of the checked object only,
//!   with the buffer's length and alignment checked, refused once the map
//!   has an fd (libbpf no longer reads the buffer then).
//! * [`Checked::fit_kernel`]: the ops table fitted to a kernel's BTF, by
//!   the rule table of the C header's `X__fit_kernel()`.
//!
//! Without default features the crate is `no_std` and holds only what the
//! layout part of a generated module needs ([`Shadow`], [`Slot`],
//! [`Member`], [`bits`]): that part compiles for any target.
//!
//! Where `unsafe` remains: the generated module implements [`Shadow`]
//! (`unsafe impl`: its compile-time assertions are the proof), reads of
//! its `union` members (every field is plain data, any bit pattern is a
//! value), and this crate's calls into libbpf through `libbpf_sys` and
//! the one cast of a checked buffer to `&mut T`. No raw pointer is handed
//! out: program slots are [`Slot`]s set from an `OpenProgramMut`.
#![cfg_attr(not(feature = "libbpf"), no_std)]
#![deny(missing_docs)]

pub mod bits;
mod layout;
mod slot;

#[cfg(feature = "libbpf")]
mod btf;
#[cfg(feature = "libbpf")]
mod check;
#[cfg(feature = "libbpf")]
mod error;
#[cfg(feature = "libbpf")]
mod fit;

pub use layout::{Class, Kind, Member};
pub use slot::Slot;
#[cfg(feature = "libbpf")]
pub use slot::ProgramId;

#[cfg(feature = "libbpf")]
pub use check::{check, Checked};
#[cfg(feature = "libbpf")]
pub use error::{LayoutError, Mismatch};
#[cfg(feature = "libbpf")]
pub use fit::{Fit, FitEntry, FitError, FitProblem};

/// The size of field `F` of `S`, from a projection that is never called
/// (the `prove!` blocks take it so that packed fields need no reference).
#[doc(hidden)]
pub const fn field_size<S, F>(_projection: fn(*const S) -> *const F) -> usize {
    core::mem::size_of::<F>()
}

/// The compile-time proof of a generated type: each field's offset and
/// size, then the type's size, as the plan says BTF has them. A difference
/// fails the build with a message naming the object, map and member:
///
/// ```text
/// ::stops_shadow::prove! {
///     TypeName, "object: map name", 192;
///     member, 0, 8;
/// }
/// ```
#[macro_export]
macro_rules! prove {
    ($t:ty, $what:literal, $size:literal; $($m:tt, $off:literal, $sz:literal;)*) => {
        const _: () = {
            $(
                assert!(
                    ::core::mem::offset_of!($t, $m) == $off,
                    concat!("stops-shadow: ", $what, ": member ", stringify!($m), " must be at offset ", stringify!($off))
                );
                assert!(
                    // SAFETY: the projection is never called: only its
                    // type is read (a field of a packed type has no
                    // reference, hence the raw pointer).
                    $crate::field_size(|s: *const $t| unsafe { ::core::ptr::addr_of!((*s).$m) }) == $sz,
                    concat!("stops-shadow: ", $what, ": member ", stringify!($m), " must be ", stringify!($sz), " bytes")
                );
            )*
            assert!(
                ::core::mem::size_of::<$t>() == $size,
                concat!("stops-shadow: ", $what, ": size must be ", stringify!($size))
            );
        };
    };
}

/// A [`Shadow::MEMBERS`] table: `name, bit_offset, size, bits, Kind, depth,
/// slot;` per member.
#[macro_export]
macro_rules! members {
    ($($name:literal, $off:literal, $size:literal, $bits:literal, $kind:ident, $depth:literal, $slot:literal;)*) => {
        &[$($crate::Member {
            name: $name,
            bit_offset: $off,
            size: $size,
            bits: $bits,
            kind: $crate::Kind::$kind,
            depth: $depth,
            slot: $slot,
        }),*]
    };
}

/// A [`Shadow::MAPS`] list.
#[macro_export]
macro_rules! maps {
    ($($name:literal),* $(,)?) => {
        &[$($name),*]
    };
}

/// A shadow type: the value of one or more struct_ops maps of one object.
///
/// # Safety
///
/// Implemented by generated modules only. The implementer is `#[repr(C)]`
/// (or `packed`), exactly [`Shadow::SIZE`] bytes with every member at its
/// BTF offset (the module's `const` assertions fail the build otherwise),
/// and every bit pattern of those bytes is a value of it: its fields are
/// integers, floats, arrays of those, [`Slot`]s and other such types,
/// never `bool`, `char`, a Rust enum, a reference or `NonNull`. The
/// checked cast of libbpf's byte buffer to `&mut Self` relies on that.
pub unsafe trait Shadow: Sized + 'static {
    /// The object's name, as the generator was given it.
    const OBJECT: &'static str;
    /// The map value's BTF type name, `___flavor` kept.
    const TYPE: &'static str;
    /// Bytes of the map value (BTF size).
    const SIZE: usize;
    /// The maps whose value this type is, in the object's order.
    const MAPS: &'static [&'static str];
    /// The BTF members in order, each struct or union member followed by
    /// its own members (depth + 1): what [`check`] compares.
    const MEMBERS: &'static [Member];
    /// How deep [`Shadow::MEMBERS`] follows nested structs and unions
    /// (the generator's limit, which the check's walk stops at too).
    const NESTING: u8;
}
