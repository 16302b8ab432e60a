// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! Bitfields as bits of little-endian bytes: Rust has no bitfields, so a
//! generated type keeps each run of bitfields as bytes and reads and writes
//! a field through these (BTF bit numbering, as libbpf and the C header's
//! `stops_shadow__get_bits()`).

/// Bits `[bit, bit + width)` of `bytes`, `width` 1..=64.
///
/// # Panics
///
/// When the bits are not all inside `bytes` (the generated accessors pass
/// constants that are, and a test shows it).
pub fn get(bytes: &[u8], bit: u32, width: u32) -> u64 {
    let mut v = 0u64;
    for i in 0..width {
        let b = bit + i;
        v |= u64::from(bytes[(b / 8) as usize] >> (b % 8) & 1) << i;
    }
    v
}

/// The same bits, sign-extended from the field's top bit.
pub fn get_signed(bytes: &[u8], bit: u32, width: u32) -> i64 {
    let mut v = get(bytes, bit, width);
    if width < 64 && (v >> (width - 1)) & 1 == 1 {
        v |= !0u64 << width;
    }
    v as i64
}

/// Stores the low `width` bits of `v` at `bit`; the bits around them stay.
pub fn set(bytes: &mut [u8], bit: u32, width: u32, v: u64) {
    for i in 0..width {
        let b = bit + i;
        let byte = &mut bytes[(b / 8) as usize];
        let mask = 1u8 << (b % 8);
        *byte = (*byte & !mask) | (((v >> i) & 1) as u8) << (b % 8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_across_bytes() {
        let mut b = [0xffu8; 9];
        set(&mut b, 3, 64, 0x0123_4567_89ab_cdef);
        assert_eq!(get(&b, 3, 64), 0x0123_4567_89ab_cdef);
        assert_eq!(b[0] & 7, 7, "bits below the field kept");
        assert_eq!(get_signed(&[0b1000_0000], 5, 3), -4);
        assert_eq!(get_signed(&[0b0110_0000], 5, 3), 3);
    }
}
