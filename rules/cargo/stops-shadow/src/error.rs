// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! Why a map's value is not handed out: the object differs from the
//! generated module, or the buffer cannot be the type.

use std::fmt;

/// How a member of the object differs from the generated module's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The object has the member, the module does not (at this place).
    NotInModule,
    /// The module has the member, the object does not.
    NotInObject,
    /// The member at this place has another name in the object.
    Name {
        /// The object's name.
        object: String,
    },
    /// Bit offset from the map type's start.
    BitOffset {
        /// In the object.
        object: u64,
        /// In the module.
        module: u64,
    },
    /// Bitfield width (0: not a bitfield).
    BitfieldSize {
        /// In the object.
        object: u64,
        /// In the module.
        module: u64,
    },
    /// Bytes of the member's type.
    Size {
        /// In the object (`u64::MAX`: libbpf cannot size it).
        object: u64,
        /// In the module.
        module: u64,
    },
    /// Kind class (integer, pointer, struct, ...).
    Class {
        /// In the object.
        object: crate::Class,
        /// In the module.
        module: crate::Class,
    },
}

/// A map value the layout check or the cast refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The object has no BTF: nothing to prove the layout against.
    NoBtf {
        /// The module's object.
        object: &'static str,
    },
    /// No map of that name in the object.
    NoMap {
        /// The module's object.
        object: &'static str,
        /// The map.
        map: String,
    },
    /// The map is not a struct_ops map, or its value type is not the
    /// module's struct.
    Type {
        /// The module's object.
        object: &'static str,
        /// The map.
        map: String,
        /// The module's type.
        module: &'static str,
        /// The object's type name, if it has one.
        object_type: Option<String>,
    },
    /// The type's size differs.
    Size {
        /// The module's object.
        object: &'static str,
        /// The map.
        map: String,
        /// The type.
        ty: &'static str,
        /// In the object.
        object_size: u64,
        /// In the module.
        module_size: u64,
    },
    /// The first member that differs, in BTF order.
    Member {
        /// The module's object.
        object: &'static str,
        /// The map.
        map: String,
        /// The type.
        ty: &'static str,
        /// The member's name (the module's, or the object's when the
        /// module has none there).
        member: String,
        /// How it differs.
        mismatch: Mismatch,
    },
    /// The map is not one this token checked (another object's, or of
    /// another type).
    NotChecked {
        /// The map.
        map: String,
    },
    /// The map has an fd (after `prepare`/`load`, or reused): libbpf reads
    /// its buffer no more.
    Busy {
        /// The map.
        map: String,
    },
    /// libbpf has no initial value for the map.
    NoValue {
        /// The map.
        map: String,
    },
    /// The buffer is not the type's size.
    Length {
        /// The map.
        map: String,
        /// The buffer's bytes.
        buffer: usize,
        /// The type's.
        module: usize,
    },
    /// The buffer is not aligned for the type.
    Alignment {
        /// The map.
        map: String,
        /// The type's alignment.
        align: usize,
    },
}

impl LayoutError {
    /// The first differing member's name, for a member mismatch.
    pub fn member(&self) -> Option<&str> {
        match self {
            LayoutError::Member { member, .. } => Some(member),
            _ => None,
        }
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::NotInModule => write!(f, "not in the loader's module"),
            Mismatch::NotInObject => write!(f, "not in the object"),
            Mismatch::Name { object } => write!(f, "is '{object}' in the object"),
            Mismatch::BitOffset { object, module } => {
                write!(f, "bit offset {object} in the object, {module} in the loader's module")
            }
            Mismatch::BitfieldSize { object, module } => {
                write!(f, "bitfield size {object} in the object, {module} in the loader's module")
            }
            Mismatch::Size { object, module } => {
                write!(f, "size {object} in the object, {module} in the loader's module")
            }
            Mismatch::Class { object, module } => {
                write!(f, "kind class {object:?} in the object, {module:?} in the loader's module")
            }
        }
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NoBtf { object } => {
                write!(f, "stops-shadow: object {object}: the opened object has no BTF; refused")
            }
            LayoutError::NoMap { object, map } => {
                write!(f, "stops-shadow: object {object}: no struct_ops map '{map}'")
            }
            LayoutError::Type {
                object,
                map,
                module,
                object_type,
            } => write!(
                f,
                "stops-shadow: {object}: map '{map}': the object's value type is {}, not struct {module} of the loader's module; refused",
                object_type.as_deref().map_or("not a struct_ops struct".into(), |t| format!("struct {t}"))
            ),
            LayoutError::Size {
                object,
                map,
                ty,
                object_size,
                module_size,
            } => write!(
                f,
                "stops-shadow: {object}: map '{map}': struct {ty}: {object_size} bytes in the object, {module_size} in the loader's module; refused"
            ),
            LayoutError::Member {
                object,
                map,
                ty,
                member,
                mismatch,
            } => write!(f, "stops-shadow: {object}: map '{map}': struct {ty}: member '{member}' {mismatch}; refused"),
            LayoutError::NotChecked { map } => {
                write!(f, "stops-shadow: map '{map}' is not one this check covered (another object, or another type)")
            }
            LayoutError::Busy { map } => {
                write!(f, "stops-shadow: map '{map}' has an fd: libbpf no longer reads its initial value")
            }
            LayoutError::NoValue { map } => write!(f, "stops-shadow: map '{map}' has no initial value"),
            LayoutError::Length { map, buffer, module } => write!(
                f,
                "stops-shadow: map '{map}': the value is {buffer} bytes, the loader's type {module}"
            ),
            LayoutError::Alignment { map, align } => {
                write!(f, "stops-shadow: map '{map}': the value is not {align}-byte aligned")
            }
        }
    }
}

impl std::error::Error for LayoutError {}
