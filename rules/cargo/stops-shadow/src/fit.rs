// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! `fit_kernel`: a map's ops table fitted to a kernel's BTF, the Rust twin
//! of the C header's `X__fit_kernel()`, by the same rule table.
//!
//! The rule mirrors what libbpf (1.4 to 1.7, `bpf_map__init_kern_struct_ops()`)
//! does at load with each member of the object's type: find the kernel
//! member of the same name; copy it if found (kinds must agree, sizes too,
//! no bitfields); if not found, skip it when all its bytes are zero, else
//! fail the load (ENOTSUP). Clearing a program from a slot the kernel
//! lacks is therefore the one edit that makes a load succeed without
//! changing what the kernel runs: that kernel has no such callback.

use std::ffi::CString;
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::ptr::NonNull;

use libbpf_rs::libbpf_sys as sys;
use libbpf_rs::{AsRawLibbpf, OpenObject};

use crate::btf::{BtfRef, OwnedBtf, Type};
use crate::error::LayoutError;
use crate::{Checked, Kind, Member, Shadow};

/// Why a member stops the fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitProblem {
    /// The kernel lacks the member and the object sets it (not zero):
    /// dropping it would change what the ops table does (the C helper's
    /// -EOPNOTSUPP).
    NotSupported,
    /// The kernel has the member, but as a bitfield (either side), of
    /// another kind or size, or a non-function pointer where a program is
    /// set, or libbpf cannot size it: libbpf refuses it (-EINVAL).
    Mismatch,
}

/// One member the kernel lacks or that does not match, in BTF order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitEntry {
    /// The member's BTF name.
    pub member: &'static str,
    /// The program in the slot, for a slot that holds one.
    pub program: Option<String>,
    /// `None`: dropped (a slot cleared, its program's autoload off, or a
    /// zero member libbpf skips).
    pub problem: Option<FitProblem>,
}

/// A fit that succeeded: what was dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fit {
    /// Each member the kernel lacks, in BTF order.
    pub entries: Vec<FitEntry>,
    /// The module whose BTF has the type, `None` for vmlinux or a BTF the
    /// caller gave.
    pub module: Option<String>,
}

/// A fit that did not change the ops table.
#[derive(Debug)]
pub enum FitError {
    /// The kernel has no such struct_ops type (`struct T` and `struct
    /// bpf_struct_ops_T`): -ENOENT.
    NotInKernel {
        /// The type name, `___flavor` stripped.
        ty: String,
    },
    /// The kernel BTF's types are misaligned (a BTF the kernel refuses).
    Misaligned,
    /// A member stops it: every entry, the first with a problem decides.
    Members {
        /// As [`Fit::entries`], problems included.
        entries: Vec<FitEntry>,
    },
    /// The running kernel's BTF could not be read.
    KernelBtf(std::io::Error),
    /// The map is not one of the check's, has an fd, or no value.
    Layout(LayoutError),
}

impl FitError {
    /// The first member's problem, for [`FitError::Members`].
    pub fn problem(&self) -> Option<(&'static str, FitProblem)> {
        match self {
            FitError::Members { entries } => entries.iter().find_map(|e| e.problem.map(|p| (e.member, p))),
            _ => None,
        }
    }
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::NotInKernel { ty } => write!(f, "stops-shadow: the kernel has no struct_ops type struct {ty}"),
            FitError::Misaligned => write!(f, "stops-shadow: the kernel BTF's types are misaligned"),
            FitError::Members { .. } => match self.problem() {
                Some((m, FitProblem::NotSupported)) => {
                    write!(f, "stops-shadow: member '{m}' is set, and the kernel lacks it")
                }
                Some((m, FitProblem::Mismatch)) => {
                    write!(f, "stops-shadow: member '{m}' differs from the kernel's (libbpf refuses it)")
                }
                None => write!(f, "stops-shadow: fit refused"),
            },
            FitError::KernelBtf(e) => write!(f, "stops-shadow: the running kernel's BTF: {e}"),
            FitError::Layout(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FitError {}

/// libbpf's essential name: `___flavor` stripped.
fn essential(name: &str) -> &str {
    let b = name.as_bytes();
    for i in (0..b.len().saturating_sub(4)).rev() {
        if b[i] != b'_' && b[i + 1] == b'_' && b[i + 2] == b'_' && b[i + 3] == b'_' && b[i + 4] != b'_' {
            return &name[..=i];
        }
    }
    name
}

/// The running kernel's BTF with struct `ty`, as libbpf looks for a
/// struct_ops type: vmlinux, then each loaded module's split BTF (libbpf
/// takes the first by BTF id, this the first in directory order).
struct Found {
    vmlinux: OwnedBtf,
    module: Option<(OwnedBtf, String)>,
}

impl Found {
    fn btf(&self) -> BtfRef<'_> {
        self.module.as_ref().map_or(self.vmlinux.as_ref(), |(m, _)| m.as_ref())
    }
}

fn find_running(ty: &str) -> Result<Found, FitError> {
    let vmlinux = OwnedBtf::vmlinux().map_err(FitError::KernelBtf)?;
    if vmlinux.as_ref().find_struct(ty).is_some() {
        return Ok(Found { vmlinux, module: None });
    }
    let not_found = || FitError::NotInKernel { ty: ty.into() };
    let dir = std::fs::read_dir("/sys/kernel/btf").map_err(|_| not_found())?;
    for de in dir.flatten() {
        let name = de.file_name();
        if name.as_bytes().starts_with(b".") || name == "vmlinux" {
            continue;
        }
        let Ok(path) = CString::new(de.path().as_os_str().as_bytes()) else {
            continue;
        };
        if let Some(m) = OwnedBtf::split(&path, &vmlinux) {
            if m.as_ref().find_struct(ty).is_some() {
                let module = Some((m, name.to_string_lossy().into_owned()));
                return Ok(Found { vmlinux, module });
            }
        }
    }
    Err(not_found())
}

/// One member against the kernel's type: None when libbpf copies it.
fn judge(k: BtfRef<'_>, kt: Type<'_>, m: &Member, bytes: &[u8], prog: u64) -> Option<Option<FitProblem>> {
    if m.size == u32::MAX {
        return Some(Some(FitProblem::Mismatch)); // libbpf cannot size it on any kernel
    }
    let found = (0..kt.vlen()).map(|j| k.member(kt, j)).find(|km| km.name == m.name.as_bytes());
    let Some(km) = found else {
        let set = !m.slot && bytes.iter().any(|&b| b != 0);
        return Some(set.then_some(FitProblem::NotSupported));
    };
    let kmt = k.skip_mods(km.type_id);
    let bad = match kmt {
        None => true,
        Some(_) if m.bits != 0 || km.bitfield != 0 => true,
        Some(t) if !t.same_btf_kind(m.kind) => true,
        Some(t) if t.kind() == Kind::Ptr => {
            prog != 0 && !k.skip_mods(t.target()).is_some_and(|f| f.kind() == Kind::FuncProto)
        }
        Some(_) => k.resolve_size(km.type_id) != bytes.len() as i64,
    };
    bad.then_some(Some(FitProblem::Mismatch))
}

impl<T: Shadow> Checked<T> {
    /// Fits map `map`'s ops table (between open and prepare or load) to a
    /// kernel: `kernel` is its BTF (`Btf::from_path()` of a saved vmlinux
    /// BTF, or a module's split BTF), `None` for the running kernel, whose
    /// BTF is found as libbpf finds it (vmlinux, then the loaded modules').
    /// The kernel type is the map type's name without `___flavor`, and
    /// members are matched by name, as libbpf matches them at load. For
    /// each member of the object's type that the kernel type lacks:
    ///
    /// * a program slot: its program (if any) is cleared from the slot and
    ///   its autoload turned off (libbpf turns it back on at load when a
    ///   slot of a created map still names it);
    /// * any other member that is all zero: nothing to do (libbpf skips it);
    /// * any other member that is not zero: [`FitProblem::NotSupported`].
    ///
    /// A member the kernel has but that libbpf would refuse:
    /// [`FitProblem::Mismatch`]. Changes the table only when it returns
    /// `Ok`. What fits may still fail at load for reasons BTF does not
    /// show: run `stops-shadow check` at build time.
    pub fn fit_kernel(
        &self,
        obj: &mut OpenObject,
        map: &str,
        kernel: Option<&libbpf_rs::Btf<'_>>,
    ) -> Result<Fit, FitError> {
        let ty = essential(T::TYPE);
        let found;
        let (k, module) = match kernel {
            None => {
                found = find_running(ty)?;
                (found.btf(), found.module.as_ref().map(|(_, n)| n.clone()))
            }
            Some(b) => {
                let p: NonNull<sys::btf> = b.as_libbpf_object();
                // SAFETY: b is a live Btf borrowed for this call.
                let k = unsafe { BtfRef::new(p) };
                if k.misaligned() {
                    return Err(FitError::Misaligned);
                }
                (k, None)
            }
        };
        let not_found = || FitError::NotInKernel { ty: ty.into() };
        let kid = k.find_struct(ty).ok_or_else(not_found)?;
        k.find_struct(&format!("bpf_struct_ops_{ty}")).ok_or_else(not_found)?;
        let kt = k.type_by_id(kid).ok_or_else(not_found)?;

        let bytes = self.map_bytes(obj, map, |b| b.to_vec())?;
        let mut entries = Vec::new();
        let mut clear = Vec::new();
        for m in T::MEMBERS.iter().filter(|m| m.depth == 0) {
            // libbpf tests size bytes from the member's byte for zero; a
            // bitfield's type may reach past the struct: stay inside
            let off = ((m.bit_offset / 8) as usize).min(bytes.len());
            let size = (m.size as usize).min(bytes.len() - off);
            let b = &bytes[off..off + size];
            let prog = if m.slot && b.len() >= 8 {
                u64::from_ne_bytes(b[..8].try_into().expect("8 bytes"))
            } else {
                0
            };
            let Some(problem) = judge(k, kt, m, b, prog) else {
                continue;
            };
            if m.slot && problem.is_none() {
                clear.push((off, size, prog));
            }
            let program = (prog != 0).then(|| program_name(obj, prog)).flatten();
            entries.push(FitEntry {
                member: m.name,
                program,
                problem,
            });
        }
        if entries.iter().any(|e| e.problem.is_some()) {
            return Err(FitError::Members { entries });
        }
        self.map_bytes(obj, map, |b| {
            for &(off, size, _) in &clear {
                b[off..off + size].fill(0);
            }
        })?;
        for mut p in obj.progs_mut() {
            let addr = p.as_libbpf_object().as_ptr() as usize as u64;
            if clear.iter().any(|&(_, _, prog)| prog == addr) {
                p.set_autoload(false);
            }
        }
        Ok(Fit { entries, module })
    }

    /// f over map `map`'s buffer, under value_mut()'s conditions.
    fn map_bytes<R>(&self, obj: &mut OpenObject, map: &str, f: impl FnOnce(&mut [u8]) -> R) -> Result<R, FitError> {
        let no_map = || {
            FitError::Layout(LayoutError::NoMap {
                object: T::OBJECT,
                map: map.into(),
            })
        };
        let mut m = obj.maps_mut().find(|m| m.name().as_bytes() == map.as_bytes()).ok_or_else(no_map)?;
        let v = self.value_mut(&mut m).map_err(FitError::Layout)?;
        // SAFETY: v is a plain-data T (Shadow) of exactly size_of::<T>()
        // bytes, borrowed mutably here; any bytes written are a T.
        let b = unsafe { std::slice::from_raw_parts_mut((v as *mut T).cast::<u8>(), std::mem::size_of::<T>()) };
        Ok(f(b))
    }
}

/// The name of the program at address `prog`, among the object's.
fn program_name(obj: &OpenObject, prog: u64) -> Option<String> {
    obj.progs()
        .find(|p| p.as_libbpf_object().as_ptr() as usize as u64 == prog)
        .map(|p| p.name().to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn essential_names() {
        assert_eq!(super::essential("tcp_congestion_ops___fit"), "tcp_congestion_ops");
        assert_eq!(super::essential("sched_ext_ops"), "sched_ext_ops");
        assert_eq!(super::essential("a____b"), "a____b");
    }
}
