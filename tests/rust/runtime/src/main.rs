// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! The Rust run-time API on real objects, the cases of the C tests
//! layout.runtime.reorder and check.fit:
//!   - reorder.bpf.o's module accepts it and refuses reorder_v2.bpf.o
//!     (members reordered) and reorder_v3.bpf.o (a nested struct's members
//!     swapped), naming the first differing member; a map of another
//!     object or type is refused; a map with an fd is refused;
//!   - fit_kernel on saved kernels' BTF (6.1, 6.12, 7.2), this kernel's
//!     file, kernels written here (no type, no bpf_struct_ops_ type, too
//!     few members), misaligned BTF, and the running kernel: fitted,
//!     loaded and attached, where the same edits without the fit fail;
//!   - sched_ext.bpf.o: 6.1 and 6.12 have no struct sched_ext_ops
//!     (NotInKernel), 7.2 has it (its ops table fits).
//!
//! usage: rt_test OBJDIR   exit 0 ok, 1 failure, 77: the kernel parts
//! could not run (no privileges) or a saved BTF is missing.

use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

use libbpf_rs::btf::types::Struct;
use libbpf_rs::libbpf_sys as sys;
use libbpf_rs::{Btf, MapCore, MapHandle, MapType, ObjectBuilder, OpenObject};
use stops_shadow::{check, FitError, FitProblem, LayoutError, Mismatch, ProgramId};

mod sched_ext {
    include!(concat!(env!("OUT_DIR"), "/sched_ext.shadow.rs"));
}
mod reorder {
    include!(concat!(env!("OUT_DIR"), "/reorder.shadow.rs"));
    pub type Ro = ReorderRoRoOps;
}
mod fit {
    include!(concat!(env!("OUT_DIR"), "/fit.shadow.rs"));
    pub type FitOps = FitFitOpsTcpCongestionOpsFit;
    pub type FitWide = FitFitWideTcpCongestionOpsWide;
}

struct T {
    dir: PathBuf,
    failed: bool,
}

macro_rules! expect {
    ($t:expr, $cond:expr, $($arg:tt)*) => {
        if $cond {
            println!("ok: {}", format!($($arg)*));
        } else {
            println!("FAIL: {}", format!($($arg)*));
            $t.failed = true;
        }
    };
}

impl T {
    fn open(&self, name: &str) -> OpenObject {
        let p = self.dir.join(format!("{name}.bpf.o"));
        ObjectBuilder::default().open_file(&p).unwrap_or_else(|e| panic!("open {}: {e}", p.display()))
    }
}

fn prog(obj: &OpenObject, name: &str) -> ProgramId {
    ProgramId::of(&obj.progs().find(|p| p.name() == name).unwrap_or_else(|| panic!("no program {name}")))
}

fn autoload(obj: &OpenObject, name: &str) -> bool {
    obj.progs().find(|p| p.name() == name).map(|p| p.autoload()).unwrap()
}

fn reorder_cases(t: &mut T) {
    let mut v1 = t.open("reorder");
    let c = check::<reorder::Ro>(&v1);
    expect!(t, c.is_ok(), "reorder v1 accepted: {:?}", c.as_ref().err());
    let c = c.unwrap();
    {
        let mut map = v1.maps_mut().find(|m| m.name() == "ro").unwrap();
        let v = c.value_mut(&mut map).unwrap();
        expect!(t, v.flags == 1 && v.id == 7 && v.range.lo == 10 && v.range.hi == 20, "reorder v1 values read");
        expect!(t, &v.name[..3] == b"v1\0", "reorder v1 name read");
        v.range.hi = 21;
    }
    let map = v1.maps().find(|m| m.name() == "ro").unwrap();
    let raw = map.initial_value().unwrap();
    expect!(t, raw[20..24] == 21u32.to_ne_bytes(), "a write lands in libbpf's buffer at BTF offset 20");

    for (obj, member, want) in [
        ("reorder_v2", "flags", Mismatch::Name { object: "init".into() }),
        ("reorder_v3", "lo", Mismatch::Name { object: "hi".into() }),
    ] {
        let o = t.open(obj);
        let e = check::<reorder::Ro>(&o).err();
        let ok = matches!(&e, Some(LayoutError::Member { member: m, mismatch, .. }) if m == member && *mismatch == want);
        expect!(t, ok, "{obj} refused at member {member}: {}", e.map_or("accepted".into(), |e| e.to_string()));
    }

    // a token of one object does not open another object's map
    let mut other = t.open("reorder");
    let mut map = other.maps_mut().find(|m| m.name() == "ro").unwrap();
    let e = c.value_mut(&mut map).err();
    expect!(t, matches!(e, Some(LayoutError::NotChecked { .. })), "another object's map refused: {e:?}");
}

/// Whether kernel BTF k's struct tcp_congestion_ops has member name.
fn has_member(k: &Btf<'_>, name: &str) -> bool {
    let Some(s) = k.type_by_name::<Struct<'_>>("tcp_congestion_ops") else {
        return false;
    };
    let found = s.iter().any(|m| m.name.is_some_and(|n| n == name));
    found
}

fn text(entries: &[stops_shadow::FitEntry]) -> String {
    entries
        .iter()
        .map(|e| {
            let what = match e.problem {
                None => "dropped",
                Some(FitProblem::NotSupported) => "notsup",
                Some(FitProblem::Mismatch) => "mismatch",
            };
            format!("{}:{}:{what};", e.member, e.program.as_deref().unwrap_or("-"))
        })
        .collect()
}

/// The edits of a loader written for 7.2: a program in the slot no kernel has.
fn edit(obj: &mut OpenObject, c: &stops_shadow::Checked<fit::FitOps>, knob: u32) {
    let spare = prog(obj, "fit_spare");
    let mut map = obj.maps_mut().find(|m| m.name() == "fit_ops").unwrap();
    let v = c.value_mut(&mut map).unwrap();
    v.fit_nokernel.set(spare);
    v.name = [0; 16];
    v.name[..9].copy_from_slice(b"stops_fit");
    v.fit_knob = knob;
}

fn value(obj: &OpenObject, c: &stops_shadow::Checked<fit::FitOps>) -> fit::FitOps {
    *c.value(&obj.maps().find(|m| m.name() == "fit_ops").unwrap()).unwrap()
}

fn fit_one(t: &mut T, label: &str, k: &Btf<'_>) {
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).expect("fit.bpf.o checks");
    let tx_kept = has_member(k, "cwnd_event_tx_start");
    edit(&mut obj, &c, 0);
    let r = c.fit_kernel(&mut obj, "fit_ops", Some(k));
    let want = format!(
        "{}fit_nokernel:fit_spare:dropped;fit_knob:-:dropped;",
        if tx_kept { "" } else { "cwnd_event_tx_start:fit_tx_start:dropped;" }
    );
    let got = r.as_ref().map(|f| text(&f.entries)).unwrap_or_else(|e| e.to_string());
    expect!(t, got == want, "{label}: fit reported '{got}', want '{want}'");
    let v = value(&obj, &c);
    expect!(
        t,
        !v.fit_nokernel.is_set() && !autoload(&obj, "fit_spare"),
        "{label}: fit_nokernel cleared, fit_spare not autoloaded"
    );
    let tx = prog(&obj, "fit_tx_start");
    expect!(
        t,
        tx_kept == v.cwnd_event_tx_start.holds(tx) && tx_kept == autoload(&obj, "fit_tx_start"),
        "{label}: cwnd_event_tx_start kept exactly when the kernel has it ({tx_kept})"
    );
    expect!(
        t,
        v.ssthresh.holds(prog(&obj, "ca_ssthresh")) && autoload(&obj, "ca_ssthresh") && &v.name[..9] == b"stops_fit",
        "{label}: members the kernel has unchanged"
    );

    // fit_ops2 shares fit_ops' type, and its token
    let r = c.fit_kernel(&mut obj, "fit_ops2", Some(k)).map(|f| text(&f.entries));
    let want2 = format!(
        "{}fit_nokernel:-:dropped;fit_knob:-:dropped;",
        if tx_kept { "" } else { "cwnd_event_tx_start:-:dropped;" }
    );
    expect!(t, r.as_deref().ok() == Some(want2.as_str()), "{label}: fit_ops2: {r:?}");

    // a knob the kernel lacks, set: nothing changes
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    edit(&mut obj, &c, 7);
    let before = value(&obj, &c);
    let r = c.fit_kernel(&mut obj, "fit_ops", Some(k));
    let want = format!(
        "{}fit_nokernel:fit_spare:dropped;fit_knob:-:notsup;",
        if tx_kept { "" } else { "cwnd_event_tx_start:fit_tx_start:dropped;" }
    );
    let ok = matches!(&r, Err(e @ FitError::Members { entries }) if text(entries) == want
        && e.problem() == Some(("fit_knob", FitProblem::NotSupported)));
    expect!(t, ok, "{label}: knob set refused: {r:?}");
    let after = value(&obj, &c);
    expect!(
        t,
        after.fit_nokernel == before.fit_nokernel && after.fit_knob == 7 && autoload(&obj, "fit_spare"),
        "{label}: knob set: the table unchanged"
    );

    // flags is 4 bytes in every kernel, 8 in fit_wide
    let cw = check::<fit::FitWide>(&obj).unwrap();
    let r = cw.fit_kernel(&mut obj, "fit_wide", Some(k));
    let ok = matches!(&r, Err(FitError::Members { entries }) if text(entries) == "flags:-:mismatch;");
    expect!(t, ok, "{label}: fit_wide refused at flags: {r:?}");
}

fn kernels_dir() -> PathBuf {
    match std::env::var_os("STOPS_KERNELS_DIR") {
        Some(d) if !d.is_empty() => d.into(),
        _ => Path::new(&std::env::var_os("HOME").unwrap_or_default()).join(".cache/stops-shadow/kernels"),
    }
}

/// A kernel BTF written here, saved to path, parsed back.
fn made_kernel(path: &Path, with_struct: bool, with_value: bool) -> Btf<'static> {
    // SAFETY: libbpf's BTF writer on a BTF this function owns and frees.
    unsafe {
        let b = sys::btf__new_empty();
        assert!(!b.is_null());
        let u32_id = sys::btf__add_int(b, c"u32".as_ptr(), 4, 0);
        if with_struct {
            sys::btf__add_struct(b, c"tcp_congestion_ops".as_ptr(), 8);
            sys::btf__add_field(b, c"flags".as_ptr(), u32_id, 0, 0);
            sys::btf__add_field(b, c"fit_knob".as_ptr(), u32_id, 32, 0);
        }
        if with_value {
            sys::btf__add_struct(b, c"bpf_struct_ops_tcp_congestion_ops".as_ptr(), 8);
            sys::btf__add_field(b, c"data".as_ptr(), u32_id, 0, 0);
        }
        let mut size = 0u32;
        let raw = sys::btf__raw_data(b, &mut size);
        let bytes = std::slice::from_raw_parts(raw.cast::<u8>(), size as usize).to_vec();
        sys::btf__free(b);
        std::fs::write(path, bytes).unwrap();
    }
    Btf::from_path(path).unwrap()
}

fn fit_made(t: &mut T, tmp: &Path) {
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    edit(&mut obj, &c, 0);
    for (what, s, v) in [("no type", false, false), ("no value type", true, false)] {
        let k = made_kernel(&tmp.join("made.btf"), s, v);
        let r = c.fit_kernel(&mut obj, "fit_ops", Some(&k));
        expect!(t, matches!(r, Err(FitError::NotInKernel { .. })), "made kernel, {what}: {r:?}");
    }
    // only flags and fit_knob: every slot can go, but the name is set
    let k = made_kernel(&tmp.join("made.btf"), true, true);
    let r = c.fit_kernel(&mut obj, "fit_ops", Some(&k));
    let want = "ssthresh:ca_ssthresh:dropped;cong_avoid:ca_cong_avoid:dropped;\
                cwnd_event_tx_start:fit_tx_start:dropped;undo_cwnd:ca_undo_cwnd:dropped;\
                fit_nokernel:fit_spare:dropped;name:-:notsup;";
    let ok = matches!(&r, Err(FitError::Members { entries }) if text(entries) == want);
    expect!(t, ok && value(&obj, &c).ssthresh.is_set(), "made kernel: name set refused: {r:?}");
    {
        let mut map = obj.maps_mut().find(|m| m.name() == "fit_ops").unwrap();
        c.value_mut(&mut map).unwrap().name = [0; 16];
    }
    let r = c.fit_kernel(&mut obj, "fit_ops", Some(&k));
    let v = value(&obj, &c);
    let cleared = !v.ssthresh.is_set() && !v.cong_avoid.is_set() && !v.undo_cwnd.is_set() && !v.fit_nokernel.is_set();
    expect!(
        t,
        r.as_ref().is_ok_and(|f| f.entries.len() == 6)
            && cleared
            && !autoload(&obj, "ca_ssthresh")
            && !autoload(&obj, "fit_spare"),
        "made kernel, no name: every slot cleared, programs off: {r:?}"
    );
}

fn fit_misaligned(t: &mut T, tmp: &Path) {
    let raw = std::fs::read("/sys/kernel/btf/vmlinux").unwrap();
    let hdr_len = u32::from_ne_bytes(raw[4..8].try_into().unwrap()) as usize;
    let mut bad = raw[..hdr_len].to_vec();
    bad.push(0); // one byte more of header: types at an odd offset
    bad.extend_from_slice(&raw[hdr_len..]);
    bad[4..8].copy_from_slice(&(hdr_len as u32 + 1).to_ne_bytes());
    let path = tmp.join("misaligned.btf");
    std::fs::write(&path, bad).unwrap();
    let Ok(k) = Btf::from_path(&path) else {
        println!("note: misaligned: this libbpf refuses the BTF itself");
        return;
    };
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    edit(&mut obj, &c, 0);
    let before = value(&obj, &c);
    let r = c.fit_kernel(&mut obj, "fit_ops", Some(&k));
    let same = value(&obj, &c).fit_nokernel == before.fit_nokernel;
    expect!(t, matches!(r, Err(FitError::Misaligned)) && same, "misaligned kernel BTF refused: {r:?}");
}

/// sched_ext's ops against a saved kernel: fits where the kernel has the
/// type, NotInKernel where it has none (Debian's 6.1 and 6.12).
fn fit_sched_ext(t: &mut T, label: &str, k: &Btf<'_>) {
    let mut obj = t.open("sched_ext");
    let c = check::<sched_ext::SchedExtFifoSchedExtOps>(&obj).expect("sched_ext.bpf.o checks");
    let has = k.type_by_name::<Struct<'_>>("sched_ext_ops").is_some();
    let r = c.fit_kernel(&mut obj, "fifo", Some(k));
    let ok = match &r {
        Ok(_) => has,
        Err(FitError::NotInKernel { ty }) => !has && ty == "sched_ext_ops",
        Err(_) => false,
    };
    let what = r.as_ref().map(|f| text(&f.entries)).map_err(|e| e.to_string());
    expect!(t, ok, "{label}: sched_ext_ops {}: {what:?}", if has { "fits" } else { "not in the kernel" });
}

fn privileged() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let caps = status
        .lines()
        .find_map(|l| l.strip_prefix("CapEff:"))
        .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        .unwrap_or(0);
    caps & (1 << 39 | 1 << 21) != 0 // CAP_BPF, CAP_SYS_ADMIN
}

fn only_fit_ops(obj: &mut OpenObject) {
    for mut m in obj.maps_mut() {
        if m.name() == "fit_ops2" || m.name() == "fit_wide" {
            m.set_autocreate(false).unwrap();
        }
    }
}

/// The running kernel: the fit is what makes the load work.
fn fit_running(t: &mut T) -> bool {
    if !privileged() {
        println!("skip: the running kernel's part needs CAP_BPF or root");
        return false;
    }
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    edit(&mut obj, &c, 0);
    only_fit_ops(&mut obj);
    let r = obj.load();
    expect!(t, r.is_err(), "running kernel, no fit: load refused");
    drop(r);

    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    edit(&mut obj, &c, 0);
    only_fit_ops(&mut obj);
    let r = c.fit_kernel(&mut obj, "fit_ops", None);
    expect!(t, r.is_ok(), "running kernel: fit {r:?}");
    let mut obj = match obj.load() {
        Ok(o) => o,
        Err(e) => {
            expect!(t, false, "running kernel: load after the fit: {e}");
            return true;
        }
    };
    let mut map = obj.maps_mut().find(|m| m.name() == "fit_ops").unwrap();
    let mut link = None;
    for _ in 0..20 {
        match map.attach_struct_ops() {
            Ok(l) => {
                link = Some(l);
                break;
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(250)),
        }
    }
    let listed = std::fs::read_to_string("/proc/sys/net/ipv4/tcp_available_congestion_control")
        .is_ok_and(|s| s.split_whitespace().any(|w| w == "stops_fit"));
    expect!(t, link.is_some() && listed, "running kernel: loaded and attached (stops_fit listed)");
    drop(link);

    // a map with an fd: its buffer is libbpf's no more
    let mut obj = t.open("fit");
    let c = check::<fit::FitOps>(&obj).unwrap();
    let opts = sys::bpf_map_create_opts {
        sz: std::mem::size_of::<sys::bpf_map_create_opts>() as _,
        ..Default::default()
    };
    let h = MapHandle::create(MapType::Array, Option::<&str>::None, 4, 4, 1, &opts);
    let Ok(h) = h else {
        expect!(t, false, "an array map for reuse_fd: {:?}", h.err());
        return true;
    };
    let mut map = obj.maps_mut().find(|m| m.name() == "fit_ops").unwrap();
    map.reuse_fd(h.as_fd()).unwrap();
    let e = c.value_mut(&mut map).err();
    expect!(t, matches!(e, Some(LayoutError::Busy { .. })), "a map with an fd refused: {e:?}");
    true
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: rt_test OBJDIR");
    let mut t = T {
        dir: dir.into(),
        failed: false,
    };
    let tmp = std::env::temp_dir().join(format!("rt_test.{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    reorder_cases(&mut t);
    let mut missing = 0;
    for series in ["6.1", "6.12", "7.2"] {
        let p = kernels_dir().join(series).join("vmlinux.btf");
        match Btf::from_path(&p) {
            Ok(k) => {
                fit_one(&mut t, series, &k);
                fit_sched_ext(&mut t, series, &k);
            }
            Err(e) => {
                println!("note: {}: {e} (tests/vm fetches the saved kernels)", p.display());
                missing += 1;
            }
        }
    }
    if let Ok(k) = Btf::from_path("/sys/kernel/btf/vmlinux") {
        fit_one(&mut t, "host", &k);
        fit_misaligned(&mut t, &tmp);
    }
    fit_made(&mut t, &tmp);
    let ran = fit_running(&mut t);
    let _ = std::fs::remove_dir_all(&tmp);
    if t.failed {
        std::process::exit(1);
    }
    if !ran || missing > 0 {
        println!("skip: {missing} saved kernel BTF(s) missing or no privileges (everything else passed)");
        std::process::exit(77);
    }
}
