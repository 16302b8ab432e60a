// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! tcp_cc_rs: loads tcp_cc.bpf.o with its ops table edited through the Rust
//! shadow type: renamed, flags set, init_alt swapped into the init slot,
//! release emptied; then loads, attaches, runs a loopback connection on it
//! and checks from the object's counters that the swapped program ran.
//!
//! usage: tcp_cc_rs OBJ [--name NAME]   exit 0 ok, 1 failure

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::process::ExitCode;

use libbpf_rs::{MapCore, MapFlags, ObjectBuilder, OpenObject};
use stops_shadow::ProgramId;

mod tcp_cc {
    include!(concat!(env!("OUT_DIR"), "/tcp_cc.shadow.rs"));
}
use tcp_cc::TcpCcShadowCcTcpCongestionOps as ShadowCc;

/// include/net/tcp.h: the only flag a BPF congestion control usually sets.
const TCP_CONG_NON_RESTRICTED: u32 = 0x1;

type Res<T> = Result<T, String>;

fn prog_id(obj: &OpenObject, name: &str) -> Res<ProgramId> {
    obj.progs()
        .find(|p| p.name() == name)
        .map(|p| ProgramId::of(&p))
        .ok_or_else(|| format!("no program {name}"))
}

fn listed(name: &str) -> bool {
    std::fs::read_to_string("/proc/sys/net/ipv4/tcp_available_congestion_control")
        .map(|s| s.split_whitespace().any(|w| w == name))
        .unwrap_or(false)
}

fn set_cc(s: &TcpStream, name: &str) -> Res<()> {
    // SAFETY: a valid socket fd, name's bytes and length.
    let r = unsafe {
        libc::setsockopt(
            s.as_raw_fd(),
            libc::IPPROTO_TCP,
            libc::TCP_CONGESTION,
            name.as_ptr().cast(),
            name.len() as libc::socklen_t,
        )
    };
    if r != 0 {
        return Err(format!("setsockopt(TCP_CONGESTION, {name}): {}", std::io::Error::last_os_error()));
    }
    Ok(())
}

/// A loopback connection on congestion control name, bytes one way.
fn run_connection(name: &str, bytes: usize) -> Res<()> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    let addr = l.local_addr().map_err(|e| e.to_string())?;
    let reader = std::thread::spawn(move || -> std::io::Result<usize> {
        let (mut s, _) = l.accept()?;
        let mut buf = vec![0u8; 65536];
        let mut n = 0;
        loop {
            match s.read(&mut buf)? {
                0 => return Ok(n),
                r => n += r,
            }
        }
    });
    let sock = std::net::TcpStream::connect(addr).map_err(|e| e.to_string())?;
    set_cc(&sock, name)?;
    let chunk = vec![b'x'; 65536];
    let mut sent = 0;
    let mut w = &sock;
    while sent < bytes {
        let n = (bytes - sent).min(chunk.len());
        w.write_all(&chunk[..n]).map_err(|e| e.to_string())?;
        sent += n;
    }
    // leaving the congestion control calls its release, if it has one
    set_cc(&sock, "reno")?;
    drop(sock);
    let got = reader.join().map_err(|_| "reader panicked")?.map_err(|e| e.to_string())?;
    println!("  connection {addr} on \"{name}\": sent {sent}, received {got} bytes");
    (got == bytes).then_some(()).ok_or_else(|| "short read".into())
}

fn run(path: &str, name: &str) -> Res<()> {
    let mut obj = ObjectBuilder::default().open_file(path).map_err(|e| format!("opening {path}: {e}"))?;
    let checked = stops_shadow::check::<ShadowCc>(&obj).map_err(|e| e.to_string())?;
    let alt = prog_id(&obj, "init_alt")?;
    let cc_init = prog_id(&obj, "cc_init")?;
    println!("tcp_cc_rs: {path}, map shadow_cc ({}-byte shadow type)", std::mem::size_of::<ShadowCc>());
    if name.len() > 16 {
        return Err(format!("name \"{name}\" is longer than the 16-byte name field"));
    }
    {
        let mut map = obj.maps_mut().find(|m| m.name() == "shadow_cc").ok_or("no map shadow_cc")?;
        let v = checked.value_mut(&mut map).map_err(|e| e.to_string())?;
        if !v.init.holds(cc_init) || !v.release.is_set() {
            return Err("the compiled table lacks cc_init or cc_release".into());
        }
        v.name = [0; 16];
        v.name[..name.len()].copy_from_slice(name.as_bytes());
        v.flags = TCP_CONG_NON_RESTRICTED;
        v.init.set(alt);
        v.release.clear();
    }
    for mut p in obj.progs_mut() {
        if p.name() == "cc_init" || p.name() == "cc_release" {
            p.set_autoload(false);
        }
    }
    {
        let map = obj.maps().find(|m| m.name() == "shadow_cc").ok_or("no map shadow_cc")?;
        let v = checked.value(&map).map_err(|e| e.to_string())?;
        let slot = |s: &stops_shadow::Slot| s.program_name(&obj).map_or("NULL".into(), |n| n.to_string_lossy().into_owned());
        println!("  to load   name \"{name}\" flags {:#x} init={} release={}", v.flags, slot(&v.init), slot(&v.release));
    }

    let mut obj = obj.load().map_err(|e| format!("loading {path}: {e}"))?;
    let link = obj
        .maps_mut()
        .find(|m| m.name() == "shadow_cc")
        .ok_or("no map shadow_cc")?
        .attach_struct_ops()
        .map_err(|e| format!("registering \"{name}\": {e}"))?;
    if !listed(name) {
        return Err(format!("\"{name}\" not listed after attach"));
    }
    println!("  kernel    registered \"{name}\"");
    run_connection(name, 4 << 20)?;

    let bss = obj.maps().find(|m| m.name().to_string_lossy().ends_with(".bss")).ok_or("no .bss map")?;
    let raw = bss
        .lookup(&0u32.to_ne_bytes(), MapFlags::ANY)
        .map_err(|e| format!("reading .bss: {e}"))?
        .ok_or(".bss has no element 0")?;
    let c: Vec<u64> = raw.chunks_exact(8).take(6).map(|b| u64::from_ne_bytes(b.try_into().unwrap())).collect();
    let (init, init_alt, release) = (c[0], c[1], c[5]);
    println!(
        "  counters  init_alt={init_alt} cc_init={init} release={release} ssthresh={} undo_cwnd={} cong_avoid={}",
        c[2], c[3], c[4]
    );
    drop(link);
    if listed(name) {
        return Err(format!("\"{name}\" still listed after detach"));
    }
    if init_alt == 0 || init != 0 || release != 0 {
        return Err("counters do not match the slots loaded (init_alt must run, cc_init and cc_release not)".into());
    }
    println!("  result    init_alt ran in the init slot; release was emptied and did not run");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, name) = match args.as_slice() {
        [p] => (p.clone(), format!("ss_rs_{}", std::process::id())),
        [p, flag, n] if flag == "--name" => (p.clone(), n.clone()),
        _ => {
            eprintln!("usage: tcp_cc_rs OBJ [--name NAME]");
            return ExitCode::from(2);
        }
    };
    let name: String = name.chars().take(15).collect();
    match run(&path, &name) {
        Ok(()) => {
            println!("tcp_cc_rs: ok");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tcp_cc_rs: error: {e}");
            println!("tcp_cc_rs: FAILED");
            ExitCode::FAILURE
        }
    }
}
