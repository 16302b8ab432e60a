// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! The cargo table's measurements (tests/rust/cargo-table/README.md): for
//! every struct_ops map of every object, libbpf-cargo's skeleton opens the
//! object, and its type (`struct_ops.<map>()`) and ours (`check()` then
//! `value()`) read the one buffer libbpf holds, bpf_map__initial_value().
//! For each BTF member, a line with where each type puts it, how big it
//! is, and what it reads, beside what BTF says the bytes hold (decoded
//! from the buffer here). table.py judges the lines.
//! usage: cargo_table   (output on stdout; exit 0, 1 if a map is missing)

use std::fmt::Write as _;
use std::mem::{size_of, MaybeUninit};

mod gen;

/// The values a member holds as numbers: each scalar (array element) as
/// its type reads it; bytes for what is opaque.
pub trait Num {
    fn num(&self) -> Vec<i128>;
}

macro_rules! num_int {
    ($($t:ty),*) => {$(
        impl Num for $t {
            fn num(&self) -> Vec<i128> {
                vec![*self as i128]
            }
        }
    )*};
}
num_int!(u8, u16, u32, u64, i8, i16, i32, i64, u128, i128);

impl Num for bool {
    fn num(&self) -> Vec<i128> {
        vec![i128::from(*self)]
    }
}
impl Num for f32 {
    fn num(&self) -> Vec<i128> {
        vec![i128::from(self.to_bits())]
    }
}
impl Num for f64 {
    fn num(&self) -> Vec<i128> {
        vec![i128::from(self.to_bits())]
    }
}
// libbpf-cargo's bool: the byte as it is
impl Num for MaybeUninit<bool> {
    fn num(&self) -> Vec<i128> {
        // SAFETY: one initialized byte (it came from the buffer)
        vec![i128::from(unsafe { *(self as *const Self).cast::<u8>() })]
    }
}
impl<T> Num for *mut T {
    fn num(&self) -> Vec<i128> {
        vec![*self as usize as i128]
    }
}
impl Num for stops_shadow::Slot {
    fn num(&self) -> Vec<i128> {
        // SAFETY: Slot is eight bytes of plain data
        vec![i128::from(unsafe { std::mem::transmute_copy::<Self, u64>(self) })]
    }
}
impl<T: Num, const N: usize> Num for [T; N] {
    fn num(&self) -> Vec<i128> {
        self.iter().flat_map(Num::num).collect()
    }
}

/// The value at `p` (any alignment), as its type reads it.
///
/// # Safety
/// `p` points into the buffer, to a value of `T`.
pub unsafe fn num_at<T: Num>(p: *const T) -> Vec<i128> {
    p.read_unaligned().num()
}

/// The bytes of the `T` at `p`.
///
/// # Safety
/// `p` points into the buffer, to `size_of::<T>()` bytes.
pub unsafe fn bytes_at<T>(p: *const T) -> Vec<i128> {
    std::slice::from_raw_parts(p.cast::<u8>(), size_of::<T>())
        .iter()
        .map(|b| i128::from(*b))
        .collect()
}

pub fn size_at<T>(_: *const T) -> usize {
    size_of::<T>()
}

/// What BTF says: `n` little-endian integers of `size` bytes from `off`.
pub fn btf_ints(buf: &[u8], off: usize, size: usize, n: usize, signed: bool) -> Vec<i128> {
    (0..n).map(|i| btf_bits(buf, (off + i * size) * 8, size * 8, signed)).collect()
}

/// What BTF says: the bytes from `off`.
pub fn btf_bytes(buf: &[u8], off: usize, size: usize) -> Vec<i128> {
    buf[off..off + size].iter().map(|b| i128::from(*b)).collect()
}

/// What BTF says: `bits` bits from bit `at` (little-endian), sign-extended
/// when signed.
pub fn btf_bits(buf: &[u8], at: usize, bits: usize, signed: bool) -> i128 {
    let mut v: u128 = 0;
    for i in 0..bits {
        let b = at + i;
        if buf[b / 8] >> (b % 8) & 1 != 0 {
            v |= 1 << i;
        }
    }
    if signed && bits < 128 && v >> (bits - 1) & 1 != 0 {
        v |= !0u128 << bits;
    }
    v as i128
}

fn list(v: &[i128]) -> String {
    let mut s = String::new();
    for (i, x) in v.iter().enumerate() {
        let _ = write!(s, "{}{x}", if i > 0 { "," } else { "" });
    }
    s
}

/// One side's reading of a member: offset in the buffer, size, values.
pub struct Side {
    pub off: usize,
    pub size: usize,
    pub val: Vec<i128>,
}

impl Side {
    pub fn at<T>(base: *const u8, p: *const T, val: Vec<i128>) -> Option<Side> {
        Some(Side { off: p as usize - base as usize, size: size_at(p), val })
    }
}

/// A member's line: M obj map path kind btf_off btf_size btf_val
/// ours(off size val) theirs(off size val | - - -) code
pub struct Row<'a> {
    pub obj: &'a str,
    pub map: &'a str,
    pub path: &'a str,
    pub kind: &'a str,
    pub off: usize,
    pub size: usize,
    pub btf: Vec<i128>,
    pub ours: Option<Side>,
    pub theirs: Option<Side>,
    pub code: &'a str,
}

pub fn row(r: Row<'_>) {
    let side = |s: &Option<Side>| match s {
        Some(s) => format!("{}\t{}\t{}", s.off, s.size, list(&s.val)),
        None => "-\t-\t-".to_string(),
    };
    println!(
        "M\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        r.obj,
        r.map,
        r.path,
        r.kind,
        r.off,
        r.size,
        list(&r.btf),
        side(&r.ours),
        side(&r.theirs),
        r.code
    );
}

/// A map's line: T obj map type btf_size buffer_size ours_size theirs_size
/// same_buffer ours_check
#[allow(clippy::too_many_arguments)]
pub fn map_line(obj: &str, map: &str, ty: &str, btf: usize, buf: usize, ours: usize,
    theirs: usize, same: bool, check: &str) {
    println!("T\t{obj}\t{map}\t{ty}\t{btf}\t{buf}\t{ours}\t{theirs}\t{same}\t{check}");
}

/// An object libbpf-cargo or libbpf-rs could not handle: X obj what
pub fn refused(obj: &str, what: &str) {
    println!("X\t{obj}\t{}", what.replace(['\t', '\n'], " "));
}

fn main() {
    gen::all();
}
