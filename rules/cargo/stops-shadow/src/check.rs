// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! The layout check of an opened object against a generated module, and
//! the checked cast of a map's buffer to the module's type.

use std::marker::PhantomData;
use std::mem::{align_of, size_of};
use std::ptr::NonNull;

use libbpf_rs::libbpf_sys as sys;
use libbpf_rs::{AsRawLibbpf, MapType, OpenMap, OpenMapMut, OpenObject};

use crate::btf::{BtfRef, Type};
use crate::error::{LayoutError, Mismatch};
use crate::{Class, Kind, Member, Shadow};

/// Proof that an opened object's maps `T::MAPS` have `T`'s layout: the
/// token [`check`] returns, which turns those maps (and no others) into
/// `&mut T`.
///
/// It holds no borrow of the object, so the object's maps can be borrowed
/// mutably after the check; it knows its maps by address. Used with a map
/// of an object opened after the checked one was closed, at an address
/// libbpf reused, it would hand out a `T` over a buffer of the right size
/// and alignment whose layout was not checked: wrong values, never
/// undefined behaviour, since any bytes are a `T`. Check each object you
/// open.
pub struct Checked<T: Shadow> {
    maps: Vec<usize>,
    _type: PhantomData<fn() -> T>,
}

impl<T: Shadow> std::fmt::Debug for Checked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checked").field("type", &T::TYPE).field("maps", &T::MAPS).finish()
    }
}

fn map_addr<K>(map: &libbpf_rs::OpenMapImpl<'_, K>) -> usize {
    map.as_libbpf_object().as_ptr() as usize
}

/// Compares the opened object's BTF of each map `T::MAPS` with `T`'s
/// layout: the value type's name and size, then every member in BTF
/// order, each struct or union member followed by its own members: name,
/// bit offset, bitfield size, size and kind class (typedefs and modifiers
/// skipped). The first difference is the error.
///
/// With a libbpf-cargo skeleton: `check::<T>(skel.open_object())`.
pub fn check<T: Shadow>(obj: &OpenObject) -> Result<Checked<T>, LayoutError> {
    let raw = obj.as_libbpf_object();
    // SAFETY: obj is an open object; its BTF lives as long as obj.
    let ptr = unsafe { sys::bpf_object__btf(raw.as_ptr()) };
    let ptr = NonNull::new(ptr).ok_or(LayoutError::NoBtf { object: T::OBJECT })?;
    // SAFETY: ptr is obj's BTF, used only while obj is borrowed here.
    let btf = unsafe { BtfRef::new(ptr) };
    let mut maps = Vec::with_capacity(T::MAPS.len());
    for &name in T::MAPS {
        let map = obj.maps().find(|m| m.name().as_encoded_bytes() == name.as_bytes()).ok_or_else(|| {
            LayoutError::NoMap {
                object: T::OBJECT,
                map: name.into(),
            }
        })?;
        check_map::<T>(btf, &map, name)?;
        maps.push(map_addr(&map));
    }
    Ok(Checked {
        maps,
        _type: PhantomData,
    })
}

fn check_map<T: Shadow>(btf: BtfRef<'_>, map: &OpenMap<'_>, name: &str) -> Result<(), LayoutError> {
    // SAFETY: map is an open map of the object.
    let id = unsafe { sys::bpf_map__btf_value_type_id(map.as_libbpf_object().as_ptr()) };
    let t = btf.type_by_id(id).filter(|t| t.kind() == Kind::Struct);
    let ty_name = t.and_then(|t| btf.type_name(t));
    let (t, _) = match (t, ty_name) {
        (Some(t), Some(n)) if map.map_type() == MapType::StructOps && n == T::TYPE.as_bytes() => (t, n),
        _ => {
            return Err(LayoutError::Type {
                object: T::OBJECT,
                map: name.into(),
                module: T::TYPE,
                object_type: ty_name.map(|n| String::from_utf8_lossy(n).into_owned()),
            })
        }
    };
    if t.size() as usize != T::SIZE {
        return Err(LayoutError::Size {
            object: T::OBJECT,
            map: name.into(),
            ty: T::TYPE,
            object_size: t.size().into(),
            module_size: T::SIZE as u64,
        });
    }
    let member_err = |member: String, mismatch| LayoutError::Member {
        object: T::OBJECT,
        map: name.into(),
        ty: T::TYPE,
        member,
        mismatch,
    };
    let mut walk = Walk {
        btf,
        table: T::MEMBERS,
        nesting: T::NESTING,
        next: 0,
    };
    walk.members(t, 0, 0).map_err(|(m, mm)| member_err(m, mm))?;
    match T::MEMBERS.get(walk.next) {
        Some(m) => Err(member_err(m.name.into(), Mismatch::NotInObject)),
        None => Ok(()),
    }
}

/// The object's members against the table, in order.
struct Walk<'a> {
    btf: BtfRef<'a>,
    table: &'static [Member],
    nesting: u8,
    next: usize,
}

impl<'a> Walk<'a> {
    fn members(&mut self, t: Type<'a>, base: u64, depth: u8) -> Result<(), (String, Mismatch)> {
        for j in 0..t.vlen() {
            let bm = self.btf.member(t, j);
            let name = String::from_utf8_lossy(bm.name).into_owned();
            let mt = self.btf.skip_mods(bm.type_id);
            let kind = mt.map_or(Kind::Other, |t| t.kind());
            let off = base + u64::from(bm.bit_offset);
            let size = self.btf.resolve_size(bm.type_id);
            let size = u64::try_from(size).unwrap_or(u64::MAX);
            let m = match self.table.get(self.next) {
                Some(m) if m.depth == depth => m,
                _ => return Err((name, Mismatch::NotInModule)),
            };
            let mismatch = if m.name != name {
                Some(Mismatch::Name { object: name })
            } else if u64::from(m.bit_offset) != off {
                Some(Mismatch::BitOffset {
                    object: off,
                    module: m.bit_offset.into(),
                })
            } else if u32::from(m.bits) != bm.bitfield {
                Some(Mismatch::BitfieldSize {
                    object: bm.bitfield.into(),
                    module: m.bits.into(),
                })
            } else if size != u64::from(m.size) || m.size == u32::MAX {
                Some(Mismatch::Size {
                    object: size,
                    module: m.size.into(),
                })
            } else if m.kind.class() != kind.class() {
                Some(Mismatch::Class {
                    object: kind.class(),
                    module: m.kind.class(),
                })
            } else {
                None
            };
            if let Some(mm) = mismatch {
                return Err((m.name.into(), mm));
            }
            self.next += 1;
            let nested = matches!(kind.class(), Class::Struct | Class::Union);
            if let (0, true, Some(mt)) = (bm.bitfield, nested && depth < self.nesting, mt) {
                if mt.is_composite() {
                    self.members(mt, off, depth + 1)?;
                }
            }
        }
        Ok(())
    }
}

impl<T: Shadow> Checked<T> {
    fn own(&self, addr: usize, name: &std::ffi::OsStr) -> Result<(), LayoutError> {
        if self.maps.contains(&addr) {
            return Ok(());
        }
        Err(LayoutError::NotChecked {
            map: name.to_string_lossy().into_owned(),
        })
    }

    /// `map`'s initial value as `&mut T`: a map of the checked object of
    /// type `T`, without an fd yet (between open and prepare or load), its
    /// buffer `size_of::<T>()` bytes, aligned for `T`.
    ///
    /// libbpf-cargo's skeleton hands out `struct_ops.X_mut()`, a `&mut`
    /// into this same buffer from a raw pointer it took at open. The
    /// borrow checker cannot see that the two alias: never hold both at
    /// once (write through one, drop it, then use the other).
    pub fn value_mut<'m>(&self, map: &'m mut OpenMapMut<'_>) -> Result<&'m mut T, LayoutError> {
        let name = map.name();
        self.own(map_addr(map), name)?;
        let name = || name.to_string_lossy().into_owned();
        // SAFETY: map is an open map; bpf_map__fd() only reads it.
        if unsafe { sys::bpf_map__fd(map.as_libbpf_object().as_ptr()) } >= 0 {
            return Err(LayoutError::Busy { map: name() });
        }
        let buf = map.initial_value_mut().ok_or_else(|| LayoutError::NoValue { map: name() })?;
        fit_buffer::<T>(buf.len(), buf.as_ptr() as usize, name)?;
        // SAFETY: the buffer is size_of::<T>() bytes, aligned for T and
        // borrowed mutably for 'm; T: Shadow is plain data, so any bytes
        // are a T and every T is bytes libbpf may read.
        Ok(unsafe { &mut *buf.as_mut_ptr().cast::<T>() })
    }

    /// `map`'s initial value as `&T`, under the same conditions.
    pub fn value<'m>(&self, map: &'m OpenMap<'_>) -> Result<&'m T, LayoutError> {
        let name = map.name();
        self.own(map_addr(map), name)?;
        let name = || name.to_string_lossy().into_owned();
        // SAFETY: as in value_mut().
        if unsafe { sys::bpf_map__fd(map.as_libbpf_object().as_ptr()) } >= 0 {
            return Err(LayoutError::Busy { map: name() });
        }
        let buf = map.initial_value().ok_or_else(|| LayoutError::NoValue { map: name() })?;
        fit_buffer::<T>(buf.len(), buf.as_ptr() as usize, name)?;
        // SAFETY: as in value_mut(), shared.
        Ok(unsafe { &*buf.as_ptr().cast::<T>() })
    }
}

fn fit_buffer<T>(len: usize, addr: usize, name: impl Fn() -> String) -> Result<(), LayoutError> {
    if len != size_of::<T>() {
        return Err(LayoutError::Length {
            map: name(),
            buffer: len,
            module: size_of::<T>(),
        });
    }
    if addr % align_of::<T>() != 0 {
        return Err(LayoutError::Alignment {
            map: name(),
            align: align_of::<T>(),
        });
    }
    Ok(())
}
