// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! sched_ext_rs: loads sched_ext.bpf.o with its ops table configured
//! through the Rust shadow type the way scx schedulers configure theirs:
//! the ops name is a base name with a suffix, `timeout_ms` and the batch
//! size come from the command line, SCX_OPS_SWITCH_PARTIAL keeps every
//! other task on the fair class, and fifo_enqueue_alt takes the enqueue
//! slot. Then `fit_kernel` fits the table to the running kernel (what
//! scx_utils' `scx_ops_load!` does by hand), and the scheduler is loaded,
//! attached, runs a SCHED_EXT task, and is detached: the Rust twin of
//! ../sched_ext.c.
//!
//! usage: sched_ext_rs [--suffix S] [--timeout-ms N] OBJ   exit 0 ok, 1 failure

use std::process::{Command, ExitCode};
use std::time::Duration;

use libbpf_rs::{MapCore, MapFlags, ObjectBuilder, OpenObject};
use stops_shadow::{FitError, ProgramId};

mod sched_ext {
    include!(concat!(env!("OUT_DIR"), "/sched_ext.shadow.rs"));
}
use sched_ext::SchedExtFifoSchedExtOps as Ops;

/// include/linux/sched/ext.h (enum scx_ops_flags): only SCHED_EXT tasks
/// run under the BPF scheduler.
const SCX_OPS_SWITCH_PARTIAL: u64 = 1 << 3;
/// include/uapi/linux/sched.h
const SCHED_EXT: i32 = 7;
const SCX_STATE: &str = "/sys/kernel/sched_ext/state";
const SCX_OPS: &str = "/sys/kernel/sched_ext/root/ops";
/// The scheduler's own name; the suffix tells its instances apart.
const BASE_NAME: &str = "rust_fifo";
/// The argument that makes this program the SCHED_EXT task.
const CHILD_ARG: &str = "--as-sched-ext-task";

type Res<T> = Result<T, String>;

struct Opts {
    path: String,
    suffix: String,
    timeout_ms: u32,
}

fn prog_id(obj: &OpenObject, name: &str) -> Res<ProgramId> {
    obj.progs()
        .find(|p| p.name() == name)
        .map(|p| ProgramId::of(&p))
        .ok_or_else(|| format!("no program {name}"))
}

fn read_line(path: &str) -> std::io::Result<String> {
    Ok(std::fs::read_to_string(path)?
        .lines()
        .next()
        .unwrap_or("")
        .to_string())
}

/// Waits up to 2 s for the scheduler state to read want.
fn wait_state(want: &str) -> Result<String, String> {
    let mut s = String::new();
    for _ in 0..200 {
        s = read_line(SCX_STATE).unwrap_or_default();
        if s == want {
            return Ok(s);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Err(s)
}

/// The child: it switches to SCHED_EXT, sleeps and wakes a few times so
/// the BPF scheduler enqueues it, and exits with the policy it then has.
fn as_task() -> ExitCode {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: a valid sched_param for the calling thread.
    if unsafe { libc::sched_setscheduler(0, SCHED_EXT, &param) } != 0 {
        eprintln!(
            "sched_ext_rs: error: sched_setscheduler(SCHED_EXT): {}",
            std::io::Error::last_os_error()
        );
        return ExitCode::from(255);
    }
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(1));
    }
    // SAFETY: no arguments but the calling thread.
    let p = unsafe { libc::sched_getscheduler(0) };
    ExitCode::from(if p < 0 { 255 } else { (p & 0xff) as u8 })
}

/// This program run as the SCHED_EXT child: the policy it saw.
fn run_task() -> Res<i32> {
    let me = std::env::current_exe().map_err(|e| format!("own path: {e}"))?;
    let st = Command::new(me)
        .arg(CHILD_ARG)
        .status()
        .map_err(|e| format!("running the child: {e}"))?;
    match st.code() {
        Some(c) if c != 255 => Ok(c),
        _ => Err(format!("the SCHED_EXT child failed ({st})")),
    }
}

fn slot_name(obj: &OpenObject, s: &stops_shadow::Slot) -> String {
    s.program_name(obj)
        .map_or("NULL".into(), |n| n.to_string_lossy().into_owned())
}

fn print_value(what: &str, obj: &OpenObject, v: &Ops) {
    let n = v.name.iter().position(|&b| b == 0).unwrap_or(v.name.len());
    println!(
        "  {what:<9} name \"{}\" flags {:#x} timeout_ms {} dispatch_max_batch {}",
        String::from_utf8_lossy(&v.name[..n]),
        v.flags,
        v.timeout_ms,
        v.dispatch_max_batch
    );
    println!(
        "  {:<9} init={} enqueue={} dispatch={} exit={}",
        "",
        slot_name(obj, &v.init),
        slot_name(obj, &v.enqueue),
        slot_name(obj, &v.dispatch),
        slot_name(obj, &v.exit)
    );
}

/// Map fifo's value as it would load now.
fn show_value(what: &str, obj: &OpenObject, checked: &stops_shadow::Checked<Ops>) -> Res<()> {
    let map = obj
        .maps()
        .find(|m| m.name() == "fifo")
        .ok_or("no map fifo")?;
    print_value(what, obj, checked.value(&map).map_err(|e| e.to_string())?);
    Ok(())
}

fn run(o: &Opts) -> Res<()> {
    let path = &o.path;
    let name = format!("{BASE_NAME}_{}", o.suffix);
    let mut obj = ObjectBuilder::default()
        .open_file(path)
        .map_err(|e| format!("opening {path}: {e}"))?;
    let checked = stops_shadow::check::<Ops>(&obj).map_err(|e| e.to_string())?;
    let enqueue = prog_id(&obj, "fifo_enqueue")?;
    let alt = prog_id(&obj, "fifo_enqueue_alt")?;
    println!(
        "sched_ext_rs: {path}, map fifo ({}-byte shadow type)",
        std::mem::size_of::<Ops>()
    );
    show_value("compiled", &obj, &checked)?;
    // The edits, scx-style: all through the shadow type, before load.
    {
        let mut map = obj
            .maps_mut()
            .find(|m| m.name() == "fifo")
            .ok_or("no map fifo")?;
        let v = checked.value_mut(&mut map).map_err(|e| e.to_string())?;
        if name.len() >= v.name.len() {
            return Err(format!(
                "name \"{name}\" does not fit {} bytes",
                v.name.len()
            ));
        }
        if !v.enqueue.holds(enqueue) {
            return Err("the compiled table lacks fifo_enqueue".into());
        }
        v.name = [0; 128];
        v.name[..name.len()].copy_from_slice(name.as_bytes());
        v.flags = SCX_OPS_SWITCH_PARTIAL;
        v.timeout_ms = o.timeout_ms;
        v.dispatch_max_batch = 8;
        v.enqueue.set(alt);
    }
    for mut p in obj.progs_mut() {
        if p.name() == "fifo_enqueue" {
            // libbpf 1.4 refuses to load a struct_ops program in no slot
            p.set_autoload(false);
        }
    }
    show_value("to load", &obj, &checked)?;

    // Fitted to the running kernel's BTF, not to a table of kernels.
    let fit = match checked.fit_kernel(&mut obj, "fifo", None) {
        Ok(f) => f,
        Err(e @ FitError::NotInKernel { .. }) => {
            return Err(format!("fit_kernel: {e}: no sched_ext in this kernel"));
        }
        Err(e) => return Err(format!("fit_kernel: {e}")),
    };
    for e in &fit.entries {
        println!(
            "  fit       {} ({}): dropped, this kernel has no such member",
            e.member,
            e.program.as_deref().unwrap_or("data")
        );
    }
    println!(
        "  fit       {} member(s) dropped for this kernel's sched_ext_ops",
        fit.entries.len()
    );

    let mut obj = obj.load().map_err(|e| format!("loading {path}: {e}"))?;
    let link = obj
        .maps_mut()
        .find(|m| m.name() == "fifo")
        .ok_or("no map fifo")?
        .attach_struct_ops()
        .map_err(|e| format!("attaching \"{name}\": {e}"))?;
    let state = wait_state("enabled")
        .map_err(|s| format!("attached, but {SCX_STATE} is \"{s}\", not enabled"))?;
    let ops = read_line(SCX_OPS).map_err(|e| format!("{SCX_OPS}: {e}"))?;
    println!("  kernel    state: {state}, root/ops: {ops}");
    if ops != name {
        return Err(format!("the kernel runs \"{ops}\", not \"{name}\""));
    }

    let policy = run_task()?;
    println!(
        "  child     sched_setscheduler(SCHED_EXT) ok, sched_getscheduler = {policy}{}",
        if policy == SCHED_EXT {
            " (SCHED_EXT)"
        } else {
            ""
        }
    );
    if policy != SCHED_EXT {
        return Err(format!("the child ran with policy {policy}"));
    }

    drop(link);
    wait_state("disabled").map_err(|s| format!("{SCX_STATE} still \"{s}\" after detach"))?;
    if std::path::Path::new(SCX_OPS).exists() {
        return Err(format!("{SCX_OPS} still there after detach"));
    }
    println!("  kernel    after detach: state disabled, root/ops gone");

    let bss = obj
        .maps()
        .find(|m| m.name().to_string_lossy().ends_with(".bss"))
        .ok_or("no .bss map")?;
    let raw = bss
        .lookup(&0u32.to_ne_bytes(), MapFlags::ANY)
        .map_err(|e| format!("reading .bss: {e}"))?
        .ok_or(".bss has no element 0")?;
    if raw.len() != 5 * 8 {
        return Err(format!(
            ".bss is {} bytes, expected 40 (../sched_ext.h)",
            raw.len()
        ));
    }
    let c: Vec<u64> = raw
        .chunks_exact(8)
        .map(|b| u64::from_ne_bytes(b.try_into().expect("8 bytes")))
        .collect();
    let (init, enq, enq_alt, dispatch, exit) = (c[0], c[1], c[2], c[3], c[4]);
    println!("  counters  init={init} enqueue={enq} enqueue_alt={enq_alt} dispatch={dispatch} exit={exit}");
    if init != 1 || enq != 0 || enq_alt == 0 || exit != 1 {
        return Err("counters do not match the slots loaded".into());
    }
    println!("  result    fifo_enqueue_alt ran in the enqueue slot; fifo_enqueue did not");
    Ok(())
}

fn parse(args: &[String]) -> Option<Opts> {
    let mut o = Opts {
        path: "sched_ext.bpf.o".into(),
        suffix: "rs".into(),
        timeout_ms: 3000,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--suffix" => o.suffix = it.next()?.clone(),
            "--timeout-ms" => o.timeout_ms = it.next()?.parse().ok()?,
            s if s.starts_with('-') => return None,
            s => o.path = s.into(),
        }
    }
    Some(o)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 1 && args[0] == CHILD_ARG {
        return as_task();
    }
    let Some(o) = parse(&args) else {
        eprintln!("usage: sched_ext_rs [--suffix S] [--timeout-ms N] [OBJ.bpf.o]");
        return ExitCode::from(2);
    };
    match run(&o) {
        Ok(()) => {
            println!("sched_ext_rs: ok");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sched_ext_rs: error: {e}");
            println!("sched_ext_rs: FAILED");
            ExitCode::FAILURE
        }
    }
}
