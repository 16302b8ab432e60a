// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! A generated type's compiled-in layout: its BTF members, as the C
//! header's `X__layout()` table holds them.

/// The BTF kind of a member's type, typedefs and modifiers skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `void`, or a type id of 0.
    Void,
    /// `BTF_KIND_INT`.
    Int,
    /// `BTF_KIND_PTR`.
    Ptr,
    /// `BTF_KIND_ARRAY`.
    Array,
    /// `BTF_KIND_STRUCT`.
    Struct,
    /// `BTF_KIND_UNION`.
    Union,
    /// `BTF_KIND_ENUM`.
    Enum,
    /// `BTF_KIND_FWD` of a struct.
    FwdStruct,
    /// `BTF_KIND_FWD` of a union (kind flag set).
    FwdUnion,
    /// `BTF_KIND_FUNC_PROTO`.
    FuncProto,
    /// `BTF_KIND_FLOAT`.
    Float,
    /// `BTF_KIND_ENUM64`.
    Enum64,
    /// Any other kind, or a type libbpf cannot find.
    Other,
}

/// What the layout check compares of a member's kind: enum and enum64 are
/// one class, a forward declaration is the struct or union it declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// `void`.
    Void,
    /// Integers.
    Int,
    /// Floating point.
    Float,
    /// `enum` and `enum64`.
    Enum,
    /// Pointers, program slots included.
    Pointer,
    /// Structs and forward-declared structs.
    Struct,
    /// Unions and forward-declared unions.
    Union,
    /// Arrays.
    Array,
    /// A function prototype (never a member's type in valid BTF).
    FuncProto,
    /// Anything else.
    Other,
}

impl Kind {
    /// The kind's class.
    pub const fn class(self) -> Class {
        match self {
            Kind::Void => Class::Void,
            Kind::Int => Class::Int,
            Kind::Float => Class::Float,
            Kind::Enum | Kind::Enum64 => Class::Enum,
            Kind::Ptr => Class::Pointer,
            Kind::Struct | Kind::FwdStruct => Class::Struct,
            Kind::Union | Kind::FwdUnion => Class::Union,
            Kind::Array => Class::Array,
            Kind::FuncProto => Class::FuncProto,
            Kind::Other => Class::Other,
        }
    }
}

/// One BTF member of a shadow type's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    /// BTF name, `""` for an anonymous struct or union member.
    pub name: &'static str,
    /// Bits from the start of the map's type.
    pub bit_offset: u32,
    /// Bytes of the member's type; `u32::MAX` when libbpf cannot size it.
    pub size: u32,
    /// Bitfield width, 0 for none.
    pub bits: u8,
    /// Its type's kind.
    pub kind: Kind,
    /// 0: a member of the type, 1: of a member, ...
    pub depth: u8,
    /// A function pointer: a program slot.
    pub slot: bool,
}

impl Member {
    /// A member of the type (depth 0), not a bitfield, not a slot.
    pub const fn at(name: &'static str, bit_offset: u32, size: u32, kind: Kind) -> Self {
        Member {
            name,
            bit_offset,
            size,
            bits: 0,
            kind,
            depth: 0,
            slot: false,
        }
    }

    /// The same member, a bitfield of `width` bits.
    pub const fn bits(mut self, width: u8) -> Self {
        self.bits = width;
        self
    }

    /// The same member, nested `depth` levels deep.
    pub const fn depth(mut self, depth: u8) -> Self {
        self.depth = depth;
        self
    }

    /// The same member, a program slot.
    pub const fn slot(mut self) -> Self {
        self.slot = true;
        self
    }
}
