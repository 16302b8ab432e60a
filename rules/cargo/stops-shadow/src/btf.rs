// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! BTF read through libbpf's public API (`btf__type_by_id()`, names,
//! sizes), bounded, never trusting an id: an object or kernel BTF that
//! libbpf accepted may still be hostile. libbpf-rs's own walkers panic on
//! an unknown kind and loop on a typedef cycle, hence this reader.

use std::ffi::{CStr, CString};
use std::marker::PhantomData;
use std::ptr::NonNull;

use libbpf_rs::libbpf_sys as sys;

use crate::Kind;

/// A BTF borrowed for `'a` (the object's, or a kernel's the caller owns).
#[derive(Clone, Copy)]
pub(crate) struct BtfRef<'a> {
    ptr: NonNull<sys::btf>,
    _life: PhantomData<&'a sys::btf>,
}

/// A BTF this crate loaded and frees (the running kernel's).
pub(crate) struct OwnedBtf(NonNull<sys::btf>);

impl Drop for OwnedBtf {
    fn drop(&mut self) {
        // SAFETY: loaded by libbpf for this value alone, freed once.
        unsafe { sys::btf__free(self.0.as_ptr()) }
    }
}

impl OwnedBtf {
    /// libbpf's `btf__load_vmlinux_btf()`.
    pub(crate) fn vmlinux() -> std::io::Result<Self> {
        // SAFETY: no arguments; returns a new BTF or NULL with errno.
        let p = unsafe { sys::btf__load_vmlinux_btf() };
        NonNull::new(p).map(OwnedBtf).ok_or_else(std::io::Error::last_os_error)
    }

    /// A module's split BTF on `base`, which must outlive it.
    pub(crate) fn split(path: &CStr, base: &OwnedBtf) -> Option<Self> {
        // SAFETY: path is a C string, base a live BTF.
        let p = unsafe { sys::btf__parse_split(path.as_ptr(), base.0.as_ptr()) };
        NonNull::new(p).map(OwnedBtf)
    }

    pub(crate) fn as_ref(&self) -> BtfRef<'_> {
        BtfRef {
            ptr: self.0,
            _life: PhantomData,
        }
    }
}

/// One type: its kind, name, size or referenced type, and members.
#[derive(Clone, Copy)]
pub(crate) struct Type<'a> {
    raw: &'a sys::btf_type,
}

/// One member of a struct or union.
pub(crate) struct MemberRef<'a> {
    pub name: &'a [u8],
    pub type_id: u32,
    pub bit_offset: u32,
    pub bitfield: u32,
}

impl<'a> Type<'a> {
    fn btf_kind(&self) -> u32 {
        (self.raw.info >> 24) & 0x1f
    }

    fn kflag(&self) -> bool {
        self.raw.info >> 31 == 1
    }

    pub(crate) fn vlen(&self) -> u32 {
        self.raw.info & 0xffff
    }

    fn size_or_type(&self) -> u32 {
        // SAFETY: both union members are a u32.
        unsafe { self.raw.__bindgen_anon_1.size }
    }

    pub(crate) fn size(&self) -> u32 {
        self.size_or_type()
    }

    pub(crate) fn kind(&self) -> Kind {
        match self.btf_kind() {
            sys::BTF_KIND_UNKN => Kind::Void,
            sys::BTF_KIND_INT => Kind::Int,
            sys::BTF_KIND_PTR => Kind::Ptr,
            sys::BTF_KIND_ARRAY => Kind::Array,
            sys::BTF_KIND_STRUCT => Kind::Struct,
            sys::BTF_KIND_UNION => Kind::Union,
            sys::BTF_KIND_ENUM => Kind::Enum,
            sys::BTF_KIND_FWD if self.kflag() => Kind::FwdUnion,
            sys::BTF_KIND_FWD => Kind::FwdStruct,
            sys::BTF_KIND_FUNC_PROTO => Kind::FuncProto,
            sys::BTF_KIND_FLOAT => Kind::Float,
            sys::BTF_KIND_ENUM64 => Kind::Enum64,
            _ => Kind::Other,
        }
    }

    /// Whether two types are of one BTF kind (fwd of either flavor is one).
    pub(crate) fn same_btf_kind(&self, kind: Kind) -> bool {
        let mine = self.kind();
        mine == kind || matches!((mine, kind), (Kind::FwdStruct, Kind::FwdUnion) | (Kind::FwdUnion, Kind::FwdStruct))
    }

    fn is_mod_or_typedef(&self) -> bool {
        matches!(
            self.btf_kind(),
            sys::BTF_KIND_VOLATILE
                | sys::BTF_KIND_CONST
                | sys::BTF_KIND_RESTRICT
                | sys::BTF_KIND_TYPE_TAG
                | sys::BTF_KIND_TYPEDEF
        )
    }

    pub(crate) fn is_composite(&self) -> bool {
        matches!(self.btf_kind(), sys::BTF_KIND_STRUCT | sys::BTF_KIND_UNION)
    }

    /// The pointed-to type id of a pointer.
    pub(crate) fn target(&self) -> u32 {
        self.size_or_type()
    }
}

impl<'a> BtfRef<'a> {
    /// A BTF the caller keeps alive for `'a`.
    ///
    /// # Safety
    ///
    /// `ptr` is a live `struct btf` for `'a`.
    pub(crate) unsafe fn new(ptr: NonNull<sys::btf>) -> Self {
        BtfRef {
            ptr,
            _life: PhantomData,
        }
    }

    pub(crate) fn type_by_id(&self, id: u32) -> Option<Type<'a>> {
        // SAFETY: libbpf checks the id and returns NULL when out of range.
        let p = unsafe { sys::btf__type_by_id(self.ptr.as_ptr(), id) };
        // SAFETY: a non-NULL result points into the BTF, alive for 'a.
        unsafe { p.as_ref() }.map(|raw| Type { raw })
    }

    /// Typedefs and modifiers skipped, at most 64 (a cycle is no type).
    pub(crate) fn skip_mods(&self, mut id: u32) -> Option<Type<'a>> {
        for _ in 0..64 {
            let t = self.type_by_id(id)?;
            if !t.is_mod_or_typedef() {
                return Some(t);
            }
            id = t.size_or_type();
        }
        None
    }

    pub(crate) fn name(&self, off: u32) -> Option<&'a [u8]> {
        // SAFETY: libbpf bounds the offset; NULL when out of the strings.
        let p = unsafe { sys::btf__name_by_offset(self.ptr.as_ptr(), off) };
        // SAFETY: a non-NULL result is a C string inside the BTF.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes())
    }

    pub(crate) fn type_name(&self, t: Type<'a>) -> Option<&'a [u8]> {
        self.name(t.raw.name_off)
    }

    /// `btf__resolve_size()`: bytes, or a negative errno.
    pub(crate) fn resolve_size(&self, id: u32) -> i64 {
        // SAFETY: libbpf checks the id.
        unsafe { sys::btf__resolve_size(self.ptr.as_ptr(), id) }
    }

    /// The id of struct `name`, if any.
    pub(crate) fn find_struct(&self, name: &str) -> Option<u32> {
        let c = CString::new(name).ok()?;
        // SAFETY: c is a C string.
        let id = unsafe { sys::btf__find_by_name_kind(self.ptr.as_ptr(), c.as_ptr(), sys::BTF_KIND_STRUCT) };
        u32::try_from(id).ok().filter(|&id| id > 0)
    }

    /// Member `i` of struct or union `t` (i < vlen).
    pub(crate) fn member(&self, t: Type<'a>, i: u32) -> MemberRef<'a> {
        assert!(t.is_composite() && i < t.vlen());
        // SAFETY: a struct's or union's btf_member array follows its
        // btf_type, vlen entries, inside the BTF libbpf validated.
        let m = unsafe { &*(t.raw as *const sys::btf_type).add(1).cast::<sys::btf_member>().add(i as usize) };
        let (bit_offset, bitfield) = if t.kflag() {
            (m.offset & 0xff_ffff, m.offset >> 24)
        } else {
            (m.offset, 0)
        };
        MemberRef {
            name: self.name(m.name_off).unwrap_or(b""),
            type_id: m.type_,
            bit_offset,
            bitfield,
        }
    }

    /// libbpf accepts BTF whose header length or type offset is no
    /// multiple of 4, the kernel does not: every type would be misaligned.
    pub(crate) fn misaligned(&self) -> bool {
        let mut size = 0u32;
        // SAFETY: returns the BTF's raw bytes, size set, or NULL.
        let p = unsafe { sys::btf__raw_data(self.ptr.as_ptr(), &mut size) }.cast::<u8>();
        if p.is_null() || size < 16 {
            return false;
        }
        // SAFETY: size bytes at p.
        let raw = unsafe { std::slice::from_raw_parts(p, size as usize) };
        if raw[0] != 0x9f || raw[1] != 0xeb {
            return false; // not in this host's byte order: libbpf swapped it
        }
        let word = |at: usize| u32::from_ne_bytes([raw[at], raw[at + 1], raw[at + 2], raw[at + 3]]);
        (word(4) | word(8)) % 4 != 0
    }
}
