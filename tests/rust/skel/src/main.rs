// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! libbpf-cargo 0.27's skeleton beside our module, on tcp_cc.bpf.o:
//!   - the skeleton's open object passes check(), and value_mut() takes the
//!     skeleton's map;
//!   - the two views are one buffer: a write through ours, once its borrow
//!     ends, is read through struct_ops.shadow_cc(), and the other way
//!     round (never hold both: doc/rust.md);
//!   - their type and ours against the real buffer: same size, the same
//!     offset for every member both have, the same values read.
//! usage: skel_test   exit 0 ok, 1 failure

use std::mem::{offset_of, size_of, MaybeUninit};

use libbpf_rs::skel::{OpenSkel, SkelBuilder};
use stops_shadow::{check, Shadow};

mod tcp_cc {
    include!(concat!(env!("OUT_DIR"), "/tcp_cc.shadow.rs"));
}
#[allow(clippy::all, dead_code, non_camel_case_types, non_snake_case, unused_imports)]
mod skel {
    include!(concat!(env!("OUT_DIR"), "/tcp_cc.skel.rs"));
}

type Ours = tcp_cc::TcpCcShadowCcTcpCongestionOps;
type Theirs = skel::types::tcp_congestion_ops;

fn main() {
    let mut failed = false;
    let mut expect = |ok: bool, what: String| {
        println!("{}: {what}", if ok { "ok" } else { "FAIL" });
        failed |= !ok;
    };
    let mut storage = MaybeUninit::uninit();
    let mut s = skel::TcpCcSkelBuilder::default().open(&mut storage).expect("open the skeleton");
    let c = check::<Ours>(s.open_object());
    expect(c.is_ok(), format!("the skeleton's object checks: {:?}", c.as_ref().err()));
    let c = c.unwrap();

    {
        let v = c.value_mut(&mut s.maps.shadow_cc).expect("value_mut of the skeleton's map");
        v.flags = 0x5a;
    }
    let theirs = s.struct_ops.shadow_cc();
    expect(theirs.flags == 0x5a, format!("ours wrote flags 0x5a, theirs reads {:#x}", theirs.flags));
    s.struct_ops.shadow_cc_mut().key = 7;
    let v = c.value(&s.maps.shadow_cc).unwrap();
    expect(v.key == 7, format!("theirs wrote key 7, ours reads {}", v.key));

    // the comparison table: size, offsets, values from the one buffer
    let theirs = *s.struct_ops.shadow_cc();
    let ours = *c.value(&s.maps.shadow_cc).unwrap();
    println!("| member | offset (ours) | offset (libbpf-cargo) | value agrees |");
    println!("| --- | ---: | ---: | --- |");
    macro_rules! row {
        ($m:ident, $same:expr) => {{
            let (a, b) = (offset_of!(Ours, $m), offset_of!(Theirs, $m));
            println!("| {} | {a} | {b} | {} |", stringify!($m), $same);
            expect(a == b && $same, format!("{}: offset {a} vs {b}", stringify!($m)));
        }};
    }
    let slot = |o: &stops_shadow::Slot, t: *mut libbpf_rs::libbpf_sys::bpf_program| {
        o.is_set() == !t.is_null()
    };
    row!(ssthresh, slot(&ours.ssthresh, theirs.ssthresh));
    row!(cong_avoid, slot(&ours.cong_avoid, theirs.cong_avoid));
    row!(undo_cwnd, slot(&ours.undo_cwnd, theirs.undo_cwnd));
    row!(init, slot(&ours.init, theirs.init));
    row!(release, slot(&ours.release, theirs.release));
    row!(get_info, slot(&ours.get_info, theirs.get_info));
    row!(name, ours.name.iter().zip(theirs.name.iter()).all(|(a, b)| *a as i8 == *b as i8));
    row!(key, ours.key == theirs.key);
    row!(flags, ours.flags == theirs.flags);
    row!(list, true);
    let (a, b) = (size_of::<Ours>(), size_of::<Theirs>());
    println!("| (size) | {a} | {b} | |");
    expect(a == b && a == Ours::SIZE, format!("size: ours {a}, libbpf-cargo {b}, BTF {}", Ours::SIZE));
    std::process::exit(i32::from(failed));
}
